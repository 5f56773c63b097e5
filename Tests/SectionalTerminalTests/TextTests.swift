import Sectional
import SeededRandom
import Testing

@testable import SectionalTerminal

/// Text of these scalars: the noncharacters of the first plane, which a string literal cannot hold.
func scalars(_ values: UInt32...) -> String {
  String(String.UnicodeScalarView(values.map { Unicode.Scalar($0)! }))
}

@Suite struct DisplayWidthTests {
  /// (text, columns, why)
  static let cases: [(String, Int, String)] = [
    ("", 0, "empty"),
    ("a", 1, "ASCII"),
    ("Hello, world", 12, "ASCII sentence"),
    ("漢", 2, "CJK ideograph"),
    ("漢字", 4, "two ideographs"),
    ("ｱ", 1, "halfwidth katakana"),
    ("Ａ", 2, "fullwidth Latin"),
    ("한글", 4, "Hangul syllables"),
    ("。", 2, "ideographic full stop"),
    ("é", 1, "precomposed é"),
    ("e\u{301}", 1, "e + combining acute: one cluster"),
    ("a\u{300}\u{301}\u{302}", 1, "several combining marks"),
    ("\u{301}", 0, "a lone combining mark"),
    ("नमस्ते", 4, "Devanagari: a conjunct cluster is as wide as its spacing letters"),
    ("각", 2, "Hangul as conjoining jamo: L + V + T"),
    ("😀", 2, "emoji presentation"),
    ("👍🏽", 2, "emoji with skin tone modifier"),
    ("👨‍👩‍👧‍👦", 2, "ZWJ family sequence"),
    ("🏳️‍🌈", 2, "ZWJ flag with VS16"),
    ("🇯🇵", 2, "regional indicator pair"),
    ("❤️", 2, "text default + VS16"),
    ("❤", 1, "text default without VS16"),
    ("☀︎", 1, "VS15 text presentation"),
    ("1️⃣", 2, "keycap sequence"),
    ("\u{200B}", 0, "zero width space"),
    ("\u{200D}", 0, "lone ZWJ"),
    ("\u{1B}", 0, "escape is not drawn"),
    ("\u{9B}", 0, "C1 CSI is not drawn"),
    ("ab漢字cd한글ef🙂gh", 18, "mixed"),
    ("─│╭╮", 4, "box drawing"),
    ("€", 1, "euro sign"),
    ("a\u{3099}", 1, "a kana voicing mark after a narrow letter: combining, no column of its own"),
    ("a\u{309A}b", 2, "a kana semi-voicing mark between narrow letters"),
    ("a\u{302A}", 1, "an ideographic tone mark after a narrow letter"),
    ("x\u{302D}", 1, "the last ideographic tone mark"),
    ("か\u{3099}", 2, "kana and its voicing mark"),
    ("\u{3099}", 0, "a lone voicing mark"),
    ("\u{309B}", 2, "the spacing voicing mark stays wide"),
    ("a\u{2028}b\u{2029}c", 3, "line and paragraph separators are not drawn (wcwidth -1)"),
    (
      scalars(0xFFFE, 0xFFFF, 0xFDD0, 0xFDEF) + "\u{1FFFE}\u{10FFFF}", 0,
      "noncharacters are not drawn (wcwidth -1)"
    ),
    ("\u{FDCF}\u{FDF0}", 2, "the letters around the noncharacter block are"),
  ]

