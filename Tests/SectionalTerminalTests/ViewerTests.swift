import FeedKit
import Sectional
import Testing

@testable import SectionalTerminal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@MainActor
final class Cards: ListAdapterDataSource {
  var cards: [FeedCard]
  init(_ cards: [FeedCard]) { self.cards = cards }

  func objects(for adapter: ListAdapter) -> [any ListDiffable] { cards }

  func listAdapter(_ adapter: ListAdapter, sectionControllerFor object: any ListDiffable) -> SectionController
  {
    FeedCardController()
  }
}

func testCard(_ id: String, extras: Int = 2) -> FeedCard {
  FeedCard(
    id: id, title: "Title \(id)", description: "Description of card \(id)",
    image: Picture(width: 8, height: 4) { x, _ in Color(red: UInt8(x * 30), green: 80, blue: 160) },
    caption: "Caption \(id)", detail: "Detail of \(id)", extras: (0..<extras).map { "Extra \($0) of \(id)" })
}

@MainActor
struct Harness {
  let source: Cards
  let adapter: ListAdapter
  let viewer: ListViewer

  init(cards: Int = 6, columns: Int = 40, rows: Int = 20, colors: ColorDepth = .none) {
    source = Cards((0..<cards).map { testCard("c\($0)") })
    let layout = FlowLayout()
    layout.decorationStyles = [.sectionCard: .card]
    layout.cardOutset = EdgeInsets(top: 1, left: 2, bottom: 1, right: 2)
    let collectionView = CollectionView(
      layout: layout, size: Size(width: Double(columns), height: Double(rows)))
    adapter = ListAdapter(collectionView: collectionView)
    adapter.dataSource = source
    adapter.reloadData()
    viewer = ListViewer(
      adapter: adapter,
      renderer: TextRenderer(registry: FeedList.registry, environment: DrawEnvironment(colors: colors)),
      columns: columns,
      rows: rows)
  }

  var text: String { viewer.render().plainText() }
}

@Suite @MainActor struct ViewerTests {
  /// A viewer that drew, scrolled and expanded lets go of everything: the viewer, its renderer,
  /// the adapter, the collection view, the layout and every controller.
  @Test func aViewerAndEverythingItDroveAreReleased() {
    weak var viewer: ListViewer?
    weak var renderer: TextRenderer?
    weak var adapter: ListAdapter?
    weak var collectionView: CollectionView?
    weak var layout: FlowLayout?
    weak var controller: SectionController?
    do {
      let harness = Harness()
      harness.viewer.handle(.tab)
      harness.viewer.handle(.enter)
      harness.viewer.handle(.pageDown)
      _ = harness.viewer.frameBytes()
      viewer = harness.viewer
      renderer = harness.viewer.renderer
      adapter = harness.adapter
      collectionView = harness.adapter.collectionView
      layout = harness.adapter.collectionView.collectionViewLayout as? FlowLayout
      controller = harness.adapter.sectionController(forSection: 0)
      #expect(viewer != nil && controller != nil)
    }
    #expect(viewer == nil && renderer == nil && adapter == nil)
    #expect(collectionView == nil && layout == nil && controller == nil)
  }

  /// Into a pipe, `present()` prints all of the list once, a line per row, and returns; a
  /// session asked to start on a pipe says what it needs instead of what tcgetattr makes of it.
  @Test func presentPrintsTheWholeListWhenThereIsNoTerminal() async throws {
    let harness = Harness(cards: 3, columns: 40, rows: 10)
    var input: [Int32] = [-1, -1]
    var output: [Int32] = [-1, -1]
    #expect(pipe(&input) == 0 && pipe(&output) == 0)
    defer { [input[0], input[1], output[0]].forEach { close($0) } }
    try await harness.viewer.present(input: input[0], output: output[1])
    close(output[1])
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4_096)
    while true {
      let count = read(output[0], &chunk, chunk.count)
      guard count > 0 else { break }
      bytes += chunk[0..<count]
    }
    let lines = String(decoding: bytes, as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: false)
    let height = Int(harness.adapter.collectionView.contentSize.height.rounded(.up))
    #expect(lines.count - 1 == height, "a line per row of the content, not of the viewport")
    #expect(height > 10)
    for card in ["c0", "c1", "c2"] { #expect(lines.contains { $0.contains("Title \(card)") }) }
    #expect(!bytes.contains(0x1B), "plain text: no escape sequence")

    let session = TerminalSession(input: input[0], output: input[1])
    let error = #expect(throws: TerminalError.self) { try session.start() }
    #expect(error?.description.contains("needs a terminal") == true)
  }

