// Moving a whole section by the user: its object is picked up, the other sections make way as
// it moves (animated section moves in the view, the adapter's own order following), and it is
// dropped — the move delegate told once — or put back, the data source never having been asked.

/// A section being moved: where it started, the objects before, and where it shows now.
struct SectionMovement {
  var original: Int
  var current: Int
  var objectsBefore: [any ListDiffable]
}

extension ListAdapter {
  /// The object whose section is being moved, or nil.
  public var interactivelyMovingObject: (any ListDiffable)? {
    sectionMovement.map { objects[$0.current] }
  }

  /// Picks up `object`'s section. False without a ``moveDelegate``, when the object is not in
  /// the list, or while a section is already being moved or an update is applied. Updates asked
  /// for meanwhile wait until the section is dropped or put back.
  @discardableResult
  public func beginInteractiveMovement(of object: any ListDiffable) -> Bool {
    guard moveDelegate != nil, sectionMovement == nil, !updater.isApplyingUpdate,
      let controller = sectionController(for: object), let section = section(for: controller)
    else { return false }
    collectionView.cancelMovement(animated: false)
    sectionMovement = SectionMovement(original: section, current: section, objectsBefore: objects)
    collectionView.liftedSection = section
    return true
  }

  /// Shows the section being moved at `section` (clamped to the list); the sections between
  /// slide to make way, animated.
  public func updateInteractiveMovement(toSection section: Int) {
    guard let movement = sectionMovement, !objects.isEmpty else { return }
    moveShownSection(to: min(max(0, section), objects.count - 1), from: movement.current, animated: true)
  }

  /// Drops the section where it shows: the move delegate is told once (unless it is back where
  /// it started). The list already shows the new order; the data source must return it from now
  /// on. When updates were asked for while the section was up, the delegate is told the data
  /// source's objects now, with the move applied to them, and the updates are applied after.
  public func endInteractiveMovement() {
    guard let movement = sectionMovement else { return }
    let move = movement.current != movement.original ? droppedMove(movement) : nil
    sectionMovement = nil
    collectionView.liftedSection = nil
    if let move { moveDelegate?.listAdapter(self, move: move.object, from: move.from, to: move.to) }
    applyHeldUpdates()
  }

  /// What the move delegate is told at a drop: the objects shown, or, when the data source
  /// changed while the section was up (an update waits), its objects with the moved one put
  /// right after the one it follows on screen (the nearest before it still there): what was
  /// asked for meanwhile applies to the order the move left, and nothing of it is lost, as it
  /// was when the delegate took the objects shown. Nil when the moved object is gone from the
  /// data source, or already in that place. Asked while the section is still up.
  private func droppedMove(_ movement: SectionMovement)
    -> (object: any ListDiffable, from: [any ListDiffable], to: [any ListDiffable])?
  {
    let shown = objects
    guard updater.hasPendingUpdate, let source = dataSource ?? queuedDataSource else {
      return (shown[movement.current], movement.objectsBefore, shown)
    }
    let current = source.objects(for: self)
    let moving = AnyDiffIdentifier(shown[movement.current])
    // The first occurrence of each identifier, as the list keeps it.
    var index: [AnyDiffIdentifier: Int] = [:]
    for (position, object) in current.enumerated() where index[AnyDiffIdentifier(object)] == nil {
      index[AnyDiffIdentifier(object)] = position
    }
    guard let from = index[moving] else { return nil }
    var after: Int?
    for object in shown[..<movement.current].reversed() {
      if let position = index[AnyDiffIdentifier(object)] {
        after = position
        break
      }
    }
    // Where it goes once taken out of `current`.
    let target = after.map { $0 < from ? $0 + 1 : $0 } ?? 0
    guard target != from else { return nil }
    var moved = current
    moved.insert(moved.remove(at: from), at: target)
    return (current[from], current, moved)
  }

  /// Puts the section back where it was, animated: the list is as before it was picked up, and
  /// nobody is told.
  public func cancelInteractiveMovement() { cancelSectionMovement(animated: true) }

  func cancelSectionMovement(animated: Bool) {
    guard let movement = sectionMovement else { return }
    moveShownSection(to: movement.original, from: movement.current, animated: animated)
    sectionMovement = nil
    collectionView.liftedSection = nil
    applyHeldUpdates()
  }

  /// The updates asked for while the section moved, now that it is down.
  private func applyHeldUpdates() {
    guard updater.hasPendingUpdate else { return }
    scheduler { [weak self] in self?.flushPendingUpdates() }
  }

  private func moveShownSection(to target: Int, from current: Int, animated: Bool) {
    guard target != current else { return }
    collectionView.capturingStart(animated) {
      sectionMap.moveSection(from: current, to: target)
      sectionMovement?.current = target
      collectionView.liftedSection = target
      var batch = BatchUpdates()
      batch.movedSections = [IndexMove(from: current, to: target)]
      collectionView.performBatchUpdates(batch, animated: animated)
    }
    updateVisibility()
  }
}
