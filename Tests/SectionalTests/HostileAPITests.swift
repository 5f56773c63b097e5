import SectionalTesting
import Testing

@testable import Sectional

/// Hostile input through the diffable and compositional API (issue 51): each case once crashed;
/// now each gets a defined result.
@MainActor
@Suite struct HostileAPITests {
  typealias Snapshot = DiffableSnapshot<String, Int>

  func snapshot(_ items: [Int]) -> Snapshot {
    var snapshot = Snapshot()
    snapshot.appendSections(["a"])
    snapshot.appendItems(items, toSection: "a")
    return snapshot
  }

  func makeDataSource(_ view: CollectionView) -> DiffableDataSource<String, Int> {
    DiffableDataSource<String, Int>(collectionView: view) { _, number in
      .text("\(number)", role: .body, width: 4, height: 1)
    }
  }

  /// The handler ran inside the log's mutation: reading or clearing `view.diagnostics`, or
  /// applying a snapshot from it, was an exclusivity violation.
  @Test func aDiagnosticsHandlerMayReadOrClearTheLogAndApplyASnapshot() {
    let view = CollectionView(layout: FlowLayout(), size: Size(width: 20, height: 10))
    let dataSource = makeDataSource(view)
    final class Seen { var counts: [Int] = [], applied = false }
    let seen = Seen()
    view.diagnostics.handler = { _ in
      seen.counts.append(view.diagnostics.count)
      view.diagnostics.removeAll()
      if !seen.applied {
        seen.applied = true
        dataSource.apply(self.snapshot([7, 8]))
      }
    }
    var duplicated = snapshot([1, 2])
    duplicated.appendItems([1], toSection: "a")
    dataSource.apply(duplicated)
    // The handler saw the diagnostic already kept, cleared it, and its snapshot is shown.
    #expect(seen.counts == [1])
    #expect(view.diagnostics.isEmpty)
    #expect(dataSource.snapshot().itemIdentifiers == [7, 8])
    #expect(view.numberOfItems(inSection: 0) == 2)
  }

  /// A section provider that applies a snapshot changed the number of sections under the
  /// layout's rebuild: index out of range. The apply now takes effect once the pass ends, and
  /// every frame equals a fresh layout's.
  @Test func aSectionProviderThatAppliesASnapshotLeavesTheLayoutExact() {
    final class Box { var dataSource: DiffableDataSource<String, Int>?, applied = false, round = 0 }
    let box = Box()
    let row = LayoutSection(
      group: .horizontal(
        layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(1)),
        subitems: [
          LayoutItem(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(0.5), heightDimension: .absolute(1)))
        ]))
    let layout = CompositionalLayout { _, _ in
      if !box.applied, let dataSource = box.dataSource {
        box.applied = true
        box.round += 1
        var more = Snapshot()
        more.appendSections(["x", "y", "z"])
        more.appendItems(Array(1...(2 * box.round + 1)), toSection: "x")
        more.appendItems([100], toSection: box.round == 1 ? "z" : "y")
        dataSource.apply(more)
      }
      return row
    }
    let view = CollectionView(layout: layout, size: Size(width: 20, height: 10))
    let dataSource = makeDataSource(view)
    box.dataSource = dataSource
    dataSource.apply(snapshot([1, 2, 3, 4, 5]))
    #expect(box.applied)
    #expect(view.numberOfSections == 3)
    func expectFresh() {
      let fresh = CollectionView(layout: CompositionalLayout { _, _ in row }, size: view.bounds.size)
      let freshSource = makeDataSource(fresh)
      freshSource.apply(dataSource.snapshot())
      let all = Rect(x: 0, y: 0, width: 30, height: 100)
      #expect(view.contentSize == fresh.contentSize)
      #expect(
        view.collectionViewLayout.layoutAttributesForElements(in: all)
          == fresh.collectionViewLayout.layoutAttributesForElements(in: all))
    }
    expectFresh()
    // Outside an apply (a resize lays out again), the provider's apply re-enters the layout's
    // rebuild: it takes effect once the rebuild ends.
    box.applied = false
    view.setSize(Size(width: 30, height: 10))
    #expect(box.applied)
    expectFresh()
  }

  /// `CollectionView(layout:size:)` kept an infinite or 1e20 size that `setSize` would clean:
  /// the harness then crashed converting it to a whole number of cells.
  @Test func aViewMadeAtAnAbsurdSizeIsSanitisedAsSetSizeDoes() throws {
    for size in [
      Size(width: .infinity, height: 10), Size(width: 1e20, height: 1e20),
      Size(width: .nan, height: -.infinity),
    ] {
      let made = CollectionView(size: size)
      let resized = CollectionView(size: Size(width: 10, height: 10))
      resized.setSize(size)
      #expect(made.bounds == resized.bounds, "\(size)")
      #expect(made.bounds.width.isFinite && made.bounds.height.isFinite)
    }
  }
}
