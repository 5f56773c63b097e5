import SectionalTesting
import Testing

@testable import Sectional

@MainActor
@Suite struct ExpansionTests {
  func feed(extras: [Int] = [3, 0, 2, 1]) -> (FeedSource, ListAdapter) {
    let source = FeedSource(extras.enumerated().map { card("c\($0.offset)", extras: $0.element) })
    return (source, makeAdapter(source))
  }

  func controller(_ adapter: ListAdapter, _ section: Int) -> CardController {
    adapter.sectionController(forSection: section) as! CardController
  }

  func kinds(_ adapter: ListAdapter, _ section: Int) -> [String] {
    (0..<adapter.collectionView.itemCounts[section]).map {
      adapter.collectionView.cellDescriptor(at: IndexPath(item: $0, section: section))!.reuseKind.rawValue
    }
  }

  func sectionTop(_ adapter: ListAdapter, _ section: Int) -> Double {
    adapter.collectionView.collectionViewLayout.layoutAttributesForItem(
      at: IndexPath(item: 0, section: section))!.frame
      .minY
  }

  func cardFrame(_ adapter: ListAdapter, _ section: Int) -> Rect {
    adapter.collectionView.collectionViewLayout.layoutAttributesForDecoration(
      ofKind: .sectionCard, at: IndexPath(item: 0, section: section))!.frame
  }

  func select(_ adapter: ListAdapter, button section: Int) {
    let count = adapter.collectionView.itemCounts[section]
    adapter.collectionView.tapItem(at: IndexPath(item: count - 1, section: section))
  }

