import SectionalDiff

/// What a ``CompositionalLayout`` asks its collection view's delegate: a section's own layout.
/// A delegate that returns nil (the default) leaves the section to the layout's section
/// provider. Under a `ListAdapter` the answer comes from the section's controller.
public protocol CompositionalLayoutDelegate: AnyObject {
  /// The layout of `section`, or nil for the layout's own. The default returns nil.
  func layout(_ layout: CompositionalLayout, sectionAt section: Int, environment: LayoutEnvironment)
    -> LayoutSection?
}

extension CompositionalLayoutDelegate {
  /// The default: nil, the layout's own section.
  public func layout(_ layout: CompositionalLayout, sectionAt section: Int, environment: LayoutEnvironment)
    -> LayoutSection?
  { nil }
}

/// A layout of sections built from items, groups and sections, after
/// `UICollectionViewCompositionalLayout`: each section repeats a group (rows, columns, nested)
/// sized absolutely, by fraction or by estimate; with boundary supplementaries (headers and
/// footers, optionally pinned), supplementaries anchored to items (badges), background
/// decorations, and sections that scroll sideways on their own.
///
/// Sections come from the collection view's delegate when it is a
/// ``CompositionalLayoutDelegate`` that answers, else from the section provider given at
/// creation, called with the ``LayoutEnvironment`` (so sections can differ by width).
///
/// The performance shape is the flow layout's: each section's model (frames relative to the
/// section) is computed once and cached, section offsets live in a sum tree, a rect query costs
/// O(log n + k), and recomputing one section costs its items plus O(log n).
public final class CompositionalLayout: CollectionViewLayout {
  /// The collection view that gives counts and a delegate; set by the collection view.
  public weak var collectionView: (any LayoutCollectionView)?

  /// The visible rectangle, set by the collection view: its width is the container's.
  public var bounds = Rect.zero

  /// Makes a section's layout from its index and the environment; nil means a list.
  public typealias SectionProvider = (Int, LayoutEnvironment) -> LayoutSection?

  private let provider: SectionProvider

  /// How many times one item's preferred size may change before the layout stops asking.
  /// Default 8.
  public var maximumSelfSizingPasses = 8

  /// A layout whose every section is `section`.
  public convenience init(section: LayoutSection) {
    self.init { _, _ in section }
  }

  /// A layout that asks `sectionProvider` for each section (nil gives a list).
  public init(sectionProvider: @escaping SectionProvider) {
    provider = sectionProvider
  }

  // MARK: - Cache

  // The four `@exclusivity(unchecked)` properties are read on every query's hot path and skip
  // the run-time exclusivity check, as the flow layout's cache does. Sound for the same reason:
  // no access to one of them is held across a call that could reach it again (a section
  // provider or the delegate runs before or after, never during, such an access; ReentrancyTests
  // re-enter the layout from both).
  @exclusivity(unchecked) var models: [SectionModel] = []
  @exclusivity(unchecked) var offsets = OffsetTree()
  /// How far a badge reaches above (`top`) or below (`bottom`) its own section.
  @exclusivity(unchecked) var overhang = EdgeInsets.zero
  /// Preferred sizes of self-sizing cells and boundary supplementaries, kept until the element is
  /// reloaded or the width changes, and how often each changed.
  var selfSizing = SelfSizingBook()
  /// How far each sideways-scrolling section is scrolled.
  var orthogonalOffsets: [Int: Double] = [:]
  var preparedSize = Size(width: -1, height: -1)
  var pending = PendingInvalidation()
  /// Whether `prepare()` runs, and what was invalidated meanwhile.
  var isPreparing = false
  var deferredInvalidation: InvalidationContext?
  var dirtySections: Set<Int> = []
  /// Whether any section pins a boundary supplementary (scrolling then moves it).
  var pinsSupplementaries = false
  /// Reused by queries.
  @exclusivity(unchecked) var scratchOrigins: [Double] = []
  /// How many times a section was computed (for tests of caching).
  package var sectionComputations = 0
  /// How many members groups placed or measured (for tests of the cost of a placement).
  package var memberSteps = 0

  /// The bounds' width by the sum of the sections' heights.
  public var contentSize: Size { Size(width: Swift.max(0, bounds.width), height: offsets.total) }

  /// Headers, footers and badges (any kind a section names is placed; these are the ones the
  /// built-in fronts register).
  public var supplementaryElementKinds: [ElementKind] { [.header, .footer, .badge] }
  /// Section backgrounds.
  public var decorationElementKinds: [ElementKind] { [.sectionBackground] }

  /// The number of sections in the cache.
  package var numberOfSections: Int { models.count }

  /// The environment sections are made for.
  var environment: LayoutEnvironment { LayoutEnvironment(containerSize: sanitizedSize) }

  var sanitizedSize: Size {
    func clean(_ value: Double) -> Double {
      value.isFinite && value > 0 ? Swift.min(value, Self.maximumLength) : 0
    }
    return Size(width: clean(bounds.width), height: clean(bounds.height))
  }

