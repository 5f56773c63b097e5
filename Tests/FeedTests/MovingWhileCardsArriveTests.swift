import FeedKit
import Foundation
import Sectional
import SectionalTerminal
import Testing

/// What arrives while a card is picked up is applied after the drop, never lost (issue 49, §3):
/// under `--watch` the file is the truth, so the list shows the file; lines from `feed -` apply
/// to the order the move left. The keys are a user's: Tab, m, the arrows, Enter.
@MainActor
@Suite struct MovingWhileCardsArriveTests {
  func card(_ id: String, _ title: String) -> String {
    #"{"id": "\#(id)", "title": "\#(title)", "description": "d", "detail": "more"}"#
  }

  func feed(_ title: String, _ cards: [(String, String)]) -> String {
    #"{"title": "\#(title)", "cards": ["# + cards.map { card($0.0, $0.1) }.joined(separator: ",") + "]}"
  }

  /// The list as the adapter shows it: each card's id and title.
  func shown(_ list: FeedList) -> [String] {
    list.adapter.objects.compactMap { ($0 as? FeedCard).map { "\($0.id) \($0.title)" } }
  }

  func viewer(_ list: FeedList) -> ListViewer {
    let viewer = ListViewer(
      adapter: list.adapter, renderer: TextRenderer(registry: FeedList.registry), columns: 60, rows: 30)
    _ = viewer.frameBytes()
    return viewer
  }

  /// `feed --watch`: a save while c0 is up is shown as the file has it once c0 is dropped,
  /// changed cards, new ones, order and title, though c0 was moved meanwhile. The list kept the
  /// cards it showed before, with no message, until the file changed again.
  @Test func aFileSavedWhileACardIsMovedIsShownAfterTheDrop() throws {
    let start = (0..<4).map { ("c\($0)", "C\($0)") }
    let path = try temporaryFile(feed("Old", start))
    defer { removeTemporaryFile(path) }
    let list = FeedList(
      document: try FeedDocument.parse(Array(feed("Old", start).utf8)), width: 60, height: 30)
    let watcher = FeedFileWatcher(path: path, list: list, stamp: try FileStamp.of(path).get())
    let viewer = viewer(list)
    viewer.handle(.tab)
    viewer.handle(.character("m"))
    #expect(viewer.isMoving)

    // The same ids, changed and reordered, and a new one: the file's order is not the move's.
    let saved = [("c3", "C3 saved"), ("c0", "C0 saved"), ("c9", "C9"), ("c1", "C1"), ("c2", "C2")]
    try feed("New", saved).write(toFile: path, atomically: true, encoding: .utf8)
    #expect(watcher.poll())
    _ = viewer.frameBytes()
    #expect(shown(list) == start.map { "\($0.0) \($0.1)" }, "waits while c0 is up")

    viewer.handle(.down)
    viewer.handle(.down)
    viewer.handle(.enter)
    _ = viewer.frameBytes()
    #expect(!viewer.isMoving)
    let file = saved.map { "\($0.0) \($0.1)" }
    #expect(shown(list) == file)
    #expect(list.document.title == "New" && list.document.cards.map { "\($0.id) \($0.title)" } == file)
    #expect(watcher.message == nil && list.collectionView.diagnostics.isEmpty)

    // Other cards altogether: the file again, and the moved card goes with the old ones.
    viewer.handle(.character("m"))
    try feed("Newer", [("x0", "X0"), ("x1", "X1")]).write(toFile: path, atomically: true, encoding: .utf8)
    #expect(watcher.poll())
    viewer.handle(.down)
    viewer.handle(.enter)
    _ = viewer.frameBytes()
    #expect(shown(list) == ["x0 X0", "x1 X1"])

    // A move with nothing saved meanwhile is kept (until the file changes again).
    viewer.handle(.character("m"))
    viewer.handle(.down)
    viewer.handle(.enter)
    _ = viewer.frameBytes()
    #expect(shown(list) == ["x1 X1", "x0 X0"])
    #expect(list.document.cards.map(\.id) == ["x1", "x0"])
    #expect(!watcher.poll(), "the file did not change")
  }

