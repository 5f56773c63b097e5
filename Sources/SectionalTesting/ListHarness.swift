import Sectional
import SectionalTerminal

/// A list of objects on an adapter, a collection view and a layout of a given size, for testing
/// section controllers in a few lines with Swift Testing or XCTest.
///
/// Updates are applied before each call returns (no scheduler to drive), cells are measured by
/// the text front as the terminal would draw them, and every call checks the diagnostics it
/// raised: one the call did not name in `expecting:` makes it throw, so a test fails on an
/// unexpected diagnostic unless it says it expects one.
///
/// ```swift
/// let harness = try ListHarness(objects: [card], size: Size(width: 60, height: 30)) { _ in
///   CardController()
/// }
/// try harness.select(item: 4, inSectionOf: card)     // "View more"
/// #expect(harness.numberOfItems(inSectionOf: card) == 9)
/// try harness.assertSnapshot(named: "expanded.txt")
/// ```
///
/// Animated updates end before each call returns, so what is drawn is their end state. Pass
/// `animated: true` to keep the transition a call's updates build, and draw it at any progress
/// with ``render(atProgress:expecting:)``.
///
/// An app whose store is the data source and calls `performUpdates` itself is tested through
/// ``init(dataSource:size:layout:registry:expecting:)`` instead.
@MainActor
public final class ListHarness {
  /// The adapter under test; its data source is the harness, or the one given to
  /// ``init(dataSource:size:layout:registry:expecting:)``.
  public let adapter: ListAdapter
  /// Draws the visible frame for ``ListHarness/render(expecting:)`` and measures cells.
  public let renderer: TextRenderer
  /// The objects the list shows now, in its order: the adapter's, without repeated identifiers.
  public var objects: [any ListDiffable] { adapter.objects }
  /// Every diagnostic raised since the harness was made, oldest first, expected ones included.
  public private(set) var diagnostics: [Diagnostic] = []

  /// The harness's own data source, when it was given objects.
  private let source: Source?
  /// The adapter holds its data source and move delegate weakly: the harness keeps them alive.
  private let retained: AnyObject
  private var diagnosticsSeen = 0

  /// Builds the list and lays it out.
  ///
  /// - Parameters:
  ///   - objects: the list's objects, one section each.
  ///   - size: the collection view's size, in cells (columns × rows).
  ///   - layout: the layout to test under; by default a `FlowLayout` with a section card
  ///     behind every section (`DecorationStyle/card`, outset by 1).
  ///   - registry: the views that draw and measure cells; register your own reuse kinds here.
  ///   - expecting: the diagnostic kinds the first load should raise.
  ///   - makeController: the controller for an object, as your list adapter's data source makes
  ///     it. The harness is the adapter's move delegate: a section the user moves reorders
  ///     ``objects``.
  /// - Throws: ``HarnessFailure`` when the first load raises a diagnostic not in `expecting`.
  public init(
    objects: [any ListDiffable],
    size: Size = Size(width: 80, height: 24),
    layout: (any CollectionViewLayout)? = nil,
    registry: ViewRegistry = .standard,
    expecting: Set<Diagnostic.Kind> = [],
    controllerFor makeController: @escaping @MainActor (any ListDiffable) -> SectionController
  ) throws {
    (adapter, renderer) = Self.makeList(size: size, layout: layout, registry: registry)
    let source = Source(objects: objects, makeController: makeController)
    self.source = source
    retained = source
    adapter.dataSource = source
    // Sections the user moves reorder the harness's objects, as an app's move delegate would.
    adapter.moveDelegate = source
    try act("loading the list", expecting: expecting) { $0.adapter.reloadData() }
  }

