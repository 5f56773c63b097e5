import Sectional

/// Text as the terminal shows it: sanitised, then wrapped by display width. Sizing and drawing
/// both go through here, so a cell is exactly as tall as the text drawn in it.
public enum TextLayout {
  /// The lines `text` takes at `width` columns, after sanitising.
  public static func lines(_ text: String, width: Int) -> [Substring] {
    let clean = Sanitizer.clean(text)
    return TextWrapping.lines(clean, width: max(1, width), measure: DisplayWidth.of)
  }

  /// The widest line and the number of rows `text` takes at `width` columns, as ``lines(_:width:)``
  /// wraps it (the lines are not built).
  public static func size(of text: String, width: Int) -> (width: Int, height: Int) {
    let size = TextWrapping.size(of: Sanitizer.clean(text), width: max(1, width), measure: DisplayWidth.of)
    return (size.width, size.lines)
  }

  /// How many rows `text` takes at `width` columns.
  package static func height(of text: String, width: Int) -> Int { size(of: text, width: width).height }

  /// The measure a section controller uses for text the terminal will draw: display width of the
  /// sanitised text (controls and escape sequences take no columns).
  package static func measure(_ text: Substring) -> Int {
    Sanitizer.isClean(text) ? DisplayWidth.of(text) : DisplayWidth.of(Sanitizer.clean(text))
  }
}
