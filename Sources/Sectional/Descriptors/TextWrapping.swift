/// Word wrapping by grapheme count: the model's default measure of text. The text front
/// replaces it with display-width measuring (CJK is two columns wide, combining marks zero).
public enum TextWrapping {
  /// The lines `text` takes when wrapped at `width` columns, words kept whole where they fit;
  /// a word longer than a line is broken. At least one line.
  ///
  /// A paragraph's leading spaces start its first line when its first word fits after them, so
  /// an indent is kept; the spaces where a line breaks and those ending a line are dropped, so a
  /// line never ends with a space and a wrapped one never starts with one.
  public static func lines(_ text: String, width: Int, measure: (Substring) -> Int = { $0.count })
    -> [Substring]
  {
    var lines: [Substring] = []
    forEachLine(text, width: width, measure: measure) { line, _ in lines.append(line) }
    return lines
  }

  /// The widest line and the number of lines `text` takes at `width`, as ``lines(_:width:measure:)``
  /// wraps it, without building the lines or measuring any of them twice.
  ///
  /// With `printableASCIIIsOneColumn` — a promise that `measure` gives every run of printable
  /// ASCII its length in bytes, as grapheme counting and terminal display widths do — text made
  /// only of printable ASCII and newlines is wrapped on its bytes: the same lines, without
  /// walking it grapheme by grapheme. Any other text takes the general path.
  public static func size(
    of text: String, width: Int, measure: (Substring) -> Int = { $0.count },
    printableASCIIIsOneColumn: Bool = false
  ) -> (width: Int, lines: Int) {
    if printableASCIIIsOneColumn && width > 0,
      let size = text.utf8.withContiguousStorageIfAvailable({ sizeOfPrintableASCII($0, width: width) }),
      let size
    {
      return size
    }
    var widest = 0
    var count = 0
    forEachLine(text, width: width, measure: measure) { _, lineWidth in
      widest = max(widest, lineWidth)
      count += 1
    }
    return (widest, count)
  }

  /// ``size(of:width:measure:printableASCIIIsOneColumn:)`` for bytes that are all printable
  /// ASCII or newlines, each a column: `forEachLine`'s wrapping step for step, with byte
  /// offsets for indexes (`TextWrappingTests` holds the two to the same answers). Nil when a
  /// byte is anything else.
  private static func sizeOfPrintableASCII(_ bytes: UnsafeBufferPointer<UInt8>, width: Int) -> (
    width: Int, lines: Int
  )? {
    for byte in bytes where (byte < 0x20 || byte > 0x7E) && byte != 0x0A { return nil }
    let space: UInt8 = 0x20
    var widest = 0
    var count = 0
    var paragraphStart = 0
    while true {
      var paragraphEnd = paragraphStart
      while paragraphEnd < bytes.count && bytes[paragraphEnd] != 0x0A { paragraphEnd += 1 }
      // The line so far ends at `lineEnd`, `lineWidth` columns from its start: its first word,
      // or the paragraph's indent until a first word fits after it.
      var lineEnd = paragraphStart
      var lineWidth = 0
      var cursor = paragraphStart
      while cursor < paragraphEnd && bytes[cursor] == space { cursor += 1 }
      var indentOnly = cursor > paragraphStart && cursor < paragraphEnd
      if indentOnly {
        lineEnd = cursor
        lineWidth = cursor - paragraphStart
      }
      while cursor < paragraphEnd {
        if bytes[cursor] == space {
          cursor += 1
          continue
        }
        var wordStart = cursor
        while cursor < paragraphEnd && bytes[cursor] != space { cursor += 1 }
        var wordWidth = cursor - wordStart
        let gap = wordStart - lineEnd
        if lineWidth > 0 && lineWidth + gap + wordWidth <= width {
          lineEnd = cursor
          lineWidth += gap + wordWidth
          indentOnly = false
          continue
        }
        if lineWidth > 0 && !indentOnly {
          widest = max(widest, lineWidth)
          count += 1
        }
        indentOnly = false
        lineWidth = 0
        // A word longer than the line: a line of `width` columns at a time.
        while wordWidth > width {
          widest = max(widest, width)
          count += 1
          wordStart += width
          wordWidth -= width
        }
        lineEnd = cursor
        lineWidth = wordWidth
      }
      widest = max(widest, lineWidth)
      count += 1
      guard paragraphEnd < bytes.count else { return (widest, count) }
      paragraphStart = paragraphEnd + 1
    }
  }

