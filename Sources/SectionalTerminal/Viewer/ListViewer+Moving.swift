import Sectional

// Moving with the keyboard: m picks up the focused item when its section lets it move, else its
// whole section (a card) when the adapter has a move delegate; ↑ ↓ (← → in a row) move it a
// place, the others sliding out of its way; Enter (or m) drops it, Esc puts everything back.

extension ListViewer {
  /// Whether an item or a section is picked up.
  public var isMoving: Bool {
    collectionView.interactivelyMovingItem != nil || adapter?.interactivelyMovingObject != nil
  }

  /// The key help while something is picked up.
  static let movingKeyHelp = "↑↓←→ move · Enter drop · Esc cancel"

  /// Picks up the focused item (or its section); the first visible button is focused first when
  /// none is.
  func pickUpFocused() {
    guard let path = focused.flatMap({ canFocus($0) ? $0 : nil }) ?? firstVisibleFocusable() else { return }
    focused = path
    offsetBeforeMove = collectionView.contentOffset
    if collectionView.beginInteractiveMovementForItem(at: path) {
      pickedUpItem = path
      return
    }
    guard let adapter, let controller = adapter.sectionController(forSection: path.section),
      let object = adapter.object(for: controller)
    else { return }
    adapter.beginInteractiveMovement(of: object)
  }

  /// A key while something is picked up: true when it was handled here.
  func handleWhileMoving(_ key: Key) -> Bool {
    guard isMoving else { return false }
    switch key {
    case .up, .character("k"), .left, .character("h"): step(by: -1)
    case .down, .character("j"), .right, .character("l"): step(by: 1)
    case .enter, .character("m"): drop()
    case .escape: putBack()
    // Redrawing needs nothing put back: the screen is drawn whole, the card still lifted.
    case .control("l"): invalidateScreen()
    case .character("q"), .control("c"):
      putBack()
      wantsToQuit = true
    case .control("z"):
      putBack()
      wantsToSuspend = true
    default: break
    }
    return true
  }

  private func step(by offset: Int) {
    if let target = collectionView.interactivelyMovingItem {
      collectionView.updateInteractiveMovementTarget(
        IndexPath(item: target.item + offset, section: target.section))
      focused = collectionView.interactivelyMovingItem
    } else if let adapter, let object = adapter.interactivelyMovingObject,
      let controller = adapter.sectionController(for: object), let section = adapter.section(for: controller)
    {
      adapter.updateInteractiveMovement(toSection: section + offset)
      followFocus()
    }
    keepMovingInView()
  }

  private func drop() {
    offsetBeforeMove = nil
    if collectionView.interactivelyMovingItem != nil {
      collectionView.endInteractiveMovement()
      pickedUpItem = nil
    } else {
      adapter?.endInteractiveMovement()
    }
    followFocus()
  }

  private func putBack() {
    if collectionView.interactivelyMovingItem != nil {
      collectionView.cancelInteractiveMovement()
      focused = pickedUpItem
    } else {
      adapter?.cancelInteractiveMovement()
    }
    followFocus()
    // Put back where it was seen: the view scrolled only to follow the move.
    if let offset = offsetBeforeMove { collectionView.setContentOffset(offset) }
    offsetBeforeMove = nil
  }

  /// Scrolls the least that shows what is being moved: its whole card when it fits.
  private func keepMovingInView() {
    guard let focused else { return }
    if collectionView.interactivelyMovingItem == nil, let adapter, adapter.interactivelyMovingObject != nil {
      let count = collectionView.numberOfItems(inSection: focused.section)
      if count > 0 { scrollToVisible(IndexPath(item: 0, section: focused.section), framing: true) }
    }
    scrollToVisible(focused, framing: true)
  }
}
