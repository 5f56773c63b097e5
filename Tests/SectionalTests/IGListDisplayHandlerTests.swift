import Sectional
import Testing

// IGListKit's IGListDisplayHandlerTests, translated. IGListKit calls its display handler with
// the cells UIKit shows; here the cells come and go as they do on screen: a layout pass shows a
// reload's cells, a scroll or an update moves them. The adapter-level `IGListAdapterDelegate`
// has no counterpart (see "Coming from IGListKit"), so only the section's delegate is checked.

@MainActor
@Suite struct IGListDisplayHandlerTests {
  /// A 100×100 list of watched sections (10-row items), loaded and laid out as IGListKit's
  /// `IGListTestCase` does; `header` gives every section a header that tall. Keep the source:
  /// the adapter holds it weakly.
  /// Only the display delegate is watched unless `workingRangeSize` is given.
  func displayed(_ objects: [KeyedObject], header: Double? = nil, workingRangeSize: Int? = nil)
    -> (ListAdapter, ClosureSource, [WatchedKeyedController])
  {
    let source = ClosureSource(objects) { _ in
      let controller = WatchedKeyedController()
      controller.header = header
      if workingRangeSize == nil { controller.workingRangeDelegate = nil }
      return controller
    }
    let adapter = ListAdapter(
      collectionView: CollectionView(size: Size(width: 100, height: 100)),
      workingRangeSize: workingRangeSize ?? 0)
    adapter.scheduler = { _ in }
    adapter.dataSource = source
    adapter.reloadData()
    adapter.collectionView.layoutIfNeeded()
    let controllers = objects.indices.map {
      adapter.sectionController(forSection: $0) as! WatchedKeyedController
    }
    return (adapter, source, controllers)
  }

  @Test func test_whenDisplayingFirstCell_thatDisplayHandlerReceivesEvent() {
    let (_, _, controllers) = displayed([KeyedObject(1, 1)])
    #expect(controllers[0].events == ["display"])
    #expect(controllers[0].displayedCells == [0])
  }

  @Test func test_whenDisplayingSecondCell_thatDisplayHandlerReceivesEvent() {
    // Ten cells fill the viewport; a scroll of one row shows the eleventh.
    let (adapter, _, controllers) = displayed([KeyedObject(1, 20)])
    #expect(controllers[0].displayedCells == Array(0..<10))
    adapter.collectionView.scroll(by: 1)
    #expect(controllers[0].displayedCells == Array(0..<11))
    #expect(controllers[0].events == ["display"])  // the section was already on screen
  }

  @Test func test_whenEndDisplayingSecondToLastCell_thatDisplayHandlerReceivesEvent() {
    let (adapter, _, controllers) = displayed([KeyedObject(1, 20)])
    adapter.collectionView.scroll(by: 10)
    #expect(controllers[0].endedCells == [0])
    #expect(controllers[0].events == ["display"])  // its other cells are still shown
  }

  @Test func test_whenEndDisplayingLastCell_thatDisplayHandlerReceivesEvent() {
    let (adapter, _, controllers) = displayed([KeyedObject(1, 1), KeyedObject(2, 20)])
    adapter.collectionView.scroll(by: 10)
    #expect(controllers[0].endedCells == [0])
    #expect(controllers[0].events == ["display", "end"])
  }

  @Test func test_whenEndDisplayingCell_withCellNeverDisplayed_thatDisplayHandlerReceivesNoEvent() {
    // Item 15 is below the viewport when its controller deletes it.
    let object = KeyedObject(1, 20)
    let (_, _, controllers) = displayed([object])
    let controller = controllers[0]
    controller.collectionContext?.performBatch(
      for: controller,
      updates: {
        object.value = 19
        $0.delete([15])
      }, completion: nil)
    #expect(controller.endedCells.isEmpty)
    #expect(controller.events == ["display"])
  }

  @Test func test_whenEndDisplayingCell_withEndDisplayTwice_thatDisplayHandlerReceivesOneEvent() {
    let (adapter, _, controllers) = displayed([KeyedObject(1, 1), KeyedObject(2, 20)])
    adapter.collectionView.scroll(by: 10)
    // A second pass and a second scroll over the same state end nothing more.
    adapter.collectionView.layoutIfNeeded()
    adapter.collectionView.scroll(by: 5)
    #expect(controllers[0].endedCells == [0])
    #expect(controllers[0].events == ["display", "end"])
  }

  @Test func test_whenCellInserted_withDisplayedCellExistingAtPath_thatDisplayHandlerReceivesCorrectParams() {
    let (adapter, source, controllers) = displayed([KeyedObject(1, 1)])
    // A new section takes index path (0, 0), where the old cell was shown.
    source.objects = [KeyedObject(2, 1), KeyedObject(1, 1)]
    adapter.performUpdates()
    adapter.flushPendingUpdates()
    let inserted = adapter.sectionController(forSection: 0) as! WatchedKeyedController
    #expect(inserted.events == ["display"])
    #expect(inserted.displayedCells == [0])
    // The old section moved and is still shown: it hears nothing.
    #expect(controllers[0].events == ["display"])
    #expect(controllers[0].endedCells.isEmpty)
  }

  @Test func test_whenWillDisplaySupplementaryView_withCellDisplayedAfter_thatDisplayHandlerReceivesOneEvent()
  {
    // The header fills the viewport: the section is shown by it alone, then its first cell comes.
    let (adapter, _, controllers) = displayed([KeyedObject(1, 2)], header: 100)
    #expect(controllers[0].events == ["display"])
    #expect(controllers[0].displayedCells.isEmpty)
    adapter.collectionView.scroll(by: 10)
    #expect(controllers[0].displayedCells == [0])
    #expect(controllers[0].events == ["display"])
  }

  @Test
  func test_whenEndDisplayingSupplementaryView_withEndDisplayingTwice_thatDisplayHandlerReceivesOneEvent() {
    // The first section is its header alone; scrolled off, then the view laid out again.
    let (adapter, _, controllers) = displayed([KeyedObject(1, 0), KeyedObject(2, 20)], header: 10)
    #expect(controllers[0].events == ["display"])
    adapter.collectionView.scroll(by: 10)
    adapter.collectionView.layoutIfNeeded()
    #expect(controllers[0].events == ["display", "end"])
    #expect(controllers[0].endedCells.isEmpty)
  }
}
