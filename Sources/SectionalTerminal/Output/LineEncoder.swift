/// Encodes a canvas as lines of text for printing: no cursor movement, one line per row,
/// trailing blank cells trimmed. With no colours it is plain text (no escape sequence at all),
/// which is what `feed > feed.txt` and `feed | less` get; otherwise each line carries the
/// smallest SGRs and ends reset.
public struct LineEncoder: Sendable {
  /// The colours the lines are written in.
  public let colors: ColorDepth
  /// Whether attributes (bold, reverse…) are written when there is no colour. Off for plain text.
  package var attributesWithoutColor = false

  /// An encoder writing `colors`; `.none` gives plain text.
  public init(colors: ColorDepth) { self.colors = colors }

  /// The rows `rows` of `canvas`, each followed by a newline.
  public func encode(_ canvas: Canvas, rows: Range<Int>? = nil) -> [UInt8] {
    let rows = rows ?? 0..<canvas.height
    var out = ByteWriter(capacity: canvas.width * rows.count * 2)
    let escapes = colors != .none || attributesWithoutColor
    var styles = StyleWriter(colors: colors)
    for y in rows where y >= 0 && y < canvas.height {
      // The last cell worth writing: trailing spaces in the default style are dropped.
      var end = canvas.width
      while end > 0 {
        let cell = canvas[end - 1, y]
        let visible =
          cell.grapheme.singleByte != 0x20
          || (escapes && styles.effective(cell.style).background != .default)
          || (escapes && styles.effective(cell.style).attributes.contains(.reverse))
        if visible && !cell.isContinuation { break }
        if cell.isContinuation && end >= 2 && canvas[end - 2, y].width == 2 { break }
        end -= 1
      }
      if escapes { styles.current = TextStyle() }
      for x in 0..<end {
        let cell = canvas[x, y]
        if cell.isContinuation { continue }
        if escapes { styles.set(cell.style, into: &out) }
        out.append(grapheme: cell.grapheme)
      }
      if escapes && styles.current != TextStyle() { out.write(ANSI.resetStyle) }
      out.write("\n")
    }
    return out.bytes
  }
}