  /// The longest length the layout takes, 2^24, as the flow layout's.
  static let maximumLength = 16_777_216.0

  /// How deep groups may nest: a section whose groups nest deeper is laid out as a list, with
  /// an `invalidLayoutDefinition` diagnostic (placing is recursive).
  public static let maximumGroupDepth = 64

  /// The section's layout: the delegate's, else the provider's, else a list.
  func sectionLayout(for section: Int) -> LayoutSection {
    let environment = self.environment
    if let delegate = collectionView?.layoutDelegate as? any CompositionalLayoutDelegate,
      let answer = delegate.layout(self, sectionAt: section, environment: environment)
    {
      return answer
    }
    return provider(section, environment) ?? .list()
  }

  func report(_ kind: Diagnostic.Kind, _ indexPath: IndexPath?, _ message: String) {
    collectionView?.report(Diagnostic(kind, message, indexPaths: indexPath.map { [$0] } ?? []))
  }

  // MARK: - Invalidation

  /// Marks what `context` names for the next ``prepare()``.
  public func invalidateLayout(with context: InvalidationContext) {
    if isPreparing {
      // From a section provider or the delegate, during `prepare()`: applied when it ends.
      if deferredInvalidation == nil {
        deferredInvalidation = context
      } else {
        deferredInvalidation?.formUnion(context)
      }
      return
    }
    if context.invalidatesEverything { selfSizing.resetPasses() }
    if pending.record(context) { invalidateNamedElements(of: context) }
  }

  private func invalidateNamedElements(of context: InvalidationContext) {
    selfSizing.record(context)
    dirtySections.formUnion(context.namedSections)
  }