  /// Calls `body` with each wrapped line and its width. Lines end at newlines; words are
  /// separated by spaces. Both are found on the UTF-8 bytes (a newline or a space is one byte),
  /// so splitting costs no grapheme breaking; only the words are measured, each once and then
  /// grapheme by grapheme where it is broken, so any text wraps in linear time. `measure` must
  /// give a text the sum of its graphemes' widths, as grapheme counting and display widths do.
  package static func forEachLine(
    _ text: String, width: Int, measure: (Substring) -> Int, _ body: (Substring, Int) -> Void
  ) {
    guard width > 0 else {
      body(text[...], measure(text[...]))
      return
    }
    let utf8 = text.utf8
    var paragraphStart = utf8.startIndex
    while true {
      let paragraphEnd = utf8[paragraphStart...].firstIndex(of: 0x0A) ?? utf8.endIndex
      wrapParagraph(text, paragraphStart..<paragraphEnd, width: width, measure: measure, body)
      guard paragraphEnd < utf8.endIndex else { return }
      paragraphStart = utf8.index(after: paragraphEnd)
    }
  }

  private static func wrapParagraph(
    _ text: String, _ paragraph: Range<String.Index>, width: Int, measure: (Substring) -> Int,
    _ body: (Substring, Int) -> Void
  ) {
    let utf8 = text.utf8
    var line: Substring = text[paragraph.lowerBound..<paragraph.lowerBound]
    var lineWidth = 0
    func emit() { body(line, lineWidth) }
    var cursor = paragraph.lowerBound
    // The paragraph's indent, a column a space, is the line so far: the first word joins it when
    // it fits and otherwise starts the line without it, so an indent never makes a blank row.
    // Spaces with no word after them end the paragraph and are dropped.
    while cursor < paragraph.upperBound && utf8[cursor] == 0x20 { cursor = utf8.index(after: cursor) }
    var indentOnly = cursor > paragraph.lowerBound && cursor < paragraph.upperBound
    if indentOnly {
      line = text[paragraph.lowerBound..<cursor]
      lineWidth = utf8.distance(from: paragraph.lowerBound, to: cursor)
    }
    while cursor < paragraph.upperBound {
      if utf8[cursor] == 0x20 {
        cursor = utf8.index(after: cursor)
        continue
      }
      let wordEnd = utf8[cursor..<paragraph.upperBound].firstIndex(of: 0x20) ?? paragraph.upperBound
      var word = text[cursor..<wordEnd]
      cursor = wordEnd
      var wordWidth = measure(word)
      // The spaces between the line and the word stay in the line, a column each: a line fits
      // with the gaps it is drawn with.
      let gap = utf8.distance(from: line.endIndex, to: word.startIndex)
      if lineWidth > 0 && lineWidth + gap + wordWidth <= width {
        line = text[line.startIndex..<word.endIndex]
        lineWidth += gap + wordWidth
        indentOnly = false
        continue
      }
      if lineWidth > 0 && !indentOnly { emit() }
      indentOnly = false
      lineWidth = 0
      while wordWidth > width {
        // Break a word longer than the line at the last grapheme that fits.
        var end = word.startIndex
        var used = 0
        while end < word.endIndex {
          let next = word.index(after: end)
          let step = measure(word[end..<next])
          if used + step > width && used > 0 { break }
          used += step
          end = next
        }
        body(word[word.startIndex..<end], used)
        word = word[end...]
        // What is left is the word less the line broken off: measuring it again after every
        // line made a long word quadratic in its length.
        wordWidth -= used
      }
      line = word
      lineWidth = wordWidth
    }
    emit()
  }
}