  /// Printing right after an animated update prints its end, as the docs promise: a transition
  /// left pending at progress 0 drew blank rows where the new cards were (issue 45, defect 1).
  @Test(arguments: [2, 4])
  func printingRightAfterAnAnimatedUpdatePrintsItsEnd(cards: Int) throws {
    let harness = Harness(cards: 1, columns: 40, rows: 10)
    harness.source.cards = [testCard("a")]
    harness.adapter.performUpdates()
    _ = harness.text
    // Every card on screen changes: the update builds a transition.
    harness.source.cards = (0..<cards).map { testCard("c\($0)") }
    harness.adapter.performUpdates(animated: true)
    harness.adapter.flushPendingUpdates()
    #expect(harness.adapter.collectionView.transition != nil, "the update built a transition")
    var bytes: [UInt8] = []
    try harness.viewer.printContent { bytes += $0 }
    let lines = String(decoding: bytes, as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: false)
    for card in 0..<cards { #expect(lines.contains { $0.contains("Title c\(card)") }, "card \(card)") }
    let height = Int(harness.adapter.collectionView.contentSize.height.rounded(.up))
    #expect(lines.count - 1 == height)
    #expect(!lines.prefix(3).allSatisfy { $0.allSatisfy { $0 == " " } }, "the first card at the top")

    // The renderer's own printing, without a viewer, likewise.
    harness.source.cards = (0..<cards + 1).map { testCard("d\($0)") }
    harness.adapter.performUpdates(animated: true)
    harness.adapter.flushPendingUpdates()
    var printed: [UInt8] = []
    try harness.viewer.renderer.printContent(
      of: harness.adapter.collectionView, emptyView: nil, columns: 40, output: { printed += $0 })
    let text = String(decoding: printed, as: UTF8.self)
    for card in 0..<cards + 1 { #expect(text.contains("Title d\(card)"), "card \(card)") }
  }

  @Test func tabFocusesTheFirstButtonAndEnterExpandsItsCard() throws {
    let harness = Harness()
    #expect(!harness.text.contains("Detail of c0"))
    harness.viewer.handle(.tab)
    #expect(harness.viewer.focused == IndexPath(item: 4, section: 0))
    harness.viewer.handle(.enter)
    let controller = try #require(
      harness.adapter.sectionController(forSection: 0) as? FeedCardController)
    #expect(controller.isExpanded)
    #expect(
      harness.viewer.focused == IndexPath(item: 7, section: 0), "focus follows the button to its new index")
    let text = harness.text
    #expect(text.contains("Detail of c0"))
    #expect(text.contains("[ View less ]"))
    // The detail is inside the card's border.
    let line = try #require(text.split(separator: "\n").first { $0.contains("Detail of c0") })
    #expect(line.hasPrefix(" │") && line.hasSuffix("│░"), "border, then the shadow")
    harness.viewer.handle(.enter)
    #expect(!controller.isExpanded)
    #expect(harness.viewer.focused == IndexPath(item: 4, section: 0))
  }

