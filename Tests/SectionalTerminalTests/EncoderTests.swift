import Sectional
import SeededRandom
import TestTags
import Testing

@testable import SectionalTerminal

@Suite struct FrameEncoderTests {
  static let palette: [TerminalColor] = [
    .default, TerminalColor(hex: 0x24283B), TerminalColor(hex: 0x7AA2F7),
  ]
  static let glyphs: [(Character, Int)] = [
    ("a", 1), ("b", 1), (" ", 1), ("─", 1), ("漢", 2), ("🎉", 2), ("é", 1),
  ]

  static func randomRow(_ canvas: inout Canvas, _ y: Int, _ random: inout SplitMix64) {
    var x = 0
    while x < canvas.width {
      let (glyph, width) = glyphs[random.next(below: glyphs.count)]
      let style = TextStyle(
        foreground: palette[random.next(below: 3)], background: palette[random.next(below: 3)],
        attributes: TextAttributes(rawValue: UInt8(random.next(below: 4))))
      canvas.put(glyph, columns: width, x: x, y: y, style: style, opaque: true)
      x += width
    }
  }

  /// Applies the bytes to a terminal showing `before` and returns what it shows.
  static func replay(_ bytes: [UInt8], on terminal: inout VirtualTerminal) -> String {
    terminal.apply(bytes)
    #expect(terminal.unknown.isEmpty, "sequences the terminal did not understand: \(terminal.unknown)")
    return terminal.screen.plainText(trimmingTrailingSpaces: false)
  }

  static func sameCells(_ a: Canvas, _ b: Canvas) -> Bool { a.cells == b.cells }

  @Test(.slow) func randomEditsScrollsAndBandMovesReproduceEveryFrame() {
    var random = SplitMix64(seed: 42)
    for trial in 0..<40 {
      let width = 1 + random.next(below: 30)
      let height = 1 + random.next(below: 14)
      var encoder = FrameEncoder(colors: .trueColor)
      var terminal = VirtualTerminal(width: width, height: height)
      var frame = Canvas(width: width, height: height)
      for y in 0..<height { Self.randomRow(&frame, y, &random) }
      terminal.apply(encoder.encode(frame))
      #expect(Self.sameCells(terminal.screen, frame), "trial \(trial): first frame")
      for step in 0..<25 {
        var next = frame
        switch random.next(below: 4) {
        case 0:  // a few cells
          for _ in 0..<(1 + random.next(below: 5)) {
            let (glyph, w) = Self.glyphs[random.next(below: Self.glyphs.count)]
            next.put(
              glyph, columns: w, x: random.next(below: width), y: random.next(below: height), style: .plain,
              opaque: true)
          }
        case 1:  // a scroll of the whole screen, new rows drawn
          let dy = random.next(below: 3) + 1
          let up = random.next(below: 2) == 0
          next.shiftRows(top: 0, bottom: height, by: up ? -dy : dy)
          for y in (up ? max(0, height - dy)..<height : 0..<min(height, dy)) {
            Self.randomRow(&next, y, &random)
          }
        case 2:  // a band below some row moves down (a card grew)
          let top = random.next(below: height)
          let dy = 1 + random.next(below: 3)
          next.shiftRows(top: top, bottom: height, by: dy)
          for y in top..<min(height, top + dy) { Self.randomRow(&next, y, &random) }
        default:  // nothing changes
          break
        }
        let bytes = encoder.encode(next)
        terminal.apply(bytes)
        #expect(terminal.unknown.isEmpty)
        #expect(Self.sameCells(terminal.screen, next), "trial \(trial) step \(step)")
        if Self.sameCells(frame, next) { #expect(bytes.isEmpty, "no change, no bytes") }
        frame = next
      }
    }
  }

  @Test func aOneLineScrollUsesTheTerminalsScrollAndDrawsOneRow() {
    var random = SplitMix64(seed: 7)
    let (width, height) = (80, 24)
    var frame = Canvas(width: width, height: height)
    for y in 0..<height { Self.randomRow(&frame, y, &random) }
    var encoder = FrameEncoder(colors: .trueColor)
    let full = encoder.encode(frame)
    var next = frame
    next.shiftRows(top: 0, bottom: height, by: -1)
    Self.randomRow(&next, height - 1, &random)
    let bytes = encoder.encode(next)
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.contains("\u{1B}[1S"))
    #expect(bytes.count * 10 < full.count, "\(bytes.count) bytes against \(full.count) for the full frame")
    #expect(text.hasPrefix(ANSI.beginSynchronizedUpdate) && text.hasSuffix(ANSI.endSynchronizedUpdate))
  }

