import Sectional
import Testing

@testable import SectionalTerminal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct InputDecoderTests {
  func keys(_ text: String) -> [Key] {
    var decoder = InputDecoder()
    return decoder.feed(Array(text.utf8)) + decoder.flush()
  }

  @Test func keysAndTheirSpellings() {
    #expect(keys("jk q") == [.character("j"), .character("k"), .character(" "), .character("q")])
    #expect(keys("\u{1B}[A\u{1B}[B\u{1B}OA\u{1B}OB") == [.up, .down, .up, .down])
    #expect(keys("\u{1B}[5~\u{1B}[6~") == [.pageUp, .pageDown])
    #expect(keys("\u{1B}[H\u{1B}[1~\u{1B}[7~\u{1B}OH") == [.home, .home, .home, .home])
    #expect(keys("\u{1B}[F\u{1B}[4~\u{1B}[8~\u{1B}OF") == [.end, .end, .end, .end])
    #expect(keys("\t\u{1B}[Z\r") == [.tab, .backTab, .enter])
    #expect(keys("\u{03}\u{04}\u{0C}") == [.control("c"), .control("d"), .control("l")])
    #expect(keys("é漢🎉") == [.character("é"), .character("漢"), .character("🎉")])
  }

  @Test func sequencesSplitAcrossReadsWait() {
    var decoder = InputDecoder()
    #expect(decoder.feed([0x1B]) == [])
    #expect(decoder.hasPendingInput)
    #expect(decoder.feed([0x5B]) == [])
    #expect(decoder.feed([0x42]) == [.down])
    #expect(decoder.feed([0xE6, 0xBC]) == [])
    #expect(decoder.feed([0x93]) == [.character("漓")])
  }

  @Test func aLoneEscapeIsTheEscKeyAfterTheTimeout() {
    var decoder = InputDecoder()
    #expect(decoder.feed([0x1B]) == [])
    #expect(decoder.flush() == [.escape])
    #expect(!decoder.hasPendingInput)
  }

  @Test func sgrMouse() {
    #expect(keys("\u{1B}[<0;10;5M") == [.mouse(MouseEvent(action: .press(button: 0), x: 9, y: 4))])
    #expect(keys("\u{1B}[<0;10;5m") == [.mouse(MouseEvent(action: .release, x: 9, y: 4))])
    #expect(
      keys("\u{1B}[<64;1;1M\u{1B}[<65;1;1M") == [
        .mouse(MouseEvent(action: .wheelUp, x: 0, y: 0)), .mouse(MouseEvent(action: .wheelDown, x: 0, y: 0)),
      ])
    #expect(keys("\u{1B}[<35;3;3M") == [], "motion is ignored")
  }

  @Test func garbageIsDroppedNotFatal() {
    #expect(keys("\u{1B}[99;99;99X") == [])
    #expect(keys("\u{FF}\u{80}a").last == .character("a"))
    #expect(keys("\u{1B}x") == [.alt(.character("x"))])
  }

  /// ESC before a key, in one read, is Alt (Meta) and that key, as terminals send it, not Esc
  /// then the key: `ESC j`, `ESC b` (macOS's Option-←), `ESC CR` and `ESC ESC [A` each quit the
  /// viewer before (issue 45, defect 10). Ctrl-D is not a quit key either.
  @Test @MainActor func escapeBeforeAKeyIsAlt() {
    #expect(keys("\u{1B}j") == [.alt(.character("j"))])
    #expect(keys("\u{1B}b") == [.alt(.character("b"))])
    #expect(keys("\u{1B}\r") == [.alt(.enter)])
    #expect(keys("\u{1B}é") == [.alt(.character("é"))])
    #expect(keys("\u{1B}\u{1B}[A") == [.alt(.up)])
    #expect(keys("\u{1B}\u{1B}OB") == [.alt(.down)])
    #expect(keys("\u{1B}\u{3}") == [.alt(.control("c"))])
    #expect(keys("\u{1B}\u{7F}") == [.alt(.backspace)])
    #expect(keys("\u{1B}\u{1B}") == [.escape, .escape], "two presses of Esc")
    #expect(keys("\u{1B}\u{1B}x") == [.escape, .alt(.character("x"))])
    // Split across reads, the key after the ESC is waited for, as a sequence's rest is.
    var decoder = InputDecoder()
    #expect(decoder.feed([0x1B]) == [])
    #expect(decoder.feed([0xC3]) == [])
    #expect(decoder.feed([0xA9]) == [.alt(.character("é"))])
    for bytes in ["\u{1B}j", "\u{1B}b", "\u{1B}\r", "\u{1B}é", "\u{1B}\u{1B}[A", "\u{4}"] {
      let viewer = ListViewer(
        collectionView: CollectionView(size: Size(width: 20, height: 5)), renderer: TextRenderer())
      for key in keys(bytes) { viewer.handle(key) }
      #expect(!viewer.wantsToQuit, "\(Array(bytes.utf8))")
    }
  }

  func keys(bytes: [UInt8]) -> [Key] {
    var decoder = InputDecoder()
    return decoder.feed(bytes) + decoder.flush()
  }

  /// A sequence longer than the decoder keeps is dropped up to its final byte, however it
  /// arrives: none of its bytes is read as a key (a stray "q" would quit).
  @Test func aRunawaySequenceIsDroppedWhole() {
    #expect(keys("\u{1B}[" + String(repeating: "1", count: 200) + "~a") == [.character("a")])
    #expect(keys("\u{1B}[" + String(repeating: "0", count: 70) + "qj") == [.character("j")])
    var decoder = InputDecoder()
    var read: [Key] = []
    read += decoder.feed(Array("\u{1B}[".utf8))
    for _ in 0..<100 { read += decoder.feed(Array("1;".utf8)) }
    read += decoder.feed(Array("Mk".utf8))
    #expect(read == [.character("k")])
    // A runaway that stops without its final byte ends when the input goes quiet: the key typed
    // next is a key, not the sequence's end.
    #expect(decoder.feed(Array(("\u{1B}[" + String(repeating: "1", count: 80)).utf8)) == [])
    #expect(decoder.hasPendingInput, "the viewer waits briefly and flushes, as for a lone Esc")
    #expect(decoder.flush() == [])
    #expect(!decoder.hasPendingInput)
    #expect(decoder.feed(Array("j".utf8)) == [.character("j")])
  }

  /// A byte that breaks off a UTF-8 character is read on its own: the keys after a cut-short
  /// character are not lost.
  @Test func aCutShortCharacterLosesNoKeyAfterIt() {
    #expect(keys(bytes: [0xE9, 0x71]) == [.character("q")], "Latin-1 é, then q")
    #expect(keys(bytes: [0xE2, 0x1B]) == [.escape])
    #expect(keys(bytes: [0xE2, 0x82, 0x1B, 0x5B, 0x41]) == [.up])
    #expect(keys(bytes: [0xF0, 0x9F, 0x8E]) == [], "cut short at the end: dropped on flush")
    #expect(keys(bytes: [0xE2, 0x82, 0xAC, 0x6A]) == [.character("€"), .character("j")])
  }

  /// SS3 takes parameter bytes (a modifier) before its final byte; cut short by anything else,
  /// it is dropped and what follows is read on its own: never an Esc, which would quit.
  @Test func ss3WithAModifierOrCutShort() {
    #expect(keys("\u{1B}O5A\u{1B}O1;2P") == [.up])  // Ctrl-Up; Shift-F1 is not a key here
    #expect(keys("\u{1B}O\u{1B}[A") == [.up])
    #expect(keys("\u{1B}O") == [])
    #expect(keys("\u{1B}O\u{3}") == [.control("c")])
  }

  /// Terminals without SGR mouse mode send X10 reports (ESC [ M and three bytes, each 32 plus
  /// a value): read as the same events, and never as the keys their bytes spell.
  @Test func x10MouseReports() {
    func report(_ code: Int, _ x: Int, _ y: Int) -> [UInt8] {
      [0x1B, 0x5B, 0x4D, UInt8(32 + code), UInt8(32 + x), UInt8(32 + y)]
    }
    #expect(keys(bytes: report(0, 81, 5)) == [.mouse(MouseEvent(action: .press(button: 0), x: 80, y: 4))])
    #expect(keys(bytes: report(3, 81, 5)) == [.mouse(MouseEvent(action: .release, x: 80, y: 4))])
    #expect(keys(bytes: report(65, 1, 1)) == [.mouse(MouseEvent(action: .wheelDown, x: 0, y: 0))])
    #expect(keys(bytes: report(32, 10, 10) + Array("j".utf8)) == [.character("j")], "motion")
    var decoder = InputDecoder()
    #expect(decoder.feed(Array(report(0, 3, 3).prefix(4))) == [], "waits for its three bytes")
    #expect(
      decoder.feed(Array(report(0, 3, 3).dropFirst(4))) == [
        .mouse(MouseEvent(action: .press(button: 0), x: 2, y: 2))
      ])
  }

  /// An SGR report with an empty field, or from a button past the wheel, is not a click.
  @Test func malformedSGRReportsAreNotClicks() {
    #expect(keys("\u{1B}[<;;M") == [])
    #expect(keys("\u{1B}[<0;;5M") == [])
    #expect(keys("\u{1B}[<128;10;5M") == [])
    #expect(keys("\u{1B}[<0;10;5;7M") == [])
  }

  /// Pasted text comes between markers and is one `.paste`, never keys; a paste whose end never
  /// comes ends when the input goes quiet (``InputDecoder/flush()``), so the keyboard never
  /// goes dead.
  @Test func pastedTextIsNotReadAsKeys() {
    #expect(keys("\u{1B}[200~jj q\r\u{1B}[201~k") == [.paste("jj q\n"), .character("k")])
    #expect(
      keys("\u{1B}[200~a\u{1B}[31mb\u{07}\tc\u{1B}[201~") == [.paste("ab\tc")], "no sequence in the text")
    #expect(keys("\u{1B}[200~\u{1B}[201~") == [], "an empty paste is nothing")
    // A paste that pauses, even with its end marker split, is still a paste.
    var decoder = InputDecoder()
    #expect(decoder.feed(Array("\u{1B}[200~qqq".utf8)) == [])
    #expect(decoder.hasPendingInput, "a paste without its end waits")
    for _ in 0..<5 { #expect(decoder.flush() == []) }
    #expect(decoder.feed(Array("mq\u{1B}[20".utf8)) == [])
    for _ in 0..<5 { #expect(decoder.flush() == []) }
    #expect(decoder.feed(Array("1~j".utf8)) == [.paste("qqqmq"), .character("j")])
    // One whose end never comes ends after a quiet spell, its text kept: the keyboard comes back.
    #expect(decoder.feed(Array("\u{1B}[200~q".utf8)) == [])
    for _ in 1..<InputDecoder.pasteSilence { #expect(decoder.flush() == []) }
    #expect(decoder.flush() == [.paste("q")])
    #expect(!decoder.hasPendingInput)
    #expect(decoder.feed(Array("j".utf8)) == [.character("j")])
  }
}

@Suite struct ColorSupportTests {
  /// The call an app makes: a pipe is not a terminal, so `.auto` follows the rules for a pipe
  /// (plain unless the environment forces colour), `.never` is plain, `.always` is coloured.
  @Test func anAppAsksForItsOutput() {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    defer {
      close(ends[0])
      close(ends[1])
    }
    #expect(ColorSupport.depth(choice: .never, output: ends[1]) == .none)
    #expect(ColorSupport.depth(choice: .always, output: ends[1]) != .none)
    #expect(
      ColorSupport.depth(choice: .auto, output: ends[1])
        == ColorSupport.depth(
          choice: .auto, isTerminal: false, environment: { getenv($0).map { String(cString: $0) } }))
  }

  func depth(_ environment: [String: String], _ choice: ColorChoice = .auto, tty: Bool = true) -> ColorDepth {
    ColorSupport.depth(choice: choice, isTerminal: tty, environment: { environment[$0] })
  }

  @Test func decisions() {
    #expect(depth(["TERM": "xterm"]) == .ansi16)
    #expect(depth(["TERM": "xterm-256color"]) == .ansi256)
    #expect(depth(["TERM": "xterm-256color", "COLORTERM": "truecolor"]) == .trueColor)
    #expect(depth(["TERM": "xterm-direct"]) == .trueColor)
    #expect(depth(["TERM": "dumb"]) == .none)
    #expect(depth(["TERM": "xterm-256color"], tty: false) == .none, "a pipe gets plain text")
    #expect(depth(["TERM": "xterm-256color", "NO_COLOR": "1"]) == .none)
    #expect(depth(["TERM": "xterm-256color", "NO_COLOR": ""]) == .ansi256, "an empty NO_COLOR is unset")
    #expect(depth(["TERM": "xterm-256color", "CLICOLOR_FORCE": "1"], tty: false) == .ansi256)
    #expect(depth(["FORCE_COLOR": "3"], tty: false) == .trueColor)
    #expect(depth(["FORCE_COLOR": "0"], tty: false) == .none)
    #expect(depth(["TERM": "xterm-256color", "FORCE_COLOR": "3"], .never) == .none)
    #expect(depth(["TERM": "dumb", "NO_COLOR": "1"], .always, tty: false) == .ansi16)
  }

  @Test func sizeFallsBackToTheEnvironmentThenEightyByTwentyFour() {
    // -1 is no terminal.
    let fromEnvironment = TerminalSession.size(of: -1) { ["COLUMNS": "132", "LINES": "50"][$0] }
    #expect(fromEnvironment.columns == 132 && fromEnvironment.rows == 50)
    let fallback = TerminalSession.size(of: -1) { ["COLUMNS": "zero", "LINES": "-3"][$0] }
    #expect(fallback.columns == 80 && fallback.rows == 24)
    // No terminal is that wide: ignored, rather than a canvas too large to make.
    let absurd = TerminalSession.size(of: -1) { ["COLUMNS": "99999999999999999", "LINES": "10001"][$0] }
    #expect(absurd.columns == 80 && absurd.rows == 24)
  }

  /// The kernel's size is held to the same range: `stty cols 65535 rows 65535` made a canvas
  /// of millions of cells, 545 MB, and a second to quit (issue 45, defect 12).
  @Test func aKernelSizePastTenThousandIsIgnoredAsTheEnvironmentsIs() throws {
    let huge = try PseudoTerminal(columns: 65_535, rows: 65_535)
    let ignored = TerminalSession.size(of: huge.terminal) { ["COLUMNS": "132", "LINES": "50"][$0] }
    #expect(ignored.columns == 132 && ignored.rows == 50)
    let wide = try PseudoTerminal(columns: 10_001, rows: 40)
    let alsoIgnored = TerminalSession.size(of: wide.terminal) { _ in nil }
    #expect(alsoIgnored.columns == 80 && alsoIgnored.rows == 24)
    let usual = try PseudoTerminal(columns: 10_000, rows: 40)
    let kept = TerminalSession.size(of: usual.terminal) { ["COLUMNS": "132", "LINES": "50"][$0] }
    #expect(kept.columns == 10_000 && kept.rows == 40)
  }
}
