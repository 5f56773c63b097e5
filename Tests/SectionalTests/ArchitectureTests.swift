import SeededRandom
import Testing

@testable import Sectional

/// A layout of the client's own: every item one row tall across the full width, sections one
/// after another. It implements only what the contract requires.
final class StackLayout: CollectionViewLayout {
  weak var collectionView: (any LayoutCollectionView)?
  var bounds = Rect.zero
  private var frames: [[Rect]] = []
  private(set) var prepares = 0
  private var valid = false

  func prepare() {
    guard !valid, let collectionView else { return }
    prepares += 1
    var y = 0.0
    frames = (0..<collectionView.numberOfSections).map { section in
      (0..<collectionView.numberOfItems(inSection: section)).map { _ in
        defer { y += 1 }
        return Rect(x: 0, y: y, width: bounds.width, height: 1)
      }
    }
    valid = true
  }

  var contentSize: Size { Size(width: bounds.width, height: Double(frames.joined().count)) }

  func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    frames.enumerated().flatMap { section, items in
      items.enumerated().compactMap { item, frame in
        frame.intersects(rect)
          ? LayoutAttributes.cell(at: IndexPath(item: item, section: section), frame: frame) : nil
      }
    }
  }

  func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard frames.indices.contains(indexPath.section),
      frames[indexPath.section].indices.contains(indexPath.item)
    else { return nil }
    return .cell(at: indexPath, frame: frames[indexPath.section][indexPath.item])
  }

  func invalidateLayout(with context: InvalidationContext) { valid = false }
}

/// A section of view models whose heights are their values: a binding controller that sends
/// item batches from `didUpdate(to:)`.
struct Rows: ListDiffable, Hashable {
  var id: String
  var heights: [Int]
  var diffIdentifier: String { id }
  func isEqual(toDiffableObject other: Rows) -> Bool { self == other }
}

struct Row: ListDiffable, Hashable {
  var height: Int
  var diffIdentifier: Int { height }
  func isEqual(toDiffableObject other: Row) -> Bool { self == other }
}

@MainActor
final class RowsController: BindingSectionController<Rows> {
  override func viewModels(for object: Rows) -> [any ListDiffable] { object.heights.map(Row.init) }
  override func cell(for viewModel: any ListDiffable, at index: Int) -> CellDescriptor {
    .text("row", role: .body, width: availableWidth, height: Double((viewModel as! Row).height))
  }
}

/// Rows of view models and cards, each with its controller.
@MainActor
func mixedSource(_ objects: [any ListDiffable]) -> ClosureSource {
  ClosureSource(objects) { $0 is Rows ? RowsController() : CardController() }
}