  @Test func aBandMovedDownUsesAScrollRegion() {
    var random = SplitMix64(seed: 9)
    var frame = Canvas(width: 40, height: 20)
    for y in 0..<20 { Self.randomRow(&frame, y, &random) }
    var encoder = FrameEncoder(colors: .trueColor)
    _ = encoder.encode(frame)
    var next = frame
    next.shiftRows(top: 5, bottom: 20, by: 3)
    for y in 5..<8 { Self.randomRow(&next, y, &random) }
    let text = String(decoding: encoder.encode(next), as: UTF8.self)
    #expect(text.contains("\u{1B}[6;20r\u{1B}[3T\u{1B}[r"), "\(text.debugDescription.prefix(80))")
  }

  @Test func fewerColoursMapDownAndNoneWritesNoColour() {
    var canvas = Canvas(width: 2, height: 1)
    canvas.drawText(
      "ab", x: 0, y: 0, style: TextStyle(foreground: TerminalColor(hex: 0xFF0000), attributes: .bold))
    func encoded(_ colors: ColorDepth) -> String {
      var encoder = FrameEncoder(colors: colors)
      return String(decoding: encoder.encode(canvas), as: UTF8.self)
    }
    #expect(encoded(.trueColor).contains("38;2;255;0;0"))
    #expect(encoded(.ansi256).contains("38;5;196"))
    #expect(encoded(.ansi16).contains(";91m") || encoded(.ansi16).contains("[91m"))
    let none = encoded(.none)
    #expect(!none.contains("38;") && !none.contains("[31") && !none.contains("[91"))
    #expect(none.contains("\u{1B}[0;1m") || none.contains("\u{1B}[1m"), "attributes are kept")
  }

  @Test func colourMappings() {
    #expect(ColorMapping.index256(Color(hex: 0x000000)) == 16)
    #expect(ColorMapping.index256(Color(hex: 0xFFFFFF)) == 231)
    #expect(ColorMapping.index256(Color(hex: 0x808080)) == 244)
    #expect(ColorMapping.index256(Color(hex: 0x5F87AF)) == 67)
    #expect(ColorMapping.index16(Color(hex: 0xFF0000)) == 9)
    #expect(ColorMapping.index16(Color(hex: 0x101010)) == 0)
    #expect(ColorMapping.index16(Color(hex: 0x7A7A7A)) == 8)
  }

  @Test func lineEncoderPlainTextHasNoEscapes() {
    var canvas = Canvas(width: 6, height: 2)
    canvas.drawText(
      "hi", x: 0, y: 0, style: TextStyle(foreground: TerminalColor(hex: 0xFF0000), attributes: .bold))
    canvas.drawText("漢字", x: 1, y: 1, style: .plain)
    let plain = LineEncoder(colors: .none).encode(canvas)
    #expect(String(decoding: plain, as: UTF8.self) == "hi\n 漢字\n")
    let coloured = String(decoding: LineEncoder(colors: .trueColor).encode(canvas), as: UTF8.self)
    #expect(coloured == "\u{1B}[1;38;2;255;0;0mhi\u{1B}[0m\n 漢字\n")
  }
}

/// Graphemes whose width terminals disagree on: the encoder must leave a terminal with another
/// width table showing what a full redraw on that terminal shows.
@Suite struct UncertainWidthTests {
  // Built from strings: the compiler checks a Character literal with an older grapheme table.
  static let uncertain: [Character] = ["👨‍👩‍👧", "❤️", "☀", "\u{E000}", "क्षि", "👍🏽", "🇯🇵"].map { Character($0) }
  static let certain: [Character] = ["a", "b", " ", "漢", "🎉", "é", "─"]

