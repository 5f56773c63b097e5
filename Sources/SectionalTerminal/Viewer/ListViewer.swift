import Sectional

/// A full-screen viewer for a `ListAdapter` (or any `CollectionView`, a diffable data source's
/// say): it scrolls, moves focus between buttons, selects the focused one (a card's "View
/// more"), scrolls sideways sections on their own, follows resizes, and draws each frame as the
/// smallest update of the one before.
///
/// The viewer is separate from the terminal: ``resize(columns:rows:)`` and the keys drive it and
/// ``render()`` shows it, so it runs without a terminal as well, and ``run(in:)`` connects it to
/// a real one.
///
/// | key | does |
/// |---|---|
/// | ↑ ↓, k j, wheel | scroll a line (the wheel three) |
/// | PgUp PgDn, space, b | scroll a page |
/// | Home End, g G | top, bottom |
/// | ← →, h l, Shift-wheel | scroll a sideways section (the focused one, else the one under the pointer or the first in view) |
/// | Tab, Shift-Tab | focus the next, previous button, scrolled into view (sideways too) |
/// | Enter, click | select the focused (clicked) button |
/// | Ctrl-L | redraw everything |
/// | Ctrl-Z | suspend: the shell is back until `fg`, which redraws everything |
/// | q, Esc, Ctrl-C | quit |
@MainActor
public final class ListViewer {
  /// The adapter whose list is shown; nil when the viewer was given a collection view alone.
  public let adapter: ListAdapter?
  /// Draws each frame.
  public let renderer: TextRenderer
  /// The collection view shown.
  public let collectionView: CollectionView
  /// The focused button, if any. Under an adapter it follows its section's controller through
  /// updates: when the card moves, focus moves with it; when the card goes, focus goes.
  public private(set) var focused: IndexPath? {
    didSet { focusedController = focused.flatMap { adapter?.sectionController(forSection: $0.section) } }
  }
  private weak var focusedController: SectionController?
  /// A message for the status line (a reload that failed, say), shown instead of the key help
  /// until it is set to nil. Sanitised to one line.
  package var statusMessage: String? {
    didSet { statusMessage = statusMessage.map { Sanitizer.clean($0, singleLine: true) } }
  }
  /// Whether the bottom row shows a status line (position and keys). Hidden below 3 rows.
  public var showsStatusLine = true
  /// Shown at the left of the status line; empty by default.
  public var title: String
  /// The keys the status line offers, at its right. The default offers Tab and Enter, for a
  /// list with buttons; a list with none should offer only what works there
  /// (``scrollingKeyHelp``).
  public var keyHelp = "↑↓ scroll · Tab focus · Enter open · q quit"
  /// The key help of a list with nothing to focus or open.
  public static let scrollingKeyHelp = "↑↓ scroll · q quit"
  /// The viewer's width in columns: the terminal's while it runs in one.
  public private(set) var columns: Int
  /// The viewer's height in rows, the status line included: the terminal's while it runs in one.
  public private(set) var rows: Int
  package private(set) var wantsToQuit = false
  /// Ctrl-Z was pressed: the run loop stops the program (the terminal is given back until `fg`).
  package var wantsToSuspend = false
  private var encoder: FrameEncoder
  private var canvas: Canvas

  /// A viewer showing `adapter`'s list drawn by `renderer`. It sizes the collection view to the
  /// rows above the status line and, unless the view has a measurer already, gives it the
  /// renderer's.
  ///
  /// `columns` and `rows` are its size until it runs in a terminal: what ``render()`` and the
  /// keys work on in a test, and the width ``present(input:output:)`` prints at into a pipe. In a
  /// terminal, ``run(in:)`` takes the terminal's size and follows its resizes, as every
  /// full-screen program does.
  public convenience init(
    adapter: ListAdapter, renderer: TextRenderer, columns: Int = 80, rows: Int = 24, title: String = ""
  ) {
    self.init(
      collectionView: adapter.collectionView, adapter: adapter, renderer: renderer, columns: columns,
      rows: rows,
      title: title)
  }

  /// A viewer of `collectionView` — whatever its data source — drawn by `renderer`; `columns`
  /// and `rows` as in ``init(adapter:renderer:columns:rows:title:)``.
  public convenience init(
    collectionView: CollectionView, renderer: TextRenderer, columns: Int = 80, rows: Int = 24,
    title: String = ""
  ) {
    self.init(
      collectionView: collectionView, adapter: nil, renderer: renderer, columns: columns, rows: rows,
      title: title)
  }