@MainActor
@Suite struct ArchitectureTests {
  @Test func aClientsOwnLayoutPlugsInAndLayoutsCanBeSwapped() {
    let source = FeedSource([Note(id: 1), Note(id: 2)])
    let adapter = makeAdapter(source, width: 30, height: 10)
    let flowHeight = adapter.collectionView.contentSize.height
    #expect(flowHeight == 12)  // two notes of two 3-row items
    let stack = StackLayout()
    adapter.collectionView.layout = stack
    #expect(stack.collectionView === adapter.collectionView)
    #expect(adapter.collectionView.contentSize.height == 4)
    #expect(
      adapter.collectionView.visibleElements().map(\.indexPath) == [
        IndexPath(item: 0, section: 0), IndexPath(item: 1, section: 0),
        IndexPath(item: 0, section: 1), IndexPath(item: 1, section: 1),
      ])
    // Updates reach the new layout through the same collection view.
    source.objects.insert(Note(id: 3), at: 0)
    adapter.performUpdates()
    adapter.flushPendingUpdates()
    #expect(adapter.collectionView.contentSize.height == 6)
    #expect(
      adapter.collectionView.layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 2))?.frame.minY
        == 5)
    #expect(adapter.collectionView.diagnostics.isEmpty)
  }

  @Test func theLayoutReadsTheCountsTheCollectionViewValidated() {
    let source = FeedSource([Note(id: 1)])
    let adapter = makeAdapter(source)
    let controller = adapter.sectionController(forSection: 0) as! RecordingController
    controller.rows = 5  // the model changed, but no batch said so
    adapter.invalidateLayout(for: controller)
    #expect(adapter.collectionView.flowLayout.numberOfItems(inSection: 0) == 2)
    #expect(adapter.collectionView.itemCounts == [2])
  }

  @Test func bindingBatchesDuringReloadDataRaiseNoDiagnostic() {
    let source = mixedSource([Rows(id: "a", heights: [1, 3])])
    let adapter = ListAdapter(collectionView: CollectionView(size: Size(width: 20, height: 20)))
    adapter.scheduler = { _ in }
    adapter.dataSource = source
    adapter.reloadData()
    #expect(adapter.collectionView.itemCounts == [2])
    #expect(adapter.collectionView.diagnostics.isEmpty)
  }

  /// The client's case: B's batch from `didUpdate` was checked against A's old count and the
  /// section move then handed the recomputed record to A.
  @Test func bindingBatchesDuringAnUpdateApplyInTheNewNumbering() {
    let source = mixedSource([Rows(id: "a", heights: [1, 3]), Rows(id: "b", heights: [2, 1])])
    let adapter = ListAdapter(collectionView: CollectionView(size: Size(width: 20, height: 20)))
    adapter.scheduler = { _ in }
    adapter.dataSource = source
    adapter.reloadData()
    source.objects = [Rows(id: "b", heights: [1, 2]), Rows(id: "a", heights: [1, 3])]
    adapter.performUpdates()
    adapter.flushPendingUpdates()
    let second = adapter.collectionView.layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 1))
    #expect(second?.frame.minY == 4 && second?.frame.height == 3)
    #expect(adapter.collectionView.contentSize.height == 7)
    #expect(adapter.collectionView.diagnostics.isEmpty)
    // Inserting a binding section raises nothing either.
    source.objects.insert(Rows(id: "c", heights: [2, 1, 3]), at: 1)
    adapter.performUpdates()
    adapter.flushPendingUpdates()
    #expect(adapter.collectionView.itemCounts == [2, 3, 2])
    #expect(adapter.collectionView.diagnostics.isEmpty)
  }

  /// Random lists of binding and expandable sections whose contents change, applied by
  /// `performUpdates`, against a fresh adapter built from the same objects and expansion: the
  /// same frames, and no diagnostic at all.
  @Test func updatesWithControllerBatchesMatchAFreshAdapter() {
    var rng = SplitMix64(seed: 11)
    func randomObjects() -> [any ListDiffable] {
      var seen = Set<String>()
      return (0..<Int.random(in: 0...8, using: &rng)).compactMap { _ in
        let id = "\(Int.random(in: 0..<10, using: &rng))"
        guard seen.insert(id).inserted else { return nil }
        if Bool.random(using: &rng) {
          return Rows(
            id: "r" + id,
            heights: Array(
              Set((0..<Int.random(in: 0...4, using: &rng)).map { _ in Int.random(in: 1...4, using: &rng) })))
        }
        return card("c" + id, extras: Int.random(in: 0...3, using: &rng))
      }
    }
    func frames(_ adapter: ListAdapter) -> [LayoutAttributes] {
      adapter.collectionView.layout.layoutAttributesForElements(
        in: Rect(x: 0, y: 0, width: 40, height: 100_000))
    }
    for run in 0..<150 {
      let source = mixedSource(randomObjects())
      let adapter = makeMixedAdapter(source)
      for step in 0..<10 {
        // Toggle some cards, then change the list.
        for section in 0..<adapter.objects.count where Int.random(in: 0..<4, using: &rng) == 0 {
          (adapter.sectionController(forSection: section) as? CardController)?.toggle()
        }
        source.objects = randomObjects()
        adapter.performUpdates()
        adapter.flushPendingUpdates()
        let freshSource = mixedSource(source.objects)
        let fresh = makeMixedAdapter(freshSource)
        for section in 0..<adapter.objects.count {
          if let card = adapter.sectionController(forSection: section) as? CardController, card.isExpanded {
            (fresh.sectionController(forSection: section) as? CardController)?.toggle()
          }
        }
        let context = "run \(run) step \(step)"
        #expect(adapter.collectionView.itemCounts == fresh.collectionView.itemCounts, "\(context)")
        #expect(frames(adapter) == frames(fresh), "\(context)")
        #expect(
          adapter.collectionView.diagnostics.isEmpty,
          "\(context): \(Array(adapter.collectionView.diagnostics))")
        withExtendedLifetime(freshSource) {}
        if !adapter.collectionView.diagnostics.isEmpty { return }
      }
    }
  }

  func makeMixedAdapter(_ source: ClosureSource) -> ListAdapter {
    let layout = FlowLayout()
    layout.decorationStyles = [.sectionCard: .card]
    let adapter = ListAdapter(
      collectionView: CollectionView(layout: layout, size: Size(width: 40, height: 30)))
    adapter.scheduler = { _ in }
    adapter.dataSource = source
    adapter.reloadData()
    return adapter
  }

  @Test func scrollToAnItemGoesToThatItemAndItemZeroBringsTheHeader() {
    final class Headed: SectionController, SupplementaryViewSource {
      override init() {
        super.init()
        supplementaryViewSource = self
      }
      override func numberOfItems() -> Int { 4 }
      override func cellForItem(at index: Int) -> CellDescriptor {
        .text("cell", role: .body, width: availableWidth, height: 3)
      }
      var supportedElementKinds: [ElementKind] { [.header] }
      func supplementary(ofKind kind: ElementKind, at index: Int, for controller: SectionController)
        -> SupplementaryDescriptor?
      {
        SupplementaryDescriptor(height: 2, content: .text("Header", role: .header))
      }
    }
    let source = ClosureSource([Note(id: 1)]) { _ in Headed() }
    let adapter = ListAdapter(collectionView: CollectionView(size: Size(width: 20, height: 4)))
    adapter.dataSource = source
    adapter.reloadData()
    let controller = adapter.sectionController(forSection: 0)!
    adapter.scroll(to: controller, item: 2)
    #expect(adapter.collectionView.contentOffset.y == 8)  // header 2 + two items of 3
    adapter.scroll(to: controller, item: 0)
    #expect(adapter.collectionView.contentOffset.y == 0)
    adapter.scroll(to: controller, item: 9)
    #expect(adapter.collectionView.diagnostics.map(\.kind) == [.noSuchItem])
  }
}

