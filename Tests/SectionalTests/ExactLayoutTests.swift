import SeededRandom
import Testing

@testable import Sectional

/// The flow layout is exact by default: after an update, every frame and the content size are
/// what a freshly built layout gives, whatever was asked before and wherever the change is.
@MainActor
@Suite struct ExactLayoutTests {
  typealias Snapshot = DiffableSnapshot<Int, Int>

  /// Sections of one-line items as wide as the view; `rows[s]` items in section `s`, `height`
  /// rows each.
  func snapshot(_ rows: [Int]) -> Snapshot {
    var snapshot = Snapshot()
    snapshot.appendSections(Array(rows.indices))
    for (section, count) in rows.enumerated() {
      snapshot.appendItems((0..<count).map { section * 1_000 + $0 }, toSection: section)
    }
    return snapshot
  }

  func view(_ rows: [Int], width: Double, height: Double, itemHeight: Double = 1) -> (
    DiffableDataSource<Int, Int>, CollectionView
  ) {
    let view = CollectionView(layout: FlowLayout(), size: Size(width: width, height: height))
    let dataSource = DiffableDataSource<Int, Int>(collectionView: view) { _, _ in
      .text("item", role: .body, width: width, height: itemHeight)
    }
    dataSource.apply(snapshot(rows))
    return (dataSource, view)
  }

