import Testing

@testable import Sectional

/// A collection view fed by a data source written by hand, without an adapter.
@MainActor
@Suite struct CollectionViewDataSourceTests {
  /// Counts section by section only: the collection view's bulk read falls back to them.
  final class Counts: CollectionViewDataSource {
    var counts: [Int]
    private(set) var sectionReads = 0
    init(_ counts: [Int]) { self.counts = counts }
    func numberOfSections(in collectionView: CollectionView) -> Int { counts.count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
      sectionReads += 1
      return counts[section]
    }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
      -> CellDescriptor
    {
      .text("\(indexPath.section).\(indexPath.item)", role: .body, width: 10, height: 1)
    }
  }

  /// Answers the bulk read itself, with counts that differ from its per-section answers, so a
  /// test can tell which one the collection view used.
  final class BulkCounts: CollectionViewDataSource {
    var counts: [Int]
    init(_ counts: [Int]) { self.counts = counts }
    func numberOfSections(in collectionView: CollectionView) -> Int { 0 }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 0 }
    func itemCounts(in collectionView: CollectionView) -> [Int] { counts }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
      -> CellDescriptor
    {
      .text("\(indexPath.section).\(indexPath.item)", role: .body, width: 10, height: 1)
    }
  }

  @Test func perSectionCountsServeTheBulkRead() {
    let source = Counts([2, 0, 3])
    let view = CollectionView(size: Size(width: 20, height: 10))
    view.dataSource = source
    view.reloadData()
    #expect((0..<view.numberOfSections).map { view.numberOfItems(inSection: $0) } == [2, 0, 3])
    #expect(source.sectionReads == 3)
    #expect(view.visibleElements().count == 5)
  }

  @Test func aBulkAnswerIsUsedAndANegativeCountIsNone() {
    let source = BulkCounts([1, -4, 2])
    let view = CollectionView(size: Size(width: 20, height: 10))
    view.dataSource = source
    view.reloadData()
    #expect((0..<view.numberOfSections).map { view.numberOfItems(inSection: $0) } == [1, 0, 2])
    #expect(view.visibleElements().count == 3)
    // A structural batch reads the counts in bulk too.
    source.counts = [2, 1, 0, 2]
    var batch = BatchUpdates()
    batch.insertedSections = [0]
    #expect(view.performBatchUpdates(batch))
    #expect((0..<view.numberOfSections).map { view.numberOfItems(inSection: $0) } == [2, 1, 0, 2])
  }
}

/// A batch that changes sections but no items: each surviving section must keep its count
/// unless it is reloaded, with UIKit's message when it does not.
@Suite struct SectionBatchCountTests {
  func moveFirstToEnd() -> BatchUpdates {
    var batch = BatchUpdates()
    batch.movedSections = [IndexMove(from: 0, to: 2)]
    return batch
  }

  @Test func aSurvivorThatChangedItsCountFailsTheBatch() {
    let result = BatchValidation.validate(moveFirstToEnd(), oldCounts: [1, 2, 3], newCounts: [2, 4, 1])
    guard case .failure(let error) = result else {
      Issue.record("accepted \(result)")
      return
    }
    #expect(error.description == "section 1 had 3 items, now 4, with 0 inserted and 0 deleted")
  }

  @Test func aReloadedSurvivorMayChangeItsCount() {
    var batch = moveFirstToEnd()
    batch.reloadedSections = [2]
    let result = BatchValidation.validate(batch, oldCounts: [1, 2, 3], newCounts: [2, 4, 1])
    guard case .success(let sources) = result else {
      Issue.record("refused: \(result)")
      return
    }
    #expect(sources == [1, 2, 0])
  }
}
