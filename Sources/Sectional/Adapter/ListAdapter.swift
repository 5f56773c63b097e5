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
    let resolved = resolveControllers()
    install(resolved)
    for (object, controller) in zip(resolved.objects, resolved.controllers) {
      controller.didUpdate(to: object)
    }
    collectionView.reloadData()
    updateVisibility()
    completion?(true)
  }

  /// Reloads the sections of these objects (their controllers get the objects again).
  public func reloadObjects(_ objects: [any ListDiffable]) {
    var updates = BatchUpdates()
    for object in objects {
      guard let controller = controllerByIdentifier[AnyDiffIdentifier(object)],
        let section = sectionByControllerLookup(controller)
      else { continue }
      controller.didUpdate(to: object)
      updates.reloadedSections.append(section)
    }
    guard !updates.isEmpty else { return }
    collectionView.performBatchUpdates(updates)
    updateVisibility()
  }

  private func applyUpdate() {
    let resolved = resolveControllers()
    let changes = Self.diff(old: objects, new: resolved.objects, newToOld: resolved.oldIndexes)
    let oldControllers = controllers
    install(resolved)
    // didUpdate only where the controller is new or its object's content changed, in section
    // order, with every controller already in its new section.
    var updatedNew = resolved.created
    for old in changes.updates { updatedNew.append(oldControllers[old].sectionIndex) }
    updatedNew.sort()
    for index in updatedNew { controllers[index].didUpdate(to: objects[index]) }
    let batch = changes.forBatchUpdates()
    var updates = BatchUpdates()
    updates.deletedSections = batch.deletes
    updates.insertedSections = batch.inserts
    updates.movedSections = batch.moves
    updates.reloadedSections = batch.updates
    if updates.isEmpty {
      collectionView.layoutIfNeeded()
    } else {
      collectionView.performBatchUpdates(updates)
    }
    updateVisibility()
  }

  /// The section-level diff, from the pairing ``resolveControllers()`` found: no symbol table,
  /// no hashing. Not isolated: it reads only its arguments.
  private nonisolated static func diff(
    old: [any ListDiffable], new: [any ListDiffable], newToOld: [Int]
  ) -> IndexChanges {
    SectionalDiff.diff(oldCount: old.count, newToOld: newToOld) { isEqualDiffable(old[$0], new[$1]) }
  }

  /// The outcome of asking the data source: its objects with duplicates dropped, their
  /// identities, a controller for each, and how they pair with the current list.
  private struct Resolution {
    var objects: [any ListDiffable] = []
    var identifiers: [AnyDiffIdentifier] = []
    var controllers: [SectionController] = []
    /// For each new object, the index of the same identifier in the current list, or -1.
    var oldIndexes: [Int] = []
    /// Indexes of the controllers the data source made for this update, ascending.
    var created: [Int] = []
    /// For each current section, whether its identifier is still in the list.
    var kept: [Bool] = []
  }

  /// The new objects (duplicates dropped) and a controller for each: the existing one for a
  /// surviving identifier, a new one otherwise.
  ///
  /// Most updates change a few objects, so an identifier is first compared with the current
  /// list at the offset where the previous one matched: a run of unchanged order matches without
  /// hashing. Only the first object of each run looks its identifier up.
  private func resolveControllers() -> Resolution {
    guard let dataSource else { return Resolution(kept: Array(repeating: false, count: controllers.count)) }
    let all = dataSource.objects(for: self)
    var resolved = Resolution()
    resolved.objects.reserveCapacity(all.count)
    resolved.identifiers.reserveCapacity(all.count)
    resolved.controllers.reserveCapacity(all.count)
    resolved.oldIndexes.reserveCapacity(all.count)
    resolved.kept = Array(repeating: false, count: controllers.count)
    var createdIdentifiers: Set<AnyDiffIdentifier> = []
    var duplicates: [AnyDiffIdentifier] = []
    var offset = 0
    for object in all {
      let identifier = AnyDiffIdentifier(object)
      let index = resolved.objects.count
      var old = index &+ offset
      if old < 0 || old >= identifiers.count || identifiers[old] != identifier {
        old = controllerByIdentifier[identifier]?.sectionIndex ?? -1
        // A controller the data source gave for two objects knows only one of its sections.
        if old >= 0 && (old >= identifiers.count || identifiers[old] != identifier) { old = -1 }
      }
      let controller: SectionController
      if old >= 0 {
        guard !resolved.kept[old] else {
          duplicates.append(identifier)
          continue
        }
        resolved.kept[old] = true
        offset = old &- index
        controller = controllers[old]
      } else {
        guard createdIdentifiers.insert(identifier).inserted else {
          duplicates.append(identifier)
          continue
        }
        controller = dataSource.listAdapter(self, sectionControllerFor: object)
        resolved.created.append(index)
      }
      resolved.objects.append(object)
      resolved.identifiers.append(identifier)
      resolved.controllers.append(controller)
      resolved.oldIndexes.append(old)
    }
    if !duplicates.isEmpty {
      report(
        "duplicate identifiers dropped (first occurrence kept): \(duplicates.map(\.description).joined(separator: ", "))"
      )
    }
    emptyView = resolved.objects.isEmpty ? dataSource.emptyView(for: self) : nil
    return resolved
  }

  /// Makes the resolved list current: controllers that left lose their context, new ones get
  /// it, every controller learns its section, and the identifier map changes by what changed.
  private func install(_ resolved: Resolution) {
    for (old, kept) in resolved.kept.enumerated() where !kept {
      controllerByIdentifier[identifiers[old]] = nil
    }
    for index in resolved.created {
      controllerByIdentifier[resolved.identifiers[index]] = resolved.controllers[index]
    }
    for (index, controller) in resolved.controllers.enumerated() { controller.sectionIndex = index }
    // A controller of a removed section leaves, unless it also serves a section of the new list
    // (a data source that hands out one controller twice).
    for (old, kept) in resolved.kept.enumerated() where !kept {
      let controller = controllers[old]
      let index = controller.sectionIndex
      guard index < 0 || index >= resolved.controllers.count || resolved.controllers[index] !== controller
      else { continue }
      controller.collectionContext = nil
      controller.sectionIndex = -1
      controller.isFirstSection = false
      controller.isLastSection = false
    }
    for index in resolved.created { resolved.controllers[index].collectionContext = self }
    controllers.first?.isFirstSection = false
    controllers.last?.isLastSection = false
    resolved.controllers.first?.isFirstSection = true
    resolved.controllers.last?.isLastSection = true
    objects = resolved.objects
    identifiers = resolved.identifiers
    controllers = resolved.controllers
    visibleSections = visibleSections.filter { $0 < controllers.count }
    workingRangeSections = workingRangeSections.filter { $0 < controllers.count }
  }

  // MARK: - Lookups

  public func sectionController(for object: any ListDiffable) -> SectionController? {
    controllerByIdentifier[AnyDiffIdentifier(object)]
  }

  public func object(for controller: SectionController) -> (any ListDiffable)? {
    sectionByControllerLookup(controller).map { objects[$0] }
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
    let index = controller.sectionIndex
    return controllers.indices.contains(index) && controllers[index] === controller ? index : nil
  }

  func report(_ message: String) {
    if diagnostics.count == 256 { diagnostics.removeFirst(64) }
    diagnostics.append(message)
    diagnosticHandler?(message)
  }
}