@MainActor
@Suite struct SelectionTests {
  @Test func aSelectedItemShiftsWithInsertsBeforeIt() {
    let source = FeedSource([card("a")])
    let adapter = makeAdapter(source)
    adapter.collectionView.allowsMultipleSelection = true
    let controller = adapter.sectionController(forSection: 0) as! CardController
    adapter.collectionView.selectItem(at: IndexPath(item: 3, section: 0))  // the caption
    #expect(!controller.isExpanded)
    controller.toggle()
    // Expansion inserts after the caption: the caption stays at 3.
    #expect(adapter.collectionView.indexPathsForSelectedItems == [IndexPath(item: 3, section: 0)])
    adapter.collectionView.selectItem(at: IndexPath(item: 7, section: 0))  // an extra
    controller.toggle()
    #expect(adapter.collectionView.indexPathsForSelectedItems == [IndexPath(item: 3, section: 0)])
  }

  @Test func aReloadedSectionDropsItsSelection() {
    let source = FeedSource([card("a"), card("b")])
    let adapter = makeAdapter(source)
    adapter.collectionView.allowsMultipleSelection = true
    (adapter.sectionController(forSection: 0) as! CardController).toggle()
    adapter.collectionView.selectItem(at: IndexPath(item: 7, section: 0))
    adapter.collectionView.selectItem(at: IndexPath(item: 1, section: 1))
    source.objects[0] = card("a", extras: 0)
    source.objects.swapAt(0, 1)
    adapter.performUpdates()
    adapter.flushPendingUpdates()
    // Card a changed (reloaded) and lost its selection; b kept its own in its new section.
    #expect(adapter.collectionView.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])
  }

