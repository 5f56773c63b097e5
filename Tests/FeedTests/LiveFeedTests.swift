import FeedKit
import Foundation
import Sectional
import SectionalTerminal
import TestTags
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The live feed's parts without a terminal: JSON lines merged into cards, and a watched file.
@MainActor
@Suite struct LiveFeedTests {
  func line(_ id: String, _ title: String) -> String {
    #"{"id": "\#(id)", "title": "\#(title)", "description": "d"}"#
  }

  @Test func linesAppendNewIdsAndReplaceKnownOnes() {
    var lines = CardLines()
    let first = lines.consume(Array((line("a", "A") + "\n\n" + line("b", "B") + "\n").utf8))
    #expect(first.changed && first.problems.isEmpty)
    #expect(lines.cards.map(\.title) == ["A", "B"])
    _ = lines.consume(Array((line("a", "A2") + "\n").utf8))
    #expect(lines.cards.map(\.title) == ["A2", "B"])
    #expect(lines.lineCount == 4)
  }

  @Test func aLineSplitAcrossReadsIsOneCardAndTheLastNeedsNoNewline() {
    var lines = CardLines()
    let bytes = Array((line("a", "Split") + "\n" + line("b", "Last")).utf8)
    for chunk in stride(from: 0, to: bytes.count, by: 7) {
      _ = lines.consume(bytes[chunk..<min(bytes.count, chunk + 7)])
    }
    #expect(lines.cards.map(\.title) == ["Split"])
    _ = lines.consume([UInt8](), final: true)
    #expect(lines.cards.map(\.title) == ["Split", "Last"])
  }

