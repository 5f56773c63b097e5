import FeedKit
import Sectional
import SectionalTerminal

/// The self-sizing process of the article "Making a Complex UICollectionView Layout With Self
/// Sizing Cells", made visible: text cells start at an estimated line and measure
/// themselves; each self-sizing pass (the items it invalidated, how the content size changed) is
/// what `--trace` prints.
@MainActor
package enum SelfSizingSample {
  /// Notes of very different lengths.
  package static let notes: [String] = [
    "Short.",
    "A note of a couple of lines, long enough to wrap in a half-width column.",
    "Self-sizing cells start with an estimate. The layout places them, the cell measures its "
      + "text at the width it was given, and the layout is invalidated for that item alone, "
      + "moving everything below it by the difference.",
    "Two words.",
    "Only cells on screen are measured; the rest keep their estimate until they scroll into view, "
      + "so a long list lays out in the time of a screenful.",
    "The collection view repeats the loop until no cell changes its size, at most sixteen rounds.",
    "End.",
  ]

  /// A note: one cell across the card, one line tall until measured.
  final class NoteController: SectionController {
    var text = ""
    override init() {
      super.init()
      inset = EdgeInsets(top: 1, left: 3, bottom: 2, right: 3)
    }
    override func didUpdate(to object: any ListDiffable) { text = object as? String ?? "" }
    override func cellForItem(at index: Int) -> CellDescriptor {
      CellDescriptor(
        reuseKind: "body", size: .estimated(Size(width: max(1, availableWidth), height: 1)),
        content: .text(text, role: .body))
    }
  }

  final class Source: ListAdapterDataSource {
    func objects(for adapter: ListAdapter) -> [any ListDiffable] { notes }
    func listAdapter(_ adapter: ListAdapter, sectionControllerFor object: any ListDiffable)
      -> SectionController
    {
      NoteController()
    }
    func emptyView(for adapter: ListAdapter) -> CellDescriptor? { nil }
  }

  package static func make(columns: Int, rows: Int, trace: ((String) -> Void)?) -> SampleList {
    let flow = FlowLayout()
    flow.decorationStyles = [.sectionCard: DecorationStyle(cornerRadius: 1)]
    let layout: any CollectionViewLayout = trace.map { TracingLayout(wrapping: flow, trace: $0) } ?? flow
    let list = SampleList(
      layout: layout, columns: columns, rows: rows, registry: .standard, title: "Self-sizing",
      source: Source())
    // A screen to read: nothing is pressed, so nothing takes the focus.
    list.collectionView.allowsSelection = false
    return list
  }

  package static let sample = Sample(
    name: "self-sizing",
    summary: """
      Self-sizing as an article on complex layouts describes it: notes start one line tall (an estimate), are measured at
      their width, and each pass invalidates just those items and adjusts the content size.
      """,
    flags: [("--trace", "print each self-sizing pass to standard error")]
  ) { columns, rows, flags, trace in
    make(columns: columns, rows: rows, trace: flags.contains("--trace") ? trace : nil)
  }
}

/// A layout that wraps another and reports each self-sizing pass: the items whose preferred
/// sizes it was given and the content-size adjustment, when the next `prepare()` applies them.
/// It is also a layout of the reader's own plugged into the collection view through the one
/// contract: every call is passed on unchanged.
package final class TracingLayout: CollectionViewLayout {
  let inner: any CollectionViewLayout
  let trace: (String) -> Void
  private var pendingItems: [IndexPath] = []
  private var pendingAdjustment = 0.0
  private var pass = 0

  package init(wrapping inner: any CollectionViewLayout, trace: @escaping (String) -> Void) {
    self.inner = inner
    self.trace = trace
  }

  package var collectionView: (any LayoutCollectionView)? {
    get { inner.collectionView }
    set { inner.collectionView = newValue }
  }
  package var bounds: Rect {
    get { inner.bounds }
    set { inner.bounds = newValue }
  }
  package var contentSize: Size { inner.contentSize }
  package var supplementaryElementKinds: [ElementKind] { inner.supplementaryElementKinds }
  package var decorationElementKinds: [ElementKind] { inner.decorationElementKinds }

  package func prepare() {
    let before = inner.contentSize.height
    inner.prepare()
    guard !pendingItems.isEmpty else { return }
    pass += 1
    let items = pendingItems.sorted().map { "\($0.section).\($0.item)" }
    let shown = items.count > 8 ? items.prefix(8).joined(separator: " ") + " …" : items.joined(separator: " ")
    let adjustment = pendingAdjustment >= 0 ? "+\(Int(pendingAdjustment))" : "\(Int(pendingAdjustment))"
    trace(
      "pass \(pass): invalidated \(items.count) item\(items.count == 1 ? "" : "s") [\(shown)], "
        + "content size \(adjustment) rows (\(Int(before)) → \(Int(inner.contentSize.height)))")
    pendingItems = []
    pendingAdjustment = 0
  }

  package func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    inner.layoutAttributesForElements(in: rect)
  }
  package func layOutEstimatedSections(in rect: Rect) -> Double { inner.layOutEstimatedSections(in: rect) }
  package func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    inner.layoutAttributesForItem(at: indexPath)
  }
  package func layoutAttributesForSupplementaryElement(ofKind kind: ElementKind, at indexPath: IndexPath)
    -> LayoutAttributes?
  { inner.layoutAttributesForSupplementaryElement(ofKind: kind, at: indexPath) }
  package func layoutAttributesForDecoration(ofKind kind: ElementKind, at indexPath: IndexPath)
    -> LayoutAttributes?
  {
    inner.layoutAttributesForDecoration(ofKind: kind, at: indexPath)
  }
  package func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    inner.shouldInvalidateLayout(forBoundsChange: newBounds)
  }
  package func invalidationContext(forBoundsChange newBounds: Rect) -> InvalidationContext {
    inner.invalidationContext(forBoundsChange: newBounds)
  }
  package func invalidateLayout(with context: InvalidationContext) {
    if !context.preferredSizes.isEmpty {
      pendingItems += context.preferredSizes.keys
      pendingAdjustment += context.contentSizeAdjustment.height
    }
    inner.invalidateLayout(with: context)
  }
  package func selfSizesItem(at indexPath: IndexPath) -> Bool { inner.selfSizesItem(at: indexPath) }
  package func mayPreferSize(ofItemAt indexPath: IndexPath) -> Bool {
    inner.mayPreferSize(ofItemAt: indexPath)
  }
  package func selfSizesItemWidth(at indexPath: IndexPath) -> Bool { inner.selfSizesItemWidth(at: indexPath) }
  package func supplementaryFollowsItems(ofKind kind: ElementKind, inSection section: Int) -> Bool {
    inner.supplementaryFollowsItems(ofKind: kind, inSection: section)
  }
  package func selfSizesSupplementary(ofKind kind: ElementKind, at indexPath: IndexPath) -> Bool {
    inner.selfSizesSupplementary(ofKind: kind, at: indexPath)
  }
  package func shouldInvalidateLayout(
    forPreferredAttributes preferred: LayoutAttributes, originalAttributes original: LayoutAttributes
  ) -> Bool {
    inner.shouldInvalidateLayout(forPreferredAttributes: preferred, originalAttributes: original)
  }
  package func invalidationContext(
    forPreferredAttributes preferred: LayoutAttributes, originalAttributes original: LayoutAttributes
  ) -> InvalidationContext {
    inner.invalidationContext(forPreferredAttributes: preferred, originalAttributes: original)
  }
}
