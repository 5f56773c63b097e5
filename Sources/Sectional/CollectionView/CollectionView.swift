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
  public var collectionViewLayout: any CollectionViewLayout {
    didSet {
      guard collectionViewLayout !== oldValue else { return }
      if oldValue.collectionView === self { oldValue.collectionView = nil }
      finishTransition()
      adopt(collectionViewLayout)
      prepareAndSelfSize()
      clampOffset()
      setNeedsDisplay()
    }
  }
  @available(*, deprecated, renamed: "collectionViewLayout")
  public var layout: any CollectionViewLayout {
    get { collectionViewLayout }
    set { collectionViewLayout = newValue }
  }
  /// Gives counts, cells and supplementaries; a ``ListAdapter`` sets it. Held weakly.
  public weak var dataSource: (any CollectionViewDataSource)?
  /// Told about selection and scrolling; the layout also asks it for sizes.
  public weak var delegate: (any CollectionViewDelegate)?
  /// Told after each layout pass the app asks for (``layoutIfNeeded()``); a ``ListAdapter``
  /// sets it. Held weakly.
  weak var layoutPassObserver: (any LayoutPassObserver)?

  /// Measures a cell at a width: its preferred size for self-sizing, and the size a section
  /// controller asks its context for. Set by the front (the terminal measures wrapped text by
  /// display width); without one, text is measured by grapheme count. Setting it lays out
  /// again.
  public var measurer: ((CellDescriptor, _ width: Double) -> Size)? {
    didSet {
      collectionViewLayout.invalidateLayout()
      prepareAndSelfSize()
      setNeedsDisplay()
    }
  }
  /// How many rounds one settling loop (self-sizing, estimates, offset clamping) may take. The
  /// built-in layouts stop an element whose size never settles sooner, by their
  /// `maximumSelfSizingPasses` counted per element; for a layout of one's own without such a
  /// limit, this is what ends the loop.
  static let settlingRoundLimit = 16

  /// Called on ``setNeedsDisplay()``: the front that draws the view (a terminal viewer sets it)
  /// schedules one frame, however many times it is called before that frame. One front at a
  /// time: setting it replaces the last.
  public var onNeedsDisplay: (@MainActor () -> Void)?

  /// What the view, its layout, the adapter and the renderer corrected rather than crash on
  /// (inconsistent batches, bad index paths, bad sizes), most recent last.
  public var diagnostics = DiagnosticLog()

  /// The selected items, kept in step with every batch update.
  public internal(set) var indexPathsForSelectedItems: Set<IndexPath> = []
  /// The item a front's keyboard acts on (Enter selects it), as UIKit's focus on tvOS and with a
  /// keyboard: it follows its item through every batch update, and when the item is deleted
  /// it passes to the nearest item of its section still there. A front sets it; the view only
  /// keeps it in step. A path that does not exist is not kept.
  public var focusedIndexPath: IndexPath? {
    // A section reloaded smaller keeps the focus on its place, as far as the section reaches.
    get {
      guard let path = focusedPath, !contains(path) else { return focusedPath }
      let count = numberOfItems(inSection: path.section)
      return count > 0 ? IndexPath(item: count - 1, section: path.section) : nil
    }
    set { focusedPath = newValue.flatMap { contains($0) ? $0 : nil } }
  }
  var focusedPath: IndexPath? {
    didSet { if focusedPath != oldValue { setNeedsDisplay() } }
  }
  /// What stays put when a batch inserts or removes content above what is in view.
  /// ``ContentAnchoring/offset`` by default, as in UIKit; a terminal viewer sets
  /// ``ContentAnchoring/visibleContent``, as chat, log and feed readers want.
  public var contentAnchoring = ContentAnchoring.offset

  /// Whether a user may select items (and so focus them), as UIKit's: false makes
  /// ``shouldSelectItem(at:)`` no for every item without asking the delegate, for a screen that
  /// is read, not pressed. Selecting from code still works. Default true.
  public var allowsSelection = true
  /// Whether selecting an item keeps the others selected. Default false: one selection at a
  /// time, as in UIKit, so a list's selections never pile up.
  public var allowsMultipleSelection = false
  /// The item counts the view last validated: what a batch is checked against and what the
  /// layout lays out.
  package internal(set) var itemCounts: [Int] = []
  /// The arithmetic of item-only batches, its per-section storage kept between them.
  var itemTally = ItemBatchTally()
  /// The visible rectangle in content coordinates.
  public internal(set) var bounds: Rect
  /// Counts every change of the data the view shows (a batch, a reload), so a front can tell
  /// whether what it last drew is what a transition started from.
  public internal(set) var contentGeneration = 0
  /// The running animated batch, and how far it has come (see `CollectionView+Transition`).
  var currentTransition: LayoutTransition? {
    didSet { setNeedsDisplay() }
  }
  /// What the view showed before its data source changed, captured by a data source that knows
  /// it is about to (see `capturingStart(before:)`).
  var capturedStart: TransitionStart?
  /// The item being moved interactively (see `CollectionView+Movement`), in an object of its
  /// own that the diffable data source's bridge shares: it reads it on every size without
  /// holding this view (or loading a weak reference).
  package let movementState = MovementState()
  var movement: InteractiveMovement? {
    get { movementState.movement }
    set {
      movementState.movement = newValue
      setNeedsDisplay()
    }
  }
  /// A whole section being moved by its owner (the adapter): its elements are drawn in front.
  package var liftedSection: Int? {
    didSet { if liftedSection != oldValue { setNeedsDisplay() } }
  }
  var progressOfTransition = 0.0
  var departureCounter = 0
  /// The running transition's leaving elements' contents, as captured before their batch, by
  /// departure identity.
  var departingContents: [Int: DepartingContent] = [:]

  /// A view of `size` (sanitised as ``setSize(_:)`` does) showing its content through `layout` (a
  /// `FlowLayout` by default), scrolled to the top.
  public init(layout: any CollectionViewLayout = FlowLayout(), size: Size) {
    collectionViewLayout = layout
    bounds = Rect(origin: .zero, size: Self.sanitized(size))
    adopt(layout)
  }

  func adopt(_ layout: any CollectionViewLayout) {
    layout.collectionView = self
    layout.bounds = bounds
    layout.invalidateLayout()
  }

  /// Records a diagnostic in ``diagnostics``, then calls its handler, outside the log's
  /// mutation: the handler may read or clear the log, or update the view.
  public func report(_ diagnostic: Diagnostic) {
    let handler = diagnostics.handler
    diagnostics.keep(diagnostic)
    handler?(diagnostic)
  }

  /// Tells the front that what the view shows changed, as `setNeedsDisplay()` does in UIKit:
  /// its ``onNeedsDisplay`` draws one frame for any number of calls. The view calls it on every
  /// change of its own (a batch, a reload, a scroll, a size, the focus, a selection, a movement,
  /// a transition), and its data source on an update it will apply before that frame (the list
  /// adapter's ``ListAdapter/performUpdates(animated:completion:)``). Call it after a change the
  /// view cannot see: a cell's content changed outside any batch, say.
  public func setNeedsDisplay() { onNeedsDisplay?() }
}

/// What a batch update keeps in place: see ``CollectionView/contentAnchoring``.
public enum ContentAnchoring: Hashable, Sendable {
  /// The content offset: items inserted above the viewport push what was in view down (UIKit's
  /// and IGListKit's behaviour).
  case offset
  /// What is in view: the first item wholly in view that the batch keeps stays on its row, and
  /// the offset changes by what was inserted or removed above it (a card that opens below its
  /// first row opens downwards). At the top (offset 0), the offset is kept: what arrives at the
  /// top is shown.
  case visibleContent
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
  /// A move of an item its data source says cannot move (or, under a list adapter, to another
  /// section): the item stayed where it was.
  public static let refusedMove: Self = "refused-move"
}
