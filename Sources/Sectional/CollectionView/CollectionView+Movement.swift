import SectionalLayout

// Interactive movement, as UIKit's: an item is picked up, follows a position while the others
// make way, and is dropped (the data source told once) or put back (the data source never
// told). Meanwhile the view shows the order with the item at its target: the counts the layout
// reads are that order's, and every call the view makes to its data source, and the bridges'
// size questions, are translated back to the data source's own numbering.

/// An item being moved: where it is in the data source's numbering, where it shows, and the
/// position it follows.
struct InteractiveMovement {
  var original: IndexPath
  var target: IndexPath
  var position: Point
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
    let frame = layout.layoutAttributesForItem(at: indexPath)?.frame ?? .zero
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
    let proposed = layout.targetIndexPath(forInteractivelyMovingItem: current.target, withPosition: position)
    let target =
      delegate?.collectionView(
        self, targetIndexPathForMoveFromItemAt: current.original, toProposedIndexPath: proposed)
      ?? proposed
    moveShownItem(to: target, animated: true)
  }

  /// Moves the picked-up item to `target` directly (the keyboard's way: one place up or down),
  /// its position following the place's centre. The delegate may redirect it, as a position's;
  /// an index path out of bounds is clamped.
  public func updateInteractiveMovementTarget(_ proposed: IndexPath) {
    guard let current = movement else { return }
    let target =
      delegate?.collectionView(
        self, targetIndexPathForMoveFromItemAt: current.original, toProposedIndexPath: proposed)
      ?? proposed
    moveShownItem(to: target, animated: true)
    if let shown = movement?.target, let frame = layout.layoutAttributesForItem(at: shown)?.frame {
      movement?.position = Self.centre(of: frame)
    }
  }

  /// Drops the item where it shows: the data source is told the move once
  /// (``CollectionViewDataSource/collectionView(_:moveItemAt:to:)``), unless it is back where it
  /// started. The layout already shows the new order.
  public func endInteractiveMovement() {
    guard let ended = movement else { return }
    movement = nil
    contentGeneration += 1
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

  static func centre(of frame: Rect) -> Point {
    Point(x: frame.minX + frame.width / 2, y: frame.minY + frame.height / 2)
  }

  /// The data source's index path of what shows at `displayed`: itself, except while an item
  /// is being moved.
  package func dataIndexPath(forDisplayed displayed: IndexPath) -> IndexPath {
    guard let movement else { return displayed }
    if displayed == movement.target { return movement.original }
    var item = displayed.item
    if displayed.section == movement.target.section && item > movement.target.item { item -= 1 }
    if displayed.section == movement.original.section && item >= movement.original.item { item += 1 }
    return IndexPath(item: item, section: displayed.section)
  }

  /// Shows the moving item at `target` (clamped to the sections and their counts): the counts
  /// follow, the two sections are laid out again, selections follow their items, and with
  /// `animated` the others slide to their places.
  private func moveShownItem(to proposed: IndexPath, animated: Bool) {
    guard let current = movement, !itemCounts.isEmpty else { return }
    let section = min(max(0, proposed.section), itemCounts.count - 1)
    // In its own section the item takes one of the places there are; in another, one more.
    let room = itemCounts[section] - (section == current.target.section ? 1 : 0)
    let target = IndexPath(item: min(max(0, proposed.item), max(0, room)), section: section)
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
    var context = InvalidationContext()
    context.reloadSections([current.target.section, target.section])
    layout.invalidateLayout(with: context)
    layoutIfNeeded()
    clampOffset()
    if let start {
      buildTransition(from: start, updates: batch, sources: nil)
    } else {
      finishTransition()
    }
  }
}