  /// Builds the list on your app's own data source — the store that calls
  /// `adapter.performUpdates` when its data changes — and lays it out. Give the store
  /// ``adapter``, then change its data in ``perform(_:animated:expecting:_:)``, which applies
  /// the updates the store asked for. When the data source is also a `ListAdapterMoveDelegate`,
  /// it is the adapter's move delegate. The harness keeps it alive.
  ///
  /// - Parameters:
  ///   - dataSource: your app's data source, which makes the controllers.
  ///   - size: the collection view's size, in cells (columns × rows).
  ///   - layout: the layout to test under; by default ``cardLayout()``.
  ///   - registry: the views that draw and measure cells.
  ///   - expecting: the diagnostic kinds the first load should raise.
  /// - Throws: ``HarnessFailure`` when the first load raises a diagnostic not in `expecting`.
  public init(
    dataSource: any ListAdapterDataSource,
    size: Size = Size(width: 80, height: 24),
    layout: (any CollectionViewLayout)? = nil,
    registry: ViewRegistry = .standard,
    expecting: Set<Diagnostic.Kind> = []
  ) throws {
    (adapter, renderer) = Self.makeList(size: size, layout: layout, registry: registry)
    source = nil
    retained = dataSource
    adapter.dataSource = dataSource
    adapter.moveDelegate = dataSource as? any ListAdapterMoveDelegate
    try act("loading the list", expecting: expecting) { $0.adapter.reloadData() }
  }

  /// An adapter on a collection view of `size` whose cells the renderer measures.
  private static func makeList(size: Size, layout: (any CollectionViewLayout)?, registry: ViewRegistry)
    -> (ListAdapter, TextRenderer)
  {
    let renderer = TextRenderer(registry: registry, environment: DrawEnvironment(colors: .none))
    let collectionView = CollectionView(layout: layout ?? cardLayout(), size: size)
    collectionView.measurer = renderer.measurer()
    // As the terminal viewer keeps it: what is in view stays put when content comes above it.
    collectionView.contentAnchoring = .visibleContent
    // Each call applies the adapter's updates before it returns; the default scheduler's
    // task then finds nothing to do.
    let adapter = ListAdapter(collectionView: collectionView)
    return (adapter, renderer)
  }

  /// The default layout: a flow layout with a card behind every section, of the standard card
  /// geometry (`CardGeometry.standard`), as the feed draws it. A controller gives its section
  /// room for it with `inset = CardGeometry.standard.sectionInset`.
  public static func cardLayout() -> FlowLayout {
    let layout = FlowLayout()
    layout.decorationStyles = [.sectionCard: .card]
    return layout
  }

  /// The collection view the adapter drives.
  public var collectionView: CollectionView { adapter.collectionView }

  // MARK: - Actions

  /// Shows `objects` instead, as an app's `performUpdates` would: surviving identifiers keep
  /// their controller, and the difference is applied as one batch (animated, with `animated`:
  /// its transition is kept). On your own data source it throws: change the store's data in
  /// ``perform(_:animated:expecting:_:)``.
  public func update(
    to objects: [any ListDiffable], animated: Bool = false, expecting: Set<Diagnostic.Kind> = []
  ) throws {
    guard let source else {
      throw HarnessFailure(
        "update(to:): the objects come from your data source; change them in perform { … }, where it calls performUpdates"
      )
    }
    source.objects = objects
    try act("update(to:)", expecting: expecting, keepingTransition: animated) {
      $0.adapter.performUpdates(animated: animated)
    }
  }

  /// Reloads everything from the objects, without diffing.
  public func reloadData(expecting: Set<Diagnostic.Kind> = []) throws {
    try act("reloadData()", expecting: expecting) { $0.adapter.reloadData() }
  }

  /// Selects an item of `object`'s section, as a click or Enter would; the controller's
  /// `didSelectItem(at:)` runs and the updates it asks for are applied. With `animated`, the
  /// transition they build (a card's toggle animates) is kept.
  public func select(
    item: Int, inSectionOf object: any ListDiffable, animated: Bool = false,
    expecting: Set<Diagnostic.Kind> = []
  ) throws {
    guard let section = section(of: object) else {
      throw HarnessFailure("select(item:inSectionOf:): \(Self.describe(object)) is not in the list")
    }
    try act("select(item: \(item))", expecting: expecting, keepingTransition: animated) {
      $0.collectionView.tapItem(at: IndexPath(item: item, section: section))
    }
  }