  @Test func collapsedCardHasFiveComponentsInOrder() {
    let (_, adapter) = feed()
    #expect(adapter.collectionView.itemCounts == [5, 5, 5, 5])
    #expect(kinds(adapter, 0) == ["title", "body", "image", "caption", "button"])
    #expect(
      adapter.collectionView.cellDescriptor(at: IndexPath(item: 4, section: 0))?.content
        == .button("View more"))
  }

  @Test func expandingAddsDetailAndExtrasAndCollapsingRemovesThem() {
    let (_, adapter) = feed()
    for (section, extras) in [(0, 3), (1, 0), (2, 2), (3, 1)] {
      select(adapter, button: section)
      #expect(adapter.collectionView.itemCounts[section] == 6 + extras)
      #expect(
        kinds(adapter, section) == ["title", "body", "image", "caption", "detail"]
          + Array(repeating: "extra", count: extras) + ["button"])
      #expect(
        adapter.collectionView.cellDescriptor(at: IndexPath(item: 5 + extras, section: section))?.content
          == .button("View less"))
      select(adapter, button: section)
      #expect(adapter.collectionView.itemCounts[section] == 5)
      #expect(
        adapter.collectionView.cellDescriptor(at: IndexPath(item: 4, section: section))?.content
          == .button("View more"))
    }
  }

  /// The toggle is item inserts/deletes plus a button reload, recorded at the collection view.
  @Test func toggleUsesExactItemInsertsAndDeletesNotASectionReload() {
    let (_, adapter) = feed()
    let recorder = BatchRecorder()
    let controller = controller(adapter, 2)
    let context = RecordingContext(wrapping: adapter, recorder: recorder)
    controller.collectionContext = context
    controller.toggle()
    #expect(recorder.batches == [ItemUpdates(inserts: [4, 5, 6], reloads: [4])])
    controller.toggle()
    #expect(recorder.batches.last == ItemUpdates(deletes: [4, 5, 6], reloads: [7]))
    #expect(adapter.collectionView.diagnostics.isEmpty)
    withExtendedLifetime(context) {}
  }

  @Test func sectionHeightAndCardGrowAndLaterSectionsMoveByTheDelta() {
    let (_, adapter) = feed()
    let cardBefore = cardFrame(adapter, 0)
    let laterBefore = (1..<4).map { sectionTop(adapter, $0) }
    let cardsBefore = (1..<4).map { cardFrame(adapter, $0) }
    let contentBefore = adapter.collectionView.contentSize.height
    select(adapter, button: 0)
    let cardAfter = cardFrame(adapter, 0)
    // Detail (1 line) and three extras (1 line each) at 73 columns: 4 rows more.
    let delta = cardAfter.height - cardBefore.height
    #expect(delta == 4)
    #expect(cardAfter.minY == cardBefore.minY && cardAfter.width == cardBefore.width)
    #expect((1..<4).map { sectionTop(adapter, $0) } == laterBefore.map { $0 + delta })
    #expect((1..<4).map { cardFrame(adapter, $0) } == cardsBefore.map { $0.offsetBy(dx: 0, dy: delta) })
    #expect(adapter.collectionView.contentSize.height == contentBefore + delta)
    // The card still covers every item of the section.
    let items = (0..<9).map {
      adapter.collectionView.collectionViewLayout.layoutAttributesForItem(
        at: IndexPath(item: $0, section: 0))!.frame
    }
    #expect(items.allSatisfy { cardAfter.minY < $0.minY && cardAfter.maxY > $0.maxY })
  }

  @Test func togglingTwiceRestoresAnIdenticalLayout() {
    let (_, adapter) = feed()
    let everything = Rect(x: 0, y: 0, width: 80, height: 10_000)
    let before = adapter.collectionView.collectionViewLayout.layoutAttributesForElements(in: everything)
    select(adapter, button: 1)
    select(adapter, button: 1)
    #expect(adapter.collectionView.collectionViewLayout.layoutAttributesForElements(in: everything) == before)
  }

  @Test func rapidTogglesEndConsistent() {
    let (_, adapter) = feed()
    for _ in 0..<25 { select(adapter, button: 2) }
    #expect(controller(adapter, 2).isExpanded)
    #expect(adapter.collectionView.itemCounts[2] == 8)
    #expect(adapter.collectionView.diagnostics.isEmpty)
  }

  @Test func expansionSurvivesUpdatesWithChangedContentAndResetsWhenTheIdentifierGoes() {
    let (source, adapter) = feed()
    select(adapter, button: 1)
    let expanded = controller(adapter, 1)
    var changed = source.objects[1] as! Card
    changed.title = "A new title"
    source.objects[1] = changed
    source.objects.swapAt(0, 3)
    adapter.performUpdates()
    adapter.flushPendingUpdates()
    #expect(controller(adapter, 1) === expanded)
    #expect(expanded.isExpanded && expanded.object?.title == "A new title")
    #expect(adapter.collectionView.itemCounts[1] == 6)

    source.objects.remove(at: 1)
    adapter.performUpdates()
    adapter.flushPendingUpdates()
    source.objects.insert(changed, at: 1)
    adapter.performUpdates()
    adapter.flushPendingUpdates()
    #expect(controller(adapter, 1) !== expanded)
    #expect(!controller(adapter, 1).isExpanded)
    #expect(adapter.collectionView.itemCounts[1] == 5)
  }

  @Test func aToggleWhileAnUpdateIsPendingKeepsBoth() {
    let (source, adapter) = feed()
    source.objects.append(card("new", extras: 1))
    adapter.performUpdates()
    select(adapter, button: 0)  // before the pending update runs
    adapter.flushPendingUpdates()
    #expect(adapter.collectionView.itemCounts == [9, 5, 5, 5, 5])
    #expect(controller(adapter, 0).isExpanded)
    #expect(adapter.collectionView.diagnostics.isEmpty)
  }

  @Test func outsideAListOnlyTheStateChanges() {
    let controller = CardController()
    controller.didUpdate(to: card("x", extras: 5))
    #expect(controller.numberOfItems() == 5)
    controller.toggle()
    #expect(controller.isExpanded)
    #expect(controller.numberOfItems() == 9)  // the controller shows at most three extras
    #expect(controller.cellForItem(at: 8).content == .button("View less"))
  }

  /// A client's own expandable section: a thread whose replies open between the first comment
  /// and the last, with its own labels. Every index comes from the component lists.
  @Test func theExpansionGoesWhereTheControllerSays() {
    final class Thread: ExpandableSectionController<Card, String> {
      override var expandLabel: String { "Show replies" }
      override var collapseLabel: String { "Hide replies" }
      override func collapsedComponents(for card: Card) -> [String] { ["first", "last"] }
      override func expandedComponents(for card: Card) -> [String] { card.extras }
      override func expansionIndex(for card: Card) -> Int { 1 }
      override func cell(for component: String, of card: Card) -> CellDescriptor {
        textCell(component, role: .body)
      }
    }
    let source = ClosureSource([card("t", extras: 2)]) { _ in Thread() }
    let adapter = ListAdapter(collectionView: CollectionView(size: Size(width: 40, height: 20)))
    adapter.dataSource = source
    adapter.reloadData()
    func texts() -> [String] {
      (0..<adapter.collectionView.itemCounts[0]).map {
        switch adapter.collectionView.cellDescriptor(at: IndexPath(item: $0, section: 0))!.content {
        case .text(let text, _), .button(let text): text
        case .custom: "?"
        }
      }
    }
    #expect(texts() == ["first", "last", "Show replies"])
    adapter.collectionView.tapItem(at: IndexPath(item: 2, section: 0))
    #expect(texts() == ["first", "Extra 0 of t", "Extra 1 of t", "last", "Hide replies"])
    adapter.collectionView.tapItem(at: IndexPath(item: 4, section: 0))
    #expect(texts() == ["first", "last", "Show replies"])
    #expect(adapter.collectionView.diagnostics.isEmpty)
  }

  @Test func longTextWrapsIntoTallerCells() {
    let long = String(repeating: "word ", count: 60)
    let source = FeedSource([card("a", detail: long)])
    let adapter = makeAdapter(source)
    select(adapter, button: 0)
    let detail = adapter.collectionView.collectionViewLayout.layoutAttributesForItem(
      at: IndexPath(item: 4, section: 0))!
    #expect(detail.frame.height == Double(TextWrapping.lines(long, width: 73).count))
    #expect(detail.frame.height >= 4)
  }
}

