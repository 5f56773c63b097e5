import Sectional

// Focus: which button Tab moves to, keeping it in view (under pinned headers, sideways too), and
// following it through updates.

extension ListViewer {
  /// After an update: the collection view has kept the focus on its item, or on the nearest
  /// item of its section; when that one cannot take focus, the nearest one that can does.
  func followFocus() {
    guard let focused, !canFocus(focused) else { return }
    self.focused =
      focusable(inSection: focused.section, forward: true, after: focused.item)
      ?? focusable(inSection: focused.section, forward: false, after: focused.item)
  }

  /// Taps the focused item (focusing the first visible one when none is): what Enter does.
  /// The selection lasts, as a tap's does in UIKit and in the test kit's `select(item:)`, so
  /// the user sees what they chose; a controller that wants a press deselects the item in
  /// `didSelectItem(at:)`.
  func activateFocused() {
    guard let path = focused.flatMap({ canFocus($0) ? $0 : nil }) ?? firstVisibleFocusable() else { return }
    focused = path
    guard collectionView.shouldSelectItem(at: path) else { return }
    collectionView.tapItem(at: path)
    adapter?.flushPendingUpdates()
    followFocus()
    if let focused { scrollToVisible(focused) }
  }

  /// The key help made from what works now (see ``StatusLine/KeyHelp/automatic``), in at most `room` columns: what
  /// does not fit goes, the scroll and Tab keys first (every list has them), q quit never.
  func automaticKeyHelp(scrolls: Bool, room: Int) -> String {
    // The arrows' part says what they do: scroll, or move the focus (KeyBindings.focusMoving).
    let arrowsFocus = keyBindings[.down] == .moveFocusDown
    var scroll = scrolls || arrowsFocus ? (arrowsFocus ? "↑↓ focus" : "↑↓ scroll") : nil
    var tab: String?
    var enter: String?
    var move: String?
    // What is in view only: drawn every frame, the help must not walk a long list.
    let target = focused.flatMap { canFocus($0) && isVisible($0) ? $0 : nil } ?? visibleFocusables().first
    if let target {
      tab = "Tab focus"
      if collectionView.shouldSelectItem(at: target) {
        if case .button(let label) = collectionView.cellDescriptor(at: target)?.content, !label.isEmpty {
          enter = "Enter " + Sanitizer.clean(label, singleLine: true).lowercased()
        } else {
          enter = "Enter select"
        }
      }
      if canMove(target) || adapter?.moveDelegate != nil { move = "m move" }
    }
    var extra = statusLine.appKeys
    func joined() -> String {
      ([scroll, tab, enter, move].compactMap { $0 } + extra + ["q quit"]).joined(separator: " · ")
    }
    while DisplayWidth.of(joined()) > room {
      if scroll != nil {
        scroll = nil
      } else if tab != nil {
        tab = nil
      } else if move != nil {
        move = nil
      } else if enter != nil {
        enter = nil
      } else if !extra.isEmpty {
        // The app's own keys go last: they are the ones its users cannot guess.
        extra.removeLast()
      } else {
        break
      }
    }
    return joined()
  }

  /// Moves focus to the next (previous) item that can take it, in reading order; from the top
  /// (bottom) of the viewport when the focused one is out of view or there is none. Returns
  /// whether there was one to move to.
  @discardableResult
  func moveFocus(forward: Bool) -> Bool {
    let sections = collectionView.numberOfSections
    guard sections > 0 else { return false }
    var start: IndexPath?
    if let focused, canFocus(focused), isVisible(focused) { start = focused }
    var candidate: IndexPath?
    if let start {
      candidate = focusable(inSection: start.section, forward: forward, after: start.item)
      var section = start.section
      while candidate == nil {
        section += forward ? 1 : -1
        guard section >= 0 && section < sections else { break }
        candidate = focusable(inSection: section, forward: forward, after: nil)
      }
    } else {
      candidate = forward ? firstVisibleFocusable() : lastVisibleFocusable()
    }
    guard let candidate else { return false }
    focused = candidate
    scrollToVisible(candidate)
    return true
  }

  func count(_ section: Int) -> Int {
    collectionView.numberOfItems(inSection: section)
  }

  /// Whether the item can take focus: a user may select it, or pick it up and move it.
  func canFocus(_ path: IndexPath) -> Bool {
    collectionView.shouldSelectItem(at: path) || canMove(path)
  }

  /// Whether the item can be picked up and moved on its own (its data source lets it).
  func canMove(_ path: IndexPath) -> Bool {
    guard path.section < collectionView.numberOfSections, path.item < count(path.section) else {
      return false
    }
    return collectionView.dataSource?.collectionView(collectionView, canMoveItemAt: path) == true
  }

