import SeededRandom
import Testing

@testable import Sectional

/// The byte-level wrap of printable ASCII against the general one, grapheme by grapheme: the
/// fast path is only worth having if no text and no width tells them apart.
@Suite struct TextWrappingTests {
  /// Random texts from pieces that exercise every branch: short and long words, single and
  /// repeated spaces, leading and trailing spaces, empty paragraphs; widths from 1 up.
  static func randomTexts(count: Int, seed: UInt64, extraPieces: [String] = []) -> [(String, Int)] {
    var rng = SplitMix64(seed: seed)
    let pieces =
      ["a", "bb", "word", "abcdefghijklmnop", " ", "  ", "   ", "\n", "\n\n", ".", "x-y"] + extraPieces
    return (0..<count).map { _ in
      var text = ""
      for _ in 0..<Int.random(in: 0...14, using: &rng) { text += pieces.randomElement(using: &rng)! }
      return (text, Int.random(in: 1...12, using: &rng))
    }
  }

  @Test func printableASCIIWrapsAsGraphemeByGrapheme() {
    for (text, width) in Self.randomTexts(count: 4_000, seed: 61) {
      let fast = TextWrapping.size(of: text, width: width, printableASCIIIsOneColumn: true)
      let general = TextWrapping.size(of: text, width: width)
      #expect(fast == general, "\(text.debugDescription) at \(width)")
      #expect(general.lines == TextWrapping.lines(text, width: width).count)
    }
  }

