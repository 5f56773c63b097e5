import FeedKit
import Foundation
import Sectional
import SectionalTerminal
import SectionalTesting
import Testing
import backgrounds
import badges
import rows
import self_sizing
import shelves

/// Runs a sample program in-process, as ``runFeed(_:environment:terminal:)`` runs the feed.
@MainActor
func runSample(
  _ sample: Sample, _ arguments: [String], environment: [String: String] = ["TERM": "xterm-256color"]
) -> FeedRun {
  var output: [UInt8] = []
  var errors = ""
  let outcome = withUnsafeMutablePointer(to: &output) { pointer in
    SampleCommand.run(
      sample, arguments: arguments, environment: { environment[$0] }, stdinIsTerminal: false,
      stdoutIsTerminal: false, output: { bytes throws(TerminalError) in pointer.pointee += bytes },
      errorOutput: { errors += $0 })
  }
  // Never a terminal here: every run is done when it returns.
  guard case .exit(let status) = outcome else { fatalError("a run in the tests showed the viewer") }
  return FeedRun(status: status, output: String(decoding: output, as: UTF8.self), errors: errors)
}

/// The samples besides the feed: their piped output against golden files, their options and exit
/// statuses, and what each one demonstrates checked on its list.
@Suite @MainActor struct SampleTests {
  func printed(_ sample: Sample, _ arguments: [String], color: Bool = false) -> String {
    let run = runSample(
      sample, arguments + ["--color", color ? "always" : "never"], environment: GoldenTests.trueColor)
    #expect(run.status == 0, "\(run.errors)")
    if color { #expect(onlySGR(run.output)) } else { #expect(!run.output.contains("\u{1B}")) }
    return run.output
  }

  /// TextFront.md shows the live sample whole, as it is: what a reader copies is what runs.
  @Test func theTextFrontGuideShowsTheLiveSample() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")
    let sample = try String(
      contentsOf: root.appendingPathComponent("Samples/Live/main.swift"), encoding: .utf8)
    let guide = try String(
      contentsOf: root.appendingPathComponent("Documentation/TextFront.md"), encoding: .utf8)
    let marker = "<!-- example: Samples/Live/main.swift -->\n```swift\n"
    let start = try #require(guide.range(of: marker), "TextFront.md no longer shows the live sample")
    let end = try #require(guide.range(of: "\n```", range: start.upperBound..<guide.endIndex))
    #expect(
      String(guide[start.upperBound..<end.lowerBound]) == sample.trimmingCharacters(in: .newlines),
      "TextFront.md's copy of Samples/Live/main.swift differs from the sample")
  }

  @Test func badgesPrintsSeed003() throws {
    let text = printed(BadgesSample.sample, ["--width", "60"])
    try assertSnapshot(text, named: "badges.txt")
    try assertSnapshot(
      printed(BadgesSample.sample, ["--width", "60", "--height", "24"], color: true), named: "badges.ansi")
    // Every number is shown twice: in its tile and in its badge (headers and footers aside).
    let tiles = text.split(separator: "\n").filter { $0.contains("│") || $0.contains("╭") }.joined(
      separator: "\n")
    for number in 1...75 {
      let occurrences = tiles.components(separatedBy: .whitespacesAndNewlines).filter { $0 == "\(number)" }
        .count
      #expect(occurrences == 2, "\(number)")
    }
    for header in ["main · 1 column", "header · 3 columns", "body · 5 columns", "innerBody · 6 columns"] {
      #expect(text.contains(header))
    }
  }

  @Test func badgesHeadersPinAndBadgesStayUnderThem() {
    let list = BadgesSample.make(columns: 60, rows: 12)
    let collectionView = list.collectionView
    #expect(collectionView.numberOfSections == 4)
    #expect((0..<4).map { collectionView.numberOfItems(inSection: $0) } == [10, 20, 20, 25])
    collectionView.setContentOffset(Point(x: 0, y: 40))
    let visible = collectionView.visibleElements()
    let header = visible.first { $0.kind == .header }
    #expect(header?.frame.minY == 40)
    #expect(header?.indexPath.section == 1)
    // Drawn last of everything on its row: a badge under it cannot show through.
    let onHeaderRow = visible.filter { $0.frame.intersects(header!.frame) }
    #expect(onHeaderRow.last?.kind == .header)
  }

  @Test func rowsPrintsEachRowFromItsStart() throws {
    let text = printed(RowsSample.sample, ["--width", "60"])
    try assertSnapshot(text, named: "rows.txt")
    try assertSnapshot(
      printed(RowsSample.sample, ["--width", "60", "--height", "16"], color: true), named: "rows.ansi")
    for row in RowsSample.rows { #expect(text.contains(row.title + " · ")) }
    #expect(text.contains("[ swift ] [ layout ] [ diff ]"))
  }

  /// The rows' controllers vend their own sections (three ways of scrolling sideways); the note's
  /// vends none and gets the layout's own list. Chips are as wide as their text; ← pages the
  /// featured row a card at a time and the tiles a screen at a time, and nothing else moves.
  @Test func rowsScrollSidewaysEachAsItsBehaviourSays() {
    let list = RowsSample.make(columns: 60, rows: 20)
    let collectionView = list.collectionView
    #expect((0..<4).map { collectionView.scrollsSideways(section: $0) } == [true, true, true, false])
    func frame(_ item: Int, _ section: Int) -> Rect {
      collectionView.collectionViewLayout.layoutAttributesForItem(
        at: IndexPath(item: item, section: section))?.frame
        ?? .zero
    }
    // "[ swift ]" is 9 columns, "[ layout ]" 10, "[ diff ]" 8, one apart after the row's inset.
    #expect((0..<3).map { frame($0, 1).width } == [9, 10, 8])
    #expect((0..<3).map { frame($0, 1).minX } == [2, 12, 23])
    // The note wraps in the list's width (60 less two insets of 2).
    #expect(frame(0, 3).width == 56 && frame(0, 3).height == 5)

    let viewer = ListViewer(
      collectionView: collectionView, renderer: TextRenderer(registry: RowsSample.registry), columns: 60,
      rows: 20)
    let cardStart = frame(1, 0).minX
    let noteBefore = frame(0, 3)
    viewer.handle(.right)  // the first row in view: the featured cards
    #expect(frame(1, 0).minX == 2, "the second card at the row's start (it was at \(cardStart))")
    viewer.handle(.right)
    #expect(frame(2, 0).minX == 2)
    viewer.handle(.left)
    #expect(frame(1, 0).minX == 2)
    #expect(frame(0, 1).minX == 2 && frame(0, 2).minX == 2 && frame(0, 3) == noteBefore)
    // The tiles page by the collection view's width (as UIKit's do), whatever the tiles' own.
    let page = collectionView.bounds.width
    #expect(collectionView.scrollSection(2, sidewaysBy: 1))
    #expect(frame(0, 2).minX == 2 - page)
    #expect(viewer.collectionView.contentOffset.y == 0)
    withExtendedLifetime(list) {}
  }

  /// A chip picked up with m moves with → and stays where Enter drops it: its controller moved
  /// its own item, and the row is laid out as the new order.
  @Test func rowsReorderTheirChipsByKeys() throws {
    let list = RowsSample.make(columns: 60, rows: 20)
    let adapter = try #require(list.adapter)
    let viewer = ListViewer(
      adapter: adapter, renderer: TextRenderer(registry: RowsSample.registry), columns: 60, rows: 20)
    func chips() -> [String] {
      (0..<4).compactMap {
        guard
          case .button(let label) = list.collectionView.cellDescriptor(at: IndexPath(item: $0, section: 1))?
            .content
        else { return nil }
        return label
      }
    }
    viewer.handle(.tab)
    #expect(viewer.focused == IndexPath(item: 0, section: 1))
    viewer.handle(.character("m"))
    viewer.handle(.right)
    viewer.handle(.right)
    #expect(chips() == ["layout", "diff", "swift", "terminal"])
    viewer.handle(.enter)
    // Read without translation now: the controller's own order.
    #expect(!viewer.isMoving && chips() == ["layout", "diff", "swift", "terminal"])
    // "[ layout ]" is 10 columns, "[ diff ]" 8, "[ swift ]" 9, one apart after the inset.
    let frames = (0..<3).map {
      list.collectionView.collectionViewLayout.layoutAttributesForItem(at: IndexPath(item: $0, section: 1))?
        .frame ?? .zero
    }
    #expect(frames.map(\.width) == [10, 8, 9] && frames.map(\.minX) == [2, 13, 22])
  }

  @Test func samplesShareTheFeedsOptionsAndStatuses() {
    let help = runSample(BadgesSample.sample, ["--help"])
    #expect(help.status == 0 && help.output.hasPrefix("Usage: badges"))
    let unknown = runSample(BadgesSample.sample, ["--expand", "all"])
    #expect(unknown.status == FeedCommand.usageError)
    #expect(unknown.errors.hasPrefix("badges: unknown option \"--expand\""))
    let file = runSample(BadgesSample.sample, ["cards.json"])
    #expect(file.status == FeedCommand.usageError && file.errors.contains("takes no file"))
    let width = runSample(BadgesSample.sample, ["--width", "0"])
    #expect(width.status == FeedCommand.usageError)
    let narrow = runSample(BadgesSample.sample, ["--width", "1", "--height", "5"])
    #expect(narrow.status == 0)
    #expect(narrow.output.split(separator: "\n", omittingEmptySubsequences: false).count == 6)
  }

  @Test func shelvesPutAShelfUnderEveryRow() throws {
    try assertSnapshot(printed(ShelvesSample.sample, ["--width", "60"]), named: "shelves.txt")
    try assertSnapshot(
      printed(ShelvesSample.sample, ["--width", "60", "--height", "20"], color: true), named: "shelves.ansi")
    let list = ShelvesSample.make(columns: 60, rows: 200)
    let elements = list.collectionView.visibleElements()
    for (section, genre) in ShelvesSample.genres.enumerated() {
      let books = elements.filter { $0.category == .cell && $0.indexPath.section == section }
      let rows = Set(books.map(\.frame.minY)).sorted()
      let shelves = elements.filter { $0.kind == .shelf && $0.indexPath.section == section }
      #expect(books.count == genre.books.count)
      #expect(shelves.count == rows.count)
      // Each shelf sits right under its row.
      #expect(shelves.map(\.frame.minY).sorted() == rows.map { $0 + 4 })
    }
  }

  @Test func backgroundsGiveEverySectionItsColour() throws {
    try assertSnapshot(printed(BackgroundsSample.sample, ["--width", "60"]), named: "backgrounds.txt")
    try assertSnapshot(
      printed(BackgroundsSample.sample, ["--width", "60"], color: true), named: "backgrounds.ansi")
    let list = BackgroundsSample.make(columns: 60, rows: 100)
    let backgrounds = list.collectionView.visibleElements().filter { $0.kind == .sectionBackground }
    #expect(
      backgrounds.map(\.style?.backgroundColor) == BackgroundsSample.topics.map { Color(hex: $0.color) })
    #expect(backgrounds.allSatisfy { $0.frame.minX == 0 && $0.frame.width == 60 })
    // Each covers its section's lines and its insets (a row above and below).
    for (section, background) in backgrounds.enumerated() {
      let lines = list.collectionView.visibleElements().filter {
        $0.category == .cell && $0.indexPath.section == section
      }
      #expect(background.frame.minY == lines.map(\.frame.minY).min()! - 1)
      #expect(background.frame.maxY == lines.map(\.frame.maxY).max()! + 1)
    }
  }

  /// Each topic's own colour stays its own at every depth a terminal may have.
  @Test func backgroundsStayDistinctAtEveryColourDepth() {
    let colors = BackgroundsSample.topics.map { Color(hex: $0.color) }
    #expect(Set(colors.map(ColorMapping.index256)).count == colors.count, "256 colours")
    #expect(Set(colors.map(ColorMapping.index16)).count == colors.count, "16 colours")
    #expect(!colors.map(ColorMapping.index16).contains(0), "none is the terminal's black")
  }

  @Test func selfSizingMeasuresItsNotesAndTracesEachPass() throws {
    try assertSnapshot(printed(SelfSizingSample.sample, ["--width", "50"]), named: "self-sizing.txt")
    let traced = runSample(SelfSizingSample.sample, ["--width", "50", "--height", "12", "--trace"])
    #expect(traced.status == 0)
    let passes = traced.errors.split(separator: "\n")
    #expect(!passes.isEmpty)
    #expect(
      passes.allSatisfy { $0.hasPrefix("pass ") && $0.contains("invalidated") && $0.contains("content size") }
    )
    // Without --trace, nothing on standard error.
    #expect(runSample(SelfSizingSample.sample, ["--width", "50"]).errors.isEmpty)
    // Every note as tall as its text at its width.
    let list = SelfSizingSample.make(columns: 50, rows: 200, trace: nil)
    let cells = list.collectionView.visibleElements().filter { $0.category == .cell }
    #expect(cells.count == SelfSizingSample.notes.count)
    for cell in cells {
      let descriptor = try #require(list.collectionView.cellDescriptor(at: cell.indexPath))
      #expect(cell.frame.height == list.collectionView.measure(descriptor, width: cell.frame.width).height)
    }
    #expect(cells.contains { $0.frame.height > 1 })
  }

  /// `shelves --scroll`: the same list on a compositional layout, one shelf per genre scrolling
  /// sideways; → moves the first shelf in view and nothing else.
  @Test func scrollingShelvesMoveSidewaysOneAtATime() throws {
    try assertSnapshot(
      printed(ShelvesSample.sample, ["--width", "50", "--scroll"]), named: "shelves-scroll.txt")
    let list = ShelvesSample.make(columns: 50, rows: 24, scrolls: true)
    let viewer = ListViewer(
      collectionView: list.collectionView, renderer: TextRenderer(registry: list.registry), columns: 50,
      rows: 24)
    func rows() -> [String] { viewer.render().plainText().components(separatedBy: "\n") }
    let before = rows()
    #expect(before[3].contains("Dune") && before[10].contains("Cosmos"))
    for _ in 0..<4 { viewer.handle(.right) }
    let after = rows()
    #expect(!after[3].contains("Dune") && after[3].contains("Beloved"))
    #expect(after[10] == before[10], "the other shelves stay")
    #expect(after[6] == before[6], "the shelf under the books does not move")
  }
}