  /// Wholly in view: inside the viewport's rows and, in a section that scrolls sideways, inside
  /// its row's visible columns.
  func isVisible(_ path: IndexPath, cover: Double? = nil) -> Bool {
    guard let attributes = collectionView.collectionViewLayout.layoutAttributesForItem(at: path) else {
      return false
    }
    let frame = attributes.frame
    let top = collectionView.bounds.minY + (cover ?? pinnedCover())
    guard frame.minY >= top && frame.maxY <= collectionView.bounds.maxY else { return false }
    guard let clip = attributes.clip else { return true }
    return frame.minX >= clip.minX && frame.maxX <= clip.maxX
  }

  /// The next (previous) item of `section` that can take focus after item `after` (from the
  /// start or end when nil).
  func focusable(inSection section: Int, forward: Bool, after item: Int?) -> IndexPath? {
    let items = count(section)
    let indexes: [Int] =
      forward
      ? Array(((item ?? -1) + 1)..<max((item ?? -1) + 1, items))
      : Array((0..<min(item ?? items, items)).reversed())
    for index in indexes where canFocus(IndexPath(item: index, section: section)) {
      return IndexPath(item: index, section: section)
    }
    return nil
  }

  func visibleFocusables() -> [IndexPath] {
    let cover = pinnedCover()
    return collectionView.collectionViewLayout.layoutAttributesForElements(in: collectionView.bounds)
      .filter { $0.category == .cell && canFocus($0.indexPath) && isVisible($0.indexPath, cover: cover) }
      .map(\.indexPath).sorted()
  }

  func firstVisibleFocusable() -> IndexPath? {
    if let first = visibleFocusables().first { return first }
    // None wholly in view: the next one below.
    let top = collectionView.bounds.minY
    for section in 0..<collectionView.numberOfSections {
      if let item = focusable(inSection: section, forward: true, after: nil),
        let frame = collectionView.collectionViewLayout.layoutAttributesForItem(at: item)?.frame,
        frame.minY >= top
      {
        return item
      }
    }
    return nil
  }

  func lastVisibleFocusable() -> IndexPath? { visibleFocusables().last ?? firstVisibleFocusable() }

  /// Scrolls the least that shows the item, with a row of its card around it where there is room;
  /// in a section that scrolls sideways, the section first, until the item is within its row.
  /// An item already wholly in view is left where it is, unless `framing` (something being
  /// moved keeps its card's border in view): the list moving under a Tab that did not need it
  /// loses the reader's place.
  func scrollToVisible(_ path: IndexPath, framing: Bool = false) {
    scrollSidewaysToVisible(path)
    guard let frame = collectionView.collectionViewLayout.layoutAttributesForItem(at: path)?.frame,
      framing || !isVisible(path)
    else { return }
    let bounds = collectionView.bounds
    let margin = min(2.0, max(0, (bounds.height - frame.height) / 2).rounded(.down))
    if frame.maxY + margin > bounds.maxY {
      collectionView.setContentOffset(Point(x: 0, y: frame.maxY + margin - bounds.height))
    } else if frame.minY - margin < bounds.minY + pinnedCover() {
      // Above the view, or under a header pinned to its top: scroll so the item shows below the
      // header that will be pinned there then (its own section's, usually). The cover depends on
      // the offset, so settle it in a few steps.
      var y = frame.minY - margin
      for _ in 0..<4 {
        collectionView.setContentOffset(Point(x: 0, y: y))
        let covered = frame.minY - margin - pinnedCover()
        guard covered < collectionView.bounds.minY, covered < y else { break }
        y = covered
      }
    }
  }

  /// How many rows at the top of the view a pinned header covers (0 without one).
  func pinnedCover() -> Double {
    let bounds = collectionView.bounds
    var cover = 0.0
    for element in collectionView.collectionViewLayout.layoutAttributesForElements(in: bounds)
    where element.zIndex >= ZIndex.pinnedHeader && element.frame.minY <= bounds.minY {
      cover = max(cover, element.frame.maxY - bounds.minY)
    }
    return cover
  }

  /// Scrolls the item's section sideways until the item is inside the section's visible columns
  /// (a paging section moves a page at a time, so this may take a few steps; it stops when the
  /// section no longer moves).
  func scrollSidewaysToVisible(_ path: IndexPath) {
    guard collectionView.scrollsSideways(section: path.section) else { return }
    for _ in 0..<256 {
      guard let attributes = collectionView.collectionViewLayout.layoutAttributesForItem(at: path),
        let clip = attributes.clip
      else { return }
      let frame = attributes.frame
      let dx: Double
      if frame.maxX > clip.maxX && frame.minX > clip.minX {
        dx = Swift.min(frame.maxX - clip.maxX, frame.minX - clip.minX)
      } else if frame.minX < clip.minX {
        dx = frame.minX - clip.minX
      } else {
        return
      }
      guard collectionView.scrollSection(path.section, sidewaysBy: dx) else { return }
    }
  }
}
