import SectionalTesting
import Testing

@testable import Sectional

/// Items of three rows, each event it hears recorded: "show"/"hide" for the section, "+i"/"-i"
/// for cell i.
@MainActor
final class CellWatcher: SectionController, DisplayDelegate {
  var rows = 4
  var events: [String] = []
  var selected: [Int] = []

  override init() {
    super.init()
    displayDelegate = self
  }

  override func numberOfItems() -> Int { rows }
  override func cellForItem(at index: Int) -> CellDescriptor {
    .text("row \(index)", role: .body, width: availableWidth, height: 3)
  }
  override func didSelectItem(at index: Int) { selected.append(index) }
  func willDisplay(_ controller: SectionController) { events.append("show") }
  func didEndDisplaying(_ controller: SectionController) { events.append("hide") }
  func willDisplayCell(at index: Int, in controller: SectionController) { events.append("+\(index)") }
  func didEndDisplayingCell(at index: Int, in controller: SectionController) { events.append("-\(index)") }

  /// Takes the events heard since the last call.
  func take() -> [String] {
    defer { events = [] }
    return events
  }
}

@MainActor
final class WatcherSource: ListAdapterDataSource {
  var objects: [any ListDiffable]
  var made: [Int: CellWatcher] = [:]
  init(_ ids: [Int]) { objects = ids.map { Note(id: $0) } }
  func objects(for adapter: ListAdapter) -> [any ListDiffable] { objects }
  func listAdapter(_ adapter: ListAdapter, sectionControllerFor object: any ListDiffable) -> SectionController
  {
    let watcher = CellWatcher()
    made[(object as! Note).id] = watcher
    return watcher
  }
}

@MainActor
func watcherAdapter(_ source: WatcherSource, height: Double = 10) -> ListAdapter {
  let adapter = ListAdapter(collectionView: CollectionView(size: Size(width: 20, height: height)))
  adapter.scheduler = { _ in }
  adapter.dataSource = source
  adapter.reloadData()
  // The turn ends, as in an app: the delegates hear what the load shows (a reload tells them
  // late, so that a scroll right after it is told alone).
  adapter.flushPendingUpdates()
  return adapter
}

@MainActor
@Suite struct DisplayDelegateTests {
  @Test func cellsAreToldAsTheyComeAndGoThroughScrollsBatchesAndReloads() {
    // Three sections of four 3-row items (12 rows each) in a 10-row viewport.
    let source = WatcherSource([0, 1, 2])
    let adapter = watcherAdapter(source)
    let (a, b, c) = (source.made[0]!, source.made[1]!, source.made[2]!)
    #expect(a.take() == ["show", "+0", "+1", "+2", "+3"])
    #expect(b.take().isEmpty)

    adapter.collectionView.setContentOffset(Point(x: 0, y: 13))  // rows 13..<23: b's four items
    #expect(a.take() == ["-0", "-1", "-2", "-3", "hide"])
    #expect(b.take() == ["show", "+0", "+1", "+2", "+3"])
    #expect(adapter.visibleIndexes(for: b) == [0, 1, 2, 3] && adapter.visibleIndexes(for: a).isEmpty)

    // b deletes its first item: that cell ends; the others keep theirs under new indexes, and
    // c's first item moves up into view.
    adapter.performBatch(
      for: b,
      updates: {
        b.rows = 3
        $0.delete([0])
      }, completion: nil)
    #expect(b.take() == ["-0"])
    #expect(c.take() == ["show", "+0"])

    // Reloading b's section gives it new cells.
    adapter.reload(b)
    #expect(b.take() == ["-0", "-1", "-2", "+0", "+1", "+2"])

    // b leaves the list while shown; c (now at b's place) stays shown.
    source.objects.remove(at: 1)
    adapter.performUpdates()
    adapter.flushPendingUpdates()
    #expect(b.take() == ["-0", "-1", "-2", "hide"])
    // c moves up a section: rows 12..<24, all four items in view now.
    #expect(c.take() == ["+1", "+2", "+3"])
    #expect(a.take().isEmpty)
  }