  /// A live update moves or removes the focused card: focus goes with it, and a status
  /// message replaces the key help until it is cleared.
  @Test func focusFollowsItsCardThroughUpdates() throws {
    let harness = Harness(cards: 3, columns: 80, rows: 40)
    harness.viewer.handle(.tab)
    harness.viewer.handle(.tab)
    #expect(harness.viewer.focused == IndexPath(item: 4, section: 1))
    harness.source.cards.insert(testCard("new"), at: 0)
    harness.adapter.performUpdates()
    _ = harness.text
    #expect(harness.viewer.focused == IndexPath(item: 4, section: 2), "c1 is section 2 now")
    harness.source.cards.remove(at: 2)
    harness.adapter.performUpdates()
    _ = harness.text
    #expect(harness.viewer.focused == nil, "its card is gone")

    harness.viewer.statusLine.message = "feed.json:1:2: broken\u{1B}[31m"
    let status = try #require(harness.text.split(separator: "\n").last)
    #expect(
      status.contains("feed.json:1:2: broken") && !status.contains("\u{1B}") && !status.contains("q quit"))
    // Too long for the width: cut, and the cut shown.
    harness.viewer.statusLine.message = "feed.json:9:1: " + String(repeating: "a very long reason ", count: 5)
    let cut = try #require(harness.text.split(separator: "\n").last)
    #expect(cut.hasSuffix("…") && DisplayWidth.of(String(cut)) == harness.viewer.columns)
    harness.viewer.statusLine.message = "short"
    #expect(harness.text.split(separator: "\n").last?.contains("…") == false)
    harness.viewer.statusLine.message = nil
    #expect(harness.text.split(separator: "\n").last?.contains("q quit") == true)
  }

  @Test func tabWalksButtonsInOrderAndScrollsThemIntoView() {
    let harness = Harness(rows: 16)
    var seen: [Int] = []
    for _ in 0..<6 {
      harness.viewer.handle(.tab)
      guard let focused = harness.viewer.focused else { break }
      seen.append(focused.section)
      let frame = harness.adapter.collectionView.collectionViewLayout.layoutAttributesForItem(at: focused)!
        .frame
      let bounds = harness.adapter.collectionView.bounds
      #expect(frame.minY >= bounds.minY && frame.maxY <= bounds.maxY, "the focused button is in view")
    }
    #expect(seen == [0, 1, 2, 3, 4, 5])
    harness.viewer.handle(.backTab)
    #expect(harness.viewer.focused?.section == 4)
  }

  /// Tab onto a button already wholly in view leaves the list where it is, at the top of the
  /// view or at its bottom: it used to scroll 2 rows to show the card's border (issue 45,
  /// defect 5).
  @Test(arguments: [true, false])
  func tabOntoAButtonInViewDoesNotScroll(atTop: Bool) throws {
    let harness = Harness(rows: 16)
    let view = harness.adapter.collectionView
    let button = IndexPath(item: 4, section: 1)
    let frame = try #require(view.collectionViewLayout.layoutAttributesForItem(at: button)).frame
    view.setContentOffset(Point(x: 0, y: atTop ? frame.minY : frame.maxY - view.bounds.height))
    let offset = view.contentOffset
    #expect(frame.minY >= view.bounds.minY && frame.maxY <= view.bounds.maxY, "wholly in view")
    // Tab lands on the first button in view, Shift-Tab on the last.
    harness.viewer.handle(atTop ? .tab : .backTab)
    #expect(harness.viewer.focused == button)
    #expect(view.contentOffset == offset)
  }

  @Test func scrollingKeysMoveAndClamp() {
    let harness = Harness()
    let collectionView = harness.adapter.collectionView
    harness.viewer.handle(.down)
    harness.viewer.handle(.character("j"))
    #expect(collectionView.contentOffset.y == 2)
    harness.viewer.handle(.up)
    #expect(collectionView.contentOffset.y == 1)
    harness.viewer.handle(.pageDown)
    #expect(collectionView.contentOffset.y == 1 + Double(18))
    harness.viewer.handle(.end)
    #expect(collectionView.contentOffset.y == collectionView.maximumContentOffsetY)
    harness.viewer.handle(.character("g"))
    #expect(collectionView.contentOffset.y == 0)
    harness.viewer.handle(.up)
    #expect(collectionView.contentOffset.y == 0)
    harness.viewer.handle(.mouse(MouseEvent(action: .wheelDown, x: 0, y: 0)))
    #expect(collectionView.contentOffset.y == 3)
  }

  @Test func clickingAButtonTogglesItsCard() throws {
    let harness = Harness()
    let text = harness.text.split(separator: "\n", omittingEmptySubsequences: false)
    let row = try #require(text.firstIndex { $0.contains("[ View more ]") })
    let column = try #require(text[row].firstRange(of: "View")).lowerBound
    let x = text[row].distance(from: text[row].startIndex, to: column)
    harness.viewer.handle(.mouse(MouseEvent(action: .press(button: 0), x: x, y: row)))
    let controller = try #require(
      harness.adapter.sectionController(forSection: 0) as? FeedCardController)
    #expect(controller.isExpanded)
  }

  @Test func quitKeys() {
    for key: Key in [.character("q"), .escape, .control("c")] {
      let harness = Harness()
      harness.viewer.handle(key)
      #expect(harness.viewer.wantsToQuit)
    }
  }

  @Test func resizeRewrapsAndKeepsTheTopCard() {
    let harness = Harness(columns: 60, rows: 20)
    let collectionView = harness.adapter.collectionView
    let third = collectionView.collectionViewLayout.layoutAttributesForItem(
      at: IndexPath(item: 0, section: 2))!.frame
    collectionView.setContentOffset(Point(x: 0, y: third.minY))
    harness.viewer.resize(columns: 24, rows: 12)
    let after = collectionView.collectionViewLayout.layoutAttributesForItem(
      at: IndexPath(item: 0, section: 2))!.frame
    #expect(collectionView.bounds.width == 24 && collectionView.bounds.height == 11)
    #expect(collectionView.contentOffset.y == after.minY, "the same card is at the top")
    #expect(harness.text.split(separator: "\n").allSatisfy { DisplayWidth.of($0) <= 24 })
  }

  /// A terminal past a canvas's cell limit: the viewer takes the rows a canvas can have, so its
  /// status line and list fit the canvas it paints (nothing painted here: that canvas is large).
  @Test func aScreenPastTheCellLimitIsCutToTheRowsThatFit() {
    let harness = Harness(columns: 60, rows: 20)
    harness.viewer.resize(columns: 100_000, rows: 100_000)
    let rows = Canvas.maximumCellCount / 100_000
    #expect(harness.viewer.columns == 100_000 && harness.viewer.rows == rows)
    #expect(harness.adapter.collectionView.bounds.height == Double(rows - 1), "one row for the status line")
  }

  @Test func framesAfterTheFirstAreDiffs() {
    let harness = Harness(columns: 60, rows: 30, colors: .trueColor)
    let first = harness.viewer.frameBytes()
    #expect(harness.viewer.frameBytes().isEmpty, "nothing changed")
    harness.viewer.handle(.down)
    let scroll = harness.viewer.frameBytes()
    #expect(!scroll.isEmpty && scroll.count * 5 < first.count)
  }

  @Test func tinyTerminalsDrawWithoutCrashing() {
    for (columns, rows) in [(1, 1), (1, 40), (100, 1), (0, 0), (2, 2)] {
      let harness = Harness(columns: columns, rows: rows)
      let canvas = harness.viewer.render()
      #expect(canvas.width == columns && canvas.height == rows)
      harness.viewer.handle(.tab)
      harness.viewer.handle(.enter)
      harness.viewer.handle(.pageDown)
      _ = harness.viewer.frameBytes()
    }
  }
}