/// Records the item batches a controller asks for, then forwards them.
@MainActor
final class BatchRecorder {
  var batches: [ItemUpdates] = []
}

@MainActor
final class RecordingContext: CollectionContext {
  let adapter: ListAdapter
  let recorder: BatchRecorder

  init(wrapping adapter: ListAdapter, recorder: BatchRecorder) {
    self.adapter = adapter
    self.recorder = recorder
  }

  var containerSize: Size { adapter.collectionView.bounds.size }
  func section(for controller: SectionController) -> Int? { adapter.section(for: controller) }
  func measure(_ descriptor: CellDescriptor, width: Double) -> Size {
    adapter.collectionView.measure(descriptor, width: width)
  }
  func performBatch(
    for controller: SectionController, updates: @escaping (inout ItemUpdates) -> Void,
    completion: ((Bool) -> Void)?
  ) {
    adapter.performBatch(
      for: controller,
      updates: { batch in
        updates(&batch)
        self.recorder.batches.append(batch)
      }, completion: completion)
  }
  func invalidateLayout(for controller: SectionController) { adapter.invalidateLayout(for: controller) }
  func reload(_ controller: SectionController) { adapter.reload(controller) }
  func scroll(to controller: SectionController, item index: Int) {}
  func selectItem(at index: Int, in controller: SectionController) {
    adapter.selectItem(at: index, in: controller)
  }
  func deselectItem(at index: Int, in controller: SectionController) {
    adapter.deselectItem(at: index, in: controller)
  }
  func isSelected(itemAt index: Int, in controller: SectionController) -> Bool {
    adapter.isSelected(itemAt: index, in: controller)
  }
  func visibleIndexes(for controller: SectionController) -> [Int] { adapter.visibleIndexes(for: controller) }
}

