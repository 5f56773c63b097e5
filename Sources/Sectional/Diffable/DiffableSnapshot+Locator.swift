extension DiffableSnapshot {
  /// Numbers a snapshot's items — their positions in all items read section by section — and
  /// finds an item's number from its identifier. The snapshot knows each item's section; the
  /// position within it is found by comparing, until the comparisons would cost more than
  /// indexing every item once, when it builds that index.
  ///
  /// - Complexity: O(items) for any sequence of look-ups, expected.
  @usableFromInline
  struct Locator {
    @usableFromInline let snapshot: DiffableSnapshot
    /// Where each section's items start, plus the end.
    @usableFromInline let starts: [Int]
    /// Comparisons left before the index is built.
    @usableFromInline var budget: Int
    @usableFromInline var numbers: [ItemID: Int]?

    @inlinable init(_ snapshot: DiffableSnapshot) {
      self.snapshot = snapshot
      starts = snapshot.itemStarts
      budget = 16 * (starts[starts.count - 1] + 1)
    }

    /// The number of items.
    @inlinable var count: Int { starts[starts.count - 1] }

    /// The number of `item` and its section, or nil when the snapshot does not hold it.
    @inlinable mutating func locate(_ item: ItemID) -> (number: Int, section: Int)? {
      guard let section = snapshot.itemSections[item] else { return nil }
      if let numbers {
        guard let number = numbers[item] else { return nil }
        return (number, section)
      }
      let items = snapshot.sectionItems[section]
      guard let index = items.firstIndex(of: item) else { return nil }
      budget -= index + 1
      if budget < 0 {
        var numbers: [ItemID: Int] = [:]
        numbers.reserveCapacity(count)
        for (section, items) in snapshot.sectionItems.enumerated() {
          for (index, item) in items.enumerated() { numbers[item] = starts[section] + index }
        }
        self.numbers = numbers
      }
      return (starts[section] + index, section)
    }
  }
}
