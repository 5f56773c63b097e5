import Sectional

// Focus: which button Tab moves to, keeping it in view (under pinned headers, sideways too), and
// following it through updates.

extension ListViewer {
  /// After an update: focus stays on its card's button wherever the card went, or goes with it.
  func followFocus() {
    guard let focused else { return }
    guard let adapter else {
      if !isButton(focused) { self.focused = nil }
      return
    }
    guard let controller = focusedController, let section = adapter.section(for: controller) else {
      self.focused = nil
      return
    }
    if section != focused.section || !isButton(focused) {
      self.focused = button(inSection: section, forward: false, after: nil)
    }
  }

  /// Selects the focused button (focusing the first visible one when none is).
  package func activateFocused() {
    guard let path = focused.flatMap({ isButton($0) ? $0 : nil }) ?? firstVisibleButton() else { return }
    focused = path
    collectionView.tapItem(at: path)
    adapter?.flushPendingUpdates()
    // A press, not a lasting selection (a batch that reloaded the button has already dropped it):
    // deselected quietly, as a UIKit cell deselects itself after a tap.
    collectionView.deselectItem(at: path)
    // The button may have moved (a card's button follows its new items): focus follows it.
    followFocus()
    if let focused { scrollToVisible(focused) }
  }

  /// Moves focus to the next (previous) button in reading order; from the top (bottom) of the
  /// viewport when the focused one is out of view or there is none.
  package func moveFocus(forward: Bool) {
    let sections = collectionView.numberOfSections
    guard sections > 0 else { return }
    var start: IndexPath?
    if let focused, isButton(focused), isVisible(focused) { start = focused }
    var candidate: IndexPath?
    if let start {
      candidate = button(inSection: start.section, forward: forward, after: start.item)
      var section = start.section
      while candidate == nil {
        section += forward ? 1 : -1
        guard section >= 0 && section < sections else { break }
        candidate = button(inSection: section, forward: forward, after: nil)
      }
    } else {
      candidate = forward ? firstVisibleButton() : lastVisibleButton()
    }
    guard let candidate else { return }
    focused = candidate
    scrollToVisible(candidate)
  }

  func count(_ section: Int) -> Int {
    collectionView.numberOfItems(inSection: section)
  }

  func isButton(_ path: IndexPath) -> Bool {
    if case .button = collectionView.cellDescriptor(at: path)?.content { return true }
    return false
  }

  /// Wholly in view: inside the viewport's rows and, in a section that scrolls sideways, inside
  /// its row's visible columns.
  func isVisible(_ path: IndexPath, cover: Double? = nil) -> Bool {
    guard let attributes = collectionView.layout.layoutAttributesForItem(at: path) else { return false }
    let frame = attributes.frame
    let top = collectionView.bounds.minY + (cover ?? pinnedCover())
    guard frame.minY >= top && frame.maxY <= collectionView.bounds.maxY else { return false }
    guard let clip = attributes.clip else { return true }
    return frame.minX >= clip.minX && frame.maxX <= clip.maxX
  }

  /// The next (previous) button of `section` after item `after` (from the start or end when nil).
  func button(inSection section: Int, forward: Bool, after item: Int?) -> IndexPath? {
    let items = count(section)
    let indexes: [Int] =
      forward
      ? Array(((item ?? -1) + 1)..<max((item ?? -1) + 1, items))
      : Array((0..<min(item ?? items, items)).reversed())
    for index in indexes where isButton(IndexPath(item: index, section: section)) {
      return IndexPath(item: index, section: section)
    }
    return nil
  }

  func visibleButtons() -> [IndexPath] {
    let cover = pinnedCover()
    return collectionView.layout.layoutAttributesForElements(in: collectionView.bounds)
      .filter { $0.category == .cell && isButton($0.indexPath) && isVisible($0.indexPath, cover: cover) }
      .map(\.indexPath).sorted()
  }

  func firstVisibleButton() -> IndexPath? {
    if let first = visibleButtons().first { return first }
    // None wholly in view: the next one below.
    let top = collectionView.bounds.minY
    for section in 0..<collectionView.numberOfSections {
      if let button = button(inSection: section, forward: true, after: nil),
        let frame = collectionView.layout.layoutAttributesForItem(at: button)?.frame, frame.minY >= top
      {
        return button
      }
    }
    return nil
  }

  func lastVisibleButton() -> IndexPath? { visibleButtons().last ?? firstVisibleButton() }

  /// Scrolls the least that shows the item, with a row of its card around it where there is room;
  /// in a section that scrolls sideways, the section first, until the item is within its row.
  func scrollToVisible(_ path: IndexPath) {
    scrollSidewaysToVisible(path)
    guard let frame = collectionView.layout.layoutAttributesForItem(at: path)?.frame else { return }
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
    for element in collectionView.layout.layoutAttributesForElements(in: bounds)
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
      guard let attributes = collectionView.layout.layoutAttributesForItem(at: path),
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
