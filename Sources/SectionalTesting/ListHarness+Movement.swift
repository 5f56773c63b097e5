import Sectional

// Moving as a user does: an item (the collection view's interactive movement, UIKit's) or a
// whole section (the adapter's), picked up, moved while the others make way, then dropped or
// put back. Each call applies what it caused before it returns, as the harness's other calls do.

extension ListHarness {
  /// Picks up item `item` of `object`'s section, as UIKit's `beginInteractiveMovementForItem(at:)`:
  /// true when its controller lets it move (`canMoveItem(at:)`), false otherwise or while
  /// something else is moving.
  /// - Throws: ``HarnessFailure`` when `object` is not in the list, or on a diagnostic not in
  ///   `expecting`.
  @discardableResult
  public func beginInteractiveMovementForItem(
    _ item: Int, inSectionOf object: any ListDiffable, expecting: Set<Diagnostic.Kind> = []
  ) throws -> Bool {
    let indexPath = try indexPath(item, inSectionOf: object, "beginInteractiveMovementForItem")
    var began = false
    try act("beginInteractiveMovementForItem(\(item))", expecting: expecting) {
      began = $0.collectionView.beginInteractiveMovementForItem(at: indexPath)
    }
    return began
  }

  /// Shows the picked-up item at `item` of `object`'s section (clamped to it), the others making
  /// way, as a user's arrow key does. Nothing is asked of the data source until the drop.
  /// - Throws: ``HarnessFailure`` when no item is picked up or `object` is not in the list.
  public func updateInteractiveMovementTarget(
    _ item: Int, inSectionOf object: any ListDiffable, expecting: Set<Diagnostic.Kind> = []
  ) throws {
    guard collectionView.interactivelyMovingItem != nil else {
      throw HarnessFailure("updateInteractiveMovementTarget: no item is picked up")
    }
    let indexPath = try indexPath(item, inSectionOf: object, "updateInteractiveMovementTarget")
    try act("updateInteractiveMovementTarget(\(item))", expecting: expecting) {
      $0.collectionView.updateInteractiveMovementTarget(indexPath)
    }
  }

  /// Picks up `object`'s whole section, as the adapter's `beginInteractiveMovement(of:)`: false
  /// when it is already moving something or the adapter has no move delegate.
  /// - Throws: ``HarnessFailure`` when `object` is not in the list.
  @discardableResult
  public func beginInteractiveMovement(of object: any ListDiffable, expecting: Set<Diagnostic.Kind> = [])
    throws -> Bool
  {
    guard section(of: object) != nil else {
      throw HarnessFailure("beginInteractiveMovement(of:): \(Self.describe(object)) is not in the list")
    }
    var began = false
    try act("beginInteractiveMovement(of:)", expecting: expecting) {
      began = $0.adapter.beginInteractiveMovement(of: object)
    }
    return began
  }

  /// Shows the picked-up section at `section` (clamped to the list), the others making way.
  /// - Throws: ``HarnessFailure`` when no section is picked up.
  public func updateInteractiveMovement(toSection section: Int, expecting: Set<Diagnostic.Kind> = [])
    throws
  {
    guard adapter.interactivelyMovingObject != nil else {
      throw HarnessFailure("updateInteractiveMovement(toSection:): no section is picked up")
    }
    try act("updateInteractiveMovement(toSection: \(section))", expecting: expecting) {
      $0.adapter.updateInteractiveMovement(toSection: section)
    }
  }

  /// Drops what is picked up where it shows: an item's controller is told once
  /// (`moveObject(from:to:)`), a section's move delegate likewise — the harness's own reorders
  /// ``objects`` — unless it is back where it started.
  /// - Throws: ``HarnessFailure`` when nothing is picked up.
  public func endInteractiveMovement(expecting: Set<Diagnostic.Kind> = []) throws {
    try act(try moving("endInteractiveMovement()"), expecting: expecting) {
      if $0.adapter.interactivelyMovingObject != nil {
        $0.adapter.endInteractiveMovement()
      } else {
        $0.collectionView.endInteractiveMovement()
      }
    }
  }

  /// Puts what is picked up back where it was; nobody is told.
  /// - Throws: ``HarnessFailure`` when nothing is picked up.
  public func cancelInteractiveMovement(expecting: Set<Diagnostic.Kind> = []) throws {
    try act(try moving("cancelInteractiveMovement()"), expecting: expecting) {
      if $0.adapter.interactivelyMovingObject != nil {
        $0.adapter.cancelInteractiveMovement()
      } else {
        $0.collectionView.cancelInteractiveMovement()
      }
    }
  }

  /// `action`, when an item or a section is picked up.
  private func moving(_ action: String) throws -> String {
    guard adapter.interactivelyMovingObject != nil || collectionView.interactivelyMovingItem != nil else {
      throw HarnessFailure("\(action): nothing is picked up")
    }
    return action
  }

  private func indexPath(_ item: Int, inSectionOf object: any ListDiffable, _ action: String) throws
    -> IndexPath
  {
    guard let section = section(of: object) else {
      throw HarnessFailure("\(action): \(Self.describe(object)) is not in the list")
    }
    return IndexPath(item: item, section: section)
  }
}
