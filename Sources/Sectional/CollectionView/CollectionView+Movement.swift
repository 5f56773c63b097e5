import SectionalLayout

// Interactive movement, as UIKit's: an item is picked up, follows a position while the others
// make way, and is dropped (the data source told once) or put back (the data source never
// told). Meanwhile the view shows the order with the item at its target: the counts the layout
// reads are that order's, and every call the view makes to its data source, and the bridges'
// size questions, are translated back to the data source's own numbering.

/// An item being moved: where it is in the data source's numbering, where it shows, and the
/// position it follows.
package struct InteractiveMovement {
  var original: IndexPath
  var target: IndexPath
  var position: Point
  /// Whether a pointer moves it (drawn where the layout puts it for the position) rather than
  /// keys (it slides from place to place with the others).
  var followsPointer = false

  /// The data source's index path of what shows at `displayed`.
  func dataIndexPath(forDisplayed displayed: IndexPath) -> IndexPath {
    if displayed == target { return original }
    var item = displayed.item
    if displayed.section == target.section && item > target.item { item -= 1 }
    if displayed.section == original.section && item >= original.item { item += 1 }
    return IndexPath(item: item, section: displayed.section)
  }
}

/// The movement a collection view has now, shared with the bridges that translate for it.
@MainActor
package final class MovementState {
  /// Read by the bridges on every size the layout asks for. Every access is instantaneous: the
  /// collection view's `movement` copies it out and assigns it back whole, and nothing runs in
  /// between, so no two accesses can overlap, and the runtime's exclusivity check on each read
  /// is turned off.
  @exclusivity(unchecked) package internal(set) var movement: InteractiveMovement?

  /// The data source's index path of what shows at `displayed`: itself unless an item is moved.
  package func dataIndexPath(forDisplayed displayed: IndexPath) -> IndexPath {
    movement?.dataIndexPath(forDisplayed: displayed) ?? displayed
  }
}

extension CollectionView {
  /// The index path the item being moved shows at, or nil when no item is being moved.
  public var interactivelyMovingItem: IndexPath? { movement?.target }

  /// Picks the item up, when the data source says it can move (UIKit's
  /// `beginInteractiveMovementForItem(at:)`); false otherwise, or while another item is moving.
  @discardableResult
  public func beginInteractiveMovementForItem(at indexPath: IndexPath) -> Bool {
    guard movement == nil, contains(indexPath), let dataSource,
      dataSource.collectionView(self, canMoveItemAt: indexPath)
    else { return false }
    let frame = collectionViewLayout.layoutAttributesForItem(at: indexPath)?.frame ?? .zero
    movement = InteractiveMovement(
      original: indexPath, target: indexPath, position: Self.centre(of: frame))
    return true
  }

  /// Moves the picked-up item's position (content coordinates). The layout says which index
  /// path the position means (its `targetIndexPath(forInteractivelyMovingItem:withPosition:)`),
  /// the delegate may redirect it, and when it changes the others make way, animated.
  public func updateInteractiveMovementTargetPosition(_ position: Point) {
    guard let current = movement, position.x.isFinite, position.y.isFinite else { return }
    movement?.position = position
    movement?.followsPointer = true
    let proposed = collectionViewLayout.targetIndexPath(
      forInteractivelyMovingItem: current.target, withPosition: position)
    let target =
      delegate?.collectionView(
        self, targetIndexPathForMoveFromItemAt: current.original, toProposedIndexPath: proposed)
      ?? proposed
    moveShownItem(to: target, animated: true)
  }

  /// Moves the picked-up item to `target` directly (the keyboard's way: one place up or down),
  /// its position following the place's centre. The delegate may redirect it, as a position's;
  /// an index path out of bounds is clamped.
  public func updateInteractiveMovementTarget(_ target: IndexPath) {
    guard let current = movement, !itemCounts.isEmpty else { return }
    let proposed = clampedTarget(target, current: current)
    let target =
      delegate?.collectionView(
        self, targetIndexPathForMoveFromItemAt: current.original, toProposedIndexPath: proposed)
      ?? proposed
    movement?.followsPointer = false
    moveShownItem(to: target, animated: true)
    if let shown = movement?.target,
      let frame = collectionViewLayout.layoutAttributesForItem(at: shown)?.frame
    {
      movement?.position = Self.centre(of: frame)
    }
  }

