import Sectional
import Testing

// IGListKit's IGListBatchUpdateDataTests, answered by the collection view: IGListKit cleans a
// conflicting batch up before UIKit sees it; here the batch is checked against the counts and
// applied as given, or reported and reloaded (see "Coming from IGListKit"). Each test gives the
// batch IGListKit's test does, with counts that make it consistent, and checks where the items
// went by the selection, which follows them.

@MainActor
@Suite struct IGListBatchUpdateDataTests {
  typealias Counts = CollectionViewDataSourceTests.Counts

  func view(_ counts: [Int]) -> (CollectionView, Counts) {
    let source = Counts(counts)
    let view = CollectionView(size: Size(width: 100, height: 100))
    view.allowsMultipleSelection = true
    view.dataSource = source
    view.reloadData()
    return (view, source)
  }

  @Test func test_whenMovingSections_withItemDeletes_thatResultConvertsConflicts_toDeletesAndInserts() {
    let (view, source) = view([1, 1, 2, 5, 1])
    view.selectItem(at: IndexPath(item: 1, section: 2))
    source.counts = [1, 1, 4, 1, 1]  // old 2 (now 4) and old 3 (now 2) lost one item each
    var batch = BatchUpdates()
    batch.movedSections = [IndexMove(from: 2, to: 4)]
    batch.deletedItems = [IndexPath(item: 0, section: 2), IndexPath(item: 4, section: 3)]
    #expect(view.performBatchUpdates(batch))
    #expect(view.diagnostics.isEmpty)
    #expect((0..<5).map { view.numberOfItems(inSection: $0) } == [1, 1, 4, 1, 1])
    // The moved section's second item is its first now, in its new place.
    #expect(view.indexPathsForSelectedItems == [IndexPath(item: 0, section: 4)])
  }

  @Test func test_whenMovingSections_withItemInserts_thatResultConvertsConflicts_toDeletesAndInserts() {
    let (view, source) = view([1, 1, 1, 1, 4])
    view.selectItem(at: IndexPath(item: 0, section: 2))
    source.counts = [1, 1, 1, 5, 2]  // new indexes: section 2 is last now, after old 3 and 4
    var batch = BatchUpdates()
    batch.movedSections = [IndexMove(from: 2, to: 4)]
    batch.insertedItems = [IndexPath(item: 0, section: 4), IndexPath(item: 4, section: 3)]
    #expect(view.performBatchUpdates(batch))
    #expect(view.diagnostics.isEmpty)
    #expect(view.indexPathsForSelectedItems == [IndexPath(item: 1, section: 4)])
  }

  @Test func test_whenReloadingItem_withSectionDelete_thatDeleteWins() {
    let (view, source) = view([1, 1, 1])
    source.counts = [1, 1]
    var batch = BatchUpdates()
    batch.deletedSections = [2]
    batch.reloadedItems = [IndexPath(item: 0, section: 2)]
    #expect(view.performBatchUpdates(batch))
    #expect(view.diagnostics.isEmpty)
    #expect(view.numberOfSections == 2)
  }

  @Test func test_whenMovingIndexPaths_withSectionDeleted_thatResultDropsTheMove() {
    let (view, source) = view([2, 1])
    source.counts = [1]
    var batch = BatchUpdates()
    batch.deletedSections = [0]
    batch.movedItems = [
      IndexPathMove(from: IndexPath(item: 0, section: 0), to: IndexPath(item: 1, section: 0))
    ]
    // The move's target does not exist after the delete: the batch is reported and reloaded.
    #expect(!view.performBatchUpdates(batch))
    #expect(view.diagnostics.map(\.kind) == [.invalidBatchUpdate])
    #expect(view.numberOfSections == 1)
  }
}
