import Sectional
import Testing

// IGListKit's IGListAdapterE2ETests, translated: the same inputs and expected outputs, under the
// same names. `IGListTestCase` loads its objects and calls `[collectionView layoutIfNeeded]`;
// `setUp(_:)` does the same, in a 100×100 view with a working range of 2. Earlier translations
// of this file are in IGListKitParityTests.

@MainActor
@Suite struct IGListAdapterE2ETests {
  func setUp(_ objects: [KeyedObject]) -> (ListAdapter, ClosureSource) {
    let source = ClosureSource(objects) { _ in WatchedKeyedController() }
    let adapter = ListAdapter(
      collectionView: CollectionView(size: Size(width: 100, height: 100)), workingRangeSize: 2)
    adapter.scheduler = { _ in }
    adapter.dataSource = source
    adapter.reloadData()
    adapter.collectionView.layoutIfNeeded()
    return (adapter, source)
  }

  func controller(_ adapter: ListAdapter, _ key: Int) -> WatchedKeyedController {
    adapter.sectionController(for: KeyedObject(key, 0)) as! WatchedKeyedController
  }

  func counts(_ adapter: ListAdapter) -> [Int] { IGListKitParityTests().counts(adapter) }

  /// `performUpdatesAnimated:YES completion:`, run to its end; returns what the completion saw.
  func update(_ adapter: ListAdapter, to objects: [KeyedObject], _ source: ClosureSource) -> Bool? {
    source.objects = objects
    var finished: Bool?
    adapter.performUpdates(animated: true) { finished = $0 }
    adapter.flushPendingUpdates()
    return finished
  }

  // MARK: - Display events

  @Test func test_whenCollectionViewAppears_thatWillDisplayEventsAreSent() {
    let (adapter, _) = setUp([KeyedObject(1, 1), KeyedObject(2, 2)])
    let ic1 = controller(adapter, 1)
    #expect(ic1.events.filter { $0 == "display" }.count == 1)
    #expect(!ic1.events.contains("end"))
    #expect(ic1.displayedCells == [0])
    #expect(ic1.endedCells.isEmpty)
    let ic2 = controller(adapter, 2)
    #expect(ic2.events.filter { $0 == "display" }.count == 1)
    #expect(!ic2.events.contains("end"))
    #expect(ic2.displayedCells == [0, 1])
    #expect(ic2.endedCells.isEmpty)
  }

  @Test func test_whenAdapterUpdates_withItemUpdated_thatdidEndDisplayEventsAreSent() {
    let (adapter, source) = setUp([KeyedObject(1, 1), KeyedObject(2, 2)])
    let ic1 = controller(adapter, 1)
    let ic2 = controller(adapter, 2)
    // Reloaded with one cell removed.
    #expect(update(adapter, to: [KeyedObject(1, 1), KeyedObject(2, 1)], source) == true)
    #expect(ic1.events == ["display", "enter"])
    #expect(ic1.displayedCells == [0])
    #expect(ic1.endedCells.isEmpty)
    #expect(ic2.events == ["display", "enter"])
    #expect(ic2.displayedCells.filter { $0 == 1 }.count == 1)
    #expect(ic2.endedCells.filter { $0 == 1 }.count == 1)
  }

  @Test func test_whenAdapterUpdates_withItemRemoved_thatdidEndDisplayEventsAreSent() {
    let (adapter, source) = setUp([KeyedObject(1, 1), KeyedObject(2, 2)])
    let ic1 = controller(adapter, 1)
    let ic2 = controller(adapter, 2)
    #expect(update(adapter, to: [KeyedObject(1, 1)], source) == true)
    #expect(ic1.events == ["display", "enter"])
    #expect(ic1.displayedCells == [0])
    #expect(ic1.endedCells.isEmpty)
    #expect(ic2.events == ["display", "enter", "end", "exit"])
    #expect(ic2.displayedCells == [0, 1])
    #expect(ic2.endedCells == [0, 1])
  }

  @Test func test_whenAdapterUpdates_withEmptyItems_thatdidEndDisplayEventsAreSent() {
    let (adapter, source) = setUp([KeyedObject(1, 1), KeyedObject(2, 2)])
    let ic1 = controller(adapter, 1)
    let ic2 = controller(adapter, 2)
    #expect(update(adapter, to: [], source) == true)
    #expect(ic1.events.filter { $0 == "end" }.count == 1)
    #expect(ic1.endedCells == [0])
    #expect(ic2.events.filter { $0 == "end" }.count == 1)
    #expect(ic2.endedCells == [0, 1])
  }