  /// A save while a card is up, then Esc or a drop where it started: the file is shown, and the
  /// next move is the user's again (what the save said is not held against it).
  @Test func aSaveWhileACardIsUpThenPutBackShowsTheFileAndTheNextMoveHolds() throws {
    let start = (0..<3).map { ("c\($0)", "C\($0)") }
    let path = try temporaryFile(feed("Old", start))
    defer { removeTemporaryFile(path) }
    let list = FeedList(
      document: try FeedDocument.parse(Array(feed("Old", start).utf8)), width: 60, height: 30)
    let watcher = FeedFileWatcher(path: path, list: list, stamp: try FileStamp.of(path).get())
    let viewer = viewer(list)
    viewer.handle(.tab)
    viewer.handle(.character("m"))
    viewer.handle(.down)
    try feed("New", [("c2", "C2 saved"), ("c1", "C1"), ("c0", "C0")]).write(
      toFile: path, atomically: true, encoding: .utf8)
    #expect(watcher.poll())
    viewer.handle(.escape)
    _ = viewer.frameBytes()
    #expect(shown(list) == ["c2 C2 saved", "c1 C1", "c0 C0"])

    viewer.handle(.character("m"))
    viewer.handle(viewer.focused?.section == 0 ? .down : .up)
    viewer.handle(.enter)
    _ = viewer.frameBytes()
    let moved = shown(list)
    #expect(moved != ["c2 C2 saved", "c1 C1", "c0 C0"] && Set(moved).count == 3)
    #expect(list.document.cards.map { "\($0.id) \($0.title)" } == moved)
  }

  /// `feed -`: while c0 is up, a line replaces c2 and another adds c9; after the drop both show,
  /// in the order the move left, and later lines keep that order. Neither ever appeared.
  @Test func linesReadWhileACardIsMovedApplyToTheOrderTheMoveLeft() {
    let list = FeedList(document: FeedDocument(title: "stdin", cards: []), width: 60, height: 30)
    let stream = CardStream(list: list)
    stream.consume(Array((0..<4).map { card("c\($0)", "C\($0)") + "\n" }.joined().utf8))
    let viewer = viewer(list)
    viewer.handle(.tab)
    viewer.handle(.character("m"))
    #expect(viewer.isMoving)
    stream.consume(Array((card("c2", "C2 replaced") + "\n" + card("c9", "C9") + "\n").utf8))
    _ = viewer.frameBytes()
    #expect(shown(list) == ["c0 C0", "c1 C1", "c2 C2", "c3 C3"], "waits while c0 is up")

    viewer.handle(.down)
    viewer.handle(.down)
    viewer.handle(.enter)
    _ = viewer.frameBytes()
    let after = ["c1 C1", "c2 C2 replaced", "c0 C0", "c3 C3", "c9 C9"]
    #expect(shown(list) == after)
    #expect(list.document.cards.map { "\($0.id) \($0.title)" } == after)
    #expect(stream.lines.cards.map { "\($0.id) \($0.title)" } == after)

    stream.consume(Array((card("c1", "C1 later") + "\n" + card("c7", "C7") + "\n").utf8))
    _ = viewer.frameBytes()
    #expect(shown(list) == ["c1 C1 later", "c2 C2 replaced", "c0 C0", "c3 C3", "c9 C9", "c7 C7"])
    #expect(list.collectionView.diagnostics.isEmpty)
  }

  /// The order a stream adopts is the order only: a card's content stays the stream's latest.
  @Test func adoptingAnOrderKeepsTheLatestCards() {
    var lines = CardLines()
    _ = lines.consume(Array((card("a", "A") + "\n" + card("b", "B") + "\n").utf8))
    let stale = lines.cards
    _ = lines.consume(Array((card("a", "A2") + "\n").utf8))
    lines.adopt(order: [stale[1], stale[0]])
    #expect(lines.cards.map(\.title) == ["B", "A2"])
    _ = lines.consume(Array((card("c", "C") + "\n" + card("b", "B2") + "\n").utf8))
    #expect(lines.cards.map(\.title) == ["B2", "A2", "C"])
  }
}
