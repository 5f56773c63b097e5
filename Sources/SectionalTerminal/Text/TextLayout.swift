import Sectional

/// Text as the terminal shows it: sanitised, then wrapped by display width. Sizing and drawing
/// both go through here, so a cell is exactly as tall as the text drawn in it.
public enum TextLayout {
  /// The lines `text` takes at `width` columns, after sanitising.
  ///
  /// Long texts (over 4 KB) are remembered, the last few of them: a cell taller than the
  /// viewport is drawn again for every frame or page it shows in, and wrapping it from the start
  /// each time would make printing it quadratic in its length.
  public static func lines(_ text: String, width: Int) -> [Substring] {
    let width = max(1, width)
    return remembered(text, width, in: recentLines) {
      TextWrapping.lines(Sanitizer.clean(text), width: width, measure: DisplayWidth.of)
    }
  }

  /// The widest line and the number of rows `text` takes at `width` columns, as ``lines(_:width:)``
  /// wraps it (the lines are not built). Long texts are remembered as ``lines(_:width:)``
  /// remembers them: a cell's descriptor is measured again whenever it is asked for.
  public static func size(of text: String, width: Int) -> (width: Int, height: Int) {
    let width = max(1, width)
    let size = remembered(text, width, in: recentSizes) {
      let measured = TextWrapping.size(
        of: Sanitizer.clean(text), width: width, measure: DisplayWidth.of, printableASCIIIsOneColumn: true)
      return TextSize(width: measured.width, height: measured.lines)
    }
    return (size.width, size.height)
  }

  struct TextSize {
    var width: Int
    var height: Int
  }

  /// The last long texts wrapped and measured, most recent first.
  private static let recentLines = Locked<[(text: String, width: Int, value: [Substring])]>([])
  private static let recentSizes = Locked<[(text: String, width: Int, value: TextSize)]>([])

  /// `compute()`, remembered in `cache` (the last 8) when `text` is long.
  private static func remembered<Value>(
    _ text: String, _ width: Int, in cache: Locked<[(text: String, width: Int, value: Value)]>,
    _ compute: () -> Value
  ) -> Value {
    guard text.utf8.count > 4_096 else { return compute() }
    if let cached = cache.withLock({ $0.first { $0.width == width && $0.text == text }?.value }) {
      return cached
    }
    let value = compute()
    cache.withLock { entries in
      entries.insert((text, width, value), at: 0)
      if entries.count > 8 { entries.removeLast() }
    }
    return value
  }

  /// How many rows `text` takes at `width` columns.
  package static func height(of text: String, width: Int) -> Int { size(of: text, width: width).height }

  /// The measure a section controller uses for text the terminal will draw: display width of the
  /// sanitised text (controls and escape sequences take no columns).
  package static func measure(_ text: Substring) -> Int {
    Sanitizer.isClean(text) ? DisplayWidth.of(text) : DisplayWidth.of(Sanitizer.clean(text))
  }
}