  /// Drops the item where it shows: the data source is told the move once
  /// (``CollectionViewDataSource/collectionView(_:moveItemAt:to:)``), unless it is back where it
  /// started. The layout already shows the new order. A data source that says now that the item
  /// cannot move (it changed its mind while the item was held) is not told: the item goes back,
  /// animated, and a `refused-move` diagnostic says so, as IGListKit reverts such a move.
  public func endInteractiveMovement() {
    guard let ended = movement else { return }
    if ended.original != ended.target, let dataSource,
      !dataSource.collectionView(self, canMoveItemAt: ended.original)
    {
      report(
        Diagnostic(
          .refusedMove,
          "move of item \(ended.original) to \(ended.target) refused: the data source says it cannot move",
          indexPaths: [ended.original]))
      cancelMovement(animated: true)
      return
    }
    movement = nil
    contentGeneration += 1
    setNeedsDisplay()
    if ended.original != ended.target {
      dataSource?.collectionView(self, moveItemAt: ended.original, to: ended.target)
    }
  }

  /// Puts the item back where it was, animated: the data source is not told, and the layout,
  /// the counts and the selection are as before the item was picked up.
  public func cancelInteractiveMovement() { cancelMovement(animated: true) }

  func cancelMovement(animated: Bool) {
    guard let cancelled = movement else { return }
    moveShownItem(to: cancelled.original, animated: animated)
    movement = nil
  }

  /// Forgets the movement as bookkeeping only, for a batch or a reload whose data has already
  /// changed: nothing is laid out or asked here (the data source answers in its new numbering
  /// now). The counts and the selection go back to the data's numbering before the change;
  /// returns the sections the movement laid out, for the batch to lay out again.
  func dropMovementForDataChange() -> [Int] {
    guard let dropped = movement else { return [] }
    var batch = BatchUpdates()
    batch.movedItems = [IndexPathMove(from: dropped.target, to: dropped.original)]
    remapSelection(batch, sources: nil)
    if dropped.target.section != dropped.original.section {
      itemCounts[dropped.target.section] -= 1
      itemCounts[dropped.original.section] += 1
    }
    movement = nil
    return [dropped.original.section, dropped.target.section]
  }

  static func centre(of frame: Rect) -> Point {
    Point(x: frame.minX + frame.width / 2, y: frame.minY + frame.height / 2)
  }

  /// The data source's index path of what shows at `displayed`: itself, except while an item
  /// is being moved. The view translates every call it makes to its data source, and the list
  /// adapter and the diffable data source translate their size answers; a layout delegate of
  /// your own is asked in the order shown (as in UIKit) and translates with this.
  public func dataIndexPath(forDisplayed displayed: IndexPath) -> IndexPath {
    movementState.dataIndexPath(forDisplayed: displayed)
  }

  /// Shows the moving item at `target` (clamped to the sections and their counts): the counts
  /// follow, the two sections are laid out again, selections follow their items, and with
  /// `animated` the others slide to their places.
  /// `proposed` within the sections and their counts: in its own section the item takes one of
  /// the places there are; in another, one more.
  private func clampedTarget(_ proposed: IndexPath, current: InteractiveMovement) -> IndexPath {
    let section = min(max(0, proposed.section), itemCounts.count - 1)
    let room = itemCounts[section] - (section == current.target.section ? 1 : 0)
    return IndexPath(item: min(max(0, proposed.item), max(0, room)), section: section)
  }

  private func moveShownItem(to proposed: IndexPath, animated: Bool) {
    guard let current = movement, !itemCounts.isEmpty else { return }
    let target = clampedTarget(proposed, current: current)
    guard target != current.target else { return }
    let start = animated ? captureTransitionStart() : nil
    var batch = BatchUpdates()
    batch.movedItems = [IndexPathMove(from: current.target, to: target)]
    remapSelection(batch, sources: nil)
    movement?.target = target
    if target.section != current.target.section {
      itemCounts[current.target.section] -= 1
      itemCounts[target.section] += 1
    }
    contentGeneration += 1
    setNeedsDisplay()
    var context = InvalidationContext()
    context.reloadSections([current.target.section, target.section])
    collectionViewLayout.invalidateLayout(with: context)
    prepareAndSelfSize()
    clampOffset()
    if let start {
      buildTransition(from: start, updates: batch, sources: nil)
    } else {
      finishTransition()
    }
  }
}
