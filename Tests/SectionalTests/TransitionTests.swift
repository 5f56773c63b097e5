import SectionalTerminal
import SeededRandom
import Testing

@testable import Sectional
@testable import SectionalTesting

/// An element's frame relative to the viewport it shows in, with what it is: how the start and
/// end of a transition are compared with the layout before and after.
///
/// Without index paths: at progress 0 an element that stays already has its identity after
/// the update (its content is the new one), at its frame before it.
private struct Seen: Hashable, CustomStringConvertible {
  var category: ElementCategory
  var kind: ElementKind
  var frame: Rect

  init(_ attributes: LayoutAttributes, in bounds: Rect) {
    category = attributes.category
    kind = attributes.kind
    frame = Rect(
      x: attributes.frame.minX - bounds.minX, y: attributes.frame.minY - bounds.minY,
      width: attributes.frame.width, height: attributes.frame.height)
  }

  var description: String { "\(category) \(kind) \(frame)" }
}

@MainActor
private func seen(_ elements: [LayoutAttributes], in bounds: Rect) -> [Seen: Int] {
  var counts: [Seen: Int] = [:]
  for element in elements where element.frame.intersects(bounds) {
    counts[Seen(element, in: bounds), default: 0] += 1
  }
  return counts
}

@MainActor
@Suite struct TransitionTests {
  @Test func anExpansionOpensTheCardAndSlidesTheCardsBelow() throws {
    let cards = (0..<4).map { card("c\($0)") }
    let harness = try cardHarness(cards, size: Size(width: 40, height: 40))
    let before = harness.visibleElements
    let secondCardBefore = try #require(harness.decorations(inSectionOf: cards[1]).first).frame

    try harness.select(item: 4, inSectionOf: cards[0], animated: true)
    let animation: LayoutTransition = try #require(harness.transition)
    // The layout is at the end state at once: every query answers as without animation.
    #expect(harness.numberOfItems(inSectionOf: cards[0]) == 9)
    let secondCardAfter = try #require(harness.decorations(inSectionOf: cards[1]).first).frame
    #expect(secondCardAfter.minY > secondCardBefore.minY)

    // Progress 0 is the old layout, 1 the new.
    let bounds = harness.collectionView.bounds
    #expect(seen(harness.elements(atProgress: 0), in: bounds) == seen(before, in: bounds))
    #expect(harness.elements(atProgress: 1) == harness.collectionView.visibleElements())

    // Halfway, the second card is between its two places, and the inserted items are fading in.
    let middle = harness.elements(atProgress: 0.5)
    let secondCard: LayoutAttributes? = middle.first { (attributes: LayoutAttributes) -> Bool in
      attributes.kind == .sectionCard && attributes.indexPath.section == 1
    }
    let middleY = try #require(secondCard).frame.minY
    #expect(middleY > secondCardBefore.minY && middleY < secondCardAfter.minY)
    let appearing = animation.elements.filter { (element: LayoutTransition.Element) -> Bool in
      element.phase == .appearing && element.end.category == .cell
    }
    #expect(appearing.map { $0.end.indexPath.item }.sorted() == [4, 5, 6, 7])
    for element in appearing {
      let now = try #require(animation.attributes(of: element, at: 0.5, in: bounds))
      #expect(now.alpha > 0 && now.alpha < 1)
      #expect(now.frame == element.end.frame)
    }
    // The toggle was reloaded and moved down: it slides, it does not fade.
    let toggle = try #require(
      animation.elements.first { (element: LayoutTransition.Element) -> Bool in
        element.end.indexPath == IndexPath(item: 8, section: 0) && element.end.category == .cell
      })
    #expect(toggle.phase == LayoutTransition.Phase.staying)
    #expect(toggle.start.indexPath == IndexPath(item: 4, section: 0))