  @Test func otherTextTakesTheGeneralPath() {
    // Carriage returns, tabs, accents and wide characters: the promise says nothing of them.
    let extra = ["\r\n", "\t", "é", "漢字", "e\u{301}"]
    for (text, width) in Self.randomTexts(count: 1_000, seed: 62, extraPieces: extra) {
      #expect(
        TextWrapping.size(of: text, width: width, printableASCIIIsOneColumn: true)
          == TextWrapping.size(of: text, width: width), "\(text.debugDescription) at \(width)")
    }
  }

  /// Every line fits the width it was wrapped at, with the spaces it is drawn with; the width
  /// given for it is its own; and every character of the text but spaces and newlines is on a
  /// line, in order: a front that draws the lines clips nothing and loses nothing.
  @Test func everyLineFitsAndNothingIsLost() {
    func visible(_ text: some StringProtocol) -> String { String(text.filter { $0 != " " && $0 != "\n" }) }
    let extra = ["é", "漢字", "e\u{301}", "a  b", "     "]
    for (text, width) in Self.randomTexts(count: 4_000, seed: 63, extraPieces: extra) {
      var drawn = ""
      TextWrapping.forEachLine(text, width: width, measure: { $0.count }) { line, lineWidth in
        #expect(lineWidth == line.count, "\(line.debugDescription) of \(text.debugDescription)")
        #expect(lineWidth <= width, "\(line.debugDescription) of \(text.debugDescription) at \(width)")
        drawn += line
      }
      #expect(visible(drawn) == visible(text), "\(text.debugDescription) at \(width)")
    }
    // Two spaces between words are two columns: at width 3 the words go on two lines.
    #expect(TextWrapping.lines("a  b", width: 3) == ["a", "b"])
    #expect(TextWrapping.lines("a  b", width: 4) == ["a  b"])
    #expect(TextWrapping.size(of: "a  b", width: 3, printableASCIIIsOneColumn: true) == (1, 2))
  }

  /// A paragraph's indent starts its first line when the first word fits after it; where a line
  /// breaks, the spaces are dropped, so a continuation line starts at its word.
  @Test func anIndentIsKeptAndABreakIsNot() {
    #expect(TextWrapping.lines("  ↳ reply", width: 20) == ["  ↳ reply"])
    #expect(TextWrapping.lines("  aa bb", width: 5) == ["  aa", "bb"])
    #expect(TextWrapping.lines("a\n  b\n   ", width: 5) == ["a", "  b", ""])
    // An indent the first word does not fit after would be a blank row: the word starts the line.
    #expect(TextWrapping.lines("    abcd", width: 6) == ["abcd"])
    #expect(TextWrapping.lines("   abcdefgh", width: 4) == ["abcd", "efgh"])
    for text in ["  aa bb", "    abcd", "   abcdefgh", "a\n  b\n   "] {
      for width in 1...8 {
        let lines = TextWrapping.lines(text, width: width)
        let size = TextWrapping.size(of: text, width: width, printableASCIIIsOneColumn: true)
        #expect(size.lines == lines.count && size.width == lines.map(\.count).max(), "\(text) at \(width)")
      }
    }
  }

  /// The wrap as the docs define it, written plainly (each word's rest measured again after
  /// every line broken off it): lines and their widths.
  static func referenceLines(_ text: String, width: Int, measure: (Substring) -> Int) -> [(String, Int)] {
    guard width > 0 else { return [(text, measure(text[...]))] }
    var result: [(String, Int)] = []
    for paragraph in text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false) {
      var line = ""
      var lineWidth = 0
      var spaces = 0
      var firstWord = true
      for piece in paragraph.split(separator: 0x20, omittingEmptySubsequences: false) {
        if piece.isEmpty {
          spaces += 1
          continue
        }
        var word = Substring(piece)
        var wordWidth = measure(word)
        // The leading spaces start the first line when the first word fits after them.
        if firstWord && spaces > 0 && spaces + wordWidth <= width {
          line = String(repeating: " ", count: spaces) + word
          lineWidth = spaces + wordWidth
          firstWord = false
          spaces = 1
          continue
        }
        firstWord = false
        let gap = line.isEmpty && lineWidth == 0 ? 0 : spaces
        spaces = 1
        if lineWidth > 0 && lineWidth + gap + wordWidth <= width {
          line += String(repeating: " ", count: gap) + word
          lineWidth += gap + wordWidth
          continue
        }
        if lineWidth > 0 { result.append((line, lineWidth)) }
        while wordWidth > width {
          var taken = 0
          var used = 0
          for character in word {
            let step = measure(String(character)[...])
            if used + step > width && used > 0 { break }
            used += step
            taken += 1
          }
          result.append((String(word.prefix(taken)), used))
          word = word.dropFirst(taken)
          wordWidth = measure(word)
        }
        line = String(word)
        lineWidth = wordWidth
      }
      result.append((line, lineWidth))
    }
    return result
  }

  /// The wrap against the plain one over random text of wide, zero-width and many-scalar
  /// graphemes (flags, ZWJ and VS16 emoji, combining marks, a mark after a space), by grapheme
  /// count and by a table of display widths: breaking long words without measuring their rest
  /// again changes no line.
  @Test func wrappingEqualsThePlainWrap() {
    let extra = [
      "漢字漢字漢字", "e\u{301}", "\u{301}", " \u{301}x", "🇯🇵🇫🇷🇯", "👨‍👩‍👧", "❤️", "☀", "\r\n", "\t",
      "wwwwwwwwwwwwwwwwwwwwwww",
      "漢a漢a漢a漢a漢a漢", "a\u{200D}b",
    ]
    // Two columns from the CJK blocks on, none for combining marks and ZWJ: what a terminal
    // measures, in a table the test can see whole.
    let columns: (Substring) -> Int = { text in
      text.reduce(0) { sum, character in
        let value = character.unicodeScalars.first!.value
        return sum + ((0x300..<0x370).contains(value) || value == 0x200D ? 0 : value >= 0x2E80 ? 2 : 1)
      }
    }
    for (measureName, measure) in [("graphemes", { (text: Substring) in text.count }), ("columns", columns)] {
      for (text, width) in Self.randomTexts(count: 3_000, seed: 64, extraPieces: extra) {
        var lines: [(String, Int)] = []
        TextWrapping.forEachLine(text, width: width, measure: measure) { lines.append((String($0), $1)) }
        let reference = Self.referenceLines(text, width: width, measure: measure)
        #expect(
          lines.map(\.0) == reference.map(\.0) && lines.map(\.1) == reference.map(\.1),
          "\(text.debugDescription) at \(width) by \(measureName)")
      }
    }
  }

  /// A word without spaces is measured in proportion to its length, not its length squared:
  /// the characters handed to `measure` for a 1 MB word are about ten times those for 100 KB.
  /// Counted, not timed, so a busy machine cannot fail it.
  @Test func aLongWordIsMeasuredInLinearSteps() {
    func measured(_ length: Int) -> Int {
      var asked = 0
      let word = String(repeating: "w", count: length)
      // Printable ASCII: a byte a column, and counting bytes costs nothing.
      TextWrapping.forEachLine(
        word, width: 80,
        measure: {
          asked += $0.utf8.count; return $0.utf8.count
        }
      ) { _, _ in }
      return asked
    }
    let small = measured(100_000)
    let large = measured(1_000_000)
    #expect(large < small * 15, "\(small) characters measured for 100 KB, \(large) for 1 MB")
  }
}