  /// The mapper against a reference that builds the new sections item by item.
  @Test func selectionsFollowRandomBatchesLikeAReference() {
    var rng = SplitMix64(seed: 99)
    for _ in 0..<2_000 {
      let oldCounts = (0..<Int.random(in: 1...3, using: &rng)).map { _ in Int.random(in: 0...6, using: &rng) }
      var updates = BatchUpdates()
      var leaving = Set<IndexPath>()
      for (section, count) in oldCounts.enumerated() {
        for item in 0..<count where Int.random(in: 0..<5, using: &rng) == 0 {
          leaving.insert(IndexPath(item: item, section: section))
          updates.deletedItems.append(IndexPath(item: item, section: section))
        }
      }
      var movers: [IndexPath] = []
      for (section, count) in oldCounts.enumerated() {
        for item in 0..<count where Int.random(in: 0..<6, using: &rng) == 0 {
          let path = IndexPath(item: item, section: section)
          if leaving.insert(path).inserted { movers.append(path) }
        }
      }
      // The new sections: survivors in order, then arrivals placed at random new indexes.
      var newSections: [[IndexPath?]] = oldCounts.enumerated().map { section, count in
        (0..<count).map { IndexPath(item: $0, section: section) }.filter { !leaving.contains($0) }
      }
      var arrivals: [(IndexPath?, Int)] = movers.map {
        ($0, Int.random(in: 0..<oldCounts.count, using: &rng))
      }
      for _ in 0..<Int.random(in: 0...3, using: &rng) {
        arrivals.append((nil, Int.random(in: 0..<oldCounts.count, using: &rng)))
      }
      for (item, section) in arrivals {
        newSections[section].insert(item, at: Int.random(in: 0...newSections[section].count, using: &rng))
      }
      for (section, items) in newSections.enumerated() {
        for (index, item) in items.enumerated() {
          let target = IndexPath(item: index, section: section)
          if let item {
            if movers.contains(item) { updates.movedItems.append(IndexPathMove(from: item, to: target)) }
          } else {
            updates.insertedItems.append(target)
          }
        }
      }
      let map = BatchValidation.indexPathMapper(
        updates, sources: Array(oldCounts.indices), oldSectionCount: oldCounts.count)
      for (section, count) in oldCounts.enumerated() {
        for item in 0..<count {
          let path = IndexPath(item: item, section: section)
          var expected: IndexPath?
          for (newSection, items) in newSections.enumerated() {
            if let index = items.firstIndex(of: path) {
              expected = IndexPath(item: index, section: newSection)
            }
          }
          #expect(map(path) == expected, "\(path) in \(updates)")
        }
      }
      let newCounts = newSections.map(\.count)
      var tally = ItemBatchTally()
      #expect(tally.tally(updates, sectionCount: newCounts.count) == nil)
      #expect(
        tally.validate(updates, oldCount: { oldCounts[$0] }, newCounts: tally.sections.map { newCounts[$0] })
          == nil)
    }
  }
}

/// A layout of a client's own, with a delegate protocol of its own: each section is one band of
/// its items side by side, as tall as the section's controller says.
protocol BandLayoutDelegate: AnyObject {
  var bandHeight: Double { get }
}

final class BandLayout: CollectionViewLayout {
  weak var collectionView: (any LayoutCollectionView)?
  var bounds = Rect.zero
  private var bands: [(top: Double, height: Double, count: Int)] = []

  func prepare() {
    guard let collectionView else { return }
    let lookup = collectionView.layoutDelegate as? SectionControllerLookup
    var top = 0.0
    bands = (0..<collectionView.numberOfSections).map { section in
      let delegate = lookup?.sectionController(forSection: section) as? BandLayoutDelegate
      let height = delegate?.bandHeight ?? 1
      defer { top += height }
      return (top, height, collectionView.numberOfItems(inSection: section))
    }
  }

  var contentSize: Size { Size(width: bounds.width, height: bands.last.map { $0.top + $0.height } ?? 0) }

  func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    bands.indices.flatMap { section in
      (0..<bands[section].count).compactMap { item in
        layoutAttributesForItem(at: IndexPath(item: item, section: section)).flatMap {
          $0.frame.intersects(rect) ? $0 : nil
        }
      }
    }
  }

  func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard bands.indices.contains(indexPath.section), indexPath.item >= 0,
      indexPath.item < bands[indexPath.section].count
    else { return nil }
    let band = bands[indexPath.section]
    return .cell(
      at: indexPath, frame: Rect(x: Double(indexPath.item) * 10, y: band.top, width: 10, height: band.height))
  }

  func invalidateLayout(with context: InvalidationContext) {}
}