  @Test func theUncertainOnesAreTheOnesTerminalsDisagreeOn() {
    for character in Self.uncertain { #expect(DisplayWidth.isUncertain(character), "\(character)") }
    for character in Self.certain { #expect(!DisplayWidth.isUncertain(character), "\(character)") }
  }

  /// A terminal that draws every uncertain grapheme one column narrower or wider than we do.
  static func disagreeing(width: Int, height: Int, narrower: Bool) -> VirtualTerminal {
    var terminal = VirtualTerminal(width: width, height: height)
    terminal.disagrees = true
    terminal.widthOf = { character in
      let ours = DisplayWidth.of(character)
      guard DisplayWidth.isUncertain(character) else { return ours }
      return narrower ? max(1, ours - 1) : min(2, ours + 1)
    }
    return terminal
  }

  @Test(.slow) func everyIncrementalFrameEqualsAFullRedrawOnATerminalThatDisagrees() {
    var random = SplitMix64(seed: 2_026)
    let glyphs = Self.uncertain + Self.certain + Array(repeating: "x", count: 6)
    for trial in 0..<60 {
      let (width, height) = (8 + random.next(below: 20), 2 + random.next(below: 6))
      let narrower = trial % 2 == 0
      var encoder = FrameEncoder(colors: .trueColor)
      encoder.usesScrollRegions = trial % 3 != 0
      var terminal = Self.disagreeing(width: width, height: height, narrower: narrower)
      var frame = Canvas(width: width, height: height)
      for step in 0..<20 {
        var next = frame
        for _ in 0..<(1 + random.next(below: 6)) {
          let glyph = glyphs[random.next(below: glyphs.count)]
          next.put(
            glyph, columns: DisplayWidth.of(glyph), x: random.next(below: width),
            y: random.next(below: height), style: .plain, opaque: true)
        }
        if random.next(below: 4) == 0 { next.shiftRows(top: 0, bottom: height, by: -1) }
        terminal.apply(encoder.encode(next))
        var reference = Self.disagreeing(width: width, height: height, narrower: narrower)
        var full = FrameEncoder(colors: .trueColor)
        reference.apply(full.encodeFull(next))
        #expect(
          terminal.screen.plainText(trimmingTrailingSpaces: false)
            == reference.screen.plainText(trimmingTrailingSpaces: false), "trial \(trial) step \(step)")
        frame = next
      }
    }
  }

  /// What a terminal shows after the incremental bytes equals what it shows after a full frame
  /// of the same canvas, cell for cell and style for style, whether it measures as we do or
  /// draws the uncertain graphemes narrower or wider: a redraw (Ctrl-L, a resize, the first
  /// frame) changes nothing a person can see.
  @Test(.slow) func incrementalAndFullFramesShowTheSame() {
    var random = SplitMix64(seed: 2_027)
    let glyphs = Self.uncertain + Self.certain + ["❤️", "☀️", "x", "y"].map { Character($0) }
    let styles = FrameEncoderTests.palette.flatMap { background in
      [
        TextStyle(background: background),
        TextStyle(foreground: FrameEncoderTests.palette[2], background: background),
      ]
    }
    for trial in 0..<90 {
      let (width, height) = (4 + random.next(below: 20), 2 + random.next(below: 6))
      func terminal() -> VirtualTerminal {
        switch trial % 3 {
        case 0: VirtualTerminal(width: width, height: height)
        default: Self.disagreeing(width: width, height: height, narrower: trial % 3 == 1)
        }
      }
      var encoder = FrameEncoder(colors: .trueColor)
      encoder.usesScrollRegions = trial % 2 == 0
      var incremental = terminal()
      var frame = Canvas(width: width, height: height)
      for step in 0..<20 {
        var next = frame
        for _ in 0..<(1 + random.next(below: 8)) {
          let glyph = glyphs[random.next(below: glyphs.count)]
          next.put(
            glyph, columns: DisplayWidth.of(glyph), x: random.next(below: width),
            y: random.next(below: height),
            style: styles[random.next(below: styles.count)], opaque: true)
        }
        if random.next(below: 4) == 0 {
          next.shiftRows(top: 0, bottom: height, by: random.next(below: 2) == 0 ? -1 : 1)
        }
        incremental.apply(encoder.encode(next))
        var full = terminal()
        var fullEncoder = FrameEncoder(colors: .trueColor)
        full.apply(fullEncoder.encodeFull(next))
        #expect(incremental.unknown.isEmpty && full.unknown.isEmpty)
        #expect(incremental.screen.cells == full.screen.cells, "trial \(trial) step \(step)")
        frame = next
      }
    }
  }

  @Test func rowsWithoutThemAreStillWrittenCellByCell() {
    var encoder = FrameEncoder(colors: .none)
    encoder.synchronized = false
    var frame = Canvas(width: 20, height: 2)
    frame.drawText("plain row", x: 0, y: 0, style: .plain)
    frame.drawText("heart ❤️ row", x: 0, y: 1, style: .plain)
    _ = encoder.encode(frame)
    var next = frame
    next.drawText("X", x: 0, y: 0, style: .plain)
    next.drawText("Y", x: 0, y: 1, style: .plain)
    let text = String(decoding: encoder.encode(next), as: UTF8.self)
    // The plain row gets one cell; the row with the heart is rewritten whole, the heart over
    // blanks and followed by a cursor move.
    #expect(text.contains("X") && !text.contains("Xlain"))
    #expect(text.contains("Yeart ") && text.contains("  \u{1B}[2;7H❤️\u{1B}[2;9H"))
  }
}