    // The drawn middle differs from both ends, and the end equals a fresh drawing.
    let start = try harness.render(atProgress: 0)
    let half = try harness.render(atProgress: 0.5)
    let end = try harness.render(atProgress: 1)
    #expect(half != start && half != end)
    harness.collectionView.finishTransition()
    #expect(try harness.render() == end)
  }

  @Test func anExpandingCardOpensLikeADrawerInTheTerminal() throws {
    let cards = (0..<3).map { card("c\($0)") }
    let harness = try cardHarness(cards, size: Size(width: 40, height: 40))
    try harness.select(item: 4, inSectionOf: cards[0], animated: true)
    // The first card's rows between its caption and its button, drawn.
    func opened(_ text: String) throws -> [String] {
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      let caption = try #require(lines.firstIndex { $0.contains("Caption") })
      let button = try #require(lines.firstIndex { $0.contains("[ View less ]") })
      // Nothing else is drawn on the button's row while it slides over the new rows.
      #expect(lines[button].trimmingCharacters(in: .whitespaces).hasPrefix("│ [ View less ]"))
      #expect(!lines[button].dropFirst(16).contains { $0.isLetter })
      return Array(lines[(caption + 1)..<button])
    }
    let end = try opened(try harness.render(atProgress: 1))
    #expect(end.count >= 4)
    var previous = 0
    for step in 0...10 {
      let rows = try opened(try harness.render(atProgress: Double(step) / 10))
      // At every moment the card shows the first rows of what it opens to, more as it goes.
      #expect(Array(end.prefix(rows.count)) == rows, "progress \(Double(step) / 10)")
      #expect(rows.count >= previous)
      previous = rows.count
    }
    #expect(previous == end.count)
  }

  /// An animated update that arrives while a card opens starts every element from where it is
  /// on screen: the rows the sliding button has not uncovered yet stay hidden, inside the card,
  /// instead of jumping over the button and the border (issue 45, defect 2).
  @Test func anUpdateWhileACardOpensStartsFromTheFrameOnScreen() throws {
    let cards = (0..<3).map { card("c\($0)") }
    let harness = try cardHarness(cards, size: Size(width: 40, height: 40))
    try harness.select(item: 4, inSectionOf: cards[0], animated: true)
    let opening = try harness.render(atProgress: 0.4)
    #expect(opening.contains("[ View less ]") && !opening.contains("Extra 2 of c0"), "half open")
    try harness.update(to: cards + [card("c3")], animated: true)
    #expect(harness.transition != nil)
    #expect(try harness.render(atProgress: 0) == opening)
    for step in 1...9 {
      let text = try harness.render(atProgress: Double(step) / 10)
      let lines = text.split(separator: "\n").map(String.init)
      // Nothing is drawn over the button's row but the button, as it slides over the rows.
      let button = try #require(lines.first { $0.contains("[ View less ]") }).drop { $0 == " " }
      #expect(button.hasPrefix("│ [ View less ]"), "progress \(Double(step) / 10)")
      #expect(!button.dropFirst(16).contains { $0.isLetter }, "progress \(Double(step) / 10)")
    }
    harness.collectionView.finishTransition()
    #expect(try harness.render().contains("Extra 2 of c0"))
  }

  /// Animated updates that come faster than a transition plays (a file loading a slice a
  /// frame) still show the cards already there: each interruption starts them from their
  /// opacity then, so drawn by opacity they would stay hidden while the updates keep coming.
  @Test func updatesFasterThanATransitionShowWhatIsAlreadyThere() throws {
    let harness = try cardHarness([], size: Size(width: 40, height: 40))
    var cards: [Card] = []
    for index in 0..<4 {
      cards.append(card("c\(index)"))
      try harness.update(to: cards, animated: true)
      harness.collectionView.transitionProgress = 0.1
    }
    let text = try harness.render(atProgress: 0.1)
    #expect(text.contains("Title c0") && text.contains("Caption"), "\(text)")
  }

  @Test func callsThatAreNotAnimatedEndTheTransition() throws {
    let cards = (0..<3).map { card("c\($0)") }
    let harness = try cardHarness(cards, size: Size(width: 40, height: 30))
    try harness.select(item: 4, inSectionOf: cards[0])
    #expect(harness.transition == nil, "the harness ends a transition unless asked to keep it")

    try harness.select(item: 8, inSectionOf: cards[0], animated: true)
    #expect(harness.transition != nil)
    harness.collectionView.setContentOffset(Point(x: 0, y: 1))
    #expect(harness.transition != nil, "scrolling keeps it: start frames follow the viewport")
    harness.collectionView.setSize(Size(width: 30, height: 30))
    #expect(harness.transition == nil, "a new width lays everything out again")

    try harness.select(item: 4, inSectionOf: cards[1], animated: true)
    #expect(harness.transition != nil)
    var batch = BatchUpdates()
    batch.reloadedSections = [2]
    harness.collectionView.performBatchUpdates(batch)
    #expect(harness.transition == nil, "a batch that is not animated ends it")

    try harness.select(item: 8, inSectionOf: cards[1], animated: true)
    harness.adapter.reloadData()
    #expect(harness.transition == nil)
  }

  @Test func aDeletedCardLeavesDrawnWithWhatItShowed() throws {
    let cards = (0..<3).map { card("c\($0)") }
    let harness = try cardHarness(cards, size: Size(width: 40, height: 40))
    #expect(try harness.render().contains("Title c1"))
    try harness.update(to: [cards[0], cards[2]], animated: true)
    let transition = try #require(harness.transition)
    let leaving = transition.elements.filter { $0.phase == .disappearing }
    #expect(Set(leaving.map(\.start.indexPath.section)) == [1])
    // A leaving element is clipped to the top of its frame: its first rows stay longest.
    #expect(try harness.render(atProgress: 0.3).contains("Title c1"))
    #expect(!(try harness.render(atProgress: 1).contains("Title c1")))
    #expect(try harness.render(atProgress: 1).contains("Title c2"))
  }

  @Test func aLeavingElementWhoseContentWasNeverDrawnIsLeftOut() throws {
    let cards = (0..<3).map { card("c\($0)") }
    let source = ClosureSource(cards) { _ in CardController() }
    let view = CollectionView(layout: ListHarness.cardLayout(), size: Size(width: 40, height: 40))
    let renderer = TextRenderer(environment: DrawEnvironment(colors: .none))
    view.measurer = renderer.measurer()
    let adapter = ListAdapter(collectionView: view)
    adapter.scheduler = { _ in }
    adapter.dataSource = source
    adapter.reloadData()
    var canvas = Canvas(width: 40, height: 40)
    renderer.render(view, into: &canvas)
    #expect(canvas.plainText().contains("Title c1"))
    // The data changes again before the next frame: what was drawn is no longer what the
    // transition starts from, so the card that leaves has no content to draw.
    adapter.reloadData()
    source.objects = [cards[0], cards[2]]
    adapter.performUpdates(animated: true)
    adapter.flushPendingUpdates()
    #expect(view.transition?.elements.contains { $0.phase == .disappearing } == true)
    view.transitionProgress = 0.3
    renderer.render(view, into: &canvas)
    #expect(!canvas.plainText().contains("Title c1"))
  }

  /// Issue 51, defect 4: `prepare(forCollectionViewUpdates:)` ran only for animated batches;
  /// UIKit calls it, and `finalizeCollectionViewUpdates()`, for every batch update.
  @Test func aBatchWithoutAnimationIsToldToTheLayoutToo() {
    let layout = RecordingLayout()
    let view = CollectionView(layout: layout, size: Size(width: 20, height: 10))
    let source = CountsSource(counts: [2, 1])
    view.dataSource = source
    view.reloadData()
    source.counts = [2, 2]
    var batch = BatchUpdates()
    batch.deletedItems = [IndexPath(item: 0, section: 0)]
    batch.insertedItems = [IndexPath(item: 1, section: 0), IndexPath(item: 1, section: 1)]
    #expect(view.performBatchUpdates(batch, animated: false))
    #expect(
      layout.updates == [
        UpdateItem(
          action: .delete, indexPathBeforeUpdate: IndexPath(item: 0, section: 0), indexPathAfterUpdate: nil),
        UpdateItem(
          action: .insert, indexPathBeforeUpdate: nil, indexPathAfterUpdate: IndexPath(item: 1, section: 0)),
        UpdateItem(
          action: .insert, indexPathBeforeUpdate: nil, indexPathAfterUpdate: IndexPath(item: 1, section: 1)),
      ], "\(layout.updates)")
    #expect(layout.finalized)
    #expect(view.transition == nil)
    // A diffable apply without animation, one item inserted: told once.
    layout.updates = []
    let dataSource = DiffableDataSource<Int, Int>(collectionView: view) { _, n in
      .text("\(n)", role: .body, width: 4, height: 1)
    }
    var snapshot = DiffableSnapshot<Int, Int>()
    snapshot.appendSections([0])
    snapshot.appendItems([1, 2], toSection: 0)
    dataSource.apply(snapshot, animatingDifferences: false)
    snapshot.appendItems([3], toSection: 0)
    layout.updates = []
    dataSource.apply(snapshot, animatingDifferences: false)
    #expect(
      layout.updates == [
        UpdateItem(
          action: .insert, indexPathBeforeUpdate: nil, indexPathAfterUpdate: IndexPath(item: 2, section: 0))
      ])
  }

  @Test func aLayoutOfItsOwnChoosesWhereElementsAppearAndGo() throws {
    let layout = RecordingLayout()
    let view = CollectionView(layout: layout, size: Size(width: 20, height: 10))
    let source = CountsSource(counts: [3])
    view.dataSource = source
    view.reloadData()
    source.counts = [3]
    var batch = BatchUpdates()
    batch.deletedItems = [IndexPath(item: 0, section: 0)]
    batch.insertedItems = [IndexPath(item: 2, section: 0)]
    view.performBatchUpdates(batch, animated: true)
    #expect(
      layout.updates == [
        UpdateItem(
          action: .delete, indexPathBeforeUpdate: IndexPath(item: 0, section: 0), indexPathAfterUpdate: nil),
        UpdateItem(
          action: .insert, indexPathBeforeUpdate: nil, indexPathAfterUpdate: IndexPath(item: 2, section: 0)),
      ])
    #expect(layout.finalized)
    let transition = try #require(view.transition)
    let appearing = try #require(transition.elements.first { $0.phase == .appearing })
    #expect(appearing.start.frame.minX == -20, "the layout's own start: sliding in from the left")
    #expect(appearing.start.alpha == 1)
    let leaving = try #require(transition.elements.first { $0.phase == .disappearing })
    #expect(
      leaving.end.alpha == 0 && leaving.end.frame == leaving.start.frame, "the default: fading out in place")
    // The two survivors moved up a row each.
    let moved = transition.elements.filter { $0.phase == .staying }
    #expect(moved.count == 2 && moved.allSatisfy { $0.end.frame.minY == $0.start.frame.minY - 1 })
  }

  @Test func theAdapterAnimatesOnlyWhenEveryCoalescedCallAsked() throws {
    let cards = (0..<3).map { card("c\($0)") }
    let source = ClosureSource(cards) { _ in CardController() }
    let view = CollectionView(layout: ListHarness.cardLayout(), size: Size(width: 40, height: 40))
    let adapter = ListAdapter(collectionView: view)
    adapter.scheduler = { _ in }
    adapter.dataSource = source
    adapter.reloadData()

    source.objects = [cards[1], cards[0], cards[2]]
    adapter.performUpdates(animated: true)
    adapter.performUpdates(animated: false)
    adapter.flushPendingUpdates()
    #expect(view.transition == nil)

    source.objects = cards
    adapter.performUpdates(animated: true)
    adapter.performUpdates(animated: true)
    adapter.flushPendingUpdates()
    let transition = try #require(view.transition)
    #expect(transition.elements.contains { $0.phase == .staying && $0.start.frame != $0.end.frame })
  }

  /// Sections left at an estimate below the screen are laid out when a query first reaches
  /// them. The capture of an animated update reaches them: taken after the data changed, it
  /// laid them out from the new objects under the old numbering, and the update carried those
  /// frames to the sections' new places.
  @Test func aCaptureReadsTheDataTheViewShows() throws {
    var cards = (0..<12).map { card("c\($0)", extras: $0 % 4) }
    let source = ClosureSource(cards) { _ in CardController() }
    let layout = ListHarness.cardLayout()
    layout.defersOffscreenSectionLayout = true
    let view = CollectionView(layout: layout, size: Size(width: 40, height: 20))
    let adapter = ListAdapter(collectionView: view)
    adapter.scheduler = { _ in }
    adapter.dataSource = source
    adapter.reloadData()
    // Sections below the screen change, and wait at their old heights.
    for index in 2..<6 { cards[index].title = String(repeating: "Longer title ", count: index) }
    source.objects = cards
    adapter.performUpdates()
    adapter.flushPendingUpdates()
    // Then an animated update moves them about.
    cards.swapAt(2, 5)
    cards.swapAt(3, 4)
    source.objects = cards
    adapter.performUpdates(animated: true)
    adapter.flushPendingUpdates()
    layout.layOutEstimatedSections()
    let fresh = ClosureSource(cards) { _ in CardController() }
    let freshView = CollectionView(layout: ListHarness.cardLayout(), size: Size(width: 40, height: 20))
    let freshAdapter = ListAdapter(collectionView: freshView)
    freshAdapter.dataSource = fresh
    freshAdapter.reloadData()
    let all = Rect(x: 0, y: 0, width: 40, height: 10_000)
    #expect(
      view.collectionViewLayout.layoutAttributesForElements(in: all)
        == freshView.collectionViewLayout.layoutAttributesForElements(in: all))
  }

  @Test(arguments: ["flow", "compositional"])
  func randomBatchesStartAtTheOldLayoutAndEndAtTheNew(layoutName: String) throws {
    var rng = SplitMix64(seed: layoutName == "flow" ? 71 : 72)
    var built = 0
    var interrupted = 0
    for round in 0..<60 {
      let layout: any CollectionViewLayout =
        layoutName == "flow"
        ? ListHarness.cardLayout()
        : CompositionalLayout(section: .list())
      let view = CollectionView(layout: layout, size: Size(width: 30, height: 12))
      let dataSource = DiffableDataSource<Int, Int>(collectionView: view) { _, item in
        .text("Item \(item) " + String(repeating: "x", count: item % 37), role: .body, width: 28, height: 1)
      }
      var snapshot = randomSnapshot(&rng, nextItem: 0)
      dataSource.apply(snapshot, animatingDifferences: false)
      view.setContentOffset(Point(x: 0, y: Double(rng.next(below: 20))))
      var pending = 2
      var interruptedAt: Double?
      while pending > 0 {
        pending -= 1
        snapshot = edited(snapshot, &rng)
        let before = view.displayedElements().map(\.attributes)
        let startBounds = view.bounds
        dataSource.apply(snapshot, animatingDifferences: true)
        let after = view.visibleElements()
        guard let transition = view.transition else {
          #expect(seen(before, in: startBounds) == seen(after, in: view.bounds), "round \(round)")
          continue
        }
        built += 1
        if interruptedAt != nil { interrupted += 1 }
        if interruptedAt == nil {
          // An uninterrupted transition starts exactly where the layout was.
          #expect(
            seen(transition.attributes(at: 0, in: view.bounds), in: view.bounds)
              == seen(before, in: startBounds), "round \(round): progress 0")
        }
        view.transitionProgress = 1
        #expect(view.displayedElements().map(\.attributes) == after, "round \(round): progress 1")
        // Stop somewhere and start the next update from there.
        let progress = Double(rng.next(below: 100)) / 100
        view.transitionProgress = progress
        interruptedAt = progress
      }
      view.transitionProgress = 1
      #expect(view.displayedElements().map(\.attributes) == view.visibleElements(), "round \(round): the end")
    }
    // Most batches move something on screen; some of those interrupt a running transition.
    #expect(built > 60 && interrupted > 20, "\(built) transitions, \(interrupted) interrupted")
  }

  private func randomSnapshot(_ rng: inout SplitMix64, nextItem: Int) -> DiffableSnapshot<Int, Int> {
    var snapshot = DiffableSnapshot<Int, Int>()
    var item = nextItem
    for section in 0..<(2 + rng.next(below: 5)) {
      snapshot.appendSections([section])
      let count = rng.next(below: 6)
      snapshot.appendItems(Array(item..<(item + count)), toSection: section)
      item += count
    }
    return snapshot
  }

  private func edited(_ old: DiffableSnapshot<Int, Int>, _ rng: inout SplitMix64) -> DiffableSnapshot<
    Int, Int
  > {
    var snapshot = old
    let items = snapshot.itemIdentifiers
    var fresh = (items.max() ?? 0) + 1 + rng.next(below: 100)
    for _ in 0..<(1 + rng.next(below: 4)) {
      let sections = snapshot.sectionIdentifiers
      switch rng.next(below: 6) {
      case 0 where !snapshot.itemIdentifiers.isEmpty:
        let all = snapshot.itemIdentifiers
        snapshot.deleteItems([all[rng.next(below: all.count)]])
      case 1 where !sections.isEmpty:
        snapshot.appendItems([fresh], toSection: sections[rng.next(below: sections.count)])
        fresh += 1
      case 2 where snapshot.itemIdentifiers.count >= 2:
        let all = snapshot.itemIdentifiers
        let moved = all[rng.next(below: all.count)]
        let other = all[rng.next(below: all.count)]
        if moved != other { snapshot.moveItem(moved, afterItem: other) }
      case 3 where !snapshot.itemIdentifiers.isEmpty:
        let all = snapshot.itemIdentifiers
        snapshot.reloadItems([all[rng.next(below: all.count)]])
      case 4 where sections.count > 1:
        snapshot.deleteSections([sections[rng.next(below: sections.count)]])
      case 5:
        let section = (sections.max() ?? 0) + 1
        snapshot.appendSections([section])
        snapshot.appendItems([fresh, fresh + 1], toSection: section)
        fresh += 2
      default:
        break
      }
    }
    return snapshot
  }
}