  @Test func aControllerReplacedAtTheSameIndexHearsItEnds() {
    let source = WatcherSource([0, 1])
    let adapter = watcherAdapter(source, height: 40)
    let a = source.made[0]!
    _ = a.take()
    source.objects[0] = Note(id: 9)
    adapter.performUpdates()
    adapter.flushPendingUpdates()
    // Index 0 is shown before and after, but by another controller.
    #expect(a.take() == ["-0", "-1", "-2", "-3", "hide"])
    #expect(source.made[9]!.take() == ["show", "+0", "+1", "+2", "+3"])
    #expect(source.made[1]!.events == ["show", "+0", "+1", "+2", "+3"])
  }

  @Test func anUpdatedObjectRedisplaysItsCellsAndAMovedOneHearsNothing() {
    let source = WatcherSource([0, 1])
    let adapter = watcherAdapter(source, height: 40)
    let (a, b) = (source.made[0]!, source.made[1]!)
    _ = (a.take(), b.take())
    source.objects = [Note(id: 1), Note(id: 0, text: "changed")]
    adapter.performUpdates()
    adapter.flushPendingUpdates()
    #expect(a.take() == ["-0", "-1", "-2", "-3", "+0", "+1", "+2", "+3"])
    #expect(b.take().isEmpty)
  }
}

@MainActor
@Suite struct ContextSelectionTests {
  @Test func aControllerSelectsQuietlyAndSelectionsDoNotPileUp() {
    let source = WatcherSource([0, 1])
    let adapter = watcherAdapter(source, height: 40)
    let (a, b) = (source.made[0]!, source.made[1]!)
    adapter.selectItem(at: 2, in: a)
    #expect(adapter.isSelected(itemAt: 2, in: a) && !adapter.isSelected(itemAt: 2, in: b))
    #expect(a.selected.isEmpty)  // a program's selection, not a tap
    adapter.selectItem(at: 1, in: b)
    #expect(adapter.collectionView.indexPathsForSelectedItems == [IndexPath(item: 1, section: 1)])
    #expect(!adapter.isSelected(itemAt: 2, in: a))
    adapter.deselectItem(at: 1, in: b)
    #expect(adapter.collectionView.indexPathsForSelectedItems.isEmpty)

    // Taps tell the controller; one at a time unless the view allows more.
    adapter.collectionView.tapItem(at: IndexPath(item: 0, section: 0))
    adapter.collectionView.tapItem(at: IndexPath(item: 3, section: 0))
    #expect(a.selected == [0, 3] && adapter.collectionView.indexPathsForSelectedItems.count == 1)
    adapter.collectionView.allowsMultipleSelection = true
    adapter.selectItem(at: 0, in: b)
    #expect(adapter.collectionView.indexPathsForSelectedItems.count == 2)

    adapter.selectItem(at: 9, in: a)
    #expect(adapter.collectionView.diagnostics.map(\.kind) == [.noSuchItem])
    let stranger = CellWatcher()
    adapter.selectItem(at: 0, in: stranger)
    #expect(!adapter.isSelected(itemAt: 0, in: stranger) && adapter.visibleIndexes(for: stranger).isEmpty)
  }
}

/// A layout that stacks items one row each, 10 wide, with a "badge" supplementary beside every
/// item: a kind the flow layout does not know.
final class BadgedStackLayout: CollectionViewLayout {
  weak var collectionView: (any LayoutCollectionView)?
  var bounds = Rect.zero
  private var attributes: [LayoutAttributes] = []
  private var valid = false

  func prepare() {
    guard !valid, let collectionView else { return }
    attributes = []
    var y = 0.0
    for section in 0..<collectionView.numberOfSections {
      for item in 0..<collectionView.numberOfItems(inSection: section) {
        let path = IndexPath(item: item, section: section)
        attributes.append(.cell(at: path, frame: Rect(x: 0, y: y, width: 10, height: 1)))
        attributes.append(
          LayoutAttributes(
            indexPath: path, category: .supplementary, kind: "badge",
            frame: Rect(x: 11, y: y, width: 3, height: 1), zIndex: ZIndex.supplementary))
        y += 1
      }
    }
    valid = true
  }

  var contentSize: Size { Size(width: bounds.width, height: Double(attributes.count / 2)) }

  func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    attributes.filter { $0.frame.intersects(rect) }
  }

  func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    attributes.first { $0.category == .cell && $0.indexPath == indexPath }
  }

  func invalidateLayout(with context: InvalidationContext) { valid = false }
}