@Suite @MainActor struct RendererTests {
  /// A cell whose height is only estimated: the renderer's measurer sizes it.
  final class Estimated: SectionController {
    let text: String
    init(_ text: String) { self.text = text }
    override func cellForItem(at index: Int) -> CellDescriptor {
      CellDescriptor(
        reuseKind: "body", size: .estimated(Size(width: availableWidth, height: 1)),
        content: .text(text, role: .body))
    }
  }

  final class Source: ListAdapterDataSource {
    struct Item: ListDiffable, Hashable {
      var id: Int
      var text: String
      var diffIdentifier: Int { id }
    }
    let items: [Item]
    init(_ items: [Item]) { self.items = items }
    func objects(for adapter: ListAdapter) -> [any ListDiffable] { items }
    func listAdapter(_ adapter: ListAdapter, sectionControllerFor object: any ListDiffable)
      -> SectionController
    {
      Estimated((object as! Item).text)
    }
  }

  @Test func selfSizingCellsAreMeasuredByTheirView() {
    let source = Source([.init(id: 0, text: "one two three four five six"), .init(id: 1, text: "漢字漢字漢字")])
    let collectionView = CollectionView(size: Size(width: 8, height: 10))
    let adapter = ListAdapter(collectionView: collectionView)
    adapter.dataSource = source
    let renderer = TextRenderer(environment: DrawEnvironment(colors: .none))
    collectionView.measurer = renderer.measurer()
    adapter.reloadData()
    let first = collectionView.collectionViewLayout.layoutAttributesForItem(
      at: IndexPath(item: 0, section: 0))!.frame
    let second = collectionView.collectionViewLayout.layoutAttributesForItem(
      at: IndexPath(item: 0, section: 1))!.frame
    #expect(first.height == 4, "\"one two / three / four / five six\" at 8 columns")
    #expect(second.height == 2)
    var canvas = Canvas(width: 8, height: 10)
    renderer.render(collectionView, into: &canvas)
    #expect(canvas.plainText().hasPrefix("one two\nthree\nfour\nfive six\n漢字漢字\n漢字"))
  }