  /// IGListKit's adapter delegate hears `didEndDisplayingObject:atIndex:`; here the deleted
  /// section's own display delegate does.
  @Test func test_whenItemDeleted_withDisplayDelegate_thatDelegateReceivesDeletedItem() {
    let (adapter, source) = setUp([KeyedObject(1, 1), KeyedObject(2, 2)])
    let deleted = controller(adapter, 1)
    #expect(update(adapter, to: [KeyedObject(2, 2)], source) == true)
    #expect(deleted.events == ["display", "enter", "end", "exit"])
    #expect(deleted.endedCells == [0])
  }

  /// Working-range delegates that ask for the section's cells while an update adds sections
  /// beyond the viewport: the answers are the cells of the list after the update.
  @Test func test_whenPerformingUpdates_withWorkingRange_thatAccessingCellDoesntCrash() {
    let (adapter, source) = setUp((1...3).map { KeyedObject($0, 1) })
    #expect(update(adapter, to: (1...11).map { KeyedObject($0, 1) }, source) == true)
    #expect(counts(adapter) == Array(repeating: 1, count: 11))
    // Ten sections fill the viewport; the working range reaches the eleventh.
    #expect(controller(adapter, 11).events == ["enter"])
    #expect(controller(adapter, 10).events == ["display", "enter"])
    #expect(adapter.collectionView.diagnostics.isEmpty)
  }

  /// The list scrolls to its last item before it was ever laid out: the cells it passed over
  /// were never on screen and are never told they appeared.
  @Test func test_whenScrollToItem_thatNonVisibleCellsDidNotAppear() {
    let source = ClosureSource([KeyedObject(1, 30), KeyedObject(2, 30)]) { _ in WatchedKeyedController() }
    let adapter = ListAdapter(
      collectionView: CollectionView(size: Size(width: 100, height: 100)), workingRangeSize: 2)
    adapter.scheduler = { _ in }
    adapter.dataSource = source
    adapter.reloadData()
    adapter.collectionView.scrollToItem(at: IndexPath(item: 29, section: 1), at: .bottom)
    adapter.collectionView.layoutIfNeeded()
    let first = controller(adapter, 1)
    let second = controller(adapter, 2)
    #expect(first.events == ["enter"])
    #expect(first.displayedCells.isEmpty)
    #expect(second.events == ["display", "enter"])
    #expect(second.displayedCells == Array(20..<30))
    #expect(second.endedCells.isEmpty)
  }

  // MARK: - Counts

  @Test func test_whenSettingUpTest_thenCollectionViewIsLoaded() {
    let (adapter, _) = setUp([KeyedObject(1, 2), KeyedObject(2, 3)])
    #expect(counts(adapter) == [2, 3])
  }

  @Test func test_whenObjectEqualityChanges_thatSectionCountChanges() {
    let (adapter, source) = setUp([KeyedObject(1, 2), KeyedObject(2, 2)])
    let objects = [KeyedObject(1, 2), KeyedObject(2, 3), KeyedObject(3, 2)]
    #expect(update(adapter, to: objects, source) == true)
    #expect(counts(adapter) == [2, 3, 2])
  }

  @Test func test_whenSectionControllerInsertsIndexes_thatCountsAreUpdated() {
    let object = KeyedObject(1, 2)
    let (adapter, _) = setUp([object, KeyedObject(2, 2)])
    let section = controller(adapter, 1)
    var seen: [Int]?
    section.collectionContext?.performBatch(
      for: section, animated: true,
      updates: {
        object.value = 3
        $0.insert([2])
      }, completion: { _ in seen = counts(adapter) })
    #expect(seen == [3, 2])
  }

  @Test func test_whenSectionControllerDeletesIndexes_thatCountsAreUpdated() {
    let object = KeyedObject(1, 2)
    let (adapter, _) = setUp([object, KeyedObject(2, 2)])
    let section = controller(adapter, 1)
    var seen: [Int]?
    section.collectionContext?.performBatch(
      for: section, animated: true,
      updates: {
        object.value = 1
        $0.delete([0])
      }, completion: { _ in seen = counts(adapter) })
    #expect(seen == [1, 2])
  }