/// The 5 → 9 → 5 card through the test kit, as a client would test their own expandable
/// controller: counts, the frames of later sections, the card decoration and the rendered text.
@MainActor
@Suite struct ExpansionHarnessTests {
  @Test func expandingAndCollapsingACardRoundTrips() throws {
    let cards = [card("c0", extras: 3), card("c1", extras: 0), card("c2", extras: 2)]
    let harness = try cardHarness(cards, size: Size(width: 48, height: 64))
    let collapsed = try harness.render()
    try harness.assertSnapshot(named: "card-collapsed.txt")
    let framesBefore = cards.map { harness.frames(inSectionOf: $0) }
    let cardBefore = try #require(harness.decorations(inSectionOf: cards[0]).first).frame
    #expect(cards.map { harness.numberOfItems(inSectionOf: $0) } == [5, 5, 5])

    try harness.select(item: 4, inSectionOf: cards[0])  // "View more"
    #expect(harness.numberOfItems(inSectionOf: cards[0]) == 9)
    #expect(harness.descriptors(inSectionOf: cards[0]).last?.content == .button("View less"))
    let grown = harness.frames(inSectionOf: cards[0]).last!.maxY - framesBefore[0].last!.maxY
    #expect(grown > 0)
    // Later sections move down by exactly what the first grew; their own frames keep their size.
    for index in 1..<cards.count {
      #expect(
        harness.frames(inSectionOf: cards[index]) == framesBefore[index].map { $0.offsetBy(dx: 0, dy: grown) }
      )
    }
    let cardAfter = try #require(harness.decorations(inSectionOf: cards[0]).first).frame
    #expect(cardAfter.minY == cardBefore.minY && cardAfter.height == cardBefore.height + grown)
    try harness.assertSnapshot(named: "card-expanded.txt")

    try harness.select(item: 8, inSectionOf: cards[0])  // "View less"
    #expect(harness.numberOfItems(inSectionOf: cards[0]) == 5)
    #expect(cards.map { harness.frames(inSectionOf: $0) } == framesBefore)
    #expect(try harness.render() == collapsed)
    try harness.assertSnapshot(named: "card-collapsed.txt")
  }
}

/// A toggle only where expanding would add something, and a subclass's own rule.
@MainActor
@Suite struct ToggleVisibilityTests {
  /// Comments collapsed to the first three; "View more comments" only when there are more.
  struct Post: ListDiffable, Hashable {
    var id: Int
    var comments: [String]
    var diffIdentifier: Int { id }
    func isEqual(toDiffableObject other: Post) -> Bool { self == other }
  }

  final class PostController: ExpandableSectionController<Post, Int> {
    var alwaysToggles = false
    /// How many comments show collapsed: state of the controller's own, outside its object.
    var collapsedLimit = 3
    override var expandLabel: String { "View more comments" }
    override func collapsedComponents(for post: Post) -> [Int] {
      Array(post.comments.indices.prefix(collapsedLimit))
    }
    override func expandedComponents(for post: Post) -> [Int] {
      Array(post.comments.indices.dropFirst(collapsedLimit))
    }
    override func showsToggle(for post: Post) -> Bool {
      alwaysToggles || super.showsToggle(for: post)
    }
    override func cell(for index: Int, of post: Post) -> CellDescriptor {
      textCell(post.comments[index], role: .body)
    }
  }

  func harness(_ posts: [Post], alwaysToggles: Bool = false) throws -> ListHarness {
    try ListHarness(objects: posts, size: Size(width: 40, height: 30)) { _ in
      let controller = PostController()
      controller.alwaysToggles = alwaysToggles
      return controller
    }
  }

  @Test func aPostWithThreeCommentsOrFewerHasNoToggle() throws {
    let short = Post(id: 1, comments: ["a", "b"])
    let long = Post(id: 2, comments: ["a", "b", "c", "d", "e"])
    let harness = try harness([short, long])
    let view = harness.adapter.collectionView
    #expect(view.itemCounts == [2, 4])
    #expect(view.cellDescriptor(at: IndexPath(item: 3, section: 1))?.content == .button("View more comments"))
    // Selecting the last comment of the short post expands nothing.
    view.tapItem(at: IndexPath(item: 1, section: 0))
    #expect(view.itemCounts == [2, 4])
    // The long one opens onto its two more comments, the toggle last.
    view.tapItem(at: IndexPath(item: 3, section: 1))
    #expect(view.itemCounts == [2, 6])
    #expect(view.cellDescriptor(at: IndexPath(item: 5, section: 1))?.content == .button("View less"))
  }