  @Test(arguments: cases.indices)
  func width(_ index: Int) {
    let (text, expected, why) = Self.cases[index]
    #expect(
      DisplayWidth.of(text) == expected, "\(why): \(text.unicodeScalars.map { String($0.value, radix: 16) })")
  }

  /// The table is the toolchain's Unicode version's (16): letters made East Asian Wide since
  /// Unicode 13 and 14, and the Yijing symbols since 16, are 2; Hangul jamo extended-B is 0
  /// as its older forms are (issue 45, defect 11).
  @Test func theTableIsTheToolchainsUnicodeVersion() {
    for wide: UInt32 in [0x16FF0, 0x16FF1, 0x18D00, 0x18D08, 0x1AFF0, 0x1AFFE, 0x4DC0, 0x1D300, 0x31350] {
      #expect(DisplayWidth.of(Character(Unicode.Scalar(wide)!)) == 2, "U+\(String(wide, radix: 16))")
    }
    for joined: UInt32 in [0xD7B0, 0xD7FB, 0x1160] {
      #expect(DisplayWidth.of(Character(Unicode.Scalar(joined)!)) == 0, "U+\(String(joined, radix: 16))")
    }
    #expect(Unicode.Scalar(0x1FAE9)!.properties.age?.major == 16, "the toolchain's properties are Unicode 16")
  }

  /// Every grapheme whose width a terminal may measure otherwise than the table is in doubt, so
  /// incremental frames rewrite its row (issue 45, defect 11); what every terminal agrees on
  /// is not.
  @Test func graphemesWhoseWidthIsInDoubt() {
    let doubtful: [String] = [
      "\u{16FF0}", "\u{18D00}", "\u{1AFF0}", "\u{D7B0}", "\u{1100}\u{D7B0}", "\u{0600}1", "\u{06DD}2",
      "\u{4DC0}", "\u{2630}", "\u{1D300}", "\u{31350}", "\u{0378}", "\u{2FFFD}", "\u{AD}", "👨‍👩‍👧‍👦", "\u{E000}",
    ]
    for text in doubtful {
      let character = Character(text)
      #expect(
        DisplayWidth.isUncertain(character), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }
    for text in ["a", "é", "漢", "한", "─", "▀", "€", "ж", "😀", "カ"] {
      #expect(!DisplayWidth.isUncertain(Character(text)), "\(text)")
    }
  }

  @Test func stringWidthIsTheSumOfItsGraphemes() {
    for (text, _, _) in Self.cases {
      #expect(DisplayWidth.of(text) == text.reduce(0) { $0 + DisplayWidth.of($1) })
    }
  }
}

@Suite struct SanitizerTests {
  static let hostile: [(String, String)] = [
    ("title\u{1B}]0;pwned\u{07}after", "titleafter"),
    ("\u{1B}]0;pwned\u{1B}\\x", "x"),
    ("clear\u{1B}[2Jscreen", "clearscreen"),
    ("colour \u{1B}[31;1mred\u{1B}[0m", "colour red"),
    ("\u{1B}[?1049l\u{1B}[?25h leave", " leave"),
    ("over\rwrite", "over\nwrite"),
    ("windows\r\nline", "windows\nline"),
    ("bell\u{07}", "bell"),
    ("nul\u{0}byte", "nulbyte"),
    ("tab\there", "tab here"),
    ("c1 \u{9B}31mcsi", "c1 csi"),
    ("c1 \u{9D}0;osc\u{9C}end", "c1 end"),
    ("dcs \u{1B}Pq#0;2;0;0;0\u{1B}\\end", "dcs end"),
    ("apc \u{1B}_payload\u{1B}\\end", "apc end"),
    ("reset \u{1B}c", "reset "),
    ("del\u{7F}", "del"),
    ("bidi \u{202E}desrever\u{202C} \u{2066}iso\u{2069}", "bidi desrever iso"),
    ("trailing escape \u{1B}", "trailing escape "),
    ("unterminated \u{1B}]0;forever", "unterminated "),
    ("ok: 漢字 🎉 é", "ok: 漢字 🎉 é"),
    ("line\u{2028}and\u{2029}paragraph", "line\nand\nparagraph"),
    (
      "non" + scalars(0xFFFE, 0xFFFF) + "ch" + scalars(0xFDD0) + "ar" + scalars(0xFDEF)
        + "acter\u{1FFFE}s\u{10FFFF}",
      "noncharacters"
    ),
  ]

  @Test(arguments: hostile.indices)
  func removesControls(_ index: Int) {
    let (input, expected) = Self.hostile[index]
    let clean = Sanitizer.clean(input)
    #expect(clean == expected)
    #expect(
      !clean.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F..<0xA0).contains($0.value) })
    #expect(Sanitizer.isClean(clean))
    #expect(Sanitizer.clean(clean) == clean, "idempotent")
  }

  @Test func singleLineTurnsBreaksIntoSpaces() {
    #expect(Sanitizer.clean("a\nb\rc", singleLine: true) == "a b c")
    #expect(Sanitizer.clean("a\u{2028}b\u{2029}c", singleLine: true) == "a b c")
  }

  @Test func cleanTextIsReturnedAsIs() {
    #expect(Sanitizer.isClean("plain\ntext 漢字"))
    #expect(!Sanitizer.isClean("x\u{1B}"))
    #expect(!Sanitizer.isClean("x\u{85}"))
    #expect(!Sanitizer.isClean("x\u{202E}"))
  }

  @Test func canvasNeverStoresControls() {
    var canvas = Canvas(width: 20, height: 1)
    canvas.drawText("a\u{1B}b\u{07}c\u{9B}d", x: 0, y: 0, style: .plain)
    #expect(canvas.line(0) == "abcd")
    #expect(
      !canvas.cells.contains {
        $0.grapheme.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) }
      })
  }
}