  private init(
    collectionView: CollectionView, adapter: ListAdapter?, renderer: TextRenderer, columns: Int, rows: Int,
    title: String
  ) {
    self.collectionView = collectionView
    self.adapter = adapter
    self.renderer = renderer
    self.title = Sanitizer.clean(title, singleLine: true)
    self.columns = max(0, columns)
    self.rows = max(0, rows)
    encoder = FrameEncoder(colors: renderer.environment.colors)
    canvas = Canvas(width: self.columns, height: self.rows)
    // A measurer set before (by whoever built the list, usually with this renderer's registry)
    // is kept: setting one lays everything out again, and a big list's first layout is the cost
    // of loading it.
    if collectionView.measurer == nil { collectionView.measurer = renderer.measurer() }
    collectionView.setSize(Size(width: Double(self.columns), height: Double(listRows)))
  }

  private var hasStatusLine: Bool { showsStatusLine && rows >= 3 }
  private var listRows: Int { hasStatusLine ? rows - 1 : rows }
  private var pageSize: Double { Double(max(1, listRows - 1)) }

  // MARK: - Drawing

  /// Paints the current frame and returns it.
  @discardableResult
  public func render() -> Canvas {
    adapter?.flushPendingUpdates()
    followFocus()
    if canvas.width != columns || canvas.height != rows { canvas = Canvas(width: columns, height: rows) }
    renderer.render(collectionView, focused: focused, into: &canvas)
    if collectionView.numberOfSections == 0, let empty = adapter?.emptyView {
      renderer.draw(
        empty, in: CellRect(x: 1, y: 1, width: max(0, columns - 2), height: max(0, listRows - 1)),
        into: &canvas)
    }
    if hasStatusLine { drawStatusLine() }
    return canvas
  }

  /// The bytes that bring the terminal from the last frame to this one (empty when nothing
  /// changed).
  package func frameBytes() -> [UInt8] {
    render()
    return encoder.encode(canvas)
  }

  /// Forgets what the terminal shows: the next frame is drawn in full.
  package func invalidateScreen() { encoder.invalidate() }

  private func drawStatusLine() {
    let y = rows - 1
    let style = TextStyle(
      foreground: TerminalColor(hex: 0xC0CAF5), background: TerminalColor(hex: 0x1F2335),
      attributes: renderer.environment.colors == .none ? .reverse : [])
    canvas.clip = canvas.bounds
    canvas.fill(CellRect(x: 0, y: y, width: columns, height: 1), style: style)
    let maximum = collectionView.maximumContentOffsetY
    let position =
      maximum <= 0
      ? "All"
      : collectionView.contentOffset.y >= maximum
        ? "Bot"
        : collectionView.contentOffset.y <= 0
          ? "Top" : "\(Int(collectionView.contentOffset.y * 100 / maximum))%"
    let keys = Sanitizer.clean(keyHelp, singleLine: true)
    let left = title.isEmpty ? " " + position : " \(title) · \(position)"
    let used = canvas.drawText(left, x: 0, y: y, style: style, maxWidth: columns)
    if let statusMessage {
      var warning = style
      warning.foreground = TerminalColor(hex: 0xE0AF68)
      if renderer.environment.colors != .none { warning.attributes = .bold }
      let message = " · " + statusMessage
      let room = max(0, columns - used)
      if DisplayWidth.of(message) <= room {
        canvas.drawText(message, x: used, y: y, style: warning, maxWidth: room)
      } else if room > 0 {
        // A message cut at the edge ends in an ellipsis, so it does not read as the whole of it.
        let drawn = canvas.drawText(message, x: used, y: y, style: warning, maxWidth: room - 1)
        canvas.drawText("…", x: used + drawn, y: y, style: warning, maxWidth: 1)
      }
      return
    }
    let keysWidth = DisplayWidth.of(keys)
    if used + keysWidth + 3 <= columns {
      canvas.drawText(keys, x: columns - keysWidth - 1, y: y, style: style)
    }
  }

  // MARK: - Size

  /// A new terminal size: the layout is invalidated and the first visible card stays at the top.
  public func resize(columns: Int, rows: Int) {
    let columns = max(0, columns)
    let rows = max(0, rows)
    guard columns != self.columns || rows != self.rows else { return }
    let anchor = topAnchor()
    self.columns = columns
    self.rows = rows
    collectionView.setSize(Size(width: Double(columns), height: Double(listRows)))
    if let anchor, let frame = collectionView.layout.layoutAttributesForItem(at: anchor.path)?.frame {
      collectionView.setContentOffset(Point(x: 0, y: frame.minY - anchor.delta))
    }
    encoder.invalidate()
  }

