extension ListAdapter {
  /// Diffs the data source's objects against the current ones and applies the difference:
  /// surviving identifiers keep their controller, ``SectionController/didUpdate(to:)`` is called
  /// only where the object changed, and sections are inserted, deleted, moved and reloaded in one
  /// batch. Calls in the same turn are coalesced into one update; a call during an update runs
  /// after it. `completion` is called once the update is applied.
  public func performUpdates(completion: ((Bool) -> Void)? = nil) {
    if let completion { pendingCompletions.append(completion) }
    if isUpdating {
      needsAnotherUpdate = true
      return
    }
    guard !updateScheduled else { return }
    updateScheduled = true
    scheduler { [weak self] in self?.flushPendingUpdates() }
  }

  /// Applies a pending ``performUpdates(completion:)`` now.
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
    applying {
      let resolved = resolveControllers()
      for controller in displayedControllers { forgetDisplayedCells(of: controller) }
      install(resolved)
      for (object, controller) in zip(resolved.objects, resolved.controllers) {
        update(controller, to: object)
      }
      collectionView.reloadData()
    }
    updateVisibility()
    completion?(true)
  }

  /// Reloads the sections of these objects (their controllers get the objects again).
  public func reloadObjects(_ objects: [any ListDiffable]) {
    applying {
      var updates = BatchUpdates()
      for object in objects {
        guard let controller = controllerByIdentifier[AnyDiffIdentifier(object)],
          let section = section(for: controller)
        else { continue }
        forgetDisplayedCells(of: controller)
        update(controller, to: object)
        updates.reloadedSections.append(section)
      }
      if !updates.isEmpty { collectionView.performBatchUpdates(updates) }
    }
    updateVisibility()
  }

  private func applyUpdate() {
    applying {
      let resolved = resolveControllers()
      let changes = Self.diff(old: objects, resolved)
      let oldControllers = controllers
      for old in changes.updates { forgetDisplayedCells(of: oldControllers[old]) }
      install(resolved)
      // didUpdate only where the controller is new or its object's content changed, in section
      // order, with every controller already in its new section.
      var updatedNew = resolved.created
      for old in changes.updates { updatedNew.append(oldControllers[old].sectionIndex) }
      updatedNew.sort()
      for index in updatedNew { update(controllers[index], to: objects[index]) }
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
    }
    updateVisibility()
  }

  /// Runs `body` as the application of an update, then the item batches controllers asked for
  /// during it, in the new numbering.
  private func applying(_ body: () -> Void) {
    let wasApplying = isApplyingUpdate
    isApplyingUpdate = true
    body()
    isApplyingUpdate = wasApplying
    guard !wasApplying else { return }
    while !heldBatches.isEmpty {
      let batches = heldBatches
      heldBatches = []
      for batch in batches { batch() }
    }
  }

  /// Gives `controller` its object. An item batch it asks for meanwhile is part of this update
  /// (its section is inserted or reloaded), so it is folded in rather than applied on its own.
  private func update(_ controller: SectionController, to object: any ListDiffable) {
    let previous = controllerBeingUpdated
    controllerBeingUpdated = ObjectIdentifier(controller)
    controller.didUpdate(to: object)
    controllerBeingUpdated = previous
  }

  /// The section-level diff, from the pairing ``resolveControllers()`` found: no symbol table,
  /// no hashing, and no content check of an object found unchanged while pairing. Not isolated:
  /// it reads only its arguments.
  private nonisolated static func diff(old: [any ListDiffable], _ resolved: Resolution) -> IndexChanges {
    let new = resolved.objects
    let contents = resolved.contents
    return SectionalDiff.diff(oldCount: old.count, newToOld: resolved.oldIndexes) {
      switch contents[$1] {
      case .unchanged: true
      case .changed: false
      case .unknown: isEqualDiffable(old[$0], new[$1])
      }
    }
  }
}
