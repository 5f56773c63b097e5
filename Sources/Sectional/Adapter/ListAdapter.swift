/// Maps model objects to section controllers — one per object, matched by diff identifier and
/// kept alive across updates — and drives a ``CollectionView`` with the smallest batch updates.
@MainActor
public final class ListAdapter {
  public weak var dataSource: (any ListAdapterDataSource)?
  public let collectionView: CollectionView
  /// Sections this many beyond the visible ones are in the working range.
  public let workingRangeSize: Int

  /// Runs a coalesced update later in this turn's run loop. The default schedules a main-actor
  /// task; a front with its own loop (the terminal) calls ``flushPendingUpdates()`` instead.
  public var scheduler: (@escaping @MainActor () -> Void) -> Void = { work in
    Task { @MainActor in work() }
  }

  /// Problems found and corrected (duplicate identifiers…), most recent last.
  public private(set) var diagnostics: [String] = []
  public var diagnosticHandler: ((String) -> Void)?

  public private(set) var objects: [any ListDiffable] = []
  /// `objects`' identities, boxed once per update.
  private var identifiers: [AnyDiffIdentifier] = []
  private var controllers: [SectionController] = []
  private var controllerByIdentifier: [AnyDiffIdentifier: SectionController] = [:]
  private var sectionByController: [ObjectIdentifier: Int] = [:]
  private var pendingCompletions: [(Bool) -> Void] = []
  private var updateScheduled = false
  private var isUpdating = false
  private var needsAnotherUpdate = false
  private var visibleSections: Set<Int> = []
  private var workingRangeSections: Set<Int> = []
  /// What to show when there are no objects.
  public private(set) var emptyView: CellDescriptor?

  public init(collectionView: CollectionView, workingRangeSize: Int = 0) {
    self.collectionView = collectionView
    self.workingRangeSize = max(0, workingRangeSize)
    collectionView.dataSource = self
    collectionView.delegate = self
    collectionView.layout.dataSource = self
  }

  // MARK: - Updates

  /// Diffs the data source's objects against the current ones and applies the difference:
  /// surviving identifiers keep their controller, ``SectionController/didUpdate(to:)`` is called
  /// only where the object changed, and sections are inserted, deleted, moved and reloaded in one
  /// batch. Calls in the same turn are coalesced into one update; a call during an update runs
  /// after it. `completion` is called once the update is applied.
  public func performUpdates(animated: Bool = true, completion: ((Bool) -> Void)? = nil) {
    if let completion { pendingCompletions.append(completion) }
    if isUpdating {
      needsAnotherUpdate = true
      return
    }
    guard !updateScheduled else { return }
    updateScheduled = true
    scheduler { [weak self] in self?.flushPendingUpdates() }
  }

  /// Applies a pending ``performUpdates(animated:completion:)`` now.
  public func flushPendingUpdates() {
    guard updateScheduled || needsAnotherUpdate, !isUpdating else { return }
    repeat {
      updateScheduled = false
      needsAnotherUpdate = false
      let completions = pendingCompletions
      pendingCompletions = []
      isUpdating = true
      applyUpdate()
      // Still updating while completions run: an update they ask for is queued for the next
      // round of this loop.
      for completion in completions { completion(true) }
      isUpdating = false
    } while needsAnotherUpdate
  }

  /// Rebuilds everything from the data source without diffing. Controllers of surviving
  /// identifiers are still kept.
  public func reloadData(completion: ((Bool) -> Void)? = nil) {
    let (newObjects, newIdentifiers, newControllers) = resolveControllers()
    for (object, controller) in zip(newObjects, newControllers) { controller.didUpdate(to: object) }
    install(newObjects, newIdentifiers, newControllers)
    collectionView.reloadData()
    updateVisibility()
    completion?(true)
  }

  /// Reloads the sections of these objects (their controllers get the objects again).
  public func reloadObjects(_ objects: [any ListDiffable]) {
    var updates = BatchUpdates()
    for object in objects {
      guard let controller = controllerByIdentifier[AnyDiffIdentifier(object)],
        let section = sectionByController[ObjectIdentifier(controller)]
      else { continue }
      controller.didUpdate(to: object)
      updates.reloadedSections.append(section)
    }
    guard !updates.isEmpty else { return }
    collectionView.performBatchUpdates(updates)
    updateVisibility()
  }

  private func applyUpdate() {
    let (newObjects, newIdentifiers, newControllers) = resolveControllers()
    let result = diff(
      old: Array(objects.indices), new: Array(newObjects.indices).map { -1 - $0 },
      identifier: { $0 >= 0 ? identifiers[$0] : newIdentifiers[-1 - $0] },
      isEqual: { isEqualDiffable(objects[$0], newObjects[-1 - $1]) })
    // didUpdate only where the object is new or its content changed.
    var updatedNew = Set(result.updates.compactMap { result.newIndex(for: identifiers[$0]) })
    for (index, controller) in newControllers.enumerated()
    where controllerByIdentifier[newIdentifiers[index]] !== controller {
      updatedNew.insert(index)
    }
    for index in updatedNew.sorted() { newControllers[index].didUpdate(to: newObjects[index]) }
    let batch = result.forBatchUpdates()
    var updates = BatchUpdates()
    updates.deletedSections = batch.deletes
    updates.insertedSections = batch.inserts
    updates.movedSections = batch.moves.map { .init(from: $0.from, to: $0.to) }
    updates.reloadedSections = batch.updates
    install(newObjects, newIdentifiers, newControllers)
    if updates.isEmpty {
      collectionView.layoutIfNeeded()
    } else {
      collectionView.performBatchUpdates(updates)
    }
    updateVisibility()
  }

