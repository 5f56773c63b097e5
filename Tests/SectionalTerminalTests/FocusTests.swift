import Sectional
import Testing

@testable import SectionalTerminal

/// A settings screen: a section of rows the user selects and reorders, and an expandable "Show
/// advanced" whose advanced rows are selectable too.
struct Settings: ListDiffable, Hashable {
  var id: String
  var rows: [String]
  var diffIdentifier: String { id }
  func isEqual(toDiffableObject other: Settings) -> Bool { self == other }
}

@MainActor
final class SettingsController: GenericSectionController<Settings> {
  var rows: [String] = []
  var selected: [Int] = []
  var movable = false
  var moves: [(Int, Int)] = []

  override func didUpdate(to object: any ListDiffable) {
    super.didUpdate(to: object)
    rows = self.object?.rows ?? []
  }
  override func numberOfItems() -> Int { rows.count }
  override func cellForItem(at index: Int) -> CellDescriptor { textCell(rows[index], role: .body) }
  override func shouldSelectItem(at index: Int) -> Bool { !movable }
  override func didSelectItem(at index: Int) {
    selected.append(index)
    rows[index] += " ✓"
    collectionContext?.performBatch(for: self, updates: { $0.reload([index]) }, completion: nil)
  }
  override func canMoveItem(at index: Int) -> Bool { movable }
  override func moveObject(from sourceIndex: Int, to destinationIndex: Int) {
    moves.append((sourceIndex, destinationIndex))
    rows.insert(rows.remove(at: sourceIndex), at: destinationIndex)
  }
}

/// "Show advanced": two rows, and two more when open, all of them selectable.
@MainActor
final class AdvancedController: ExpandableSectionController<Settings, String> {
  override var expandLabel: String { "Show advanced" }
  override var collapseLabel: String { "Hide advanced" }
  override func collapsedComponents(for settings: Settings) -> [String] { Array(settings.rows.prefix(2)) }
  override func expandedComponents(for settings: Settings) -> [String] { Array(settings.rows.dropFirst(2)) }
  override func cell(for row: String, of settings: Settings) -> CellDescriptor { textCell(row, role: .body) }
  override func shouldSelectItem(at index: Int) -> Bool { true }
}

@MainActor
final class SettingsSource: ListAdapterDataSource {
  var objects: [Settings]
  let make: (Settings) -> SectionController
  init(_ objects: [Settings], make: @escaping (Settings) -> SectionController) {
    self.objects = objects
    self.make = make
  }
  func objects(for adapter: ListAdapter) -> [any ListDiffable] { objects }
  func listAdapter(_ adapter: ListAdapter, sectionControllerFor object: any ListDiffable) -> SectionController
  {
    make(object as! Settings)
  }
}

@Suite @MainActor struct FocusTests {
  func viewer(_ source: SettingsSource) -> ListViewer {
    let adapter = ListAdapter(collectionView: CollectionView(size: Size(width: 40, height: 12)))
    adapter.scheduler = { _ in }
    adapter.dataSource = source
    adapter.reloadData()
    return ListViewer(adapter: adapter, renderer: TextRenderer(), columns: 40, rows: 12)
  }

  func statusLine(_ viewer: ListViewer) -> String {
    viewer.render().plainText().components(separatedBy: "\n").last ?? ""
  }

  @Test func rowsAControllerAllowsTakeFocusAndEnterSelectsThem() {
    let controller = SettingsController()
    let source = SettingsSource([Settings(id: "s", rows: ["Wi-Fi", "Bluetooth", "Sound"])]) { _ in controller
    }
    let viewer = viewer(source)
    viewer.handle(.tab)
    viewer.handle(.tab)
    #expect(viewer.focused == IndexPath(item: 1, section: 0), "Tab stops on rows, not only buttons")
    #expect(statusLine(viewer).contains("Enter select"), "\(statusLine(viewer))")
    viewer.handle(.enter)
    #expect(controller.selected == [1])
    #expect(controller.rows[1] == "Bluetooth ✓")
    #expect(viewer.focused == IndexPath(item: 1, section: 0), "the reloaded row keeps the focus")
    #expect(viewer.render().plainText().contains("Bluetooth ✓"))
  }

