import SeededRandom
import TestTags
import Testing

@testable import Sectional

@MainActor
@Suite struct DiffableDataSourceTests {
  typealias Snapshot = DiffableSnapshot<String, Int>

  func makeDataSource(width: Double = 30, height: Double = 200) -> (
    DiffableDataSource<String, Int>, CollectionView
  ) {
    let layout = FlowLayout()
    layout.decorationStyles = [.sectionCard: .card]
    let view = CollectionView(layout: layout, size: Size(width: width, height: height))
    let dataSource = DiffableDataSource<String, Int>(collectionView: view) { _, number in
      .text("\(number)", role: .body, width: Double(4 + number % 7), height: Double(1 + number % 3))
    }
    return (dataSource, view)
  }

  /// Issue 51, defect 3: under the compositional layout every apply asked the cell provider
  /// again for every visible item, even for an identical snapshot or one reconfigured item,
  /// where the flow layout asked for that item alone. The layout now says which items may
  /// prefer a size: those with an estimated dimension.
  @Test(arguments: [false, true])
  func aCompositionalApplyAsksOnlyForTheItemsItChanged(estimatedSection: Bool) {
    final class Log { var asked: [Int] = [] }
    let log = Log()
    let row = LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(1))
    let exact = LayoutSection(group: .vertical(layoutSize: row, subitems: [LayoutItem(layoutSize: row)]))
    let layout = CompositionalLayout { section, _ in
      estimatedSection && section == 1 ? .list(estimatedHeight: 1) : exact
    }
    let view = CollectionView(layout: layout, size: Size(width: 30, height: 10))
    let dataSource = DiffableDataSource<String, Int>(collectionView: view) { _, number in
      log.asked.append(number)
      return .text("\(number)", role: .body, width: 30, height: 1)
    }
    var snapshot = Snapshot()
    snapshot.appendSections(["a", "b"])
    snapshot.appendItems([1, 2, 3], toSection: "a")
    snapshot.appendItems([4, 5], toSection: "b")
    dataSource.apply(snapshot)
    log.asked = []
    dataSource.apply(snapshot)
    // Items whose size the layout measures are read again (as the flow layout's estimated
    // ones are); the others are not.
    let measured = estimatedSection ? [4, 5] : []
    #expect(log.asked.sorted() == measured, "an identical snapshot")
    log.asked = []
    let solved = layout.sectionComputations
    var next = snapshot
    next.reconfigureItems([2])
    dataSource.apply(next)
    // Nor is its section solved again: no frame of it depends on its cells.
    #expect(layout.sectionComputations == solved)
    // The reconfigured item may be read again (the flow layout reads it for its size; this
    // layout's size for it does not depend on its cell, so a front reads it when it draws); the
    // items around it are not.
    #expect(Set(log.asked).subtracting(measured).isSubset(of: [2]), "one reconfigured item: \(log.asked)")
    // Every frame is a fresh layout's.
    let fresh = CollectionView(
      layout: CompositionalLayout { section, _ in
        estimatedSection && section == 1 ? .list(estimatedHeight: 1) : exact
      }, size: view.bounds.size)
    let freshSource = DiffableDataSource<String, Int>(collectionView: fresh) { _, number in
      .text("\(number)", role: .body, width: 30, height: 1)
    }
    freshSource.apply(dataSource.snapshot())
    #expect(
      view.collectionViewLayout.layoutAttributesForElements(in: .infinite)
        == fresh.collectionViewLayout.layoutAttributesForElements(in: .infinite))
  }

  /// Like UIKit's diffable data source, which fetches a cell again only for items that are new,
  /// reloaded or reconfigured: an apply asks the cell provider for those items alone (and for the
  /// few cells on screen, which the collection view reads to draw and self-size), and a reload
  /// (`applySnapshotUsingReloadData`) asks for every one.
  @Test func anApplyAsksOnlyForTheCellsItChanged() {
    final class Log { var asked: Set<Int> = [] }
    let log = Log()
    let view = CollectionView(layout: FlowLayout(), size: Size(width: 30, height: 2))
    let dataSource = DiffableDataSource<String, Int>(collectionView: view) { _, number in
      log.asked.insert(number)
      return .text("\(number)", role: .body, width: Double(4 + number % 7), height: Double(1 + number % 3))
    }
    func onScreen() -> Set<Int> {
      Set(view.indexPathsForVisibleItems.compactMap(dataSource.itemIdentifier(for:)))
    }
    var snapshot = Snapshot()
    snapshot.appendSections(["a", "b"])
    snapshot.appendItems(Array(1...20), toSection: "a")
    snapshot.appendItems(Array(21...40), toSection: "b")
    dataSource.apply(snapshot)
    #expect(log.asked == Set(1...40))
    log.asked = []
    var next = snapshot
    next.reloadItems([12])
    next.insertItems([41], afterItem: 13)
    next.moveItem(26, beforeItem: 11)
    next.deleteItems([14])
    dataSource.apply(next)
    #expect(log.asked.subtracting(onScreen()) == [12, 41])
    // The layout is the one a fresh reload gives.
    let whole = Rect(x: 0, y: 0, width: 30, height: view.contentSize.height)
    let incremental = view.collectionViewLayout.layoutAttributesForElements(in: whole)
    log.asked = []
    dataSource.applySnapshotUsingReloadData(dataSource.snapshot())
    #expect(log.asked == Set(1...41).subtracting([14]))
    #expect(view.collectionViewLayout.layoutAttributesForElements(in: whole) == incremental)
    // A reloaded section's items are asked again in the same apply, on screen or not: every
    // frame is exact after it.
    log.asked = []
    var again = dataSource.snapshot()
    again.reloadSections(["b"])
    dataSource.apply(again)
    #expect(log.asked.subtracting(onScreen()) == Set(21...40).subtracting([26]))
    // With the opt-in deferral, a section below the screen waits until it is reached.
    view.flowLayout.defersOffscreenSectionLayout = true
    log.asked = []
    dataSource.apply(again)
    #expect(log.asked.subtracting(onScreen()).isEmpty)
    #expect(view.flowLayout.estimatedSectionCount == 1)
    view.flowLayout.layOutEstimatedSections()
    #expect(log.asked.subtracting(onScreen()) == Set(21...40).subtracting([26]))
  }

  /// Scrolling lays out again, and the collection view reads a visible cell only when its item
  /// may size itself: cells of exact sizes are not asked for again, estimated ones are (to be
  /// measured).
  @Test(arguments: [false, true]) func scrollingReadsOnlyTheCellsThatMaySizeThemselves(estimated: Bool) {
    final class Log { var asked: [Int] = [] }
    let log = Log()
    let view = CollectionView(layout: FlowLayout(), size: Size(width: 30, height: 4))
    let dataSource = DiffableDataSource<String, Int>(collectionView: view) { _, number in
      log.asked.append(number)
      let size = Size(width: 30, height: 1)
      return CellDescriptor(
        reuseKind: "text", size: estimated ? .estimated(size) : .exact(size),
        content: .text("\(number)", role: .body))
    }
    var snapshot = Snapshot()
    snapshot.appendSections(["a"])
    snapshot.appendItems(Array(1...20), toSection: "a")
    dataSource.apply(snapshot)
    log.asked = []
    view.setContentOffset(Point(x: 0, y: 2))
    #expect(Set(log.asked) == (estimated ? Set(3...6) : []))
    #expect(view.indexPathsForVisibleItems.map(\.item) == [2, 3, 4, 5])
  }

  /// Ten sections of ten one-row items in a view five rows tall, scrolled to 45 (section 4's
  /// last five items).
  func tenSections(defers: Bool) -> (DiffableDataSource<String, Int>, CollectionView, Snapshot) {
    let view = CollectionView(layout: FlowLayout(), size: Size(width: 30, height: 5))
    view.flowLayout.defersOffscreenSectionLayout = defers
    let dataSource = DiffableDataSource<String, Int>(collectionView: view) { _, number in
      .text("\(number)", role: .body, width: 30, height: 1)
    }
    var snapshot = Snapshot()
    let sections = (0..<10).map { "s\($0)" }
    snapshot.appendSections(sections)
    for (index, section) in sections.enumerated() {
      snapshot.appendItems(Array((index * 100)..<(index * 100 + 10)), toSection: section)
    }
    dataSource.apply(snapshot)
    view.setContentOffset(Point(x: 0, y: 45))
    return (dataSource, view, snapshot)
  }

  /// As in UIKit, a batch that grows a section above the viewport keeps the content offset and
  /// moves what is below it; a section that grows below it is laid out at once too, so the
  /// content size is exact.
  @Test func aSectionChangedOffScreenIsLaidOutAtOnceAndTheOffsetStays() {
    let (dataSource, view, original) = tenSections(defers: false)
    var snapshot = original
    snapshot.insertItems(Array(1_000..<1_005), beforeItem: 200)  // section 2, above
    snapshot.appendItems(Array(2_000..<2_003), toSection: "s8")  // section 8, below
    dataSource.apply(snapshot)
    #expect(view.flowLayout.estimatedSectionCount == 0)
    #expect(view.contentOffset.y == 45)
    #expect(view.contentSize.height == 108)
    #expect(view.indexPathsForVisibleItems == (0..<5).map { IndexPath(item: $0, section: 4) })
    #expect(
      view.collectionViewLayout.layoutAttributesForItem(at: IndexPath(item: 0, section: 9))?.frame.minY == 98)
  }

  /// With the opt-in deferral, a section changed below the viewport waits at its old height;
  /// any query that reads it or a section after it lays it out first, so no answer is built on
  /// the estimate; a jump that lays it out above the viewport's top scrolls by as much as it
  /// grew, so what the viewport shows stays in place (UIKit's content-offset adjustment).
  @Test func aDeferredSectionIsLaidOutWhenReachedAndTheViewStaysPut() {
    let (dataSource, view, original) = tenSections(defers: true)
    var snapshot = original
    snapshot.insertItems(Array(1_000..<1_005), beforeItem: 700)  // section 7, below
    dataSource.apply(snapshot)
    #expect(view.flowLayout.estimatedSectionCount == 1)
    #expect(view.contentSize.height == 100)  // section 7 still counts its old 10 rows
    #expect(view.indexPathsForVisibleItems == (5..<10).map { IndexPath(item: $0, section: 4) })
    // Asking about section 8 lays out section 7 first: the answer is the exact one.
    #expect(
      view.collectionViewLayout.layoutAttributesForItem(at: IndexPath(item: 0, section: 8))?.frame.minY == 85)
    #expect(view.flowLayout.estimatedSectionCount == 0)
    #expect(view.contentSize.height == 105)

    let (again, jumped, before) = tenSections(defers: true)
    snapshot = before
    snapshot.insertItems(Array(1_000..<1_005), beforeItem: 700)
    again.apply(snapshot)
    // Jumping to 85 (section 8's second half before the change) reaches section 7 across the
    // top: it grows by 5 and the view moves down by as much.
    jumped.setContentOffset(Point(x: 0, y: 85))
    #expect(jumped.flowLayout.estimatedSectionCount == 0)
    #expect(jumped.contentOffset.y == 90)
    #expect(jumped.indexPathsForVisibleItems == (5..<10).map { IndexPath(item: $0, section: 8) })
  }

  /// Scrolling to the end when the last sections stand at estimates that turn out short lands
  /// at the real end, as the End key promises.
  @Test func scrollingToTheEndPassesSectionsThatGrewOnArrival() {
    let view = CollectionView(layout: FlowLayout(), size: Size(width: 30, height: 5))
    view.flowLayout.defersOffscreenSectionLayout = true
    let dataSource = DiffableDataSource<String, Int>(collectionView: view) { _, number in
      .text("\(number)", role: .body, width: 30, height: 1)
    }
    var snapshot = Snapshot()
    snapshot.appendSections(["a", "b", "c"])
    snapshot.appendItems(Array(0..<10), toSection: "a")
    snapshot.appendItems(Array(10..<20), toSection: "b")
    snapshot.appendItems(Array(20..<30), toSection: "c")
    dataSource.apply(snapshot)
    snapshot.appendItems(Array(30..<40), toSection: "b")
    snapshot.appendItems(Array(40..<50), toSection: "c")
    dataSource.apply(snapshot)
    #expect(view.contentSize.height == 30)  // b and c wait at their old heights
    view.setContentOffset(Point(x: 0, y: view.maximumContentOffsetY))
    #expect(view.contentSize.height == 50)
    #expect(view.flowLayout.estimatedSectionCount == 0)
    #expect(view.contentOffset.y == 45)
    #expect(view.indexPathsForVisibleItems.last == IndexPath(item: 19, section: 2))

    // A last section whose top is inside the viewport when it grows is on screen: laid out at
    // once, and the end is the new end.
    var short = Snapshot()
    short.appendSections(["a", "b"])
    short.appendItems(Array(0..<10), toSection: "a")
    short.appendItems(Array(10..<12), toSection: "b")
    dataSource.applySnapshotUsingReloadData(short)
    view.setContentOffset(Point(x: 0, y: 7))
    short.appendItems(Array(12..<22), toSection: "b")
    dataSource.apply(short)
    #expect(view.contentSize.height == 22)
    view.setContentOffset(Point(x: 0, y: view.maximumContentOffsetY))
    #expect(view.contentOffset.y == 17)
  }

  /// The size cache reuses its storage from one apply to the next, but a list of hundreds of
  /// thousands does not keep a second copy, and a list that shrinks lets the room go.
  @Test func theSizeCacheKeepsItsStorageWithinBounds() {
    let cache = SizeCache()
    cache.reset([10_000])
    cache.carry(Array(0..<10_000), counts: [10_000])
    #expect(cache.retainedCapacity >= 20_000)  // the previous storage is kept for the next apply
    cache.reset([400_000])
    cache.carry(Array(0..<400_000), counts: [400_000])
    #expect(cache.retainedCapacity < 800_000)  // not twice
    cache.store(.exact(Size(width: 3, height: 1)), at: IndexPath(item: 7, section: 0))
    cache.carry([-1, 7], counts: [2])
    #expect(cache.size(at: IndexPath(item: 1, section: 0)) == .exact(Size(width: 3, height: 1)))
    #expect(cache.size(at: IndexPath(item: 0, section: 0)) == nil)
    #expect(cache.retainedCapacity < 10_000)  // the list shrank: the room is let go
  }

  @Test func aSnapshotBuildsAndReadsLikeUIKits() {
    var snapshot = Snapshot()
    snapshot.appendSections(["a", "b"])
    snapshot.appendItems([1, 2, 3], toSection: "a")
    snapshot.appendItems([4])
    snapshot.insertSections(["z"], beforeSection: "a")
    snapshot.insertItems([9], afterItem: 1)
    snapshot.moveItem(3, beforeItem: 4)
    snapshot.moveSection("b", beforeSection: "z")
    #expect(snapshot.sectionIdentifiers == ["b", "z", "a"])
    #expect(snapshot.itemIdentifiers(inSection: "a") == [1, 9, 2])
    #expect(snapshot.itemIdentifiers(inSection: "b") == [3, 4])
    #expect(snapshot.sectionIdentifier(containingItem: 3) == "b" && snapshot.indexOfItem(4) == 1)
    #expect(snapshot.numberOfItems == 5 && snapshot.numberOfSections == 3)
    snapshot.deleteSections(["b"])
    snapshot.deleteItems([9])
    #expect(snapshot.itemIdentifiers == [1, 2] && snapshot.sectionIdentifier(containingItem: 3) == nil)
    #expect(snapshot.problems.isEmpty)
  }

  @Test func duplicatesAndMissingIdentifiersAreReportedNotFatal() {
    let (dataSource, view) = makeDataSource()
    var snapshot = Snapshot()
    snapshot.appendSections(["a", "a"])
    snapshot.appendItems([1, 2, 1], toSection: "a")
    snapshot.appendItems([7], toSection: "nope")
    snapshot.deleteItems([42])
    // An item already in another section stays where it was; the new ones around it are added.
    snapshot.appendSections(["b"])
    snapshot.appendItems([3, 2, 4], toSection: "b")
    snapshot.reloadItems([4, 43])
    dataSource.apply(snapshot)
    #expect(snapshot.itemIdentifiers == [1, 2, 3, 4] && snapshot.sectionIdentifiers == ["a", "b"])
    #expect(snapshot.sectionIdentifier(containingItem: 2) == "a" && snapshot.indexOfItem(4) == 1)
    #expect(
      view.diagnostics.map(\.kind) == [
        .duplicateIdentifiers, .duplicateIdentifiers, .noSuchItem, .noSuchItem, .duplicateIdentifiers,
        .noSuchItem,
      ])
    #expect(view.numberOfSections == 2 && view.numberOfItems(inSection: 0) == 2)
    // Reported once: applying the data source's own snapshot again raises nothing.
    view.diagnostics = DiagnosticLog()
    dataSource.apply(dataSource.snapshot())
    #expect(view.diagnostics.isEmpty)
  }

  /// A call whose anchor is missing names what it therefore leaves out: nothing is dropped
  /// without a word.
  @Test func aMissingAnchorNamesWhatItSkips() {
    let (dataSource, view) = makeDataSource()
    var snapshot = Snapshot()
    snapshot.appendSections(["a"])
    snapshot.insertItems([1, 2, 3], beforeItem: 9)
    snapshot.appendItems(Array(10...17), toSection: "nope")
    snapshot.insertSections(["b"], afterSection: "nope")
    dataSource.apply(snapshot)
    #expect(
      view.diagnostics.map(\.message) == [
        "insert items before: no item 9 in the snapshot; 3 skipped: 1, 2, 3",
        "append items to: no section nope in the snapshot; 8 skipped: 10, 11, 12, 13, 14 and 3 more",
        "insert sections after: no section nope in the snapshot; 1 skipped: b",
      ])
    #expect(snapshot.itemIdentifiers.isEmpty && snapshot.sectionIdentifiers == ["a"])
  }

  /// A move next to itself, which UIKit traps on, leaves the snapshot as it was and is reported.
  @Test func aMoveNextToItselfIsReported() {
    let (dataSource, view) = makeDataSource()
    var snapshot = Snapshot()
    snapshot.appendSections(["a", "b"])
    snapshot.appendItems([1, 2, 3], toSection: "a")
    snapshot.moveItem(2, beforeItem: 2)
    snapshot.moveItem(2, afterItem: 2)
    snapshot.moveSection("a", afterSection: "a")
    #expect(snapshot.itemIdentifiers == [1, 2, 3] && snapshot.sectionIdentifiers == ["a", "b"])
    dataSource.apply(snapshot)
    #expect(view.diagnostics.map(\.kind) == Array(repeating: .invalidBatchUpdate, count: 3))
    #expect(view.diagnostics.allSatisfy { $0.message.contains("next to itself") })
  }

  /// With its collection view gone, an apply still installs the snapshot, and the data source's
  /// own copy starts clean of the applied reloads and problems.
  @Test func withoutAViewTheSnapshotStillStartsClean() {
    var (dataSource, view): (DiffableDataSource<String, Int>, CollectionView?) = makeDataSource()
    view = nil
    var snapshot = Snapshot()
    snapshot.appendSections(["a"])
    snapshot.appendItems([1, 1], toSection: "a")
    snapshot.reloadItems([1])
    dataSource.apply(snapshot)
    #expect(dataSource.snapshot().itemIdentifiers == [1])
    #expect(dataSource.snapshot().problems.isEmpty && dataSource.snapshot().reloadedItems.isEmpty)
    _ = view
  }

  @Test func anItemMovedAcrossSectionsIsAMoveAndItsSelectionFollows() {
    let (dataSource, view) = makeDataSource()
    view.allowsMultipleSelection = true
    var snapshot = Snapshot()
    snapshot.appendSections(["a", "b"])
    snapshot.appendItems([1, 2, 3], toSection: "a")
    snapshot.appendItems([4, 5], toSection: "b")
    dataSource.apply(snapshot)
    view.selectItem(at: IndexPath(item: 1, section: 0))  // 2
    var next = snapshot
    next.moveItem(2, afterItem: 5)
    let batch = DiffableDataSource<String, Int>.batch(from: snapshot, to: next)
    #expect(
      batch.movedItems == [
        IndexPathMove(from: IndexPath(item: 1, section: 0), to: IndexPath(item: 2, section: 1))
      ])
    #expect(batch.insertedItems.isEmpty && batch.deletedItems.isEmpty)
    dataSource.apply(next)
    #expect(view.indexPathsForSelectedItems == [IndexPath(item: 2, section: 1)])
    #expect(dataSource.indexPath(for: 2) == IndexPath(item: 2, section: 1) && view.diagnostics.isEmpty)
  }

  /// Reloads come out in index-path order whatever order the snapshot's set keeps them in, and an
  /// item both moved and reloaded is deleted and inserted instead: a batch cannot move and
  /// reload one item.
  @Test func aReloadedItemThatMovesIsDeletedAndInserted() {
    let (dataSource, view) = makeDataSource()
    var snapshot = Snapshot()
    snapshot.appendSections(["a", "b"])
    snapshot.appendItems(Array(1...30), toSection: "a")
    snapshot.appendItems(Array(31...60), toSection: "b")
    dataSource.apply(snapshot)
    var next = snapshot
    next.reloadItems([45, 3, 59, 17, 2, 31, 8])
    next.moveItem(17, afterItem: 40)  // across sections, and reloaded
    next.moveItem(5, beforeItem: 1)  // within its section, not reloaded
    let batch = DiffableDataSource<String, Int>.batch(from: snapshot, to: next)
    #expect(
      batch.reloadedItems
        == [(0, 1), (0, 2), (0, 7), (1, 0), (1, 14), (1, 28)].map {
          IndexPath(item: $1, section: $0)
        })
    #expect(batch.deletedItems == [IndexPath(item: 16, section: 0)])
    #expect(batch.insertedItems == [IndexPath(item: 10, section: 1)])
    #expect(
      batch.movedItems == [
        IndexPathMove(from: IndexPath(item: 4, section: 0), to: IndexPath(item: 0, section: 0))
      ])
    dataSource.apply(next)
    #expect(view.diagnostics.isEmpty, "\(view.diagnostics.map(\.message))")
    #expect(dataSource.indexPath(for: 17) == IndexPath(item: 10, section: 1))
  }

  @Test func aMovedSectionCarriesItsItemsAndAReorderTakesTheFewestMoves() {
    var old = Snapshot()
    old.appendSections(["a", "b", "c"])
    old.appendItems([1, 2, 3, 4], toSection: "a")
    old.appendItems([5], toSection: "b")
    var new = old
    new.moveSection("a", afterSection: "c")
    var batch = DiffableDataSource<String, Int>.batch(from: old, to: new)
    #expect(batch.movedSections.count == 1 && batch.movedItems.isEmpty)
    new = old
    new.moveItem(1, afterItem: 4)  // 2 3 4 1: one move, not three
    batch = DiffableDataSource<String, Int>.batch(from: old, to: new)
    #expect(
      batch.movedItems == [
        IndexPathMove(from: IndexPath(item: 0, section: 0), to: IndexPath(item: 3, section: 0))
      ])
    new = old
    new.reloadItems([2])
    new.deleteItems([5])
    batch = DiffableDataSource<String, Int>.batch(from: old, to: new)
    #expect(
      batch.reloadedItems == [IndexPath(item: 1, section: 0)]
        && batch.deletedItems == [IndexPath(item: 0, section: 1)])
  }

  /// Random snapshots applied one after another: every batch is valid (no diagnostic), the view
  /// shows the snapshot, selections follow their items, and the layout equals a fresh one's.
  @Test(.slow) func randomSnapshotsApplyAsValidBatches() {
    var rng = SplitMix64(seed: 0xD1FF)
    for trial in 0..<150 {
      let (dataSource, view) = makeDataSource()
      view.allowsMultipleSelection = true
      var snapshot = Snapshot()
      var nextItem = 0
      for step in 0..<20 {
        var next = snapshot
        for _ in 0..<(1 + rng.next(below: 6)) {
          let sections = next.sectionIdentifiers
          switch rng.next(below: 9) {
          case 0:
            let name = "s\(rng.next(below: 12))"
            if next.indexOfSection(name) == nil { next.appendSections([name]) }
          case 1 where !sections.isEmpty: next.deleteSections([sections[rng.next(below: sections.count)]])
          case 2 where sections.count > 1:
            let section = sections[rng.next(below: sections.count)]
            let other = sections[rng.next(below: sections.count)]
            // Next to itself is a reported mistake (aMoveNextToItselfIsReported), not an edit.
            if section != other { next.moveSection(section, beforeSection: other) }
          case 3 where !sections.isEmpty, 4 where !sections.isEmpty:
            let items = (0..<(1 + rng.next(below: 4))).map { _ in
              nextItem += 1
              return nextItem
            }
            next.appendItems(items, toSection: sections[rng.next(below: sections.count)])
          case 5 where next.numberOfItems > 0:
            let items = next.itemIdentifiers
            next.deleteItems([items[rng.next(below: items.count)]])
          case 6 where next.numberOfItems > 1, 7 where next.numberOfItems > 1:
            let items = next.itemIdentifiers
            let item = items[rng.next(below: items.count)]
            let other = items[rng.next(below: items.count)]
            if rng.next(below: 2) == 0 {
              if item != other { next.moveItem(item, beforeItem: other) }
            } else {
              if item != other { next.moveItem(item, afterItem: other) }
            }
          case 8 where next.numberOfItems > 0:
            let items = next.itemIdentifiers
            switch rng.next(below: 3) {
            case 0: next.reloadItems([items[rng.next(below: items.count)]])
            // Reconfigured: asked again, but the same item (its selection follows it).
            case 1: next.reconfigureItems([items[rng.next(below: items.count)]])
            default:
              if !sections.isEmpty { next.reloadSections([sections[rng.next(below: sections.count)]]) }
            }
          default: break
          }
        }
        // Select a few items before the apply; each must follow its item (or go with it).
        var selected: [Int] = []
        for _ in 0..<2 where snapshot.numberOfItems > 0 {
          let items = snapshot.itemIdentifiers
          let item = items[rng.next(below: items.count)]
          if let path = dataSource.indexPath(for: item) {
            view.selectItem(at: path)
            selected.append(item)
          }
        }
        view.diagnostics = DiagnosticLog()
        let reloaded = next.reloadedItems.union(
          next.reloadedSections.flatMap { next.itemIdentifiers(inSection: $0) })
        dataSource.apply(next)
        let context = "trial \(trial) step \(step)"
        #expect(view.diagnostics.isEmpty, "\(context): \(view.diagnostics.map(\.message))")
        if !view.diagnostics.isEmpty { return }
        #expect(view.numberOfSections == next.numberOfSections, "\(context)")
        for (index, section) in next.sectionIdentifiers.enumerated() {
          #expect(
            view.numberOfItems(inSection: index) == next.numberOfItems(inSection: section), "\(context)")
        }
        // An item follows its selection when it stays between sections that were there before
        // and are still there (an inserted, deleted or reloaded section takes its items along).
        func follows(_ item: Int) -> Bool {
          guard let from = snapshot.sectionIdentifier(containingItem: item),
            let to = next.sectionIdentifier(containingItem: item), !reloaded.contains(item)
          else { return false }
          return next.indexOfSection(from) != nil && snapshot.indexOfSection(to) != nil
            && !next.reloadedSections.contains(from) && !next.reloadedSections.contains(to)
        }
        for item in selected where follows(item) {
          #expect(
            view.indexPathsForSelectedItems.contains(dataSource.indexPath(for: item)!), "\(context): \(item)")
        }
        let (freshSource, fresh) = makeDataSource()
        freshSource.apply(next, animatingDifferences: false)
        let all = Rect(x: 0, y: 0, width: 30, height: max(1, view.contentSize.height))
        #expect(
          fresh.collectionViewLayout.layoutAttributesForElements(in: all)
            == view.collectionViewLayout.layoutAttributesForElements(in: all))
        view.indexPathsForSelectedItems.forEach { view.deselectItem(at: $0) }
        snapshot = next
        snapshot.clearAppliedChanges()
      }
    }
  }
}