@Suite struct TextLayoutTests {
  @Test func wrapsByDisplayWidth() {
    // Each ideograph is two columns: four fit in eight.
    let lines = TextLayout.lines("漢字漢字漢字", width: 8)
    #expect(lines.map(String.init) == ["漢字漢字", "漢字"])
  }

  @Test func measureIgnoresControlsAndEscapes() {
    #expect(TextLayout.measure("ab\u{1B}[31mcd") == 4)
    #expect(TextLayout.height(of: "\u{1B}]0;x\u{07}one two", width: 3) == 2)
  }
}

@Suite struct TextSizeTests {
  /// The measure a cell's height comes from and the lines it is drawn with cannot disagree:
  /// `TextLayout.size` (which builds no lines) equals the widest and the count of
  /// `TextLayout.lines`, for text with double spaces, long words, wide and combining graphemes.
  @Test func sizeAgreesWithTheDrawnLines() {
    let pieces = [
      "word", "a", " ", "  ", "\n", "漢字", "e\u{301}", "😀", "supercalifragilistic", "👨‍👩‍👧‍👦", "—", "\u{1B}[31m",
      "x\u{202E}y", "\t",
    ]
    var random = SplitMix64(seed: 11)
    for _ in 0..<2_000 {
      let text = (0..<random.next(below: 12)).map { _ in pieces[random.next(below: pieces.count)] }.joined()
      let width = random.next(below: 14)
      let lines = TextLayout.lines(text, width: width)
      let size = TextLayout.size(of: text, width: width)
      #expect(size.height == lines.count, "\(text.debugDescription) at \(width)")
      #expect(
        size.width == (lines.map { DisplayWidth.of($0) }.max() ?? 0), "\(text.debugDescription) at \(width)")
    }
  }

  /// The byte-level check agrees with cleaning: text is clean exactly when cleaning keeps it.
  @Test func isCleanAgreesWithClean() {
    let pieces = [
      "a", "\n", "\r", "\t", "\u{85}", "\u{9B}", "\u{A0}", "\u{202A}", "\u{202F}", "\u{2066}", "\u{2069}",
      "\u{206A}",
      "—", "…", "\u{2029}", "\u{7F}", "\u{1B}", "漢", "é", "\u{2028}", "\u{2027}", scalars(0xFFFE), "\u{FFFD}",
      scalars(0xFDD0), scalars(0xFDEF), scalars(0xFFFF), "\u{FDCF}", "\u{FDF0}", "\u{1FFFE}", "\u{1FFFD}",
      "\u{10FFFF}", "\u{EFFFE}",
      "\u{E0041}", "\u{2FFFF}",
    ]
    var random = SplitMix64(seed: 12)
    for _ in 0..<3_000 {
      let text = (0..<random.next(below: 6)).map { _ in pieces[random.next(below: pieces.count)] }.joined()
      for singleLine in [false, true] {
        #expect(
          Sanitizer.isClean(text, singleLine: singleLine)
            == (Sanitizer.clean(text, singleLine: singleLine) == text),
          "\(text.unicodeScalars.map { String($0.value, radix: 16) }) singleLine \(singleLine)")
      }
    }
  }
}

/// The terminal measures with display widths and promises printable ASCII is a column a byte:
/// the byte-level wrap must give what measuring each word's display width gives.
@Suite struct TextLayoutWrappingTests {
  @Test func printableASCIISizesEqualDisplayWidthWrapping() {
    var rng = SplitMix64(seed: 63)
    let pieces = ["a", "bb", "word", "abcdefghijklmnop", " ", "  ", "\n", "~!", "漢", "\u{1B}[1m", "\t"]
    for _ in 0..<3_000 {
      var text = ""
      for _ in 0..<Int.random(in: 0...14, using: &rng) { text += pieces.randomElement(using: &rng)! }
      let width = Int.random(in: 1...12, using: &rng)
      let clean = Sanitizer.clean(text)
      let general = TextWrapping.size(of: clean, width: width, measure: DisplayWidth.of)
      let measured = TextLayout.size(of: text, width: width)
      #expect(measured.width == general.width && measured.height == general.lines, "\(text.debugDescription)")
      #expect(measured.height == TextLayout.lines(text, width: width).count)
    }
  }
}
