/// A collection view without a screen: it holds a layout (any `CollectionViewLayout`), the
/// bounds and the content offset, validates batch updates and turns them into the smallest
/// invalidation, drives self-sizing through the front's measurer, and answers what is visible in
/// drawing order. Fronts (the terminal) draw what it answers.
///
/// Its layout asks it for counts — the ones it has validated — and asks its ``delegate`` for
/// sizes, as `UICollectionViewLayout` asks its collection view.
@MainActor
public final class CollectionView {
  /// The layout. Setting it hands the layout this view's bounds and lays out again, as
  /// `UICollectionView.collectionViewLayout` does.
  public var layout: any CollectionViewLayout {
    didSet {
      guard layout !== oldValue else { return }
      if oldValue.collectionView === self { oldValue.collectionView = nil }
      adopt(layout)
      layoutIfNeeded()
      clampOffset()
    }
  }
  /// Gives counts, cells and supplementaries; a ``ListAdapter`` sets it. Held weakly.
  public weak var dataSource: (any CollectionViewDataSource)?
  /// Told about selection and scrolling; the layout also asks it for sizes.
  public weak var delegate: (any CollectionViewDelegate)?

  /// Measures a cell at a width: its preferred size for self-sizing, and the size a section
  /// controller asks its context for. Set by the front (the terminal measures wrapped text by
  /// display width); without one, text is measured by grapheme count. Setting it lays out
  /// again.
  public var measurer: ((CellDescriptor, _ width: Double) -> Size)? {
    didSet {
      layout.invalidateLayout()
      layoutIfNeeded()
    }
  }
  /// How many rounds of self-sizing one layout pass may take. Default 16.
  package var maximumSelfSizingRounds = 16

  /// What the view, its layout, the adapter and the renderer corrected rather than crash on
  /// (inconsistent batches, bad index paths, bad sizes), most recent last.
  public var diagnostics = DiagnosticLog()

  /// The selected items, kept in step with every batch update.
  public internal(set) var indexPathsForSelectedItems: Set<IndexPath> = []
  /// Whether selecting an item keeps the others selected. Default false: one selection at a
  /// time, as in UIKit, so a list's selections never pile up.
  public var allowsMultipleSelection = false
  /// The item counts the view last validated: what a batch is checked against and what the
  /// layout lays out.
  package internal(set) var itemCounts: [Int] = []
  /// The arithmetic of item-only batches, its per-section storage kept between them.
  var itemTally = ItemBatchTally()
  /// The visible rectangle in content coordinates.
  public private(set) var bounds: Rect

  /// A view of `size` (negative sizes become 0) showing its content through `layout` (a
  /// `FlowLayout` by default), scrolled to the top.
  public init(layout: any CollectionViewLayout = FlowLayout(), size: Size) {
    self.layout = layout
    bounds = Rect(origin: .zero, size: Size(width: max(0, size.width), height: max(0, size.height)))
    adopt(layout)
  }

  private func adopt(_ layout: any CollectionViewLayout) {
    layout.collectionView = self
    layout.bounds = bounds
    layout.invalidateLayout()
  }

  // MARK: - Geometry

  /// How far the content is scrolled: the top-left of the visible rectangle in content coordinates.
  public var contentOffset: Point { bounds.origin }
  /// The size of the whole content, as the layout computes it.
  public var contentSize: Size { layout.contentSize }

  /// The largest y offset: the content's height less the viewport's, at least 0.
  public var maximumContentOffsetY: Double { max(0, contentSize.height - bounds.height) }

  /// A new viewport size (a terminal resize). A new width invalidates sizes.
  public func setSize(_ size: Size) {
    let clean = Size(
      width: size.width.isFinite ? max(0, size.width) : 0,
      height: size.height.isFinite ? max(0, size.height) : 0)
    setBounds(Rect(origin: bounds.origin, size: clean))
    clampOffset()
    delegate?.collectionViewDidScroll(self)
  }

  /// Scrolls to `offset`, kept within the content.
  public func setContentOffset(_ offset: Point) {
    var newBounds = bounds
    newBounds.origin = Point(x: 0, y: offset.y.isFinite ? min(max(0, offset.y), maximumContentOffsetY) : 0)
    guard newBounds != bounds else { return }
    let toEnd = offset.y >= maximumContentOffsetY
    setBounds(newBounds)
    // The end stays the end: sections laid out on arrival (estimated until then) may have made
    // the content longer.
    for _ in 0..<maximumSelfSizingRounds where toEnd && bounds.minY < maximumContentOffsetY {
      newBounds.origin.y = maximumContentOffsetY
      setBounds(newBounds)
    }
    delegate?.collectionViewDidScroll(self)
  }