  @Test func hostileTextNeverReachesTheTerminal() {
    let hostile = "evil\u{1B}]0;pwned\u{07} \u{1B}[2J\u{1B}[?1049l text\r\u{9B}31m over"
    let source = Source([.init(id: 0, text: hostile)])
    let collectionView = CollectionView(size: Size(width: 30, height: 6))
    let adapter = ListAdapter(collectionView: collectionView)
    adapter.dataSource = source
    let renderer = TextRenderer()
    collectionView.measurer = renderer.measurer()
    adapter.reloadData()
    var canvas = Canvas(width: 30, height: 6)
    renderer.render(collectionView, into: &canvas)
    var encoder = FrameEncoder(colors: .trueColor)
    let output = String(decoding: encoder.encode(canvas), as: UTF8.self)
    #expect(!output.contains("pwned") && !output.contains("\u{1B}]") && !output.contains("\u{07}"))
    #expect(!output.contains("\u{1B}[2J\u{1B}[?1049l"))
    #expect(!output.unicodeScalars.contains { (0x80..<0xA0).contains($0.value) || $0 == "\r" })
    // The carriage return is a line break; the space after it starts that paragraph, an indent.
    #expect(canvas.plainText().hasPrefix("evil  text\n over"))
  }

  @Test func unregisteredKindsAreDrawnByContentAndReportedOnce() {
    let source = Source([.init(id: 0, text: "hello"), .init(id: 1, text: "again")])
    let collectionView = CollectionView(size: Size(width: 10, height: 4))
    let adapter = ListAdapter(collectionView: collectionView)
    adapter.dataSource = source
    adapter.reloadData()
    let renderer = TextRenderer(registry: ViewRegistry())
    var canvas = Canvas(width: 10, height: 4)
    renderer.render(collectionView, into: &canvas)
    #expect(canvas.line(0) == "hello")
    #expect(collectionView.diagnostics.map(\.kind) == [.unregisteredView])
    #expect(collectionView.diagnostics.first?.message.contains("\"body\"") == true)
  }