  /// A new size changes fractions and widths; scrolling moves pinned supplementaries.
  public func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    newBounds.size != bounds.size || (pinsSupplementaries && newBounds.minY != bounds.minY)
  }

  /// Everything for a new size; the visible sections' pinned supplementaries for a scroll
  /// (placed at query time from the cache, so nothing is recomputed).
  public func invalidationContext(forBoundsChange newBounds: Rect) -> InvalidationContext {
    var context = InvalidationContext()
    if newBounds.size != bounds.size {
      context.invalidatesEverything = true
      return context
    }
    var origins: [Double] = []
    let union = newBounds.union(bounds)
    for section in offsets.sections(from: union.minY, to: union.maxY, offsets: &origins) {
      for boundary in models[section].boundaries where boundary.pins {
        context.invalidateSupplementaryElements(
          ofKind: boundary.kind, at: [IndexPath(item: boundary.index, section: section)])
      }
    }
    return context
  }

  // MARK: - Prepare

  /// Recomputes what was invalidated since the last call: the named sections and the offsets
  /// after them.
  ///
  /// A section provider or delegate that changes the collection view meanwhile (applies a
  /// snapshot) re-enters the layout: a nested `prepare()` does nothing, and what it invalidates
  /// is prepared once this pass ends, up to ``maximumSelfSizingPasses`` times.
  public func prepare() {
    guard !isPreparing else { return }
    isPreparing = true
    preparePass()
    for _ in 0..<Swift.max(1, maximumSelfSizingPasses) {
      guard let deferred = deferredInvalidation else { break }
      deferredInvalidation = nil
      isPreparing = false
      invalidateLayout(with: deferred)
      isPreparing = true
      preparePass()
    }
    isPreparing = false
    if let deferred = deferredInvalidation {
      deferredInvalidation = nil
      invalidateLayout(with: deferred)
    }
  }

  private func preparePass() {
    let size = sanitizedSize
    if pending.needsFullRebuild || size != preparedSize {
      if size.width != preparedSize.width {
        selfSizing.removeAll()
      }
      rebuildEverything(size: size)
      return
    }
    if pending.needsStructuralChanges {
      applyStructuralChanges()
      return
    }
    for section in dirtySections where section >= 0 && section < models.count {
      computeSection(section)
      offsets.setHeight(models[section].height, at: section)
    }
    dirtySections = []
  }

  private func rebuildEverything(size: Size) {
    if let named = pending.takeAfterStructuralChanges() { invalidateNamedElements(of: named) }
    let count = Swift.max(0, collectionView?.numberOfSections ?? 0)
    models = [SectionModel](repeating: SectionModel(), count: count)
    overhang = .zero
    pinsSupplementaries = false
    for section in 0..<count { computeSection(section) }
    offsets.rebuild(heights: models.map(\.height))
    preparedSize = size
    pending.rebuilt()
    dirtySections = []
  }

  private func applyStructuralChanges() {
    let newCount = Swift.max(0, collectionView?.numberOfSections ?? 0)
    let (updates, countsMayHaveChanged) = pending.takeStructuralChanges()
    let renumbering: SectionRenumbering
    switch SectionRenumbering.of(updates, oldCount: models.count, newCount: newCount) {
    case .success(let found): renumbering = found
    case .failure(let inconsistency):
      report(.inconsistentUpdate, nil, inconsistency.message)
      rebuildEverything(size: sanitizedSize)
      return
    }
    models = renumbering.renumbered(models, filler: SectionModel())
    // Sizes and sideways offsets move with their sections.
    selfSizing.remapSections(newSectionOfOld: renumbering.newSectionOfOld)
    orthogonalOffsets = renumbering.renumbered(orthogonalOffsets)
    dirtySections = renumbering.dirtySections(dirtySections)
    if let named = pending.takeAfterStructuralChanges() { invalidateNamedElements(of: named) }
    var newDirty = dirtySections.filter { $0 >= 0 && $0 < newCount }
    if countsMayHaveChanged, let collectionView {
      for section in 0..<newCount where !newDirty.contains(section) {
        if collectionView.numberOfItems(inSection: section) != models[section].items.count {
          newDirty.insert(section)
        }
      }
    }
    for section in newDirty { computeSection(section) }
    dirtySections = []
    offsets.rebuild(heights: models.map(\.height))
  }

  // MARK: - Self-sizing

  /// Whether the item's layout size is estimated along an axis its measure sets: the collection
  /// view then measures its cell. (A repeated item's length along its group is its share, so an
  /// estimate there is not measured.)
  public func selfSizesItem(at indexPath: IndexPath) -> Bool { !sizing(at: indexPath).isEmpty }

  /// Whether the item may take a preferred size: only an item with an estimated dimension its
  /// measure sets (``selfSizesItem(at:)``). Absolute and fractional items never do, so the
  /// collection view does not read their cells on every layout pass (an apply then asks the cell
  /// provider only for the items it changed, as under the flow layout).
  public func mayPreferSize(ofItemAt indexPath: IndexPath) -> Bool { selfSizesItem(at: indexPath) }

  /// Whether `section` places supplementaries of `kind` on its items (a badge): they follow
  /// their items through an update.
  public func supplementaryFollowsItems(ofKind kind: ElementKind, inSection section: Int) -> Bool {
    models.indices.contains(section) && models[section].badgeKinds.contains(kind)
  }

  /// Whether the item's width is estimated (and not a repeated item's share of its row): the
  /// collection view then measures it at the container's width and the item takes the width its
  /// content does.
  public func selfSizesItemWidth(at indexPath: IndexPath) -> Bool { sizing(at: indexPath).contains(.width) }

  func sizing(at indexPath: IndexPath) -> SelfSizing {
    guard models.indices.contains(indexPath.section) else { return [] }
    let model = models[indexPath.section]
    guard indexPath.item >= 0, indexPath.item < model.sizing.count else { return [] }
    return model.sizing[indexPath.item]
  }

  /// Whether the boundary supplementary of `kind` at `indexPath` has an estimated height: the
  /// collection view then measures it.
  public func selfSizesSupplementary(ofKind kind: ElementKind, at indexPath: IndexPath) -> Bool {
    guard models.indices.contains(indexPath.section) else { return false }
    return models[indexPath.section].boundaries.contains {
      $0.kind == kind && $0.index == indexPath.item && $0.isEstimated
    }
  }

  /// Yes when an estimated item's (or boundary supplementary's) measured size differs from the
  /// one it was laid out with — unless it has changed ``maximumSelfSizingPasses`` times already
  /// (a `selfSizingDidNotSettle` diagnostic, and its last size is kept).
  public func shouldInvalidateLayout(
    forPreferredAttributes preferred: LayoutAttributes, originalAttributes original: LayoutAttributes
  ) -> Bool {
    let indexPath = preferred.indexPath
    switch preferred.category {
    case .cell: guard selfSizesItem(at: indexPath) else { return false }
    case .supplementary:
      guard selfSizesSupplementary(ofKind: preferred.kind, at: indexPath) else { return false }
    case .decoration: return false
    }
    guard preferred.frame.size.isValid else { return false }
    // Only the dimensions the layout takes from the measure count, clamped as it clamps them: a
    // measure it would not use, or cut to the same length again, is not a change.
    var size = original.frame.size
    let follows: SelfSizing = preferred.category == .cell ? sizing(at: indexPath) : .height
    if follows.contains(.width) { size.width = Swift.min(preferred.frame.size.width, Self.maximumLength) }
    if follows.contains(.height) { size.height = Swift.min(preferred.frame.size.height, Self.maximumLength) }
    guard size != original.frame.size else { return false }
    return selfSizing.allowsAnotherChange(preferred, from: original, maximum: maximumSelfSizingPasses) {
      report($0.kind, indexPath, $0.message)
    }
  }
}

extension ElementKind {
  /// A badge anchored to an item (supplementary).
  public static let badge: ElementKind = "badge"
}

extension Diagnostic.Kind {
  /// A compositional section whose group places no items (no members, or a count of 0), or
  /// whose groups nest deeper than ``CompositionalLayout/maximumGroupDepth``; the section was
  /// laid out as a list instead.
  public static let invalidLayoutDefinition: Self = "invalid-layout-definition"
}