@MainActor
final class TallController: SectionController, @MainActor BandLayoutDelegate {
  var bandHeight: Double { 3 }
  override func numberOfItems() -> Int { 2 }
}

@MainActor
@Suite struct CustomLayoutDelegateTests {
  @Test func aLayoutOfOneOwnAsksTheSectionControllersThroughItsOwnProtocol() {
    let source = ClosureSource([Note(id: 1), Note(id: 2), Note(id: 3)]) { object in
      (object as? Note)?.id == 2 ? TallController() : SectionController()
    }
    let layout = BandLayout()
    let adapter = ListAdapter(
      collectionView: CollectionView(layout: layout, size: Size(width: 40, height: 10)))
    adapter.scheduler = { _ in }
    adapter.dataSource = source
    adapter.reloadData()
    let frames = adapter.collectionView.visibleElements().map { "\($0.indexPath) \($0.frame)" }
    #expect(
      frames == [
        "[0, 0] \(Rect(x: 0, y: 0, width: 10, height: 1))",
        "[1, 0] \(Rect(x: 0, y: 1, width: 10, height: 3))",
        "[1, 1] \(Rect(x: 10, y: 1, width: 10, height: 3))",
        "[2, 0] \(Rect(x: 0, y: 4, width: 10, height: 1))",
      ])
    // The adapter's layout delegate is the lookup the layout found the controllers through.
    #expect((adapter.collectionView.layoutDelegate as? SectionControllerLookup) != nil)
  }
}

/// The core measures what a cell says, not how a front draws it: the terminal's brackets around a
/// button are its own measurer's to add.
@MainActor
@Suite struct CoreMeasureTests {
  @Test func aButtonIsItsLabelUntilAFrontMeasuresIt() {
    let view = CollectionView(size: Size(width: 40, height: 4))
    let button = CellDescriptor(
      reuseKind: "button", size: .exact(Size(width: 40, height: 1)), content: .button("View more"))
    #expect(view.measure(button, width: 40) == Size(width: 9, height: 1))
    #expect(view.measure(button, width: 5) == Size(width: 5, height: 1))
    view.measurer = { _, width in Size(width: min(width, 13), height: 1) }
    #expect(view.measure(button, width: 40) == Size(width: 13, height: 1))
  }
}

/// A layout of a client's own that asks, in its self-sizing contexts, to keep what is seen in
/// place: one column of items, each as tall as measured.
final class AdjustingLayout: CollectionViewLayout {
  weak var collectionView: (any LayoutCollectionView)?
  var bounds = Rect.zero
  let adjusts: Bool
  private var heights: [Double] = []

  init(adjusts: Bool) { self.adjusts = adjusts }

  func prepare() {
    let count =
      (collectionView?.numberOfSections ?? 0) > 0 ? collectionView?.numberOfItems(inSection: 0) ?? 0 : 0
    if heights.count != count { heights = Array(repeating: 1, count: count) }
  }

  var contentSize: Size { Size(width: bounds.width, height: heights.reduce(0, +)) }

  private func frame(_ item: Int) -> Rect {
    Rect(x: 0, y: heights[..<item].reduce(0, +), width: bounds.width, height: heights[item])
  }

  func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    heights.indices.map { LayoutAttributes.cell(at: IndexPath(item: $0, section: 0), frame: frame($0)) }
      .filter { $0.frame.intersects(rect) }
  }

  func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    heights.indices.contains(indexPath.item) && indexPath.section == 0
      ? .cell(at: indexPath, frame: frame(indexPath.item)) : nil
  }

  func invalidateLayout(with context: InvalidationContext) {
    for (path, size) in context.preferredSizes where heights.indices.contains(path.item) {
      heights[path.item] = size.height
    }
  }

  func selfSizesItem(at indexPath: IndexPath) -> Bool { true }

  func shouldInvalidateLayout(
    forPreferredAttributes preferred: LayoutAttributes, originalAttributes original: LayoutAttributes
  ) -> Bool {
    preferred.frame.height != original.frame.height
  }

  func invalidationContext(
    forPreferredAttributes preferred: LayoutAttributes, originalAttributes original: LayoutAttributes
  ) -> InvalidationContext {
    var context = InvalidationContext()
    context.setPreferredSize(preferred.frame.size, forItemAt: preferred.indexPath)
    if adjusts {
      context.contentOffsetAdjustment = Point(x: 0, y: preferred.frame.height - original.frame.height)
    }
    return context
  }
}

