extension DiffableSnapshot {
  /// Numbers a snapshot's items — their positions in all items read section by section — and
  /// finds an item's number from its identifier, by the place the snapshot keeps for it.
  ///
  /// - Complexity: O(1) per look-up, expected.
  @usableFromInline
  struct Locator {
    @usableFromInline let snapshot: DiffableSnapshot
    /// Where each section's items start, plus the end.
    @usableFromInline let starts: [Int]

    @inlinable init(_ snapshot: DiffableSnapshot) {
      self.snapshot = snapshot
      starts = snapshot.itemStarts
    }

    /// The number of items.
    @inlinable var count: Int { starts[starts.count - 1] }

    /// The number of `item` and its section, or nil when the snapshot does not hold it.
    @inlinable func locate(_ item: ItemID) -> (number: Int, section: Int)? {
      guard let place = snapshot.itemPlaces[item] else { return nil }
      return (starts[place.section] + place.index, place.section)
    }
  }
}