  /// Every element and the content size of `view` equal a new view's built from its snapshot.
  func expectMatchesFresh(
    _ view: CollectionView, _ dataSource: DiffableDataSource<Int, Int>, itemHeight: Double = 1,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let (_, fresh) = self.view(
      [], width: view.bounds.width, height: view.bounds.height, itemHeight: itemHeight)
    let freshSource = DiffableDataSource<Int, Int>(collectionView: fresh) { _, _ in
      .text("item", role: .body, width: view.bounds.width, height: itemHeight)
    }
    freshSource.apply(dataSource.snapshot())
    #expect(view.contentSize == fresh.contentSize, sourceLocation: sourceLocation)
    let whole = Rect(x: 0, y: 0, width: view.bounds.width, height: max(view.contentSize.height, 1))
    #expect(
      view.collectionViewLayout.layoutAttributesForElements(in: whole)
        == fresh.collectionViewLayout.layoutAttributesForElements(in: whole),
      sourceLocation: sourceLocation)
  }

  @Test func aSectionThatGrowsOffScreenMovesEverythingAfterItAtOnce() {
    // 20 sections of two 390 × 50 items; section 10 gets two more, far below the viewport.
    let (dataSource, view) = view(Array(repeating: 2, count: 20), width: 390, height: 100, itemHeight: 50)
    var next = dataSource.snapshot()
    next.appendItems([90_000, 90_001], toSection: 10)
    dataSource.apply(next)
    // Nothing read section 10 since: the answers are already the exact ones.
    #expect(
      view.collectionViewLayout.layoutAttributesForItem(at: IndexPath(item: 0, section: 15))?.frame.minY
        == 1_600)
    #expect(view.contentSize.height == 2_100)
    expectMatchesFresh(view, dataSource, itemHeight: 50)
  }

  @Test func aReadNeverChangesTheContentSize() {
    let (dataSource, view) = view([2, 1], width: 10, height: 2)
    var next = dataSource.snapshot()
    next.appendItems([1_001, 1_002], toSection: 1)
    dataSource.apply(next)
    #expect(view.contentSize.height == 5)
    _ = view.collectionViewLayout.layoutAttributesForItem(at: IndexPath(item: 0, section: 1))
    #expect(view.contentSize.height == 5)
  }

  @Test func scrollingAndOffsetsAfterChangedSectionsAreExact() {
    let (dataSource, view) = view(Array(repeating: 3, count: 40), width: 10, height: 10)
    var next = dataSource.snapshot()
    next.appendItems([20_003, 20_004, 20_005], toSection: 20)
    next.deleteItems([25_001, 25_002])
    dataSource.apply(next)
    #expect(
      view.collectionViewLayout.layoutAttributesForItem(at: IndexPath(item: 0, section: 25))?.frame.minY == 78
    )
    view.scrollToItem(at: IndexPath(item: 0, section: 25))
    #expect(view.contentOffset.y == 78)
    view.setContentOffset(Point(x: 0, y: 62))
    #expect(view.contentOffset.y == 62)
    expectMatchesFresh(view, dataSource)

    // At offset 60, section 5 (above) grows by 3: the offset stays and what is below it moves,
    // as in UIKit.
    let (source, scrolled) = self.view(Array(repeating: 3, count: 40), width: 10, height: 10)
    scrolled.setContentOffset(Point(x: 0, y: 60))
    var grown = source.snapshot()
    grown.appendItems([5_003, 5_004, 5_005], toSection: 5)
    source.apply(grown)
    #expect(scrolled.contentOffset.y == 60)
    #expect(
      scrolled.collectionViewLayout.layoutAttributesForItem(at: IndexPath(item: 0, section: 20))?.frame.minY
        == 63)
    #expect(scrolled.contentSize.height == 123)
    expectMatchesFresh(scrolled, source)
  }

  @Test func theOffsetIsClampedToTheRealEndAfterAnUpdate() {
    let (dataSource, view) = view([3, 2], width: 10, height: 2)
    var next = dataSource.snapshot()
    next.deleteItems([1_001])
    dataSource.apply(next)
    view.setContentOffset(Point(x: 0, y: 100))
    #expect(view.contentSize.height == 4)
    #expect(view.contentOffset.y == 2)
    // Scrolled to the end, a section that shrinks below brings the offset back to the new end.
    var shorter = dataSource.snapshot()
    shorter.deleteItems([1_000])
    dataSource.apply(shorter)
    #expect(view.contentOffset.y == view.maximumContentOffsetY)
    #expect(view.contentOffset.y == 1)
  }

  /// Whatever was asked between updates, in whatever order, the answers after each update equal
  /// a fresh layout's (random lists, random updates, random reads; seeded). With the opt-in
  /// deferral, each answer still equals the fresh one, read in a random order (the content size
  /// alone may be an estimate).
  @Test(arguments: [false, true]) func answersDoNotDependOnWhatWasAskedBefore(defers: Bool) {
    var rng = SplitMix64(seed: 28)
    let (dataSource, view) = view((0..<30).map { _ in rng.next(below: 6) }, width: 10, height: 7)
    view.flowLayout.defersOffscreenSectionLayout = defers
    for _ in 0..<60 {
      var next = dataSource.snapshot()
      for _ in 0..<rng.next(below: 4) {
        let section = rng.next(below: 30)
        let items = next.itemIdentifiers(inSection: section)
        if rng.next(below: 2) == 0, let item = items.randomElement(using: &rng) {
          next.deleteItems([item])
        } else {
          let item = section * 1_000 + 500 + rng.next(below: 400)
          if !next.itemIdentifiers.contains(item) { next.appendItems([item], toSection: section) }
        }
      }
      // Random reads before the update: offsets, items, rects.
      for _ in 0..<rng.next(below: 5) {
        switch rng.next(below: 3) {
        case 0:
          view.setContentOffset(Point(x: 0, y: Double(rng.next(below: Int(view.contentSize.height) + 5))))
        case 1:
          _ = view.collectionViewLayout.layoutAttributesForItem(
            at: IndexPath(item: 0, section: rng.next(below: 30)))
        default:
          _ = view.collectionViewLayout.layoutAttributesForElements(
            in: Rect(x: 0, y: Double(rng.next(below: 100)), width: 10, height: 3))
        }
      }
      dataSource.apply(next)
      #expect(view.contentOffset.y <= view.maximumContentOffsetY)
      if !defers {
        expectMatchesFresh(view, dataSource)
        continue
      }
      let (_, fresh) = self.view([], width: 10, height: 7)
      let freshSource = DiffableDataSource<Int, Int>(collectionView: fresh) { _, _ in
        .text("item", role: .body, width: 10, height: 1)
      }
      freshSource.apply(next)
      for section in (0..<30).shuffled(using: &rng) {
        for item in 0..<next.numberOfItems(inSection: section) {
          let path = IndexPath(item: item, section: section)
          #expect(
            view.collectionViewLayout.layoutAttributesForItem(at: path)
              == fresh.collectionViewLayout.layoutAttributesForItem(at: path))
        }
        let rect = Rect(x: 0, y: Double(rng.next(below: 100)), width: 10, height: 3)
        #expect(
          view.collectionViewLayout.layoutAttributesForElements(in: rect)
            == fresh.collectionViewLayout.layoutAttributesForElements(in: rect))
      }
    }
  }
}