  /// Scrolls by `dy` rows.
  public func scroll(by dy: Double) { setContentOffset(Point(x: 0, y: contentOffset.y + dy)) }

  /// Scrolls so the item's top is at the top of the viewport, as far as the content allows.
  /// Reports a diagnostic for an item that does not exist.
  public func scrollToItem(at indexPath: IndexPath) {
    guard let target = layout.layoutAttributesForItem(at: indexPath) else {
      report(Diagnostic(.noSuchItem, "scroll to item \(indexPath): no such item", indexPaths: [indexPath]))
      return
    }
    setContentOffset(Point(x: 0, y: target.frame.minY))
  }

  /// Scrolls a section that scrolls sideways (a compositional layout's orthogonal section) by
  /// `dx`, as its behaviour says; returns whether it moved. Other sections and layouts do not
  /// move.
  @discardableResult
  public func scrollSection(_ section: Int, sidewaysBy dx: Double) -> Bool {
    guard let sideways = layout as? any SidewaysScrollingLayout,
      sideways.scrollSection(section, sidewaysBy: dx)
    else { return false }
    layoutIfNeeded()
    delegate?.collectionViewDidScroll(self)
    return true
  }

  /// Whether `section` scrolls sideways on its own.
  public func scrollsSideways(section: Int) -> Bool {
    (layout as? any SidewaysScrollingLayout)?.scrollsSideways(section: section) ?? false
  }

  private func setBounds(_ newBounds: Rect) {
    if layout.shouldInvalidateLayout(forBoundsChange: newBounds) {
      layout.invalidateLayout(with: layout.invalidationContext(forBoundsChange: newBounds))
    }
    bounds = newBounds
    layout.bounds = newBounds
    layoutIfNeeded()
  }

  /// Keeps the offset within the content after the content shrank. Moving the bounds lays out
  /// again — cells that come into view size themselves, which can shrink the content once more —
  /// so it repeats until the offset holds (a few rounds at most).
  func clampOffset() {
    for _ in 0..<maximumSelfSizingRounds {
      guard bounds.minY > maximumContentOffsetY else { return }
      var clamped = bounds
      clamped.origin.y = maximumContentOffsetY
      setBounds(clamped)
    }
  }

  // MARK: - Layout

  /// Prepares the layout and runs self-sizing for the visible cells (and supplementaries the
  /// layout says size themselves) whose size is estimated,
  /// until nothing is invalid: prepare → attributes → measured size → invalidation context →
  /// prepare, at most `maximumSelfSizingRounds` rounds.
  public func layoutIfNeeded() {
    layout.prepare()
    settleEstimates()
    guard let dataSource else { return }
    for _ in 0..<maximumSelfSizingRounds {
      var changed = false
      for original in layout.layoutAttributesForElements(in: bounds) where original.category != .decoration {
        let descriptor: CellDescriptor
        if original.category == .cell {
          guard
            layout.mayPreferSize(ofItemAt: original.indexPath) || layout.selfSizesItem(at: original.indexPath)
          else { continue }
          descriptor = dataSource.collectionView(self, cellForItemAt: original.indexPath)
          guard descriptor.size.isEstimated || layout.selfSizesItem(at: original.indexPath) else { continue }
        } else {
          // An estimated header or footer is measured as a cell of its content would be.
          guard layout.selfSizesSupplementary(ofKind: original.kind, at: original.indexPath),
            let supplementary = supplementaryDescriptor(ofKind: original.kind, at: original.indexPath)
          else { continue }
          descriptor = CellDescriptor(
            reuseKind: original.kind, size: .estimated(original.frame.size), content: supplementary.content)
        }
        var preferred = original
        // An item whose width is its content's is measured at the container's width and takes
        // the width it needs; any other at its own width, for its height.
        if original.category == .cell && layout.selfSizesItemWidth(at: original.indexPath) {
          preferred.frame.size = measure(descriptor, width: bounds.width)
        } else {
          preferred.frame.size.height = measure(descriptor, width: original.frame.width).height
        }
        if layout.shouldInvalidateLayout(forPreferredAttributes: preferred, originalAttributes: original) {
          layout.invalidateLayout(
            with: layout.invalidationContext(forPreferredAttributes: preferred, originalAttributes: original))
          changed = true
        }
      }
      guard changed else { return }
      layout.prepare()
      settleEstimates()
    }
  }

