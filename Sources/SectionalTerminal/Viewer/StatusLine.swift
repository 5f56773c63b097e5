import Sectional

/// A viewer's bottom row. At the left, the title and where the view is (`Top`, `42%`, `Bot`, or
/// `All` when everything fits), then the message if there is one (cut with an ellipsis when it
/// does not fit); at the right, the key help. Hidden below 3 rows.
///
/// A value, set in parts (`viewer.statusLine.title = "Inbox"`) or whole; text is sanitised to
/// one line when set.
public struct StatusLine: Hashable, Sendable {
  /// What the right side of the line offers.
  public enum KeyHelp: Hashable, Sendable {
    /// The keys that work now: "↑↓ scroll" while there is more than fits, "Tab focus" while an
    /// item in view can take focus, Enter and what it does to the focused item ("Enter view
    /// more": a button's label, else "select"), "m move" while it can be picked up, then
    /// ``StatusLine/appKeys`` and "q quit". When the line is short, the viewer's own keys are
    /// left out first (scrolling, Tab, moving, Enter), the app's last, "q quit" never.
    case automatic
    /// This text as it is, but for a leading "↑↓ scroll · " while everything fits.
    case fixed(String)
  }

  /// Whether the viewer shows the line. Default true.
  public var isShown: Bool
  /// At the left, before the position; empty by default.
  public var title: String
  /// Shown after the position instead of the key help (a reload that failed, say), until set to
  /// nil.
  public var message: String?
  /// At the right: ``KeyHelp/automatic`` by default.
  public var keyHelp: KeyHelp
  /// The app's own keys in the automatic key help, before "q quit": `["n note"]`.
  public var appKeys: [String]

  /// A status line as described: shown, untitled, with automatic key help by default.
  public init(
    title: String = "", message: String? = nil, keyHelp: KeyHelp = .automatic, appKeys: [String] = [],
    isShown: Bool = true
  ) {
    self.isShown = isShown
    self.title = title
    self.message = message
    self.keyHelp = keyHelp
    self.appKeys = appKeys
    sanitize()
  }

  /// Every text made one clean line: nothing the app sets reaches the terminal as a control.
  mutating func sanitize() {
    func clean(_ text: String) -> String {
      Sanitizer.isClean(text, singleLine: true) ? text : Sanitizer.clean(text, singleLine: true)
    }
    title = clean(title)
    message = message.map(clean)
    if case .fixed(let text) = keyHelp { keyHelp = .fixed(clean(text)) }
    appKeys = appKeys.map(clean)
  }
}

extension ListViewer {
  /// What the key help starts with, left out while the whole list fits.
  static let scrollKeys = "↑↓ scroll · "

  func drawStatusLine() {
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
    let title = statusLine.title
    let left = title.isEmpty ? " " + position : " \(title) · \(position)"
    let used = canvas.drawText(left, x: 0, y: y, style: style, maxWidth: columns)
    if let message = statusLine.message {
      var warning = style
      warning.foreground = TerminalColor(hex: 0xE0AF68)
      if renderer.environment.colors != .none { warning.attributes = .bold }
      let text = " · " + message
      let room = max(0, columns - used)
      if DisplayWidth.of(text) <= room {
        canvas.drawText(text, x: used, y: y, style: warning, maxWidth: room)
      } else if room > 0 {
        // A message cut at the edge ends in an ellipsis, so it does not read as the whole of it.
        let drawn = canvas.drawText(text, x: used, y: y, style: warning, maxWidth: room - 1)
        canvas.drawText("…", x: used + drawn, y: y, style: warning, maxWidth: 1)
      }
      return
    }
    // While the whole list fits ("All"), there is nothing to scroll: the scroll keys are left out.
    var keys: String
    if case .fixed(let help) = statusLine.keyHelp, !isMoving {
      keys = help
      if maximum <= 0, keys.hasPrefix(Self.scrollKeys) { keys.removeFirst(Self.scrollKeys.count) }
    } else {
      keys = isMoving ? Self.movingKeyHelp : automaticKeyHelp(scrolls: maximum > 0, room: columns - used - 3)
    }
    let keysWidth = DisplayWidth.of(keys)
    if used + keysWidth + 3 <= columns {
      canvas.drawText(keys, x: columns - keysWidth - 1, y: y, style: style)
    }
  }
}