/// Issue 51, defect 2: a diffable list of plain cells could not be selected (only buttons
/// were), and a delegate of the client's own silenced `selectionHandler`.
@MainActor
@Suite struct DiffableSelectionTests {
  final class Heard: CollectionViewDelegate {
    var selected: [IndexPath] = []
    var refuses: Set<Int> = []
    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
      selected.append(indexPath)
    }
    func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
      !refuses.contains(indexPath.item)
    }
  }

  func make() -> (CollectionView, DiffableDataSource<String, Int>, () -> [Int]) {
    let view = CollectionView(size: Size(width: 20, height: 10))
    let dataSource = DiffableDataSource<String, Int>(collectionView: view) { _, number in
      CellDescriptor(reuseKind: "mine", size: .exact(Size(width: 20, height: 1)), custom: number)
    }
    final class Log { var items: [Int] = [] }
    let log = Log()
    dataSource.selectionHandler = { _, item in log.items.append(item) }
    var snapshot = DiffableSnapshot<String, Int>()
    snapshot.appendSections(["a"])
    snapshot.appendItems([10, 11, 12], toSection: "a")
    dataSource.apply(snapshot)
    return (view, dataSource, { log.items })
  }

  @Test func plainCellsAreSelectableAndTheHandlerHearsATap() {
    let (view, dataSource, handled) = make()
    #expect((0..<3).allSatisfy { view.shouldSelectItem(at: IndexPath(item: $0, section: 0)) })
    view.tapItem(at: IndexPath(item: 1, section: 0))
    #expect(handled() == [11])
    withExtendedLifetime(dataSource) {}
  }

  @Test func aDelegateOfOnesOwnKeepsTheSelectionHandler() {
    let (view, dataSource, handled) = make()
    let delegate = Heard()
    delegate.refuses = [2]
    view.delegate = delegate
    view.tapItem(at: IndexPath(item: 0, section: 0))
    // Both hear of it: the delegate, then the data source's handler.
    #expect(delegate.selected == [IndexPath(item: 0, section: 0)])
    #expect(handled() == [10])
    // The delegate decides what may be selected.
    #expect(view.shouldSelectItem(at: IndexPath(item: 1, section: 0)))
    #expect(!view.shouldSelectItem(at: IndexPath(item: 2, section: 0)))
    withExtendedLifetime(dataSource) {}
  }
}