  @Test func aSubclassDecides() throws {
    let harness = try harness([Post(id: 1, comments: ["a"])], alwaysToggles: true)
    let adapter = harness.adapter
    #expect(adapter.collectionView.itemCounts == [2])
    adapter.collectionView.tapItem(at: IndexPath(item: 1, section: 0))
    let controller = adapter.sectionController(forSection: 0) as! PostController
    #expect(controller.isExpanded && adapter.collectionView.itemCounts == [2])
    #expect(
      adapter.collectionView.cellDescriptor(at: IndexPath(item: 1, section: 0))?.content
        == .button("View less"))
  }

  /// A controller whose component lists depend on state of its own changes it and tells the list
  /// (a reload of its section, or a batch of its own): the count, the cells, `items` and the
  /// toggle's place all follow, as a fresh controller with that state would show them.
  @Test func stateOfItsOwnIsReadAgainWhenTheControllerReloadsOrBatches() throws {
    let harness = try harness([Post(id: 1, comments: ["a", "b", "c", "d", "e"])])
    let view = harness.adapter.collectionView
    let controller = harness.adapter.sectionController(forSection: 0) as! PostController
    #expect(view.itemCounts == [4])

    controller.collapsedLimit = 4
    controller.collectionContext?.reload(controller)
    #expect(view.itemCounts == [5])
    #expect(controller.items == [0, 1, 2, 3].map { .component($0) } + [.toggle])
    #expect(view.cellDescriptor(at: IndexPath(item: 3, section: 0))?.content == .text("d", role: .body))
    #expect(view.cellDescriptor(at: IndexPath(item: 4, section: 0))?.content == .button("View more comments"))

    var applied: Bool?
    controller.collectionContext?.performBatch(
      for: controller,
      updates: { updates in
        controller.collapsedLimit = 2
        updates.delete([2, 3])
      }, completion: { applied = $0 })
    #expect(applied == true)
    #expect(view.itemCounts == [3])
    #expect(controller.items == [.component(0), .component(1), .toggle])
    // The toggle is where the new lists put it: selecting it expands onto the three others.
    view.tapItem(at: IndexPath(item: 2, section: 0))
    #expect(controller.isExpanded && view.itemCounts == [6])
    #expect(view.cellDescriptor(at: IndexPath(item: 4, section: 0))?.content == .text("e", role: .body))
    #expect(view.diagnostics.isEmpty)
  }
}

/// A card controller that says which parts a new card changed, and counts the cells it makes.
@MainActor
final class ComparingCardController: ExpandableSectionController<Card, Card.Part> {
  var cellsMade: [Card.Part] = []

  override init() {
    super.init()
    inset = CardGeometry.standard.sectionInset
  }
  override func collapsedComponents(for card: Card) -> [Card.Part] {
    [.title, .description, .image, .caption]
  }
  override func expandedComponents(for card: Card) -> [Card.Part] {
    [.detail] + card.extras.prefix(3).indices.map(Card.Part.extra)
  }
  override func isUnchanged(_ part: Card.Part, from old: Card, to new: Card) -> Bool {
    switch part {
    case .title: old.title == new.title
    case .description: old.description == new.description
    case .image: old.image == new.image
    case .caption: old.caption == new.caption
    case .detail: old.detail == new.detail
    case .extra(let index): old.extras[index] == new.extras[index]
    }
  }
  override func shouldSelectItem(at index: Int) -> Bool { true }
  override func cell(for part: Card.Part, of card: Card) -> CellDescriptor {
    cellsMade.append(part)
    return switch part {
    case .title: textCell(card.title, role: .title)
    case .description: textCell(card.description, role: .body)
    case .caption: textCell(card.caption, role: .caption)
    case .detail: textCell(card.detail, role: .detail)
    case .extra(let index): textCell(card.extras[index], role: .body, kind: "extra")
    case .image:
      CellDescriptor(
        reuseKind: "image", size: .exact(card.image.size(fitting: availableWidth)), custom: card.image)
    }
  }
}

