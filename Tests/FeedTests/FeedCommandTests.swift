import FeedKit
import Foundation
import SectionalTerminal
import Testing

@Suite @MainActor struct FeedCommandTests {
  @Test func helpExitsZero() {
    let run = runFeed(["--help"])
    #expect(run.status == 0)
    #expect(run.output.hasPrefix("Usage: feed"))
    #expect(run.errors.isEmpty)
  }

  @Test func unknownOptionsAndBadValuesPrintUsageAndExit64() {
    for arguments in [
      ["--bogus"], ["--width", "0"], ["--width"], ["--color", "sometimes"], ["--expand", ","],
      ["a.json", "b.json"], ["--sections", "3", "x.json"], ["--seed", "-1"],
    ] {
      let run = runFeed(arguments)
      #expect(run.status == 64, "\(arguments)")
      #expect(run.errors.contains("Usage: feed"), "\(arguments)")
      #expect(run.output.isEmpty, "\(arguments)")
    }
  }

  /// What a user types is echoed cleaned (no escape sequence, no control character, one line)
  /// and cut to 40 characters, whatever the option.
  @Test func echoedArgumentsAreSanitisedAndBounded() {
    let hostile = "\u{1B}]52;c;cHduZWQ=\u{07}\u{1B}[31mX\r\n" + String(repeating: "y", count: 10_000)
    for arguments in [
      ["--color", hostile], ["--width", hostile], ["--seed", hostile], ["--" + hostile],
      ["a.json", hostile], [hostile, "--expand", "all", "b"],
    ] {
      let run = runFeed(arguments)
      #expect(run.status == 64)
      let message = run.errors.split(separator: "\n").first.map(String.init) ?? ""
      #expect(onlySGR(run.errors) && !run.errors.contains("\u{1B}"), "\(message.prefix(80))")
      #expect(!message.contains("\r") && message.count < 200, "\(message.count) characters")
      #expect(message.contains("…"), "\(message.prefix(80))")
    }
    let missing = runFeed([String(repeating: "z", count: 5_000) + "\u{1B}[2J.json"])
    #expect(missing.status == 66)
    #expect(!missing.errors.contains("\u{1B}") && missing.errors.count < 300, "\(missing.errors.count)")
    let unknownCards = runFeed(["--expand", (0..<50).map { "card\($0)" }.joined(separator: ",")])
    #expect(unknownCards.status == 64)
    #expect(unknownCards.errors.contains("(and 45 more)") && unknownCards.errors.count < 200)
  }

  @Test func notATerminalPrintsTheWholeFeedAsPlainText() {
    let run = runFeed([])
    #expect(run.status == 0)
    #expect(!run.output.contains("\u{1B}"))
    for title in ["Welcome to Sectional", "東京の夜", "Thanks for scrolling"] {
      #expect(run.output.contains(title))
    }
    #expect(run.output.components(separatedBy: "[ View more ]").count - 1 == BuiltInFeed.cards().count)
    #expect(run.output.split(separator: "\n").allSatisfy { DisplayWidth.of($0) <= 80 })
  }

  @Test func colourWhenAskedEvenIntoAPipe() {
    let always = runFeed(["--color", "always", "--height", "10"], environment: ["TERM": "xterm-256color"])
    #expect(always.output.contains("\u{1B}[") && onlySGR(always.output))
    let forced = runFeed(["--height", "10"], environment: ["FORCE_COLOR": "3"])
    #expect(forced.output.contains("38;2;"))
    let noColor = runFeed(
      ["--color", "auto", "--height", "10"], environment: ["NO_COLOR": "1", "FORCE_COLOR": "3"])
    #expect(!noColor.output.contains("\u{1B}"))
  }

  @Test func heightPrintsOneFrameOfThatSize() {
    let run = runFeed(["--width", "50", "--height", "12"])
    #expect(run.status == 0)
    #expect(run.output.split(separator: "\n", omittingEmptySubsequences: false).count == 13)
  }

  /// A frame too large to draw is a usage error that says what to do; a COLUMNS no terminal has
  /// is ignored (80 columns), not a canvas of a hundred million cells.
  @Test func absurdSizesAreRefusedOrIgnored() {
    let huge = runFeed(["--width", "10000", "--height", "10000"])
    #expect(huge.status == 64 && huge.output.isEmpty)
    #expect(huge.errors.contains("100000000 cells") && huge.errors.contains("leave --height out"))
    let columns = runFeed(["--height", "5"], environment: ["COLUMNS": "99999999999999999"])
    #expect(columns.status == 0)
    #expect(columns.output.split(separator: "\n").allSatisfy { $0.count <= 80 })
    #expect(columns.output.split(separator: "\n").contains { $0.count > 70 }, "the default 80 columns")
  }

  @Test func expandByIdOrPosition() {
    let byId = runFeed(["--expand", "welcome,3", "--width", "100"])
    #expect(byId.output.components(separatedBy: "[ View less ]").count - 1 == 2)
    let all = runFeed(["--expand", "all", "--width", "100"])
    #expect(all.output.contains("[ View less ]") && !all.output.contains("[ View more ]"))
    let unknown = runFeed(["--expand", "nope"])
    #expect(unknown.status == 64 && unknown.errors.contains("\"nope\"") && unknown.output.isEmpty)
  }

  @Test func generatedFeedsAreReproducible() {
    let a = runFeed(["--sections", "40", "--seed", "7", "--width", "60"])
    let b = runFeed(["--sections", "40", "--seed", "7", "--width", "60"])
    let c = runFeed(["--sections", "40", "--seed", "8", "--width", "60"])
    #expect(a.status == 0 && a.output == b.output && a.output != c.output)
    #expect(a.output.contains("Card 40:"))
  }

  @Test func aMalformedFileIsOneMessageWithItsPositionAndExit65() throws {
    let path = try temporaryFile("{\n  \"cards\": [\n    {\"id\": \"a\", \"title\": \"A\",}\n  ]\n}\n")
    defer { removeTemporaryFile(path) }
    let run = runFeed([path])
    #expect(run.status == 65)
    #expect(run.output.isEmpty, "nothing drawn")
    #expect(run.errors == "feed: \(path):3:30: expected a member name in quotes, found '}'\n")
  }

  @Test func aMissingFileExits66() {
    let run = runFeed(["/nonexistent/feed.json"])
    #expect(run.status == 66)
    #expect(run.errors.contains("No such file or directory"))
  }

  @Test func aUsersFeedFileRenders() throws {
    let path = try temporaryFile(
      """
      {"title": "Mine", "cards": [
        {"id": "x", "title": "My card", "description": "Mine.", "caption": "c", "detail": "d",
         "extras": ["e1"], "image": {"pattern": "circle", "width": 10, "height": 6, "colors": ["#ff0000", "#0000ff"]}},
        {"id": "y", "title": "Second", "description": "Two."}
      ]}
      """)
    defer { removeTemporaryFile(path) }
    let run = runFeed([path, "--expand", "x", "--width", "40"])
    #expect(run.status == 0, "\(run.errors)")
    #expect(run.output.contains("My card") && run.output.contains("e1") && run.output.contains("Second"))
  }
}
