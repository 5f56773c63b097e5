import SectionalDiff

/// A vertical flow layout: items flow left to right and wrap into lines, a line as tall as its
/// tallest item (items align to the line's top); an optional header and footer per section,
/// across the width or, in a section with a card, across the card's items, as its text is;
/// optional sticky headers; and per-section decorations — a card behind each section, a shelf
/// under each line, a background behind each section — each computed once and cached.
///
/// Counts come from ``collectionView``; sizes, insets, spacing and styles from its
/// ``LayoutCollectionView/layoutDelegate`` when that is a ``FlowLayoutDelegate``, otherwise from
/// the properties below.
///
/// Item frames are cached per section, relative to the section; section offsets live in a sum
/// tree. Changing one section's height costs O(log n) plus that section's items; a rect query
/// costs O(log n + k).
public final class FlowLayout: CollectionViewLayout {
  /// The collection view that gives counts and a delegate; set by the collection view when the
  /// layout is assigned.
  public weak var collectionView: (any LayoutCollectionView)?

  // MARK: - Configuration (what the delegate's defaults return)

  /// The size of every item, unless the delegate says otherwise. Default 1×1.
  public var itemSize = ItemSize.exact(Size(width: 1, height: 1)) { didSet { invalidateLayout() } }
  /// The space around each section's items, unless the delegate says otherwise. Default zero.
  public var sectionInset = EdgeInsets.zero { didSet { invalidateLayout() } }
  /// The space between lines, unless the delegate says otherwise. Default zero.
  public var lineSpacing = 0.0 { didSet { invalidateLayout() } }
  /// The space between items on a line, unless the delegate says otherwise. Default zero.
  public var interitemSpacing = 0.0 { didSet { invalidateLayout() } }
  /// Each section's header height (zero: none), unless the delegate says otherwise. Default zero.
  public var headerHeight = 0.0 { didSet { invalidateLayout() } }
  /// Each section's footer height (zero: none), unless the delegate says otherwise. Default zero.
  public var footerHeight = 0.0 { didSet { invalidateLayout() } }
  /// The decorations every section gets, by kind, with their style, unless the delegate says
  /// otherwise. Supported kinds: ``ElementKind/sectionCard``, ``ElementKind/shelf``,
  /// ``ElementKind/sectionBackground``. Default none.
  public var decorationStyles: [ElementKind: DecorationStyle] = [:] { didSet { invalidateLayout() } }
  /// How far the section card extends beyond the union of its section's items. Default
  /// `CardGeometry.standard.outset`, so the card's border never covers its items' text; give
  /// the section an inset of at least `CardGeometry.standard.sectionInset` so neighbouring
  /// cards and their shadows stay apart.
  public var cardOutset = CardGeometry.standard.outset { didSet { invalidateLayout() } }
  /// Whether the section card also covers the header. Default false.
  public var cardIncludesHeader = false { didSet { invalidateLayout() } }
  /// Whether the section card also covers the footer. Default false.
  public var cardIncludesFooter = false { didSet { invalidateLayout() } }
  /// The height of the shelf drawn under each line. Default 1.
  public var shelfHeight = 1.0 { didSet { invalidateLayout() } }
  /// Whether a section's header stays at the top of the visible bounds while its section is on
  /// screen, pushed off by the next one. Default false.
  public var sectionHeadersPinToVisibleBounds = false
  /// How many times one item's preferred size may change before the layout stops asking.
  /// Default 8.
  public var maximumSelfSizingPasses = 8
  /// Whether a section a batch changed while it was below the visible bounds keeps its last
  /// height, as an estimate, until a query reaches it: UIKit's estimated sizes, with the section's
  /// own last height as the estimate. An update then costs the sections on screen and above, not
  /// every section it changed. Default false: ``prepare()`` lays out every changed section, and
  /// every frame and ``contentSize`` equal a freshly built layout's.
  ///
  /// When true, what stays exact: every attribute a query returns. A query lays out every
  /// waiting section up to the last one it reads (a rect query, up to the last section reaching
  /// the rect), so no answer is built on an estimate and no later query moves an element
  /// already returned. What is an estimate: ``contentSize``, until the sections below the
  /// deepest query are laid out (``layOutEstimatedSections()`` does it at once), and so the
  /// largest content offset the collection view clamps to. Sections a batch inserts, and
  /// everything after a reload or a new width, are laid out at once either way.
  public var defersOffscreenSectionLayout = false {
    didSet { if !defersOffscreenSectionLayout { layOutEstimatedSections() } }
  }

  /// The visible rectangle, set by the collection view; its width is the width lines wrap at.
  public var bounds = Rect.zero

  /// A layout with the defaults above: 1×1 items, no insets, spacing, headers, footers or
  /// decorations.
  public init() {}

  // MARK: - Cache

