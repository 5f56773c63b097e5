import FeedKit
import Foundation
import Sectional
import SectionalTerminal
import SectionalTesting
import Testing

/// Rendered frames compared with golden files in Snapshots/ (RECORD_SNAPSHOTS=1 to re-record).
@Suite @MainActor struct GoldenTests {
  static let trueColor = ["TERM": "xterm-256color", "COLORTERM": "truecolor"]

  func frame(_ arguments: [String], color: Bool = false) -> String {
    let run = runFeed(arguments + ["--color", color ? "always" : "never"], environment: Self.trueColor)
    #expect(run.status == 0, "\(run.errors)")
    if color { #expect(onlySGR(run.output)) } else { #expect(!run.output.contains("\u{1B}")) }
    return run.output
  }

  @Test func collapsedFeed() throws {
    try assertSnapshot(frame(["--width", "80", "--height", "40"]), named: "collapsed.txt")
    try assertSnapshot(frame(["--width", "80", "--height", "40"], color: true), named: "collapsed.ansi")
  }

  @Test func oneCardExpanded() throws {
    try assertSnapshot(
      frame(["--width", "80", "--height", "40", "--expand", "welcome"]), named: "expanded.txt")
    try assertSnapshot(
      frame(["--width", "80", "--height", "40", "--expand", "welcome"], color: true), named: "expanded.ansi")
  }

  @Test func thirtyColumns() throws {
    try assertSnapshot(frame(["--width", "30", "--height", "60"]), named: "thirty-columns.txt")
  }

  @Test func cjkAndEmoji() throws {
    let path = try temporaryFile(
      """
      [{"id": "cjk", "title": "東京の夜 · 서울 · 北京", "description": "ネオンが雨に映る街を歩く。屋台の湯気、遠くの電車の音。",
        "caption": "写真：新宿", "detail": "日本語の文字は二列の幅で描かれる。", "image": {"pattern": "aurora", "width": 16, "height": 6}},
       {"id": "emoji", "title": "Party 🎉 👨‍👩‍👧‍👦 🇯🇵", "description": "Flags 🇫🇷, skin tones 👍🏽, keycaps 1️⃣, hearts ❤️ and accents e\\u0301.",
        "caption": "❤️ 🧡 💛", "detail": "☀️ vs ☀", "extras": ["🍕🌮🍣"], "image": {"pattern": "circle", "width": 12, "height": 6}}]
      """)
    defer { removeTemporaryFile(path) }
    try assertSnapshot(frame([path, "--width", "44", "--expand", "all"]), named: "cjk-emoji.txt")
    try assertSnapshot(
      frame([path, "--width", "44", "--expand", "all"], color: true), named: "cjk-emoji.ansi")
  }

  @Test func hostileText() throws {
    let path = try temporaryFile(
      """
      [{"id": "evil", "title": "Title\\u001b]0;pwned\\u0007 here", "description": "clear\\u001b[2J\\u001b[?1049l screen\\rover",
        "caption": "c1 \\u009b31m csi \\u202eesrever", "detail": "bell\\u0007 nul\\u0000 tab\\tend", "extras": ["\\u001bPdcs\\u001b\\\\ok"]}]
      """)
    defer { removeTemporaryFile(path) }
    let plain = frame([path, "--width", "50", "--expand", "all"])
    #expect(!plain.contains("pwned"))
    try assertSnapshot(plain, named: "hostile.txt")
    try assertSnapshot(frame([path, "--width", "50", "--expand", "all"], color: true), named: "hostile.ansi")
  }

  /// The smallest frames still are frames of their size: what shows is what fits, no line
  /// wider than the width, as many lines as rows.
  @Test func oneColumnAndOneRow() throws {
    let column = frame(["--width", "1", "--height", "12"]).split(
      separator: "\n", omittingEmptySubsequences: false)
    #expect(column.count == 13 && column.last == "", "12 lines, each ended")
    #expect(column.allSatisfy { DisplayWidth.of($0) <= 1 })
    #expect(column.contains("─"), "the first card's top border, cut to its first column")
    #expect(frame(["--width", "80", "--height", "1"]) == "\n", "one row: the gap above the first card")
  }
}

/// The test kit draws a user's cards as the feed does: one card geometry for both.
@Suite @MainActor struct SharedCardGeometryTests {
  @Test func theTestKitLaysOutTheFeedsCardsAsTheFeedDoes() throws {
    let cards = BuiltInFeed.generated(count: 6, seed: 3)
    let feed = FeedList(document: FeedDocument(title: "Feed", cards: cards), width: 70, height: 200)
    let harness = try ListHarness(
      objects: cards, size: Size(width: 70, height: 200), registry: FeedList.registry
    ) { _ in FeedCardController() }
    let frames = { (view: CollectionView) in
      view.visibleElements().map { "\($0.kind.rawValue) \($0.indexPath) \($0.frame)" }
    }
    let feedFrames = frames(feed.collectionView)
    #expect(feedFrames.contains { $0.hasPrefix(ElementKind.sectionCard.rawValue) })
    #expect(frames(harness.collectionView) == feedFrames)
    var canvas = Canvas(width: 70, height: 200)
    TextRenderer(registry: FeedList.registry, environment: DrawEnvironment(colors: .none))
      .render(feed.collectionView, into: &canvas)
    #expect(try harness.render() == canvas.plainText())
  }
}
