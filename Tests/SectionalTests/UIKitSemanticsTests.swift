import Testing

@testable import Sectional

/// Where a UIKit or IGListKit user expects UIKit's behaviour: selection from code and from a
/// tap, the diffable data source's two ways to apply, and the public API no other test calls.
@MainActor
@Suite struct UIKitSemanticsTests {
  /// Rows of one-row cells, and what the delegate heard.
  final class Rows: CollectionViewDataSource, CollectionViewDelegate {
    var counts: [Int]
    var heard: [String] = []
    var scrolls = 0
    init(_ counts: [Int]) { self.counts = counts }
    func numberOfSections(in collectionView: CollectionView) -> Int { counts.count }
    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
      counts[section]
    }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
      -> CellDescriptor
    {
      .text("\(indexPath)", role: .body, width: 10, height: 1)
    }
    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
      heard.append("select \(indexPath.section).\(indexPath.item)")
    }
    func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {
      heard.append("deselect \(indexPath.section).\(indexPath.item)")
    }
    func collectionViewDidScroll(_ collectionView: CollectionView) { scrolls += 1 }
  }

  func rows(_ counts: [Int], height: Double = 4) -> (Rows, CollectionView) {
    let rows = Rows(counts)
    let layout = FlowLayout()
    layout.itemSize = .exact(Size(width: 10, height: 1))
    let view = CollectionView(layout: layout, size: Size(width: 10, height: height))
    view.dataSource = rows
    view.delegate = rows
    view.reloadData()
    return (rows, view)
  }

  func path(_ section: Int, _ item: Int) -> IndexPath { IndexPath(item: item, section: section) }

  // MARK: - Selection

  /// `contentOffset` is settable, as UIKit's: the same as `setContentOffset(_:)`, kept within
  /// the content.
  @Test func contentOffsetIsSettableAndKeptWithinTheContent() {
    let view = makeAdapter(FeedSource((0..<10).map { card("c\($0)") }), height: 20).collectionView
    view.contentOffset = Point(x: 0, y: 7)
    #expect(view.contentOffset == Point(x: 0, y: 7))
    view.contentOffset.y += 3
    #expect(view.contentOffset.y == 10)
    view.contentOffset = Point(x: 5, y: 1e9)
    #expect(view.contentOffset == Point(x: 0, y: view.maximumContentOffsetY))
    view.contentOffset.y = -4
    #expect(view.contentOffset == .zero)
  }

  @Test func selectionFromCodeDoesNotTellTheDelegateATapDoes() {
    let (rows, view) = rows([3, 3])
    view.selectItem(at: path(0, 1))
    view.selectItem(at: path(1, 2))  // deselects 0.1 quietly too
    #expect(view.indexPathsForSelectedItems == [path(1, 2)])
    view.deselectItem(at: path(1, 2))
    #expect(view.indexPathsForSelectedItems.isEmpty)
    #expect(rows.heard.isEmpty)
    view.tapItem(at: path(0, 0))
    view.tapItem(at: path(1, 1))
    #expect(rows.heard == ["select 0.0", "deselect 0.0", "select 1.1"])
    #expect(view.indexPathsForSelectedItems == [path(1, 1)])
    // A tap on the selected item of a single selection selects it again, as UIKit's does.
    view.tapItem(at: path(1, 1))
    #expect(rows.heard.last == "select 1.1" && view.indexPathsForSelectedItems == [path(1, 1)])
    view.tapItem(at: path(4, 0))
    #expect(view.diagnostics.last?.kind == .noSuchItem && rows.heard.count == 4)
  }

  @Test func underMultipleSelectionATapOnASelectedItemDeselectsIt() {
    let (rows, view) = rows([4])
    view.allowsMultipleSelection = true
    view.tapItem(at: path(0, 0))
    view.tapItem(at: path(0, 2))
    #expect(view.indexPathsForSelectedItems == [path(0, 0), path(0, 2)])
    view.tapItem(at: path(0, 0))
    #expect(view.indexPathsForSelectedItems == [path(0, 2)])
    #expect(rows.heard == ["select 0.0", "select 0.2", "deselect 0.0"])
    view.tapItem(at: path(0, 0))
    #expect(view.indexPathsForSelectedItems == [path(0, 0), path(0, 2)])
    #expect(rows.heard.last == "select 0.0")
  }

  @Test func aTapReachesTheSectionControllerAndCodeDoesNot() {
    let source = WatcherSource([0, 1])
    let adapter = watcherAdapter(source, height: 40)
    let (a, b) = (source.made[0]!, source.made[1]!)
    adapter.collectionView.allowsMultipleSelection = true
    adapter.collectionView.selectItem(at: path(0, 1))
    #expect(a.selected.isEmpty && adapter.isSelected(itemAt: 1, in: a))
    adapter.collectionView.tapItem(at: path(1, 2))
    #expect(b.selected == [2])
  }

  // MARK: - The diffable data source's two applies

  typealias Snapshot = DiffableSnapshot<String, Int>

  func diffable() -> (DiffableDataSource<String, Int>, CollectionView, Box) {
    let box = Box()
    let view = CollectionView(layout: FlowLayout(), size: Size(width: 20, height: 30))
    let dataSource = DiffableDataSource<String, Int>(collectionView: view) { _, number in
      box.asked.append(number)
      return .text("\(number)", role: .body, width: 10, height: 1)
    }
    return (dataSource, view, box)
  }

  final class Box { var asked: [Int] = [] }

  @Test func applyWithoutAnimationDiffsAndSelectionsFollowTheirItems() {
    let (dataSource, view, _) = diffable()
    view.allowsMultipleSelection = true
    var snapshot = Snapshot()
    snapshot.appendSections(["a", "b"])
    snapshot.appendItems([1, 2, 3], toSection: "a")
    snapshot.appendItems([4, 5], toSection: "b")
    dataSource.apply(snapshot, animatingDifferences: false)
    view.selectItem(at: dataSource.indexPath(for: 2)!)
    view.selectItem(at: dataSource.indexPath(for: 5)!)
    var next = snapshot
    next.moveItem(2, afterItem: 5)
    next.insertItems([0], beforeItem: 1)
    next.deleteItems([4])
    dataSource.apply(next, animatingDifferences: false)
    // 2 moved to the end of b, 5 moved up by the delete: both still selected, nothing else.
    #expect(
      Set(view.indexPathsForSelectedItems) == [dataSource.indexPath(for: 2)!, dataSource.indexPath(for: 5)!])
    #expect(view.indexPathsForSelectedItems == [path(1, 0), path(1, 1)])
    // The reload drops them, as UIKit's does.
    dataSource.applySnapshotUsingReloadData(next)
    #expect(view.indexPathsForSelectedItems.isEmpty)
  }

  @Test func theReloadAsksForEveryCellAndRunsItsCompletion() {
    let (dataSource, view, box) = diffable()
    var snapshot = Snapshot()
    snapshot.appendSections(["a"])
    snapshot.appendItems([1, 2, 3], toSection: "a")
    dataSource.apply(snapshot)
    box.asked = []
    var done = false
    dataSource.applySnapshotUsingReloadData(snapshot) { done = true }
    #expect(done && Set(box.asked) == [1, 2, 3])
    #expect(view.itemCounts == [3])
    box.asked = []
    dataSource.apply(snapshot, animatingDifferences: false)  // nothing changed: nothing asked
    #expect(box.asked.isEmpty)
  }

  // MARK: - Snapshot edits no test called

  @Test func deleteAllItemsEmptiesTheSnapshotAndTheView() {
    let (dataSource, view, _) = diffable()
    var snapshot = Snapshot()
    snapshot.appendSections(["a", "b"])
    snapshot.appendItems([1, 2], toSection: "a")
    snapshot.appendItems([3], toSection: "b")
    dataSource.apply(snapshot)
    #expect(view.itemCounts == [2, 1])
    snapshot.deleteAllItems()
    #expect(snapshot.numberOfSections == 0 && snapshot.numberOfItems == 0)
    #expect(snapshot.sectionIdentifiers.isEmpty && snapshot.itemIdentifiers.isEmpty)
    #expect(snapshot.indexOfItem(1) == nil && snapshot.sectionIdentifier(containingItem: 3) == nil)
    dataSource.apply(snapshot)
    #expect(view.itemCounts == [] && dataSource.indexPath(for: 1) == nil)
    // The snapshot is usable again afterwards.
    snapshot.appendSections(["c"])
    snapshot.appendItems([1], toSection: "c")
    dataSource.apply(snapshot)
    #expect(view.itemCounts == [1] && dataSource.indexPath(for: 1) == path(0, 0))
  }

  @Test func reconfiguredItemsAreAskedAgainAndKeepTheirPlace() {
    let (dataSource, view, box) = diffable()
    var snapshot = Snapshot()
    snapshot.appendSections(["a"])
    snapshot.appendItems(Array(1...6), toSection: "a")
    dataSource.apply(snapshot)
    view.selectItem(at: path(0, 4))
    box.asked = []
    var next = dataSource.snapshot()
    next.reconfigureItems([2, 99])
    dataSource.apply(next)
    #expect(box.asked.contains(2) && !box.asked.contains(99))
    #expect(view.itemCounts == [6] && dataSource.indexPath(for: 2) == path(0, 1))
    #expect(view.indexPathsForSelectedItems == [path(0, 4)])
    // The missing one is reported when the snapshot is applied.
    #expect(view.diagnostics.map(\.message) == ["reconfigure: no item 99 in the snapshot"])
  }

  /// As UIKit's: a reconfigured item is asked for its cell and size again but stays the same
  /// item: it keeps its selection, and a move stays a move; a reloaded one is replaced (its
  /// selection goes, a move becomes a delete and an insert).
  @Test func reconfigureKeepsTheItemWhereReloadReplacesIt() throws {
    final class Heights { var of: [Int: Double] = [:] }
    let heights = Heights()
    let view = CollectionView(layout: FlowLayout(), size: Size(width: 20, height: 30))
    view.allowsMultipleSelection = true
    let dataSource = DiffableDataSource<String, Int>(collectionView: view) { _, number in
      .text("\(number)", role: .body, width: 20, height: heights.of[number] ?? 1)
    }
    var snapshot = Snapshot()
    snapshot.appendSections(["a", "b"])
    snapshot.appendItems([1, 2, 3], toSection: "a")
    snapshot.appendItems([4, 5], toSection: "b")
    dataSource.apply(snapshot, animatingDifferences: false)
    view.selectItem(at: path(0, 1))  // 2
    view.selectItem(at: path(0, 2))  // 3

    // 2 grows to three rows and is reconfigured in place; 3 moves to the other section,
    // reconfigured too. Both stay selected; the item after 2 moves down by two rows.
    heights.of[2] = 3
    var next = dataSource.snapshot()
    next.moveItem(3, afterItem: 5)
    next.reconfigureItems([2, 3])
    let batch = DiffableDataSource<String, Int>.batch(from: dataSource.snapshot(), to: next)
    #expect(
      batch.movedItems == [IndexPathMove(from: path(0, 2), to: path(1, 2))] && batch.reloadedItems.isEmpty)
    dataSource.apply(next, animatingDifferences: false)
    #expect(view.indexPathsForSelectedItems == [path(0, 1), path(1, 2)])
    let grown = try #require(view.collectionViewLayout.layoutAttributesForItem(at: path(0, 1)))
    #expect(grown.frame.height == 3)
    #expect(view.collectionViewLayout.layoutAttributesForItem(at: path(1, 0))?.frame.minY == grown.frame.maxY)
    #expect(view.diagnostics.isEmpty)

    // Reloaded instead: the same change replaces the items, and their selections go.
    heights.of[2] = 1
    var reloaded = dataSource.snapshot()
    reloaded.moveItem(3, afterItem: 1)
    reloaded.reloadItems([2, 3])
    let split = DiffableDataSource<String, Int>.batch(from: dataSource.snapshot(), to: reloaded)
    #expect(
      split.movedItems.isEmpty && split.deletedItems == [path(1, 2)] && split.insertedItems == [path(0, 1)])
    dataSource.apply(reloaded, animatingDifferences: false)
    #expect(view.indexPathsForSelectedItems.isEmpty)
    #expect(view.collectionViewLayout.layoutAttributesForItem(at: path(0, 2))?.frame.height == 1)
  }

  // MARK: - Scrolling

  @Test func scrollToItemPutsTheItemAtTheTopAsFarAsTheContentAllows() {
    let (rows, view) = rows([5, 5], height: 4)
    view.scrollToItem(at: path(0, 3))
    #expect(view.contentOffset.y == 3)
    view.scrollToItem(at: path(1, 1))
    #expect(view.contentOffset.y == 6)
    view.scrollToItem(at: path(1, 4))  // row 9 of 10: the end is offset 6
    #expect(view.contentOffset.y == 6 && view.maximumContentOffsetY == 6)
    let before = rows.scrolls
    view.scrollToItem(at: path(2, 0))
    #expect(view.contentOffset.y == 6 && rows.scrolls == before)
    #expect(view.diagnostics.last?.kind == .noSuchItem)
    #expect(view.diagnostics.last?.message == "scroll to item [2, 0]: no such item")
    view.scrollToItem(at: path(0, 0))
    #expect(view.contentOffset.y == 0 && rows.scrolls == before + 1)
  }

  /// Tells its scroll delegate it scrolled.
  final class Scrolled: SectionController, ScrollDelegate {
    var scrolls = 0
    override init() {
      super.init()
      scrollDelegate = self
    }
    override func numberOfItems() -> Int { 3 }
    override func cellForItem(at index: Int) -> CellDescriptor {
      .text("\(index)", role: .body, width: availableWidth, height: 1)
    }
    func didScroll(_ controller: SectionController) {
      #expect(controller === self)
      scrolls += 1
    }
  }

  final class ScrolledSource: ListAdapterDataSource {
    var objects: [any ListDiffable]
    var made: [Int: Scrolled] = [:]
    init(_ ids: [Int]) { objects = ids.map { Note(id: $0) } }
    func objects(for adapter: ListAdapter) -> [any ListDiffable] { objects }
    func listAdapter(_ adapter: ListAdapter, sectionControllerFor object: any ListDiffable)
      -> SectionController
    {
      let controller = Scrolled()
      made[(object as! Note).id] = controller
      return controller
    }
  }

  @Test func theScrollDelegateOfEachVisibleSectionHearsEveryScroll() {
    let source = ScrolledSource(Array(0..<5))
    let adapter = ListAdapter(collectionView: CollectionView(size: Size(width: 10, height: 4)))
    adapter.scheduler = { _ in }
    adapter.dataSource = source
    adapter.reloadData()
    func counts() -> [Int] { (0..<5).map { source.made[$0]!.scrolls } }
    #expect(counts() == [0, 0, 0, 0, 0])
    adapter.collectionView.setContentOffset(Point(x: 0, y: 1))  // rows 1-4: sections 0 and 1
    #expect(counts() == [1, 1, 0, 0, 0])
    adapter.collectionView.setContentOffset(Point(x: 0, y: 7))  // rows 7-10: sections 2 and 3
    #expect(counts() == [1, 1, 1, 1, 0])
    adapter.collectionView.setContentOffset(Point(x: 0, y: 7))  // not moved: nobody hears
    #expect(counts() == [1, 1, 1, 1, 0])
    adapter.collectionView.scrollToItem(at: path(4, 0))
    #expect(adapter.collectionView.contentOffset.y == 11)
    #expect(counts() == [1, 1, 1, 2, 1])
  }

  // MARK: - The adapter

  @Test func reloadObjectsGivesTheirControllersTheObjectsAgainAndReloadsTheirSections() {
    let source = FeedSource([Note(id: 1), Note(id: 2), Note(id: 3)])
    let adapter = makeAdapter(source)
    let controllers = (0..<3).map { adapter.sectionController(forSection: $0) as! RecordingController }
    adapter.collectionView.selectItem(at: path(1, 0))
    adapter.collectionView.selectItem(at: path(2, 1))
    let made = source.controllersMade
    // Another object of identity 2, one of identity 3, and one the adapter does not hold.
    adapter.reloadObjects([Note(id: 2, text: "again"), Note(id: 3), Note(id: 9)])
    #expect(controllers.map(\.updates.count) == [1, 2, 2])
    #expect((controllers[1].updates.last as? Note)?.text == "again")
    #expect(source.controllersMade == made)
    // The reloaded sections lost their selections (as a reloaded section does), the others kept.
    #expect(adapter.collectionView.indexPathsForSelectedItems.isEmpty)
    #expect(adapter.collectionView.diagnostics.isEmpty)
    #expect(adapter.sectionController(forSection: 1) === controllers[1])
  }

  // MARK: - SingleSectionController

  @Test func aSingleSectionControllerGivenAnotherTypeReportsIt() {
    let source = ClosureSource([Note(id: 1), Label(id: "t", colour: 0), Note(id: 2)]) { _ in
      SingleSectionController<Note>(configure: { note, width in
        .text("note \(note.id)", role: .body, width: width, height: 1)
      })
    }
    let adapter = ListAdapter(collectionView: CollectionView(size: Size(width: 20, height: 10)))
    adapter.scheduler = { _ in }
    adapter.dataSource = source
    adapter.reloadData()
    #expect(adapter.collectionView.itemCounts == [1, 0, 1])
    let reported = adapter.collectionView.diagnostics
    #expect(reported.map(\.kind) == [.unexpectedObjectType])
    #expect(reported.first?.indexPaths == [path(1, 0)])
    #expect(reported.first?.message.contains("SingleSectionController<Note> was given a Label") == true)
  }

  /// Issue 51, defect 7: `scrollToItem(at:)` put an item at the top even when it was wholly in
  /// view. `.nearest` scrolls only as far as it takes to show it.
  @Test func scrollingToTheNearestPositionMovesOnlyAsFarAsNeeded() {
    let (rows, view) = rows([40], height: 10)
    defer { withExtendedLifetime(rows) {} }
    view.setContentOffset(Point(x: 0, y: 10))
    view.scrollToItem(at: IndexPath(item: 15, section: 0), at: .nearest)
    #expect(view.contentOffset.y == 10, "wholly visible: no scroll")
    view.scrollToItem(at: IndexPath(item: 25, section: 0), at: .nearest)
    #expect(view.contentOffset.y == 16, "below: its bottom at the viewport's bottom")
    view.scrollToItem(at: IndexPath(item: 3, section: 0), at: .nearest)
    #expect(view.contentOffset.y == 3, "above: its top at the viewport's top")
    view.scrollToItem(at: IndexPath(item: 5, section: 0))
    #expect(view.contentOffset.y == 5, "the default puts it at the top, visible or not")
  }
}

/// A model of another type for the tests above.
struct Label: ListDiffable, Hashable {
  var id: String
  var colour: Int
  var diffIdentifier: String { id }
  func isEqual(toDiffableObject other: Label) -> Bool { self == other }
}
