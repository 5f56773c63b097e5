extension ListAdapter {
  /// Diffs the data source's objects against the current ones and applies the difference:
  /// surviving identifiers keep their controller, ``SectionController/didUpdate(to:)`` is called
  /// only where the object changed, and sections are inserted, deleted, moved and reloaded in one
  /// batch. Calls in the same turn are coalesced into one update; a call during an update runs
  /// after it. Animated (IGListKit's `performUpdatesAnimated:`), the collection view builds a
  /// transition a front plays; the update is animated when every call coalesced into it asked
  /// for it. `completion` is called once the update is applied.
  public func performUpdates(animated: Bool = false, completion: ((Bool) -> Void)? = nil) {
    if let dataSource { queuedDataSource = dataSource }
    guard updater.request(animated: animated, completion: completion) else { return }
    // A front drawing the view applies the update before its next frame, if the scheduled
    // flush has not run by then.
    collectionView.setNeedsDisplay()
    scheduler { [weak self] in self?.flushPendingUpdates() }
  }

  /// Applies a pending ``performUpdates(animated:completion:)`` now. While the user moves a
  /// section, updates wait until it is dropped or put back (its order is not the data source's
  /// yet), then apply. The display and working-range delegates hear what a reload showed, if
  /// they have not yet: a front calls this before each frame.
  public func flushPendingUpdates() {
    defer { settleVisibility() }
    guard sectionMovement == nil else { return }
    updater.flush { applyUpdate(animated: $0) }
  }

  /// Rebuilds everything from the data source without diffing. Controllers of surviving
  /// identifiers are still kept. Without a data source nothing changes and `completion` gets
  /// false, as in IGListKit.
  ///
  /// The display and working-range delegates hear what is shown later, as IGListKit's cells
  /// appear at the next layout pass: at the collection view's next
  /// ``CollectionView/layoutIfNeeded()``, scroll or change, query of what is visible,
  /// ``flushPendingUpdates()``, or the end of the turn (through ``scheduler``). A scroll right
  /// after loading (to an item the app restores) then tells only the sections shown after it.
  public func reloadData(completion: ((Bool) -> Void)? = nil) {
    guard let dataSource else {
      completion?(false)
      return
    }
    // A section being moved goes back first: the data source has not been told of it.
    cancelSectionMovement(animated: false)
    // Batches waiting for a pending update change their models now: the reload shows them.
    let queued = updater.takeQueuedBatches()
    updater.applying {
      for batch in queued {
        var ignored = ItemUpdates()
        batch.updates(&ignored)
        batch.controller.forgetCachedItems()
      }
      let resolved = resolveControllers(from: dataSource)
      for controller in visibility.displayedControllers { visibility.forgetDisplayedCells(of: controller) }
      sectionMap.install(resolved, context: context)
      for (object, controller) in zip(objects, controllers) {
        _ = update(controller, to: object, sectionReloads: true)
      }
      collectionView.reloadData()
    }
    deferVisibilityUpdate()
    for batch in queued { batch.completion?(true) }
    completion?(true)
  }

  /// Reloads the sections of these objects: each takes the place of the object of its identifier
  /// (in ``objects`` too) and its controller gets it again. Called from a controller's
  /// ``SectionController/didUpdate(to:)``, the objects of that controller are only stored (its
  /// section is redone anyway), and the others reload once the update is in.
  public func reloadObjects(_ objects: [any ListDiffable]) {
    if updater.isApplyingUpdate {
      var later: [any ListDiffable] = []
      for object in objects {
        guard let controller = sectionMap.controller(for: AnyDiffIdentifier(object)),
          let section = section(for: controller)
        else { continue }
        if ObjectIdentifier(controller) == updater.controllerBeingUpdated {
          // Giving it the object again would run its didUpdate(to:), and so this call, again.
          sectionMap.replaceObject(at: section, with: object)
        } else {
          later.append(object)
        }
      }
      if !later.isEmpty { updater.hold { [weak self] in self?.reloadObjects(later) } }
      return
    }
    cancelSectionMovement(animated: false)
    updater.applying {
      var updates = BatchUpdates()
      for object in objects {
        guard let controller = sectionMap.controller(for: AnyDiffIdentifier(object)),
          let section = section(for: controller)
        else { continue }
        visibility.forgetDisplayedCells(of: controller)
        sectionMap.replaceObject(at: section, with: object)
        _ = update(controller, to: object, sectionReloads: true)
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

  /// A surviving section whose changes are item batches (its controller's own), not a reload.
  private struct ItemFold {
    let controller: SectionController
    let old: Int
    var batches: [ItemUpdates]
  }

  private func applyUpdate(animatingBatch animated: Bool) {
    let source = dataSource ?? queuedDataSource
    queuedDataSource = nil
    let queued = updater.takeQueuedBatches()
    var applied = true
    updater.applying {
      let resolved = resolveControllers(from: source)
      let changes = Self.diff(old: objects, resolved)
      // Not needed when sections are only added; holding it would make the install copy the list.
      let oldControllers = resolved.onlyAppends ? [] : controllers
      // The queued batches' sections before the install renumbers them.
      var queuedOld: [Int?] = []
      for batch in queued { queuedOld.append(section(for: batch.controller)) }
      sectionMap.install(resolved, context: context)
      // didUpdate only where the controller is new or its object's content changed, in section
      // order, with every controller already in its new section.
      var updatedNew = resolved.created
      for old in changes.updates { updatedNew.append(oldControllers[old].sectionIndex) }
      updatedNew.sort()
      var asked: [Int: ItemUpdates] = [:]
      for index in updatedNew {
        if case .items(let items) = update(controllers[index], to: objects[index]) { asked[index] = items }
      }
      // A changed controller that said what changed as one item batch (a binding controller)
      // keeps its other cells, sizes and selections: its section is not reloaded.
      var folds: [ObjectIdentifier: ItemFold] = [:]
      var reloads: [Int] = []
      for old in changes.updates {
        let controller = oldControllers[old]
        if let items = asked[controller.sectionIndex] {
          folds[ObjectIdentifier(controller)] = ItemFold(controller: controller, old: old, batches: [items])
        } else {
          reloads.append(old)
        }
      }
      // Batches asked for before the update change their models after the objects did, as
      // IGListKit runs them, and join its batch.
      let reloaded = Set(reloads)
      for (batch, old) in zip(queued, queuedOld) {
        var items = ItemUpdates()
        batch.updates(&items)
        batch.controller.forgetCachedItems()
        guard let old, section(for: batch.controller) != nil, !reloaded.contains(old) else { continue }
        let id = ObjectIdentifier(batch.controller)
        var fold = folds[id] ?? ItemFold(controller: batch.controller, old: old, batches: [])
        // An empty batch changes nothing, and another batch of the section stands in for it.
        if fold.batches.allSatisfy(\.isEmpty) {
          fold.batches = [items]
        } else if !items.isEmpty {
          fold.batches.append(items)
        }
        folds[id] = fold
      }
      // Two batches of one section are each in the numbering the other left: it is reloaded.
      var itemFolds: [ItemFold] = []
      for fold in folds.values {
        if fold.batches.count == 1 { itemFolds.append(fold) } else { reloads.append(fold.old) }
      }
      // The same batch whatever order the table keeps. Sorted as plain integers (the old section
      // above the fold's index), with no closure: sorting the folds moved their references many
      // times over, and a comparison closure here is main-actor isolated, checked at each call.
      let order = itemFolds.indices.map { itemFolds[$0].old << 32 | $0 }.sorted()
      itemFolds = order.map { itemFolds[$0 & 0xFFFF_FFFF] }
      reloads.sort()
      for old in reloads { visibility.forgetDisplayedCells(of: oldControllers[old]) }
      let batch = IndexChanges(
        inserts: changes.inserts, deletes: changes.deletes, updates: reloads, moves: changes.moves
      ).forBatchUpdates()
      var updates = BatchUpdates()
      updates.deletedSections = batch.deletes
      updates.insertedSections = batch.inserts
      updates.movedSections = batch.moves
      updates.reloadedSections = batch.updates
      for fold in itemFolds {
        updates.add(fold.batches[0], oldSection: fold.old, newSection: fold.controller.sectionIndex)
      }
      if updates.isEmpty {
        collectionView.prepareAndSelfSize()
      } else {
        applied = collectionView.performBatchUpdates(updates, animated: animated)
      }
      if applied {
        for fold in itemFolds {
          var own = BatchUpdates()
          own.add(fold.batches[0], oldSection: 0, newSection: 0)
          visibility.remapDisplayedCells(of: fold.controller, section: 0, through: own)
        }
      } else {
        for shown in visibility.displayedControllers { visibility.forgetDisplayedCells(of: shown) }
      }
    }
    updateVisibility()
    for batch in queued { batch.completion?(applied) }
  }

  /// Asks `dataSource` for its objects and resolves them against the section map; reports
  /// dropped duplicates and keeps the empty view.
  private func resolveControllers(from dataSource: (any ListAdapterDataSource)?) -> SectionMap.Resolution {
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

  /// Gives `controller` its object. An item batch it asks for meanwhile is part of this update,
  /// so it is folded in rather than applied on its own; returns what it asked for.
  /// `sectionReloads`: the section is redone whatever the controller asks (a reload), so a
  /// controller need not work out an item batch.
  private func update(
    _ controller: SectionController, to object: any ListDiffable, sectionReloads: Bool = false
  )
    -> AdapterUpdater.FoldedItems
  {
    controller.sectionReloads = sectionReloads
    defer { controller.sectionReloads = false }
    return updater.updating(controller) { controller.didUpdate(to: object) }
  }

  /// The section-level diff, from the pairing ``resolveControllers()`` found: no symbol table,
  /// no hashing, and no content check of an object found unchanged while pairing. Not isolated:
  /// it reads only its arguments.
  private nonisolated static func diff(old: [any ListDiffable], _ resolved: SectionMap.Resolution)
    -> IndexChanges
  {
    let new = resolved.objects
    if resolved.onlyAppends {
      return IndexChanges(inserts: Array(old.count..<new.count), deletes: [], updates: [], moves: [])
    }
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