/// A layout of rows of one line, items full width: it records what the collection view tells it
/// of an animated batch and slides inserted items in from the left.
private final class RecordingLayout: CollectionViewLayout {
  weak var collectionView: (any LayoutCollectionView)?
  var bounds: Rect = .zero
  var updates: [UpdateItem] = []
  var finalized = false

  func prepare() {}
  var contentSize: Size { Size(width: bounds.width, height: Double(count)) }
  private var count: Int { collectionView?.numberOfItems(inSection: 0) ?? 0 }

  func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    (0..<count).compactMap { layoutAttributesForItem(at: IndexPath(item: $0, section: 0)) }
      .filter { $0.frame.intersects(rect) }
  }

  func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard indexPath.section == 0, indexPath.item >= 0, indexPath.item < count else { return nil }
    return .cell(at: indexPath, frame: Rect(x: 0, y: Double(indexPath.item), width: bounds.width, height: 1))
  }

  func invalidateLayout(with context: InvalidationContext) {}

  func prepare(forCollectionViewUpdates updates: [UpdateItem]) {
    self.updates = updates
    finalized = false
  }

  func finalizeCollectionViewUpdates() { finalized = true }

  func initialLayoutAttributesForAppearingItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard var attributes = layoutAttributesForItem(at: indexPath),
      updates.contains(where: { $0.action == .insert && $0.indexPathAfterUpdate == indexPath })
    else { return nil }
    attributes.frame.origin.x -= bounds.width
    return attributes
  }
}

@MainActor
private final class CountsSource: CollectionViewDataSource {
  var counts: [Int]
  init(counts: [Int]) { self.counts = counts }
  func numberOfSections(in collectionView: CollectionView) -> Int { counts.count }
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    counts[section]
  }
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CellDescriptor
  {
    .text("\(indexPath.item)", role: .body, width: 10, height: 1)
  }
}