/// A sample offers Tab and Enter only when its list has a button to focus and press.
@Suite @MainActor struct SampleKeyHelpTests {
  static func sample(_ name: String) -> Sample {
    switch name {
    case "badges": BadgesSample.sample
    case "backgrounds": BackgroundsSample.sample
    case "shelves": ShelvesSample.sample
    case "self-sizing": SelfSizingSample.sample
    default: RowsSample.sample
    }
  }

  func hasButton(_ list: SampleList) -> Bool {
    let view = list.collectionView
    return (0..<view.numberOfSections).contains { section in
      (0..<view.numberOfItems(inSection: section)).contains { item in
        view.cellDescriptor(at: IndexPath(item: item, section: section))?.content.isButton == true
      }
    }
  }

  @Test(arguments: ["badges", "backgrounds", "shelves", "self-sizing", "rows"])
  func helpOffersFocusOnlyWithButtons(name: String) {
    let sample = Self.sample(name)
    #expect(sample.name == name)
    let list = sample.build(60, 24, [], { _ in })
    #expect(sample.hasButtons == hasButton(list), "\(sample.name)")
    let help = runSample(sample, ["--help"]).output
    #expect(help.contains("Tab/Shift-Tab focus a button") == sample.hasButtons, "\(sample.name)")
    withExtendedLifetime(list) {}
  }