  final class Headed: SectionController, SupplementaryViewSource {
    override init() {
      super.init()
      supplementaryViewSource = self
    }
    override func cellForItem(at index: Int) -> CellDescriptor {
      .text("cell", role: .body, width: availableWidth, height: 1)
    }
    var supportedElementKinds: [ElementKind] { [.header, .footer] }
    func supplementary(ofKind kind: ElementKind, at index: Int, for controller: SectionController)
      -> SupplementaryDescriptor?
    {
      kind == .header
        ? SupplementaryDescriptor(height: 1, content: .text("Header", role: .header))
        : SupplementaryDescriptor(height: 1, content: .text("Footer", role: .footer))
    }
  }

  final class HeadedSource: ListAdapterDataSource {
    func objects(for adapter: ListAdapter) -> [any ListDiffable] { [Source.Item(id: 0, text: "")] }
    func listAdapter(_ adapter: ListAdapter, sectionControllerFor object: any ListDiffable)
      -> SectionController
    {
      Headed()
    }
  }

  @Test func headersAndFootersAreDrawnInTheirRoles() {
    let source = HeadedSource()
    let collectionView = CollectionView(size: Size(width: 10, height: 3))
    let adapter = ListAdapter(collectionView: collectionView)
    adapter.dataSource = source
    adapter.reloadData()
    let renderer = TextRenderer()
    var canvas = Canvas(width: 10, height: 3)
    renderer.render(collectionView, into: &canvas)
    #expect(canvas.plainText() == "Header\ncell\nFooter")
    #expect(canvas[0, 0].style.attributes.contains(.bold))
    #expect(canvas[0, 2].style.attributes.contains(.dim))
  }
}

/// The terminal draws a button as `[ label ]`, and its measurer says so.
@Suite @MainActor struct ButtonMeasureTests {
  @Test func theTerminalsButtonIsItsLabelInBrackets() {
    let measure = TextRenderer().measurer()
    let button = CellDescriptor(
      reuseKind: "button", size: .exact(Size(width: 40, height: 1)), content: .button("View more"))
    #expect(measure(button, 40) == Size(width: 13, height: 1))
  }
}

@MainActor
@Suite struct MovingCardsTests {
  /// The feed in a headless viewer, and its frame as text.
  private func feed(_ cards: [FeedCard]) -> (FeedList, ListViewer) {
    let list = FeedList(document: FeedDocument(title: "T", cards: cards), width: 60, height: 40)
    let viewer = ListViewer(
      adapter: list.adapter,
      renderer: TextRenderer(registry: FeedList.registry, environment: DrawEnvironment(colors: .none)),
      columns: 60, rows: 40)
    return (list, viewer)
  }

  @Test func mPicksUpTheFocusedCardArrowsMoveItAndEnterDropsIt() {
    let cards = (0..<4).map { testCard("c\($0)") }
    let (list, viewer) = feed(cards)
    viewer.handle(.tab)
    viewer.handle(.character("m"))
    #expect(viewer.isMoving)
    #expect(viewer.render().plainText().contains("┏"), "the card picked up is drawn lifted")
    viewer.handle(.down)
    viewer.handle(.down)
    #expect(list.document.cards.map(\.id) == ["c0", "c1", "c2", "c3"], "the feed is told at the drop")
    viewer.handle(.enter)
    #expect(!viewer.isMoving)
    #expect(list.document.cards.map(\.id) == ["c1", "c2", "c0", "c3"])
    // Focus stays on the moved card's button.
    #expect(viewer.focused?.section == 2)
    // What is drawn is what a feed of that order draws (the same offset).
    let moved = viewer.render().plainText()
    let (freshList, fresh) = feed([cards[1], cards[2], cards[0], cards[3]])
    fresh.collectionView.setContentOffset(viewer.collectionView.contentOffset)
    fresh.collectionView.focusedIndexPath = viewer.focused
    #expect(fresh.render().plainText() == moved)
    withExtendedLifetime(freshList) {}
  }

