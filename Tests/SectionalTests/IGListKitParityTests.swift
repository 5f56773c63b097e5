import Sectional
import Testing

// IGListKit's own tests, translated: the same inputs and the same expected outputs, each named
// after the test it mirrors (IGListAdapterE2ETests, IGListAdapterTests).

/// IGListKit's `IGTestObject`: a key and a mutable value, which its controller shows as that
/// many items. A class, so a batch can change it in place, as IGListKit's tests do.
final class KeyedObject: ListDiffable {
  let key: Int
  var value: Int
  init(_ key: Int, _ value: Int) {
    self.key = key
    self.value = value
  }
  var diffIdentifier: Int { key }
  func isEqual(toDiffableObject other: KeyedObject) -> Bool { key == other.key && value == other.value }
}

/// IGListKit's `IGTestDelegateController`: as many items as its object's value; counts its
/// updates and can run code from inside `didUpdate(to:)`.
@MainActor
final class KeyedController: GenericSectionController<KeyedObject> {
  var updateCount = 0
  var onUpdate: ((KeyedController) -> Void)?
  override func numberOfItems() -> Int { object?.value ?? 0 }
  override func didUpdate(to object: any ListDiffable) {
    super.didUpdate(to: object)
    updateCount += 1
    onUpdate?(self)
  }
}

@MainActor
@Suite struct IGListKitParityTests {
  func keyedAdapter(_ objects: [any ListDiffable]) -> (ListAdapter, ClosureSource) {
    let source = ClosureSource(objects) { _ in KeyedController() }
    let adapter = ListAdapter(collectionView: CollectionView(size: Size(width: 100, height: 100)))
    adapter.scheduler = { _ in }
    adapter.dataSource = source
    adapter.reloadData()
    return (adapter, source)
  }

  func counts(_ adapter: ListAdapter) -> [Int] {
    (0..<adapter.collectionView.numberOfSections).map { adapter.collectionView.numberOfItems(inSection: $0) }
  }

  // MARK: - IGListAdapterE2ETests

  @Test func test_whenPerformingUpdates_withSectionControllerMutations_thatCollectionCountsAreUpdated() {
    let object1 = KeyedObject(1, 2)
    let object2 = KeyedObject(2, 2)
    let (adapter, source) = keyedAdapter([object1, object2])
    // A new object in front of the ones whose controllers change their items.
    source.objects = [KeyedObject(3, 1), object1, object2]
    let controller1 = adapter.sectionController(for: object1)!
    let controller2 = adapter.sectionController(for: object2)!
    adapter.performUpdates()
    var seen: [Int]?
    controller1.collectionContext?.performBatch(
      for: controller1,
      updates: { updates in
        object1.value = 1
        updates.delete([0])
      }, completion: nil)
    controller2.collectionContext?.performBatch(
      for: controller2,
      updates: { updates in
        object2.value = 3
        updates.insert([2])
        updates.reload([0])
      }, completion: { _ in seen = counts(adapter) })
    adapter.flushPendingUpdates()
    // The completion saw the update's new section too.
    #expect(seen == [1, 1, 3])
    #expect(counts(adapter) == [1, 1, 3])
    #expect(adapter.collectionView.diagnostics.isEmpty)
  }

  @Test func test_whenDataSourceDeallocatedAfterUpdateQueued_thatUpdateSuccesfullyCompletes() {
    var source: ClosureSource? = ClosureSource([KeyedObject(1, 1)]) { _ in KeyedController() }
    let adapter = ListAdapter(collectionView: CollectionView(size: Size(width: 100, height: 100)))
    adapter.scheduler = { _ in }
    adapter.dataSource = source
    adapter.reloadData()
    source?.objects = [KeyedObject(1, 1), KeyedObject(2, 2)]
    var sections: Int?
    adapter.performUpdates { _ in sections = adapter.collectionView.numberOfSections }
    source = nil
    adapter.flushPendingUpdates()
    #expect(sections == 2)
    // The queued update held the data source until it ran, not longer.
    #expect(adapter.dataSource == nil)
  }

  @Test func test_whenReloadingItems_withNewItemInstances_thatSectionControllersReceiveNewInstances() {
    let (adapter, _) = keyedAdapter([KeyedObject(1, 2), KeyedObject(2, 2), KeyedObject(3, 2)])
    let controller1 = adapter.sectionController(for: KeyedObject(1, 2)) as! KeyedController
    let controller2 = adapter.sectionController(for: KeyedObject(2, 2)) as! KeyedController
    let newObjects = [KeyedObject(1, 3), KeyedObject(2, 3)]
    adapter.reloadObjects(newObjects)
    #expect(controller1.object === newObjects[0])
    #expect(controller2.object === newObjects[1])
    #expect(adapter.objects.contains { ($0 as? KeyedObject) === newObjects[0] })
    #expect(adapter.objects.contains { ($0 as? KeyedObject) === newObjects[1] })
    #expect(counts(adapter) == [3, 3, 2])
  }

  /// IGListKit's reloadObjects gives a controller its object only when it is another instance, so
  /// one that reloads itself from `didUpdateToObject:` is not updated again.
  @Test("-[IGListAdapter reloadObjects:] from -didUpdateToObject: ends after one round")
  func reloadObjectsFromDidUpdateEndsAfterOneRound() {
    let adapter = ListAdapter(collectionView: CollectionView(size: Size(width: 100, height: 100)))
    let source = ClosureSource([KeyedObject(1, 1), KeyedObject(2, 1)]) { [weak adapter] _ in
      let controller = KeyedController()
      controller.onUpdate = { [weak adapter] controller in
        // A guard, so that the old behaviour fails the test rather than never ending.
        guard controller.updateCount < 8, let object = controller.object else { return }
        adapter?.reloadObjects([object])
      }
      return controller
    }
    adapter.scheduler = { _ in }
    adapter.dataSource = source
    adapter.reloadData()
    let first = adapter.sectionController(forSection: 0) as! KeyedController
    #expect(first.updateCount == 1)
    adapter.reloadObjects([KeyedObject(1, 2)])
    #expect(first.updateCount == 2)
    source.objects = [KeyedObject(1, 3), KeyedObject(2, 1)]
    adapter.performUpdates()
    adapter.flushPendingUpdates()
    #expect(first.updateCount == 3)
    #expect(counts(adapter) == [3, 1])
    #expect(adapter.collectionView.diagnostics.isEmpty)
  }

  // MARK: - IGListAdapterTests

  @Test func test_whenReloadingData_withNoDataSource_thatCompletionCalledWithNO() {
    let adapter = ListAdapter(collectionView: CollectionView(size: Size(width: 100, height: 100)))
    var finished: Bool?
    adapter.reloadData { finished = $0 }
    #expect(finished == false)
  }
}
