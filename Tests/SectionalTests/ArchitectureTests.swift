import SeededRandom
import TestTags
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
    adapter.collectionView.collectionViewLayout = stack
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
      adapter.collectionView.collectionViewLayout.layoutAttributesForItem(at: IndexPath(item: 1, section: 2))?
        .frame.minY
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
    let second = adapter.collectionView.collectionViewLayout.layoutAttributesForItem(
      at: IndexPath(item: 1, section: 1))
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
  @Test(.slow) func updatesWithControllerBatchesMatchAFreshAdapter() {
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
      adapter.collectionView.collectionViewLayout.layoutAttributesForElements(
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