  /// Every mode answers Ctrl-L: with a card picked up, it redraws the whole screen and the card
  /// stays lifted (it used to be swallowed with every other key but the moving ones).
  @Test func ctrlLRedrawsEverythingWhileACardIsPickedUp() {
    let (list, viewer) = feed((0..<3).map { testCard("c\($0)") })
    _ = viewer.frameBytes()
    viewer.handle(.tab)
    viewer.handle(.character("m"))
    #expect(viewer.isMoving)
    _ = viewer.frameBytes()
    #expect(viewer.frameBytes().isEmpty, "nothing changed")
    viewer.handle(.control("l"))
    let redraw = String(decoding: viewer.frameBytes(), as: UTF8.self)
    #expect(redraw.contains("\u{1B}[2J") && redraw.contains("Title c0"), "the whole screen again")
    #expect(viewer.isMoving, "the card is still picked up")
    withExtendedLifetime(list) {}
  }

  @Test func aLiveStreamKeepsTheOrderTheUserGave() {
    let cards = (0..<3).map { testCard("c\($0)") }
    let (list, viewer) = feed(cards)
    let stream = CardStream(list: list)
    viewer.handle(.tab)
    viewer.handle(.character("m"))
    viewer.handle(.down)
    // A card arrives while one is up: it waits, and the move is not disturbed.
    let new = #"{"id": "c9", "title": "New", "description": "D"}"#
    #expect(stream.consume(Array(new.utf8) + [0x0A]).isEmpty)
    viewer.render()
    #expect(viewer.isMoving)
    viewer.handle(.enter)
    viewer.render()
    #expect(list.document.cards.map(\.id) == ["c1", "c0", "c2", "c9"])
    // The next line keeps the user's order.
    let changed = #"{"id": "c2", "title": "Changed", "description": "D"}"#
    #expect(stream.consume(Array(changed.utf8) + [0x0A]).isEmpty)
    viewer.render()
    #expect(list.document.cards.map(\.id) == ["c1", "c0", "c2", "c9"])
    #expect(list.document.cards[2].title == "Changed")
  }

  @Test func escPutsTheCardBackAndTellsNobody() {
    let cards = (0..<4).map { testCard("c\($0)") }
    let (list, viewer) = feed(cards)
    let before = viewer.render().plainText()
    viewer.handle(.tab)
    let focused = viewer.focused
    viewer.handle(.character("m"))
    viewer.handle(.down)
    viewer.handle(.escape)
    #expect(!viewer.isMoving && !viewer.wantsToQuit, "Esc cancels the move, it does not quit")
    #expect(list.document.cards.map(\.id) == ["c0", "c1", "c2", "c3"])
    #expect(viewer.focused == focused)
    // The view is back where it was too (it scrolled only to follow the move).
    #expect(viewer.render().plainText() == before)
  }
}

@Suite @MainActor struct PendingUpdateTests {
  /// An app reads and sets the focus, and asks what is visible, right after an update with the
  /// adapter's default scheduler: the answers are for the list it asked for, with no
  /// flushPendingUpdates() first.
  @Test func theFocusAndWhatIsVisibleSeeAPendingUpdate() {
    let harness = Harness(cards: 1, columns: 40, rows: 30)
    harness.source.cards.append(testCard("new"))
    harness.adapter.performUpdates()
    #expect(harness.adapter.visibleObjects.count == 2, "the new card is visible")
    harness.source.cards.append(testCard("newer"))
    harness.adapter.performUpdates()
    let button = IndexPath(item: 4, section: 2)
    harness.viewer.focused = button
    #expect(harness.viewer.focused == button, "the focus set on the card just added stays")
  }
}
