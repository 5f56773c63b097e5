import Sectional
import Testing

// IGListKit's IGListWorkingRangeHandlerTests, translated. IGListKit tells its working-range
// handler which item is displayed; here the layout pass shows it, and hiding it is the viewport
// showing nothing (a height of 0).

@MainActor
@Suite struct IGListWorkingRangeTests {
  func displayed(_ objects: [KeyedObject], workingRangeSize: Int) -> (ListAdapter, [WatchedKeyedController]) {
    let (adapter, _, controllers) = IGListDisplayHandlerTests().displayed(
      objects, workingRangeSize: workingRangeSize)
    return (adapter, controllers)
  }

  /// Nothing is on screen: the viewport is 0 rows tall.
  func hideEverything(_ adapter: ListAdapter) {
    adapter.collectionView.setSize(Size(width: 100, height: 0))
  }

  @Test func test_whenDisplayingItemAtPath_withWorkingRangeSizeZero_thatItemEntersWorkingRange() {
    let (_, controllers) = displayed([KeyedObject(1, 1)], workingRangeSize: 0)
    #expect(controllers[0].events == ["display", "enter"])
  }

  @Test
  func test_whenDisplayingItemAtPath_withWorkingRangeSizeZero_thenHidingThatItem_thatItemLeavesWorkingRange()
  {
    let (adapter, controllers) = displayed([KeyedObject(1, 1)], workingRangeSize: 0)
    hideEverything(adapter)
    #expect(controllers[0].events == ["display", "enter", "end", "exit"])
  }

  @Test func test_whenDisplayingItemAtPath_withWorkingRangeSizeOne_thatNextItemEntersWorkingRange() {
    // The first section fills the viewport; the second is one beyond it.
    let (_, controllers) = displayed([KeyedObject(1, 10), KeyedObject(2, 1)], workingRangeSize: 1)
    #expect(controllers[1].events == ["enter"])
  }

  @Test func test_whenDisplayingItemAtPath_withWorkingRangeSizeOne_thatThirdItemDoesNotEnterWorkingRange() {
    let (_, controllers) = displayed(
      [KeyedObject(1, 10), KeyedObject(2, 1), KeyedObject(3, 1)], workingRangeSize: 1)
    #expect(controllers[1].events == ["enter"])
    #expect(controllers[2].events.isEmpty)
  }

  @Test
  func
    test_whenDisplayingItemAtPath_withWorkingRangeSizeOne_thenEndDisplayingThatItem_thatNextItemLeavesWorkingRange()
  {
    let (adapter, controllers) = displayed([KeyedObject(1, 10), KeyedObject(2, 1)], workingRangeSize: 1)
    hideEverything(adapter)
    #expect(controllers[1].events == ["enter", "exit"])
  }
}
