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
}
