import SeededRandom
import Testing

@testable import Sectional

/// Issue 51, defect 9: `indexOfItem` and `indexPath(for:)` searched the item's section
/// (16,000 look-ups in a 16,000-item section: 4.9 s), though documented O(1). The snapshot now
/// keeps each item's place, exact through every change.
@MainActor
@Suite struct SnapshotPlaceTests {
  /// An identifier that counts how often it is compared: a search of the section compares each
  /// item before the one looked for, a look-up by place about once.
  struct Counted: Hashable, Sendable, CustomStringConvertible {
    nonisolated(unsafe) static var comparisons = 0
    let value: Int
    static func == (lhs: Counted, rhs: Counted) -> Bool {
      comparisons += 1
      return lhs.value == rhs.value
    }
    func hash(into hasher: inout Hasher) { hasher.combine(value) }
    var description: String { "\(value)" }
  }

  @Test func lookingAnItemUpComparesAboutOnceWhateverItsPlace() {
    let count = 2_000
    var snapshot = DiffableSnapshot<Int, Counted>()
    snapshot.appendSections([0])
    snapshot.appendItems((0..<count).map(Counted.init), toSection: 0)
    let view = CollectionView(size: Size(width: 10, height: 5))
    let dataSource = DiffableDataSource<Int, Counted>(collectionView: view) { _, item in
      .text("\(item.value)", role: .body, width: 4, height: 1)
    }
    dataSource.apply(snapshot, animatingDifferences: false)
    Counted.comparisons = 0
    for value in 0..<count {
      #expect(snapshot.indexOfItem(Counted(value: value)) == value)
      #expect(dataSource.indexPath(for: Counted(value: value)) == IndexPath(item: value, section: 0))
    }
    // Two look-ups per item; a search compared count² / 2 = 2,000,000 times.
    #expect(Counted.comparisons <= 8 * count, "\(Counted.comparisons) comparisons")
  }

  /// Exact before fast: after every change of a random run, each item's index and section are
  /// what a search of the snapshot finds.
  @Test func placesStayExactThroughEveryChange() {
    var rng = SplitMix64(seed: 51)
    var snapshot = DiffableSnapshot<Int, Int>()
    var nextItem = 0
    var nextSection = 0
    func anyItem(_ snapshot: DiffableSnapshot<Int, Int>) -> Int {
      // Now and then one that is not there.
      let items = snapshot.itemIdentifiers
      return items.isEmpty || rng.next(below: 10) == 0
        ? -1 - rng.next(below: 5) : items[rng.next(below: items.count)]
    }
    func anySection(_ snapshot: DiffableSnapshot<Int, Int>) -> Int {
      let sections = snapshot.sectionIdentifiers
      return sections.isEmpty || rng.next(below: 10) == 0 ? -1 : sections[rng.next(below: sections.count)]
    }
    func fresh(_ n: Int) -> [Int] {
      defer { nextItem += n }
      // Now and then a repeat of one already there.
      var items = Array(nextItem..<(nextItem + n))
      if n > 0, nextItem > 0, rng.next(below: 4) == 0 { items[0] = rng.next(below: nextItem) }
      return items
    }
    for step in 0..<3_000 {
      switch rng.next(below: 12) {
      case 0:
        snapshot.appendSections([nextSection, nextSection + 1].prefix(1 + rng.next(below: 2)).map { $0 })
        nextSection += 2
      case 1:
        snapshot.insertSections([nextSection], beforeSection: anySection(snapshot))
        nextSection += 1
      case 2:
        snapshot.insertSections([nextSection], afterSection: anySection(snapshot))
        nextSection += 1
      case 3: if rng.next(below: 3) == 0 { snapshot.deleteSections([anySection(snapshot)]) }
      case 4: snapshot.moveSection(anySection(snapshot), afterSection: anySection(snapshot))
      case 5: snapshot.moveSection(anySection(snapshot), beforeSection: anySection(snapshot))
      case 6:
        let section = anySection(snapshot)
        snapshot.appendItems(fresh(rng.next(below: 6)), toSection: section == -1 ? nil : section)
      case 7: snapshot.insertItems(fresh(1 + rng.next(below: 4)), beforeItem: anyItem(snapshot))
      case 8: snapshot.insertItems(fresh(1 + rng.next(below: 4)), afterItem: anyItem(snapshot))
      case 9: snapshot.deleteItems((0..<(1 + rng.next(below: 3))).map { _ in anyItem(snapshot) })
      case 10: snapshot.moveItem(anyItem(snapshot), beforeItem: anyItem(snapshot))
      default:
        if rng.next(below: 50) == 0 {
          snapshot.deleteAllItems()
        } else {
          snapshot.moveItem(anyItem(snapshot), afterItem: anyItem(snapshot))
        }
      }
      var expected = 0
      for (sectionIndex, section) in snapshot.sectionIdentifiers.enumerated() {
        let items = snapshot.itemIdentifiers(inSection: section)
        expected += items.count
        for (index, item) in items.enumerated() {
          guard snapshot.indexOfItem(item) == index,
            snapshot.sectionIdentifier(containingItem: item) == section
          else {
            let said = (snapshot.sectionIdentifier(containingItem: item), snapshot.indexOfItem(item))
            Issue.record("step \(step): item \(item) at \(sectionIndex), \(index); the snapshot says \(said)")
            return
          }
        }
      }
      #expect(snapshot.numberOfItems == expected, "step \(step)")
    }
    #expect(snapshot.numberOfItems > 10)
  }
}