  /// A focused text row is drawn so that it shows, in colour and without: before, Tab moved the
  /// focus onto a row that looked like every other (issue 45, defect 3).
  @Test(arguments: [ColorDepth.none, .trueColor])
  func aFocusedTextRowShows(colors: ColorDepth) throws {
    let source = SettingsSource([Settings(id: "s", rows: ["Wi-Fi", "Bluetooth", "Sound"])]) { _ in
      SettingsController()
    }
    let adapter = ListAdapter(collectionView: CollectionView(size: Size(width: 40, height: 12)))
    adapter.scheduler = { _ in }
    adapter.dataSource = source
    adapter.reloadData()
    let viewer = ListViewer(
      adapter: adapter, renderer: TextRenderer(environment: DrawEnvironment(colors: colors)), columns: 40,
      rows: 12)
    let plain = viewer.render()
    viewer.handle(.tab)
    viewer.handle(.tab)
    #expect(viewer.focused == IndexPath(item: 1, section: 0))
    let focused = viewer.render()
    let row = try #require((0..<focused.height).first { focused.line($0).hasPrefix("Bluetooth") })
    #expect(focused.plainText() == plain.plainText(), "the same text")
    // Every column of the focused row differs from the unfocused one, and no other row does.
    #expect((0..<40).allSatisfy { focused[$0, row].style != plain[$0, row].style })
    for y in 0..<row { #expect((0..<40).allSatisfy { focused[$0, y] == plain[$0, y] }, "row \(y)") }
    if colors == .none { #expect(focused[0, row].style.attributes.contains(.reverse)) }
  }

  @Test func focusStaysOnTheToggleWhenItOpensSelectableRows() {
    let source = SettingsSource([Settings(id: "adv", rows: ["Name", "Email", "Proxy", "Logging"])]) { _ in
      AdvancedController()
    }
    let viewer = viewer(source)
    viewer.focused = IndexPath(item: 2, section: 0)
    #expect(statusLine(viewer).contains("Enter show advanced"), "\(statusLine(viewer))")
    viewer.handle(.enter)
    #expect(viewer.render().plainText().contains("Logging"), "the advanced rows show")
    #expect(viewer.focused == IndexPath(item: 4, section: 0), "the focus is still on the toggle, now last")
    #expect(statusLine(viewer).contains("Enter hide advanced"), "\(statusLine(viewer))")
    viewer.handle(.enter)
    #expect(!viewer.render().plainText().contains("Logging"), "the next Enter closes it")
    #expect(viewer.focused == IndexPath(item: 2, section: 0))
  }

  @Test func mPicksUpAnyItemThatCanMove() {
    let controller = SettingsController()
    controller.movable = true
    let source = SettingsSource([Settings(id: "s", rows: ["First", "Second", "Third"])]) { _ in controller }
    let viewer = viewer(source)
    viewer.handle(.tab)
    #expect(viewer.focused == IndexPath(item: 0, section: 0), "a row that can move takes focus")
    #expect(statusLine(viewer).contains("m move") && !statusLine(viewer).contains("Enter"))
    viewer.handle(.character("m"))
    #expect(viewer.isMoving)
    viewer.handle(.down)
    viewer.handle(.enter)
    #expect(!viewer.isMoving)
    #expect(controller.moves.map { [$0.0, $0.1] } == [[0, 1]])
    #expect(controller.rows == ["Second", "First", "Third"])
    #expect(viewer.focused == IndexPath(item: 1, section: 0), "the focus went with the row")
  }
}

/// Issue 51, defect 2: in a diffable list of text cells, Tab found nothing to focus and Enter
/// never reached `selectionHandler`.
@MainActor
@Suite struct DiffableFocusTests {
  @Test func tabFocusesAPlainDiffableCellAndEnterReachesTheHandler() {
    let view = CollectionView(size: Size(width: 30, height: 10))
    let dataSource = DiffableDataSource<String, String>(collectionView: view) { _, name in
      .text(name, role: .body, width: 30, height: 1)
    }
    final class Log { var picked: [String] = [] }
    let log = Log()
    dataSource.selectionHandler = { _, name in log.picked.append(name) }
    var snapshot = DiffableSnapshot<String, String>()
    snapshot.appendSections(["s"])
    snapshot.appendItems(["Wi-Fi", "Bluetooth"], toSection: "s")
    dataSource.apply(snapshot)
    let viewer = ListViewer(collectionView: view, renderer: TextRenderer(), columns: 30, rows: 10)
    viewer.handle(.tab)
    viewer.handle(.tab)
    #expect(viewer.focused == IndexPath(item: 1, section: 0))
    viewer.handle(.enter)
    #expect(log.picked == ["Bluetooth"])
  }
}