  /// Has the layout lay out what it left at an estimate in the viewport; when content above the
  /// viewport's top changed height doing so, scrolls by as much, so what the viewport showed
  /// stays in place (UIKit's content-offset adjustment). A few rounds at most: each lays out
  /// sections, and there are finitely many.
  private func settleEstimates() {
    for _ in 0..<maximumSelfSizingRounds {
      let shift = layout.layOutEstimatedSections(in: bounds)
      guard shift != 0, shift.isFinite else { return }
      var moved = bounds
      moved.origin.y = max(0, moved.origin.y + shift)
      if layout.shouldInvalidateLayout(forBoundsChange: moved) {
        layout.invalidateLayout(with: layout.invalidationContext(forBoundsChange: moved))
      }
      bounds = moved
      layout.bounds = moved
      layout.prepare()
    }
  }

  /// The size `descriptor`'s cell takes at `width`, by the ``measurer``; without one, text wraps
  /// by grapheme count (as wide as its widest line), a button is its label plus four columns,
  /// and other content keeps its descriptor's size.
  public func measure(_ descriptor: CellDescriptor, width: Double) -> Size {
    let width = width.isFinite ? max(0, width) : 0
    if let measurer { return measurer(descriptor, width) }
    switch descriptor.content {
    case .text(let text, _):
      let size = TextWrapping.size(of: text, width: Int(width))
      return Size(width: min(width, Double(size.width)), height: Double(size.lines))
    case .button(let label):
      return Size(width: min(width, Double(label.count + 4)), height: 1)
    case .custom:
      return descriptor.size.size
    }
  }

  /// Everything visible, in drawing order: by z-index, then decorations before cells before
  /// supplementaries, then section, then item. The order is a function of the attributes alone,
  /// so recycling can never stack a shadow above a cell.
  public func visibleElements() -> [LayoutAttributes] {
    layout.layoutAttributesForElements(in: bounds).sorted(by: LayoutAttributes.drawsBefore)
  }

  /// The items with a cell in the visible area, in order.
  ///
  /// - Complexity: O(log n + k) for k visible elements.
  public var indexPathsForVisibleItems: [IndexPath] {
    var paths: [IndexPath] = []
    for attributes in layout.layoutAttributesForElements(in: bounds)
    where attributes.category == .cell && contains(attributes.indexPath) {
      paths.append(attributes.indexPath)
    }
    return paths.sorted()
  }

  /// The cell descriptor for the item, or nil when it does not exist.
  public func cellDescriptor(at indexPath: IndexPath) -> CellDescriptor? {
    guard let dataSource, contains(indexPath) else { return nil }
    return dataSource.collectionView(self, cellForItemAt: indexPath)
  }

  /// The supplementary descriptor of `kind` (a header, a footer, a badge) at `indexPath`: its
  /// section, and its index among the section's supplementaries of that kind (0 for a header).
  /// Nil when the data source has none or the section does not exist.
  public func supplementaryDescriptor(ofKind kind: ElementKind, at indexPath: IndexPath)
    -> SupplementaryDescriptor?
  {
    guard indexPath.section >= 0, indexPath.section < itemCounts.count, indexPath.item >= 0 else {
      return nil
    }
    return dataSource?.collectionView(self, supplementaryOfKind: kind, at: indexPath)
  }

  /// Whether the item exists in the validated counts.
  func contains(_ indexPath: IndexPath) -> Bool {
    indexPath.section >= 0 && indexPath.section < itemCounts.count && indexPath.item >= 0
      && indexPath.item < itemCounts[indexPath.section]
  }

  /// Records a diagnostic in ``diagnostics``.
  public func report(_ diagnostic: Diagnostic) { diagnostics.record(diagnostic) }
}

// MARK: - LayoutCollectionView

// The layout is not main-actor isolated (it is usable alone); a collection view only ever
// drives it from the main actor. An isolated conformance says so: no call pays a run-time
// executor check.
extension CollectionView: @MainActor LayoutCollectionView {
  /// The number of sections the view last validated.
  public var numberOfSections: Int { itemCounts.count }

  /// The validated number of items in `section`; 0 for a section that does not exist.
  public func numberOfItems(inSection section: Int) -> Int {
    itemCounts.indices.contains(section) ? itemCounts[section] : 0
  }

  /// The ``delegate``, which the layout casts to its own delegate protocol.
  public var layoutDelegate: AnyObject? { delegate }
}

extension Diagnostic.Kind {
  /// A batch whose counts did not add up; the view reloaded instead.
  public static let invalidBatchUpdate: Self = "invalid-batch-update"
  /// An index path that does not exist was selected, scrolled to or updated; it was ignored.
  public static let noSuchItem: Self = "no-such-item"
}