  @Test func badLinesAreSkippedWithTheirLineAndColumn() {
    var lines = CardLines(name: "events")
    let result = lines.consume(
      Array((line("a", "A") + "\n{\"id\": \"b\",}\n[1]\n" + line("c", "C") + "\n").utf8))
    #expect(lines.cards.map(\.id) == ["a", "c"])
    #expect(
      result.problems == [
        "events:2:12: expected a member name in quotes, found '}'; line skipped",
        "events:3:1: the card must be an object, found an array; line skipped",
      ])
  }

  @Test(.slow) func anEndlessLineIsDroppedNotHeld() {
    var lines = CardLines()
    let chunk = [UInt8](repeating: 0x61, count: 1 << 20)
    var problems: [String] = []
    for _ in 0..<18 { problems += lines.consume(chunk).problems }
    #expect(problems == ["stdin:1: a line longer than 16 MB; skipped"])
    // The rest of that line is skipped too; the next line is read.
    problems += lines.consume(Array(("aaa\n" + line("z", "Z") + "\n").utf8)).problems
    #expect(problems.count == 1)
    #expect(lines.cards.map(\.id) == ["z"])
    #expect(lines.lineCount == 2)
  }

  @Test func aWatchedFileUpdatesInPlaceKeepsControllersAndSurvivesBadSaves() throws {
    func feed(_ cards: [(String, String)]) -> String {
      "[" + cards.map { line($0.0, $0.1) }.joined(separator: ",") + "]"
    }
    let path = try temporaryFile(feed([("a", "A"), ("b", "B")]))
    defer { removeTemporaryFile(path) }
    let stamp = try FileStamp.of(path).get()
    let document = try FeedDocument.parse(Array(try String(contentsOfFile: path, encoding: .utf8).utf8))
    let list = FeedList(document: document, width: 60, height: 40)
    let watcher = FeedFileWatcher(path: path, list: list, stamp: stamp)
    #expect(!watcher.poll(), "unchanged")
    let controllerA = try #require(list.controllers.first)
    controllerA.setExpanded(true)
    list.adapter.flushPendingUpdates()

    try feed([("c", "C"), ("a", "A2")]).write(toFile: path, atomically: true, encoding: .utf8)
    #expect(watcher.poll())
    list.adapter.flushPendingUpdates()
    #expect(list.document.cards.map(\.title) == ["C", "A2"])
    #expect(list.controllers[1] === controllerA && controllerA.isExpanded)
    #expect(list.collectionView.diagnostics.isEmpty)

    try "[{".write(toFile: path, atomically: true, encoding: .utf8)
    #expect(watcher.poll())
    #expect(watcher.message?.hasPrefix("feed.json:1:3: ") == true)
    #expect(list.document.cards.map(\.title) == ["C", "A2"], "the last good feed stays")
    #expect(!watcher.poll(), "the same bad save is not read again")

    try FileManager.default.removeItem(atPath: path)
    #expect(watcher.poll())
    #expect(watcher.message == "feed.json: No such file or directory; the last good feed stays")
    try feed([("a", "A3")]).write(toFile: path, atomically: true, encoding: .utf8)
    #expect(watcher.poll())
    list.adapter.flushPendingUpdates()
    #expect(watcher.message == nil)
    #expect(list.document.cards.map(\.title) == ["A3"])
    #expect(list.controllers.first === controllerA)
  }

  /// A file that could not be read (made unreadable with `chmod 000`) is read again once it
  /// can be, though its content, and so its stamp, did not change: the stamp of a failed read
  /// was kept, and the status line said "Permission denied" until the file was touched (issue
  /// 45, defect 9).
  @Test func aWatchedFileThatCouldNotBeReadIsReadOnceItCanBe() throws {
    let path = try temporaryFile("[" + line("a", "A") + "]")
    defer { removeTemporaryFile(path) }
    let list = FeedList(document: FeedDocument(title: "feed", cards: []), width: 60, height: 40)
    let watcher = FeedFileWatcher(path: path, list: list, stamp: nil)
    // What `chmod 000` does to a user's read; root reads whatever the mode, so it is played.
    var unreadable = true
    watcher.readFile = { path, limit in
      unreadable ? .failure("Permission denied") : FeedCommand.readFile(path, limit: limit)
    }
    #expect(watcher.poll())
    #expect(watcher.message == "feed.json: Permission denied; the last good feed stays")
    #expect(!watcher.poll(), "still refused: nothing changed")
    unreadable = false
    #expect(watcher.poll())
    list.adapter.flushPendingUpdates()
    #expect(watcher.message == nil)
    #expect(list.document.cards.map(\.title) == ["A"])
    #expect(!watcher.poll(), "read once: unchanged since")
  }

  /// A watched file replaced by a FIFO, a device or one past the size limit: the poll answers
  /// at once (opening a FIFO used to block until a writer came), and the last good feed stays.
  @Test func aWatchedFileReplacedByAFifoADeviceOrAHugeFileKeepsTheLastGoodFeed() throws {
    let path = try temporaryFile("[" + line("a", "A") + "]")
    defer { removeTemporaryFile(path) }
    let document = try FeedDocument.parse(Array(try String(contentsOfFile: path, encoding: .utf8).utf8))
    let list = FeedList(document: document, width: 60, height: 40)
    let watcher = FeedFileWatcher(path: path, list: list, stamp: try FileStamp.of(path).get(), limit: 1 << 20)

    try FileManager.default.removeItem(atPath: path)
    #expect(mkfifo(path, 0o600) == 0)
    #expect(watcher.poll())
    #expect(
      watcher.message
        == "feed.json: not a regular file (a pipe); give a file, or pipe it to feed -; the last good feed stays"
    )

    try FileManager.default.removeItem(atPath: path)
    try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/zero")
    #expect(watcher.poll())
    #expect(watcher.message?.contains("not a regular file (a character device)") == true)

    try FileManager.default.removeItem(atPath: path)
    try String(repeating: " ", count: 2 << 20).write(toFile: path, atomically: true, encoding: .utf8)
    #expect(watcher.poll())
    #expect(
      watcher.message == "feed.json: larger than 1 MB; --max-size raises the limit; the last good feed stays")
    #expect(list.document.cards.map(\.title) == ["A"], "the last good feed stays")
  }

  @Test func feedRefusesWhatIsNotAFileAndWhatIsTooLarge() throws {
    let device = runFeed(["/dev/zero"])
    #expect(device.status == FeedCommand.noInput)
    #expect(
      device.errors
        == "feed: /dev/zero: not a regular file (a character device); give a file, or pipe it to feed -\n")
    let path = try temporaryFile("[" + line("a", "A") + "]" + String(repeating: " ", count: 2 << 20))
    defer { removeTemporaryFile(path) }
    let large = runFeed(["--max-size", "1", "--width", "40", path])
    #expect(large.status == FeedCommand.noInput)
    #expect(large.errors.hasSuffix("feed.json: larger than 1 MB; --max-size raises the limit\n"))
    #expect(runFeed(["--max-size", "3", "--width", "40", path]).status == FeedCommand.ok)
  }

  /// A line that is not JSON at all is named as such, and the problem it left on the status
  /// line goes once a good line arrives.
  @Test func aBadLineIsNamedAndForgottenWhenAGoodOneArrives() {
    let list = FeedList(document: FeedDocument(title: "stdin", cards: []), width: 60, height: 40)
    let stream = CardStream(list: list)
    stream.consume(Array((line("a", "A") + "\nnot json\n").utf8))
    #expect(
      stream.message
        == #"stdin:2:1: the card must be an object, found "not json", which is not JSON; line skipped"#)
    stream.consume(Array((line("b", "B") + "\n").utf8))
    #expect(stream.message == nil)
    #expect(list.document.cards.map(\.id) == ["a", "b"])
  }

  /// A good line after a bad one in the same read clears the problem, as it does in a later
  /// read: the problem stayed when both arrived at once (`printf 'not json\n{good}\n' | feed -`,
  /// issue 45, defect 12). A bad line after a good one is still named.
  @Test func aGoodLineInTheSameReadAsABadOneClearsIt() {
    let list = FeedList(document: FeedDocument(title: "stdin", cards: []), width: 60, height: 40)
    let stream = CardStream(list: list)
    stream.consume(Array(("not json\n" + line("a", "A") + "\n").utf8))
    #expect(stream.message == nil)
    #expect(list.document.cards.map(\.id) == ["a"])
    stream.consume(Array((line("b", "B") + "\n{\n").utf8))
    #expect(stream.message?.hasPrefix("stdin:4:2: ") == true, "\(stream.message ?? "nil")")
    #expect(list.document.cards.map(\.id) == ["a", "b"])
  }

  /// A card without a caption has no blank row where the caption would be.
  @Test func anEmptyCaptionTakesNoRow() {
    let picture = Picture(width: 4, height: 2) { _, _ in Color(hex: 0x336699) }
    let document = FeedDocument(
      title: "T",
      cards: [
        FeedCard(id: "a", title: "A", description: "About a", image: picture, caption: "", detail: ""),
        FeedCard(id: "b", title: "B", description: "About b", image: picture, caption: "Under b", detail: ""),
      ])
    let list = FeedList(document: document, width: 60, height: 40)
    #expect(list.collectionView.numberOfItems(inSection: 0) == 3, "title, description, picture")
    #expect(list.collectionView.numberOfItems(inSection: 1) == 4, "and the caption")
  }

  @Test func watchNeedsAFile() {
    #expect(runFeed(["--watch"]).errors.contains("--watch needs a feed file to watch"))
    #expect(runFeed(["--watch", "-"]).errors.contains("with - the feed is already live"))
    #expect(runFeed(["--watch=1", "x.json"]).errors.contains("--watch takes no value"))
    let fromTerminal = runFeed(["-"], terminal: true)
    #expect(fromTerminal.status == FeedCommand.usageError)
    #expect(fromTerminal.errors.contains("standard input, which is a terminal here"))
  }
}