@MainActor
@Suite struct SupplementaryKindTests {
  final class Badged: SectionController, SupplementaryViewSource {
    override init() {
      super.init()
      supplementaryViewSource = self
    }
    override func numberOfItems() -> Int { 3 }
    override func cellForItem(at index: Int) -> CellDescriptor {
      .text("item \(index)", role: .body, width: 10, height: 1)
    }
    var supportedElementKinds: [ElementKind] { ["badge"] }
    func supplementary(ofKind kind: ElementKind, at index: Int, for controller: SectionController)
      -> SupplementaryDescriptor?
    {
      index == 1 ? nil : SupplementaryDescriptor(height: 1, content: .text("(\(index))", role: .caption))
    }
  }

  @Test func aSourceSuppliesAnyKindPerIndexAndTheTextFrontDrawsIt() throws {
    let harness = try ListHarness(
      objects: [Note(id: 1)], size: Size(width: 16, height: 3), layout: BadgedStackLayout()
    ) { _ in Badged() }
    let view = harness.collectionView
    #expect(
      view.supplementaryDescriptor(ofKind: "badge", at: IndexPath(item: 2, section: 0))?.content
        == .text("(2)", role: .caption))
    #expect(view.supplementaryDescriptor(ofKind: "badge", at: IndexPath(item: 1, section: 0)) == nil)
    // Kinds the source does not list are never asked for.
    #expect(view.supplementaryDescriptor(ofKind: .header, at: IndexPath(item: 0, section: 0)) == nil)
    #expect(view.supplementaryDescriptor(ofKind: "badge", at: IndexPath(item: 0, section: 4)) == nil)
    #expect(
      try harness.render().split(separator: "\n", omittingEmptySubsequences: false).map {
        String($0).trimmingTrailingSpaces()
      } == ["item 0     (0)", "item 1", "item 2     (2)"])
  }
}

extension String {
  func trimmingTrailingSpaces() -> String {
    var copy = self
    while copy.last == " " { copy.removeLast() }
    return copy
  }
}

@MainActor
@Suite struct SingleAndBindingControllerTests {
  @Test func aSingleSectionControllerIsTypedOnItsObject() throws {
    var opened: [Int] = []
    let harness = try ListHarness(
      objects: [Note(id: 1, text: "one"), card("c")], size: Size(width: 20, height: 6),
      expecting: [.unexpectedObjectType]  // the card is not a Note, and that is reported
    ) {
      object in
      SingleSectionController<Note>(
        configure: { note, width in .text(note.text, role: .body, width: width, height: 1) },
        onSelect: { note in opened.append(note.id) })
    }
    // The card is not a Note: its section is empty.
    #expect(harness.numberOfItems(inSectionOf: Note(id: 1)) == 1)
    #expect(harness.numberOfItems(inSectionOf: card("c")) == 0)
    #expect(harness.descriptors(inSectionOf: Note(id: 1)).map(\.content) == [.text("one", role: .body)])
    try harness.select(item: 0, inSectionOf: Note(id: 1))
    #expect(opened == [1])
    try harness.update(to: [Note(id: 1, text: "uno")])
    #expect(harness.descriptors(inSectionOf: Note(id: 1)).map(\.content) == [.text("uno", role: .body)])
    // `any ListDiffable` takes every object.
    let any = SingleSectionController<any ListDiffable>(configure: { _, width in
      .text("x", role: .body, width: width, height: 1)
    })
    any.didUpdate(to: card("c"))
    #expect(any.numberOfItems() == 1)
  }

  /// Rows whose view models come from the controller's own state, not only its object.
  final class Filtered: BindingSectionController<Rows>, BindingSelectionDelegate {
    var hideTall = false
    var picked: [String] = []
    override init() {
      super.init()
      selectionDelegate = self
    }
    override func viewModels(for object: Rows) -> [any ListDiffable] {
      object.heights.filter { !hideTall || $0 < 3 }.map(Row.init)
    }
    override func cell(for viewModel: any ListDiffable, at index: Int) -> CellDescriptor {
      .text("row", role: .body, width: availableWidth, height: Double((viewModel as! Row).height))
    }
    func bindingSectionController(
      _ controller: SectionController, didSelectItemAt index: Int, viewModel: any ListDiffable
    ) {
      picked.append("select \(index) h\((viewModel as! Row).height)")
    }
    func bindingSectionController(
      _ controller: SectionController, didDeselectItemAt index: Int, viewModel: any ListDiffable
    ) {
      picked.append("deselect \(index)")
    }
  }