  // The cache's hot properties skip the run-time exclusivity check, which records every access
  // to a class's stored property in a thread-local set: on a query's hot path that bookkeeping
  // costs more than the query. Sound because the layout never holds one of them across a call
  // that could touch it again (ReentrancyTests re-enter the layout from its delegate).

  @exclusivity(unchecked) var records: [SectionRecord] = []
  /// Each section's geometry, while frames are stored (empty otherwise).
  @exclusivity(unchecked) var geometries: [SectionGeometry] = []
  @exclusivity(unchecked) var items = BlockArena(filler: StoredRect.zero)
  @exclusivity(unchecked) var shelves = BlockArena(filler: StoredRect.zero)
  /// Whether every section's item frames are kept: decided at each full rebuild by
  /// ``maximumStoredItemFrames``.
  @exclusivity(unchecked) var storesFrames = true
  /// The most item frames the layout keeps for all sections (16 bytes each). A list with more
  /// keeps 32 bytes per section and builds the frames of the sections a query touches on demand,
  /// from the delegate's sizes, keeping the last few hundred: a million five-item sections then
  /// take about a third of the memory, at the cost of asking for sizes again when a section comes
  /// into view. Default 2,000,000 (32 MB of frames).
  package var maximumStoredItemFrames = 2_000_000
  /// Sections built on demand, by section, while frames are not stored.
  var lazySections: [Int: LazySection] = [:]
  /// Sections a batch changed off screen and that no query has reached since: their last heights
  /// stand in until one does (see `FlowLayout+Estimates.swift`).
  @exclusivity(unchecked) var estimated: [Bool] = []
  @exclusivity(unchecked) var estimatedCount = 0
  /// No section before this one is estimated.
  var estimatedFloor = 0
  var lazyClock = 0
  /// While a section is built on demand: its diagnostics were reported when it was prepared.
  var suppressesReports = false
  /// Reused by section computations while frames are not stored.
  var scratchItems: [StoredRect] = []
  var scratchShelves: [StoredRect] = []
  @exclusivity(unchecked) var offsets = OffsetTree()
  @exclusivity(unchecked) var styles: [DecorationStyle] = []
  var styleIndexes: [DecorationStyle: Int16] = [:]
  /// Preferred sizes from self-sizing cells, kept until the item is reloaded or the width
  /// changes, and how often each changed.
  @exclusivity(unchecked) var selfSizing = SelfSizingBook()
  var preparedWidth = -1.0
  @exclusivity(unchecked) var pending = PendingInvalidation()
  var dirtySections: Set<Int> = []
  /// Sections whose only change is an item batch, to re-flow from their first changed item (see
  /// `FlowLayout+Reflow.swift`); a section also in `dirtySections` is laid out whole.
  var reflowedSections: [Int: ItemUpdates] = [:]
  /// How far any decoration reaches above (`top`) or below (`bottom`) its own section: queries
  /// widen their section search by it. Only grows between full rebuilds, which is safe: results
  /// are filtered by intersection.
  @exclusivity(unchecked) var decorationOverhang = EdgeInsets.zero
  /// Reused by queries so they allocate nothing but their result.
  @exclusivity(unchecked) var scratchOrigins: [Double] = []
  /// How many times a section was computed from the delegate (for tests of caching).
  var sectionComputations = 0
  /// How many times a section was re-flowed from its first changed item instead.
  var sectionReflows = 0
  /// Whether ``prepare()`` is running; what the delegate asks of the layout meanwhile is
  /// deferred or refused (see `FlowLayout+Reentrancy.swift`).
  var isPreparing = false
  /// What the delegate invalidated during ``prepare()``, applied when it returns.
  var deferredInvalidation: InvalidationContext?
  var reportedReentry = false
  /// Answers for a collection view whose delegate is not a ``FlowLayoutDelegate``: the
  /// protocol's defaults, which read this layout's properties.
  private lazy var propertiesDelegate = PropertiesDelegate()

  /// The delegate to ask, resolved once per pass: a cast per question would cost more than the
  /// question.
  var resolvedDelegate: any FlowLayoutDelegate {
    (collectionView?.layoutDelegate as? any FlowLayoutDelegate) ?? propertiesDelegate
  }

  /// The number of sections in the cache.
  package var numberOfSections: Int { records.count }

  /// The number of items in a cached section.
  package func numberOfItems(inSection section: Int) -> Int {
    guard records.indices.contains(section) else { return 0 }
    layOutEstimated(through: section)
    return Int(records[section].itemCount)
  }

  /// The bounds' width by the sum of the sections' heights.
  public var contentSize: Size { Size(width: Swift.max(0, bounds.width), height: offsets.total) }

  /// Headers and footers.
  public var supplementaryElementKinds: [ElementKind] { [.header, .footer] }
  /// Section backgrounds, section cards and shelves.
  public var decorationElementKinds: [ElementKind] { [.sectionBackground, .sectionCard, .shelf] }
}

private final class PropertiesDelegate: FlowLayoutDelegate {}