  @Test func test_whenSectionControllerMoves_withSectionControllerMutations_thatCollectionViewWorks() {
    let object = KeyedObject(1, 2)
    let (adapter, source) = setUp([object, KeyedObject(2, 2)])
    let section = controller(adapter, 1)
    source.objects = [KeyedObject(2, 2), object]
    adapter.performUpdates(animated: true)
    var seen: [Int]?
    section.collectionContext?.performBatch(
      for: section, animated: true,
      updates: {
        object.value = 3
        $0.insert([2])
      }, completion: { _ in seen = counts(adapter) })
    adapter.flushPendingUpdates()
    #expect(seen == [2, 3])
    #expect(adapter.collectionView.diagnostics.isEmpty)
  }

  @Test func test_whenItemIsRemoved_withSectionControllerMutations_thatCollectionViewWorks() {
    let object = KeyedObject(1, 2)
    let (adapter, source) = setUp([KeyedObject(2, 2), object])
    let section = controller(adapter, 1)
    source.objects = [KeyedObject(2, 2)]
    adapter.performUpdates(animated: true)
    var seen: [Int]?
    section.collectionContext?.performBatch(
      for: section, animated: true,
      updates: {
        object.value = 1
        $0.delete([0])
      }, completion: { _ in seen = counts(adapter) })
    adapter.flushPendingUpdates()
    #expect(seen == [2])
    #expect(adapter.collectionView.diagnostics.isEmpty)
  }

  @Test func test_whenPerformingUpdates_withUnequalItem_withItemMoving_thatCollectionViewCountsUpdate() {
    let (adapter, source) = setUp([KeyedObject(1, 2), KeyedObject(2, 2)])
    let objects = [KeyedObject(3, 2), KeyedObject(1, 3), KeyedObject(2, 2)]
    #expect(update(adapter, to: objects, source) == true)
    #expect(counts(adapter) == [2, 3, 2])
  }

  @Test func test_whenPerformingUpdates_withNewItemInstances_thatSectionControllersEqual() {
    let (adapter, source) = setUp([KeyedObject(1, 2), KeyedObject(2, 2)])
    let first = controller(adapter, 1)
    let second = controller(adapter, 2)
    #expect(update(adapter, to: [KeyedObject(1, 3), KeyedObject(2, 2)], source) == true)
    #expect(counts(adapter) == [3, 2])
    #expect(adapter.sectionController(forSection: 0) === first)
    #expect(adapter.sectionController(forSection: 1) === second)
  }

  @Test func test_whenSectionControllerMutates_withReloadData_thatSectionControllerMutationIsApplied() {
    let object = KeyedObject(1, 2)
    let (adapter, source) = setUp([object, KeyedObject(2, 2)])
    let section = controller(adapter, 1)
    adapter.performUpdates()  // a pending update holds the batch back
    section.collectionContext?.performBatch(
      for: section, animated: true,
      updates: {
        object.value = 3
        $0.insert([2])
      }, completion: nil)
    var seen: [Int]?
    adapter.reloadData { _ in seen = counts(adapter) }
    #expect(seen == [3, 2])
    #expect(adapter.dataSource === source)
  }

  @Test func test_whenReloadingItems_withDeleteAndInsertCollision_thatUpdateCanBeApplied() {
    let (adapter, _) = setUp([KeyedObject(1, 1), KeyedObject(2, 5), KeyedObject(3, 1)])
    let section = controller(adapter, 2)
    var finished: Bool?
    section.collectionContext?.performBatch(
      for: section,
      updates: {
        $0.delete([1, 2])
        $0.insert([1, 2])
        $0.reload([1, 2, 3, 4])
      }, completion: { finished = $0 })
    #expect(finished != nil)
    #expect(counts(adapter) == [1, 5, 1])
  }

  @Test func test_whenReloadingSameItemTwice_thatDeletesAndInsertsAreBalanced() {
    let (adapter, _) = setUp([KeyedObject(1, 4)])
    let section = controller(adapter, 1)
    var finished: Bool?
    section.collectionContext?.performBatch(
      for: section, animated: true,
      updates: {
        $0.reload([0])
        $0.reload([0])
      }, completion: { finished = $0 })
    #expect(finished == true)
    #expect(counts(adapter) == [4])
    #expect(adapter.collectionView.diagnostics.isEmpty)
  }
}