  /// The new objects (duplicates dropped) and a controller for each: the existing one for a
  /// surviving identifier, a new one otherwise.
  private func resolveControllers() -> ([any ListDiffable], [AnyDiffIdentifier], [SectionController]) {
    guard let dataSource else { return ([], [], []) }
    var seen = Set<AnyDiffIdentifier>()
    var duplicates: [AnyDiffIdentifier] = []
    var newObjects: [any ListDiffable] = []
    var newIdentifiers: [AnyDiffIdentifier] = []
    for object in dataSource.objects(for: self) {
      let identifier = AnyDiffIdentifier(object)
      if seen.insert(identifier).inserted {
        newObjects.append(object)
        newIdentifiers.append(identifier)
      } else {
        duplicates.append(identifier)
      }
    }
    if !duplicates.isEmpty {
      report(
        "duplicate identifiers dropped (first occurrence kept): \(duplicates.map(\.description).joined(separator: ", "))"
      )
    }
    let newControllers = zip(newObjects, newIdentifiers).map { object, identifier in
      controllerByIdentifier[identifier] ?? dataSource.listAdapter(self, sectionControllerFor: object)
    }
    emptyView = newObjects.isEmpty ? dataSource.emptyView(for: self) : nil
    return (newObjects, newIdentifiers, newControllers)
  }

  private func install(
    _ newObjects: [any ListDiffable], _ newIdentifiers: [AnyDiffIdentifier],
    _ newControllers: [SectionController]
  ) {
    let kept = Set(newControllers.map(ObjectIdentifier.init))
    for controller in controllers where !kept.contains(ObjectIdentifier(controller)) {
      controller.collectionContext = nil
    }
    objects = newObjects
    identifiers = newIdentifiers
    controllers = newControllers
    controllerByIdentifier = Dictionary(minimumCapacity: newControllers.count)
    sectionByController = Dictionary(minimumCapacity: newControllers.count)
    for (index, controller) in newControllers.enumerated() {
      controllerByIdentifier[newIdentifiers[index]] = controller
      sectionByController[ObjectIdentifier(controller)] = index
      controller.collectionContext = self
      controller.isFirstSection = index == 0
      controller.isLastSection = index == newControllers.count - 1
    }
    visibleSections = visibleSections.filter { $0 < controllers.count }
    workingRangeSections = workingRangeSections.filter { $0 < controllers.count }
  }

  // MARK: - Lookups

  public func sectionController(for object: any ListDiffable) -> SectionController? {
    controllerByIdentifier[AnyDiffIdentifier(object)]
  }

  public func object(for controller: SectionController) -> (any ListDiffable)? {
    sectionByController[ObjectIdentifier(controller)].map { objects[$0] }
  }

  public func sectionController(forSection section: Int) -> SectionController? {
    controllers.indices.contains(section) ? controllers[section] : nil
  }

  /// The objects with at least one element on screen, in section order.
  public var visibleObjects: [any ListDiffable] { visibleSections.sorted().map { objects[$0] } }

  /// The controllers with at least one element on screen, in section order.
  public var visibleSectionControllers: [SectionController] {
    visibleSections.sorted().map { controllers[$0] }
  }

  /// Scrolls so that the object's section starts at the top (as far as the content allows).
  public func scroll(to object: any ListDiffable, animated: Bool = false) {
    guard let controller = sectionController(for: object) else { return }
    scroll(to: controller, item: 0, animated: animated)
  }

  // MARK: - Visibility

  /// Tells display, working-range and scroll delegates what changed on screen.
  func updateVisibility() {
    let visible = Set(collectionView.visibleElements().map(\.indexPath.section)).filter {
      $0 < controllers.count
    }
    for section in visibleSections.subtracting(visible).sorted() {
      controllers[section].displayDelegate?.didEndDisplaying(controllers[section])
    }
    for section in visible.subtracting(visibleSections).sorted() {
      controllers[section].displayDelegate?.willDisplay(controllers[section])
    }
    visibleSections = visible
    var range: Set<Int> = []
    if let low = visible.min(), let high = visible.max() {
      range = Set(max(0, low - workingRangeSize)...min(controllers.count - 1, high + workingRangeSize))
    }
    for section in workingRangeSections.subtracting(range).sorted() {
      controllers[section].workingRangeDelegate?.didExitWorkingRange(controllers[section])
    }
    for section in range.subtracting(workingRangeSections).sorted() {
      controllers[section].workingRangeDelegate?.willEnterWorkingRange(controllers[section])
    }
    workingRangeSections = range
  }

  var controllerCount: Int { controllers.count }

  func controllerAt(_ section: Int) -> SectionController? {
    controllers.indices.contains(section) ? controllers[section] : nil
  }

  func sectionByControllerLookup(_ controller: SectionController) -> Int? {
    sectionByController[ObjectIdentifier(controller)]
  }

  func report(_ message: String) {
    if diagnostics.count == 256 { diagnostics.removeFirst(64) }
    diagnostics.append(message)
    diagnosticHandler?(message)
  }
}