/// Ten items one row tall until measured.
@MainActor
final class TenEstimatedRows: SectionController {
  override func numberOfItems() -> Int { 10 }
  override func cellForItem(at index: Int) -> CellDescriptor {
    CellDescriptor(
      reuseKind: "body", size: .estimated(Size(width: 10, height: 1)), content: .text("\(index)", role: .body)
    )
  }
}

@MainActor
@Suite struct ContentOffsetAdjustmentTests {
  @Test func aLayoutsOffsetAdjustmentScrollsTheViewByAsMuch() {
    func offset(adjusting: Bool) -> Double {
      let view = CollectionView(layout: AdjustingLayout(adjusts: adjusting), size: Size(width: 10, height: 4))
      view.measurer = { _, _ in Size(width: 10, height: 3) }
      let source = ClosureSource([Note(id: 0)]) { _ in TenEstimatedRows() }
      let adapter = ListAdapter(collectionView: view)
      adapter.scheduler = { _ in }
      adapter.dataSource = source
      adapter.reloadData()
      return withExtendedLifetime(source) { view.contentOffset.y }
    }
    // The four items in view grow from 1 row to 3: a layout that asks to keep them in place has
    // the view scroll by the 8 rows they grew; one that does not ask stays at the top.
    #expect(offset(adjusting: false) == 0)
    #expect(offset(adjusting: true) == 8)
  }

  /// A layout of one's own has no per-element limit: a measurer that never answers the same twice
  /// would have the view measure for ever. It stops after its round limit, says so once, and
  /// keeps the last layout, every item placed.
  @Test func selfSizingThatNeverSettlesStopsAndIsReported() {
    final class Counter { var calls = 0 }
    func view(_ height: @escaping (_ descriptor: CellDescriptor, _ call: Int) -> Double) -> CollectionView {
      let view = CollectionView(layout: AdjustingLayout(adjusts: false), size: Size(width: 10, height: 4))
      let counter = Counter()
      view.measurer = { descriptor, _ in
        counter.calls += 1
        return Size(width: 10, height: height(descriptor, counter.calls))
      }
      let source = ClosureSource([Note(id: 0)]) { _ in TenEstimatedRows() }
      let adapter = ListAdapter(collectionView: view)
      adapter.scheduler = { _ in }
      adapter.dataSource = source
      adapter.reloadData()
      withExtendedLifetime((source, adapter)) {}
      return view
    }
    let settled = view { _, _ in 2 }
    #expect(!settled.diagnostics.contains { $0.kind == .selfSizingDidNotSettle })
    let restless = view { _, call in Double(1 + call) }
    #expect(restless.diagnostics.filter { $0.kind == .selfSizingDidNotSettle }.count == 1)
    // The first item, alone in view once it is 4 rows tall, grows once a round for as many rounds
    // as the limit allows, then holds: it settled in the last round, which is not a failure.
    final class FirstItemCalls { var count = 0 }
    let first = FirstItemCalls()
    let late = view { descriptor, _ in
      guard descriptor.content == .text("0", role: .body) else { return 1 }
      defer { first.count += 1 }
      return Double(4 + min(first.count, CollectionView.settlingRoundLimit - 1))
    }
    #expect(
      first.count == CollectionView.settlingRoundLimit + 1, "measured in every round, the check included")
    #expect(!late.diagnostics.contains { $0.kind == .selfSizingDidNotSettle })
    #expect(
      late.layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame.height
        == Double(4 + CollectionView.settlingRoundLimit - 1))
    #expect(
      restless.layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 10, height: 100)).count == 10)
  }
}