  @Test func theStatusLineShowsTheKeyHelpItIsGiven() {
    let list = BadgesSample.make(columns: 60, rows: 24)
    let viewer = ListViewer(
      collectionView: list.collectionView, renderer: TextRenderer(registry: list.registry))
    // Nothing here can take focus: the automatic help offers no Tab, and a help given is shown.
    let automatic = viewer.render().plainText().components(separatedBy: "\n").last ?? ""
    #expect(automatic.hasSuffix("↑↓ scroll · q quit") && !automatic.contains("Tab"), "\(automatic)")
    viewer.statusLine.keyHelp = .fixed("↑↓ scroll · x mine · q quit")
    let status = viewer.render().plainText().components(separatedBy: "\n").last ?? ""
    #expect(status.contains("↑↓ scroll · x mine · q quit"))
    // A list that fits whole has nothing to scroll, and says so.
    viewer.resize(columns: 60, rows: 400)
    let whole = viewer.render().plainText().components(separatedBy: "\n").last ?? ""
    #expect(whole.contains("All") && whole.contains("q quit") && !whole.contains("scroll"), "\(whole)")
    withExtendedLifetime(list) {}
  }
}

extension CellContent {
  fileprivate var isButton: Bool {
    if case .button = self { return true }
    return false
  }
}