  /// The first cell at or below the top of the viewport, and how far above it the top is.
  private func topAnchor() -> (path: IndexPath, delta: Double)? {
    let bounds = collectionView.bounds
    let cells = collectionView.layout.layoutAttributesForElements(in: bounds).filter { $0.category == .cell }
    guard
      let first = cells.min(by: {
        $0.frame.minY != $1.frame.minY ? $0.frame.minY < $1.frame.minY : $0.indexPath < $1.indexPath
      })
    else { return nil }
    return (first.indexPath, first.frame.minY - bounds.minY)
  }

  // MARK: - Input

  /// Handles one key or mouse event.
  package func handle(_ key: Key) {
    switch key {
    case .up, .character("k"): collectionView.scroll(by: -1)
    case .down, .character("j"): collectionView.scroll(by: 1)
    case .pageUp, .character("b"): collectionView.scroll(by: -pageSize)
    case .pageDown, .character(" "): collectionView.scroll(by: pageSize)
    case .home, .character("g"): collectionView.setContentOffset(.zero)
    case .end, .character("G"):
      collectionView.setContentOffset(Point(x: 0, y: collectionView.maximumContentOffsetY))
    case .left, .character("h"): scrollSideways(by: -Self.sidewaysStep, at: nil)
    case .right, .character("l"): scrollSideways(by: Self.sidewaysStep, at: nil)
    case .tab: moveFocus(forward: true)
    case .backTab: moveFocus(forward: false)
    case .enter: activateFocused()
    case .control("l"): encoder.invalidate()
    case .control("z"): wantsToSuspend = true
    case .character("q"), .escape, .control("c"), .control("d"): wantsToQuit = true
    case .mouse(let event): handle(event)
    default: break
    }
  }

  private func handle(_ event: MouseEvent) {
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
      let top = collectionView.layout.layoutAttributesForElements(in: point)
        .filter {
          $0.category != .decoration && $0.frame.intersects(point) && ($0.clip?.intersects(point) ?? true)
        }
        .max(by: LayoutAttributes.drawsBefore)
      if let top, top.category == .cell, isButton(top.indexPath) {
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
  private func scrollSideways(by dx: Double, at row: Int?) {
    let visible = collectionView.layout.layoutAttributesForElements(in: collectionView.bounds)
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

  /// After an update: focus stays on its card's button wherever the card went, or goes with it.
  private func followFocus() {
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
    let sections = collectionView.itemCounts.count
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

  private func count(_ section: Int) -> Int {
    section < collectionView.itemCounts.count ? collectionView.itemCounts[section] : 0
  }

  private func isButton(_ path: IndexPath) -> Bool {
    if case .button = collectionView.cellDescriptor(at: path)?.content { return true }
    return false
  }

  /// Wholly in view: inside the viewport's rows and, in a section that scrolls sideways, inside
  /// its row's visible columns.
  private func isVisible(_ path: IndexPath, cover: Double? = nil) -> Bool {
    guard let attributes = collectionView.layout.layoutAttributesForItem(at: path) else { return false }
    let frame = attributes.frame
    let top = collectionView.bounds.minY + (cover ?? pinnedCover())
    guard frame.minY >= top && frame.maxY <= collectionView.bounds.maxY else { return false }
    guard let clip = attributes.clip else { return true }
    return frame.minX >= clip.minX && frame.maxX <= clip.maxX
  }

  /// The next (previous) button of `section` after item `after` (from the start or end when nil).
  private func button(inSection section: Int, forward: Bool, after item: Int?) -> IndexPath? {
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

  private func visibleButtons() -> [IndexPath] {
    let cover = pinnedCover()
    return collectionView.layout.layoutAttributesForElements(in: collectionView.bounds)
      .filter { $0.category == .cell && isButton($0.indexPath) && isVisible($0.indexPath, cover: cover) }
      .map(\.indexPath).sorted()
  }

  private func firstVisibleButton() -> IndexPath? {
    if let first = visibleButtons().first { return first }
    // None wholly in view: the next one below.
    let top = collectionView.bounds.minY
    for section in 0..<collectionView.itemCounts.count {
      if let button = button(inSection: section, forward: true, after: nil),
        let frame = collectionView.layout.layoutAttributesForItem(at: button)?.frame, frame.minY >= top
      {
        return button
      }
    }
    return nil
  }

  private func lastVisibleButton() -> IndexPath? { visibleButtons().last ?? firstVisibleButton() }

  /// Scrolls the least that shows the item, with a row of its card around it where there is room;
  /// in a section that scrolls sideways, the section first, until the item is within its row.
  private func scrollToVisible(_ path: IndexPath) {
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
  private func pinnedCover() -> Double {
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
  private func scrollSidewaysToVisible(_ path: IndexPath) {
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
