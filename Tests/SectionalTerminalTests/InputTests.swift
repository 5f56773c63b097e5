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
    #expect(keys("\u{1B}[" + String(repeating: "1", count: 200) + "~a").last == .character("a"))
    #expect(keys("\u{1B}x") == [.escape, .character("x")])
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
  }
}