/// `feed FILE` in a terminal: the file parsed on a task of its own, shown a slice at a time.
@MainActor
@Suite struct FeedLoaderTests {
  func cards(_ count: Int) -> String {
    (0..<count).map { #"{"id": "c\#($0)", "title": "Card \#($0)", "description": "About \#($0)"}"# }
      .joined(separator: ",")
  }

  /// Runs the loader until its task has ended and every card it read is shown, at most 10 s.
  func load(_ text: String) -> (FeedList, FeedLoader, slices: Int) {
    let list = FeedList(document: FeedDocument(title: "Feed", cards: []), width: 60, height: 20)
    let loader = FeedLoader(list: list, name: "feed.json")
    loader.start(Array(text.utf8))
    var slices = 0
    let deadline = ContinuousClock.now + .seconds(10)
    while loader.isLoading || !loader.hasEnded, ContinuousClock.now < deadline {
      loader.takeArrivals()
      if loader.showNextSlice() { slices += 1 }
      usleep(200)
    }
    loader.takeArrivals()
    return (list, loader, slices)
  }

  @Test func aFileIsShownAsItIsReadAndTheTitleFollows() {
    let (list, loader, slices) = load(#"{"cards": ["# + cards(3_000) + #"], "title": "Late title"}"#)
    #expect(list.document.cards.count == 3_000)
    #expect(list.document.cards.map(\.id) == (0..<3_000).map { "c\($0)" }, "in the file's order")
    #expect(list.document.title == "Late title")
    #expect(slices > 1, "shown in slices, not at the end")
    #expect(loader.message == nil && !loader.isLoading)
  }

  @Test func aProblemEndsTheReadingAndTheCardsBeforeItStay() {
    let (list, loader, _) = load("[" + cards(600) + #", {"id": "c1", "title": "t", "description": "d"}]"#)
    #expect(list.document.cards.count == 600, "the cards before the problem")
    #expect(
      loader.message?.hasPrefix("feed.json:1:") == true
        && loader.message?.hasSuffix(
          #"cards[600] has the id "c1" of cards[1]; ids must be unique; the 600 cards before it are shown"#)
          == true,
      "\(loader.message ?? "nil")")
  }

  @Test func aCancelledLoadStopsReading() {
    let list = FeedList(document: FeedDocument(title: "Feed", cards: []), width: 60, height: 20)
    let loader = FeedLoader(list: list, name: "feed.json")
    loader.cancel()
    loader.start(Array(("[" + cards(50_000) + "]").utf8))
    let deadline = ContinuousClock.now + .seconds(10)
    while !loader.hasEnded, ContinuousClock.now < deadline { usleep(1000) }
    loader.takeArrivals()
    loader.showNextSlice()
    #expect(loader.hasEnded && list.document.cards.isEmpty && !loader.isLoading)
  }
}