@MainActor
@Suite struct ItemUpdateTests {
  func harness(_ cards: [Card]) throws -> ListHarness {
    try ListHarness(objects: cards, size: Size(width: 60, height: 80)) { _ in ComparingCardController() }
  }

  /// A new caption reloads the caption: the other items keep their cells and sizes (no cell is
  /// made for them), their selection and the focus, and the layout is the one a reload gives.
  @Test func aChangedComponentReloadsThatItemAlone() throws {
    var cards = (0..<3).map { card("c\($0)") }
    let list = try harness(cards)
    let controller = try #require(list.controller(for: cards[1]) as? ComparingCardController)
    list.collectionView.selectItem(at: IndexPath(item: 0, section: 1))
    list.collectionView.focusedIndexPath = IndexPath(item: 2, section: 1)
    controller.cellsMade = []
    cards[1].caption = "A caption long enough to wrap onto a second line at sixty columns, surely"
    try list.update(to: cards)
    #expect(controller.cellsMade == [.caption])
    #expect(list.collectionView.indexPathsForSelectedItems == [IndexPath(item: 0, section: 1)])
    #expect(list.collectionView.focusedIndexPath == IndexPath(item: 2, section: 1))
    let whole = Rect(x: 0, y: 0, width: 60, height: list.collectionView.contentSize.height)
    let updated = list.collectionView.collectionViewLayout.layoutAttributesForElements(in: whole)
    try list.reloadData()
    #expect(list.collectionView.collectionViewLayout.layoutAttributesForElements(in: whole) == updated)
  }

  /// Expanded, a card that gains an extra inserts it before the toggle; one that loses its detail
  /// deletes it; the focus on the toggle follows it, and expansion survives.
  @Test func componentsThatComeAndGoAreInsertedAndDeleted() throws {
    var cards = [card("a", extras: 1), card("b", extras: 2)]
    let list = try harness(cards)
    try list.select(item: 4, inSectionOf: cards[0])
    let controller = try #require(list.controller(for: cards[0]) as? ComparingCardController)
    #expect(controller.isExpanded && list.numberOfItems(inSectionOf: cards[0]) == 7)
    list.collectionView.focusedIndexPath = IndexPath(item: 6, section: 0)
    controller.cellsMade = []
    cards[0].extras.append("A second extra")
    try list.update(to: cards)
    #expect(controller.cellsMade == [.extra(1)])
    #expect(list.numberOfItems(inSectionOf: cards[0]) == 8)
    #expect(list.collectionView.focusedIndexPath == IndexPath(item: 7, section: 0))
    controller.cellsMade = []
    cards[0].detail = "Another detail"
    cards[0].extras.removeFirst()
    try list.update(to: cards)
    // The extras shift: extra 0 shows what extra 1 showed, and extra 1 goes.
    #expect(controller.cellsMade.sorted { "\($0)" < "\($1)" } == [.detail, .extra(0)])
    #expect(list.numberOfItems(inSectionOf: cards[0]) == 7 && controller.isExpanded)
    let whole = Rect(x: 0, y: 0, width: 60, height: list.collectionView.contentSize.height)
    let updated = list.collectionView.collectionViewLayout.layoutAttributesForElements(in: whole)
    try list.reloadData()
    #expect(list.collectionView.collectionViewLayout.layoutAttributesForElements(in: whole) == updated)
  }

  /// The default says every component that stays changed: each is reloaded, item by item, and
  /// the section is not (the focus stays on its item).
  @Test func byDefaultEveryComponentThatStaysIsReloaded() throws {
    var cards = [card("a")]
    let list = try ListHarness(objects: cards, size: Size(width: 60, height: 40)) { _ in CardController() }
    list.collectionView.focusedIndexPath = IndexPath(item: 1, section: 0)
    cards[0].title = "New"
    try list.update(to: cards)
    #expect(list.collectionView.focusedIndexPath == IndexPath(item: 1, section: 0))
    #expect(list.descriptors(inSectionOf: cards[0]).first?.content == .text("New", role: .title))
  }
}
