import Sectional

// Keys and the mouse: scrolling, focus, selection and sideways rows.

extension ListViewer {
  /// What an app's ``onKeyPress`` did with a key.
  public enum KeyPressResult: Sendable {
    /// The app acted on it: the viewer does not.
    case handled
    /// The viewer handles it as it would without the app.
    case ignored
  }

  /// Handles one event of the terminal: a key as ``handle(_:)-(Key)`` does, a resize by taking
  /// the new size and drawing everything again. ``run(in:)`` calls it for every event; a loop of
  /// an app's own calls it with what it reads from ``TerminalSession/events``.
  public func handle(_ event: TerminalEvent) {
    switch event {
    case .key(let key): handle(key)
    case .resize(let columns, let rows):
      resize(columns: columns, rows: rows)
      invalidateScreen()
    }
  }

  /// Handles one key or mouse event: the app's ``onKeyPress`` first, then the viewer's keys
  /// (the table in ``ListViewer``).
  public func handle(_ key: Key) {
    // Whatever the key did, the next frame shows it.
    defer { setNeedsDisplay() }
    if let onKeyPress, onKeyPress(key) == .handled { return }
    if handleWhileMoving(key) { return }
    if case .mouse(let event) = key {
      handle(event)
      return
    }
    guard let action = keyBindings[key] else { return }
    perform(action)
  }

  /// Does what a bound key does, as if it were pressed.
  public func perform(_ action: ViewerAction) {
    defer { setNeedsDisplay() }
    switch action {
    case .scrollUp: collectionView.scroll(by: -1)
    case .scrollDown: collectionView.scroll(by: 1)
    case .pageUp: collectionView.scroll(by: -pageSize)
    case .pageDown: collectionView.scroll(by: pageSize)
    case .scrollToTop: collectionView.setContentOffset(.zero)
    case .scrollToBottom:
      collectionView.setContentOffset(Point(x: 0, y: collectionView.maximumContentOffsetY))
    case .scrollLeft: scrollSideways(by: -Self.sidewaysStep, at: nil)
    case .scrollRight: scrollSideways(by: Self.sidewaysStep, at: nil)
    case .focusNext: moveFocus(forward: true)
    case .focusPrevious: moveFocus(forward: false)
    case .moveFocusUp: if !moveFocus(forward: false) { collectionView.scroll(by: -1) }
    case .moveFocusDown: if !moveFocus(forward: true) { collectionView.scroll(by: 1) }
    case .activate: activateFocused()
    case .pickUp: pickUpFocused()
    case .redraw: invalidateScreen()
    case .suspend: wantsToSuspend = true
    case .quit: wantsToQuit = true
    }
  }

  func handle(_ event: MouseEvent) {
    switch event.action {
    case .wheelUp where event.isShifted, .wheelLeft: scrollSideways(by: -Self.sidewaysStep, at: event.y)
    case .wheelDown where event.isShifted, .wheelRight: scrollSideways(by: Self.sidewaysStep, at: event.y)
    case .wheelUp: collectionView.scroll(by: -3)
    case .wheelDown: collectionView.scroll(by: 3)
    case .press(button: 0):
      guard event.y < listRows else { return }
      let point = Rect(
        x: Double(event.x), y: collectionView.contentOffset.y + Double(event.y), width: 1, height: 1)
      // The element drawn on top at that cell takes the click, as a touch goes to the topmost
      // view: a pinned header or a badge over a button is not the button; a button scrolled out
      // of its sideways row (outside the row's clip) is not there.
      let top = collectionView.collectionViewLayout.layoutAttributesForElements(in: point)
        .filter {
          $0.category != .decoration && $0.frame.intersects(point) && ($0.clip?.intersects(point) ?? true)
        }
        .max(by: LayoutAttributes.drawsBefore)
      if let top, top.category == .cell, collectionView.shouldSelectItem(at: top.indexPath) {
        focused = top.indexPath
        activateFocused()
      }
    default: break
    }
  }

  /// How far one key or wheel step scrolls a continuous sideways section (paging ones move a page
  /// or a group).
  static let sidewaysStep = 4.0

  /// Scrolls a sideways section: the focused button's, else the one at screen row `row`, else
  /// the first one in view.
  func scrollSideways(by dx: Double, at row: Int?) {
    let visible = collectionView.collectionViewLayout.layoutAttributesForElements(in: collectionView.bounds)
      .filter { $0.category == .cell && collectionView.scrollsSideways(section: $0.indexPath.section) }
    var section: Int?
    if let focused, collectionView.scrollsSideways(section: focused.section) {
      section = focused.section
    } else if let row {
      let y = collectionView.contentOffset.y + Double(row)
      section =
        visible.first { ($0.clip ?? $0.frame).minY <= y && y < ($0.clip ?? $0.frame).maxY }?.indexPath.section
    }
    guard let section = section ?? visible.map(\.indexPath.section).min() else { return }
    collectionView.scrollSection(section, sidewaysBy: dx)
  }
}