  /// Scrolls so that `object`'s section is at the top (as far as the content allows).
  public func scroll(to object: any ListDiffable, expecting: Set<Diagnostic.Kind> = []) throws {
    guard section(of: object) != nil else {
      throw HarnessFailure("scroll(to:): \(Self.describe(object)) is not in the list")
    }
    try act("scroll(to:)", expecting: expecting) { $0.adapter.scroll(to: object) }
  }

  /// Scrolls to the vertical offset `y` (clamped to the content).
  public func scroll(toY y: Double, expecting: Set<Diagnostic.Kind> = []) throws {
    try act("scroll(toY:)", expecting: expecting) { $0.collectionView.setContentOffset(Point(x: 0, y: y)) }
  }

  /// Resizes the collection view, as a terminal resize or a rotation would.
  public func resize(to size: Size, expecting: Set<Diagnostic.Kind> = []) throws {
    try act("resize(to:)", expecting: expecting) { $0.collectionView.setSize(size) }
  }

  /// Runs `body` (say, a controller's own method) and applies what it asked for; with
  /// `animated`, keeps the transition its animated updates build.
  public func perform(
    _ action: String = "perform", animated: Bool = false, expecting: Set<Diagnostic.Kind> = [],
    _ body: (ListHarness) -> Void
  ) throws {
    try act(action, expecting: expecting, keepingTransition: animated, body)
  }

  /// Runs `body` and applies its updates. `keepingTransition` nil leaves a transition as it is
  /// (drawing); false ends the one the call builds; true keeps it, after drawing the frame before
  /// it so the elements that leave are drawn with what they showed.
  func act(
    _ action: String, expecting: Set<Diagnostic.Kind>, keepingTransition: Bool? = false,
    _ body: (ListHarness) -> Void
  ) throws {
    if keepingTransition == true {
      var before = Canvas(
        width: Int(max(0, collectionView.bounds.width)), height: Int(max(0, collectionView.bounds.height)))
      renderer.render(collectionView, into: &before)
    }
    body(self)
    adapter.flushPendingUpdates()
    collectionView.layoutIfNeeded()
    if keepingTransition == false { collectionView.finishTransition() }
    let raised = takeNewDiagnostics()
    if let failure = HarnessFailure.checking(raised, expected: expecting, during: action) { throw failure }
  }

  /// The diagnostics recorded since the last call; the log is bounded, so a flood keeps its most
  /// recent ones (and the count says how many there were).
  private func takeNewDiagnostics() -> [Diagnostic] {
    let log = collectionView.diagnostics
    let new = log.totalCount - diagnosticsSeen
    diagnosticsSeen = log.totalCount
    guard new > 0 else { return [] }
    let raised = Array(log.suffix(min(new, log.count)))
    diagnostics += raised
    return raised
  }

  static func describe(_ object: any ListDiffable) -> String {
    "the object \(String(describing: object.diffIdentifier).prefix(60))"
  }

  /// The adapter's data source and move delegate: the harness's objects and controller factory.
  @MainActor
  final class Source: ListAdapterDataSource, ListAdapterMoveDelegate {
    var objects: [any ListDiffable]
    let makeController: @MainActor (any ListDiffable) -> SectionController

    init(
      objects: [any ListDiffable],
      makeController: @escaping @MainActor (any ListDiffable) -> SectionController
    ) {
      self.objects = objects
      self.makeController = makeController
    }

    func objects(for adapter: ListAdapter) -> [any ListDiffable] { objects }

    func listAdapter(_ adapter: ListAdapter, sectionControllerFor object: any ListDiffable)
      -> SectionController
    {
      makeController(object)
    }

    func listAdapter(
      _ listAdapter: ListAdapter, move object: any ListDiffable, from previousObjects: [any ListDiffable],
      to objects: [any ListDiffable]
    ) {
      self.objects = objects
    }
  }
}