  @Test func updateAnimatedRebindsWithoutANewObjectAsOneItemBatch() throws {
    let rows = Rows(id: "r", heights: [1, 3, 2, 4])
    let harness = try ListHarness(objects: [rows, Note(id: 2)], size: Size(width: 20, height: 40)) { object in
      object is Rows ? Filtered() : SectionController()
    }
    let controller = try #require(harness.controller(for: rows, as: Filtered.self))
    #expect(harness.numberOfItems(inSectionOf: rows) == 4)
    var finished: [Bool] = []
    try harness.perform("hide the tall rows") { _ in
      controller.hideTall = true
      controller.updateAnimated { finished.append($0) }
    }
    #expect(finished == [true])
    #expect(controller.viewModels.map { ($0 as! Row).height } == [1, 2])
    // The layout agrees with a fresh list built in the same state.
    let fresh = try ListHarness(objects: [rows, Note(id: 2)], size: Size(width: 20, height: 40)) { object in
      guard object is Rows else { return SectionController() }
      let filtered = Filtered()
      filtered.hideTall = true
      return filtered
    }
    #expect(harness.frames(inSectionOf: rows) == fresh.frames(inSectionOf: rows))
    #expect(harness.frames(inSectionOf: Note(id: 2)) == fresh.frames(inSectionOf: Note(id: 2)))
    #expect(harness.frames(inSectionOf: rows).map { $0.height } == [1, 2])

    try harness.select(item: 1, inSectionOf: rows)
    try harness.select(item: 0, inSectionOf: Note(id: 2))  // deselects the row
    #expect(controller.picked == ["select 1 h2", "deselect 1"])

    let lonely = Filtered()
    lonely.updateAnimated { finished.append($0) }
    #expect(finished == [true, false])  // no object yet
  }
}

/// A banner among cards: one section leaves out the layout's card, the others keep theirs.
@MainActor
@Suite struct HiddenDecorationTests {
  @Test func aSingleSectionControllerCanGoWithoutTheSectionCard() throws {
    let notes = [Note(id: 1, text: "banner"), Note(id: 2, text: "card")]
    let harness = try ListHarness(objects: notes, size: Size(width: 30, height: 20)) { object in
      let hidden: Set<ElementKind> = (object as? Note)?.id == 1 ? [.sectionCard] : []
      return SingleSectionController<Note>(hiding: hidden) { note, width in
        .text(note.text, role: .body, width: width, height: 1)
      }
    }
    let layout = harness.adapter.collectionView.collectionViewLayout
    let card = { (section: Int) in
      layout.layoutAttributesForDecoration(ofKind: .sectionCard, at: IndexPath(item: 0, section: section))
    }
    #expect(card(0) == nil)
    #expect(card(1) != nil)
    let all = harness.adapter.collectionView.visibleElements().filter { $0.kind == .sectionCard }
    #expect(all.map(\.indexPath.section) == [1])
  }
}

/// A context kept longer than its list: every call does nothing, and a batch says it was not
/// applied, as for a controller outside any list.
@MainActor
@Suite struct ContextLifetimeTests {
  @Test func aContextThatOutlivesItsAdapterDoesNothing() throws {
    let controller = RecordingController()
    var adapter: ListAdapter? = ListAdapter(collectionView: CollectionView(size: Size(width: 20, height: 10)))
    let source = ClosureSource([Note(id: 1)]) { _ in controller }
    adapter?.scheduler = { _ in }
    adapter?.dataSource = source
    adapter?.reloadData()
    let context = try #require(controller.collectionContext)
    #expect(context.section(for: controller) == 0)
    let lookup = try #require(adapter?.collectionView.layoutDelegate as? SectionControllerLookup)
    #expect(lookup.sectionController(forSection: 0) === controller)
    adapter = nil
    #expect(lookup.sectionController(forSection: 0) == nil)
    #expect(context.section(for: controller) == nil)
    var applied: Bool?
    context.performBatch(for: controller, updates: { $0.insert([0]) }, completion: { applied = $0 })
    #expect(applied == false)
    #expect(context.section(for: controller) == nil && context.visibleIndexes(for: controller).isEmpty)
    #expect(!context.isSelected(itemAt: 0, in: controller))
    withExtendedLifetime(source) {}
  }
}
