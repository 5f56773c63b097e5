extension ListAdapter {
  /// Diffs the data source's objects against the current ones and applies the difference:
  /// surviving identifiers keep their controller, ``SectionController/didUpdate(to:)`` is called
  /// only where the object changed, and sections are inserted, deleted, moved and reloaded in one
  /// batch. Calls in the same turn are coalesced into one update; a call during an update runs
  /// after it. Animated (IGListKit's `performUpdatesAnimated:`), the collection view builds a
  /// transition a front plays; the update is animated when every call coalesced into it asked
  /// for it. `completion` is called once the update is applied.
  public func performUpdates(animated: Bool = false, completion: ((Bool) -> Void)? = nil) {
    guard updater.request(animated: animated, completion: completion) else { return }
    scheduler { [weak self] in self?.flushPendingUpdates() }
  }

  /// Applies a pending ``performUpdates(animated:completion:)`` now. While the user moves a
  /// section, updates wait until it is dropped or put back (its order is not the data source's
  /// yet), then apply.
  public func flushPendingUpdates() {
    guard sectionMovement == nil else { return }
    updater.flush { applyUpdate(animated: $0) }
  }

  /// Rebuilds everything from the data source without diffing. Controllers of surviving
  /// identifiers are still kept.
  public func reloadData(completion: ((Bool) -> Void)? = nil) {
    // A section being moved goes back first: the data source has not been told of it.
    cancelSectionMovement(animated: false)
    updater.applying {
      let resolved = resolveControllers()
      for controller in visibility.displayedControllers { visibility.forgetDisplayedCells(of: controller) }
      sectionMap.install(resolved, context: context)
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
    cancelSectionMovement(animated: false)
    updater.applying {
      var updates = BatchUpdates()
      for object in objects {
        guard let controller = sectionMap.controller(for: AnyDiffIdentifier(object)),
          let section = section(for: controller)
        else { continue }
        visibility.forgetDisplayedCells(of: controller)
        update(controller, to: object)
        updates.reloadedSections.append(section)
      }
      if !updates.isEmpty { collectionView.performBatchUpdates(updates) }
    }
    updateVisibility()
  }

  private func applyUpdate(animated: Bool) {
    cancelSectionMovement(animated: false)
    // What the view shows is captured before the controllers change under it.
    collectionView.capturingStart(animated) { applyUpdate(animatingBatch: animated) }
  }

  private func applyUpdate(animatingBatch animated: Bool) {
    updater.applying {
      let resolved = resolveControllers()
      let changes = Self.diff(old: objects, resolved)
      let oldControllers = controllers
      for old in changes.updates { visibility.forgetDisplayedCells(of: oldControllers[old]) }
      sectionMap.install(resolved, context: context)
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
        collectionView.performBatchUpdates(updates, animated: animated)
      }
    }
    updateVisibility()
  }

  /// Asks the data source for its objects and resolves them against the section map; reports
  /// dropped duplicates and keeps the empty view.
  private func resolveControllers() -> SectionMap.Resolution {
    guard let dataSource else {
      return SectionMap.Resolution(kept: Array(repeating: false, count: controllers.count))
    }
    let resolved = sectionMap.resolve(dataSource.objects(for: self)) {
      dataSource.listAdapter(self, sectionControllerFor: $0)
    }
    if !resolved.duplicates.isEmpty {
      report(
        Diagnostic(
          .duplicateIdentifiers,
          "duplicate identifiers dropped (first occurrence kept): "
            + resolved.duplicates.map(\.description).joined(separator: ", ")))
    }
    emptyView = resolved.objects.isEmpty ? dataSource.emptyView(for: self) : nil
    return resolved
  }

  /// Gives `controller` its object. An item batch it asks for meanwhile is part of this update
  /// (its section is inserted or reloaded), so it is folded in rather than applied on its own.
  private func update(_ controller: SectionController, to object: any ListDiffable) {
    updater.updating(controller) { controller.didUpdate(to: object) }
  }

  /// The section-level diff, from the pairing ``resolveControllers()`` found: no symbol table,
  /// no hashing, and no content check of an object found unchanged while pairing. Not isolated:
  /// it reads only its arguments.
  private nonisolated static func diff(old: [any ListDiffable], _ resolved: SectionMap.Resolution)
    -> IndexChanges
  {
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
