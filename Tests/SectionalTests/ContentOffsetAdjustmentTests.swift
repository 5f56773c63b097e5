import SeededRandom
import Testing

@testable import Sectional

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
      late.collectionViewLayout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame.height
        == Double(4 + CollectionView.settlingRoundLimit - 1))
    #expect(
      restless.collectionViewLayout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 10, height: 100))
        .count == 10)
  }
}
