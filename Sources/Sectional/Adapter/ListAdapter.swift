/// Maps model objects to section controllers — one per object, matched by diff identifier and
/// kept alive across updates — and drives a ``CollectionView`` with the smallest batch updates.
///
/// The adapter serves the collection view, nothing more: through a bridge object it owns, it is
/// the view's data source and delegate; the layout asks the collection view for counts and its
/// delegate for sizes, which come from each controller.
@MainActor
public final class ListAdapter {
  /// Gives the adapter its objects and a controller for each. Held weakly.
  public weak var dataSource: (any ListAdapterDataSource)?
  /// Told when the user moves a whole section; without one, sections cannot be moved. Held
  /// weakly.
  public weak var moveDelegate: (any ListAdapterMoveDelegate)?
  /// The collection view the adapter drives; it is the view's data source and delegate (through an
  /// object it owns), so do not set those yourself.
  public let collectionView: CollectionView
  /// Sections this many beyond the visible ones are in the working range.
  public let workingRangeSize: Int

  /// Runs a coalesced update later in this turn's run loop. The default schedules a main-actor
  /// task; a front with its own loop (the terminal) calls ``flushPendingUpdates()`` instead.
  public var scheduler: (@escaping @MainActor () -> Void) -> Void = { work in
    Task { @MainActor in work() }
  }

  // The adapter composes three parts, each with one job: the section map (objects, their
  // controllers, and how a new list pairs with the current one), the updater (coalescing, and
  // the batches held while an update is applied) and the visibility tracker (what the display
  // and working-range delegates last heard).
  let sectionMap = SectionMap()
  let updater = AdapterUpdater()
  let visibility = VisibilityTracker()

  /// The objects on screen, one per section, duplicates dropped.
  public var objects: [any ListDiffable] { sectionMap.objects }
  /// Each section's controller.
  var controllers: [SectionController] { sectionMap.controllers }
  /// The sections of the controllers on screen that are still in the list, ascending.
  var visibleSections: [Int] {
    // A pending update is applied first (it settles the visibility too): what is visible is
    // what the next frame shows, with no flushPendingUpdates() before asking.
    flushPendingUpdates()
    return visibility.displayedControllers.compactMap { section(for: $0) }.sorted()
  }
  /// Whether the display and working-range delegates have not yet heard what a reload shows
  /// (see ``reloadData(completion:)``).
  var visibilityIsStale = false
  /// The collection view's data source and delegate (held here; the view holds it weakly).
  private(set) lazy var bridge = AdapterBridge(adapter: self)
  /// Every controller's `collectionContext` (held here; controllers hold it weakly).
  private(set) lazy var context = AdapterContext(adapter: self)
  /// What to show when there are no objects.
  public internal(set) var emptyView: CellDescriptor?
  /// The section being moved by the user (see `ListAdapter+Movement`).
  var sectionMovement: SectionMovement?
  /// The data source a pending update asks, held until it runs: a data source released meanwhile
  /// still gives the objects the update was asked for (as IGListKit's queued update holds it).
  var queuedDataSource: (any ListAdapterDataSource)?

  /// An adapter driving `collectionView`, whose working range reaches `workingRangeSize` sections
  /// beyond the visible ones (0, the default: the visible ones only). Set ``dataSource`` and call
  /// ``reloadData(completion:)`` to show objects.
  public init(collectionView: CollectionView, workingRangeSize: Int = 0) {
    self.collectionView = collectionView
    self.workingRangeSize = max(0, workingRangeSize)
    collectionView.dataSource = bridge
    collectionView.delegate = bridge
    collectionView.layoutPassObserver = bridge
  }

  // MARK: - Lookups

  /// The controller of the object with the same identifier, or nil when it is not in the list.
  public func sectionController(for object: any ListDiffable) -> SectionController? {
    sectionMap.controller(for: AnyDiffIdentifier(object))
  }

  /// The controller of `section`, or nil when there is no such section.
  public func sectionController(forSection section: Int) -> SectionController? {
    controllers.indices.contains(section) ? controllers[section] : nil
  }

  /// The object `controller` shows, or nil when it is not in the list.
  public func object(for controller: SectionController) -> (any ListDiffable)? {
    section(for: controller).map { objects[$0] }
  }

  /// The section of the object with the same identifier, or nil when it is not in the list
  /// (IGListKit's `sectionForObject:`). O(1).
  public func section(for object: any ListDiffable) -> Int? {
    sectionController(for: object).flatMap { section(for: $0) }
  }

  /// The object of `section`, or nil when there is no such section (IGListKit's
  /// `objectAtSection:`).
  public func object(atSection section: Int) -> (any ListDiffable)? {
    objects.indices.contains(section) ? objects[section] : nil
  }

  /// The objects with at least one element on screen, in section order. This and the other
  /// questions of what is visible apply a pending ``performUpdates(animated:completion:)``
  /// first: they answer for what the next frame shows.
  public var visibleObjects: [any ListDiffable] { visibleSections.map { objects[$0] } }

  /// The controllers with at least one element on screen, in section order.
  public var visibleSectionControllers: [SectionController] {
    visibleSections.map { controllers[$0] }
  }

  /// The object's items with a cell in the visible area, whole or in part, ascending; empty when
  /// none is or the object is not in the list (IGListKit's `visibleCellsForObject:`; cells are
  /// descriptors here, so the answer is where they are). O(log n + k) for k visible elements.
  public func visibleIndexPaths(for object: any ListDiffable) -> [IndexPath] {
    flushPendingUpdates()
    guard let section = section(for: object) else { return [] }
    return collectionView.indexPathsForVisibleItems.filter { $0.section == section }
  }

  /// The object's items whose cell lies wholly in the visible area, ascending: the ones a user
  /// can read whole (IGListKit's `fullyVisibleCellsForSectionController:`, by object).
  public func fullyVisibleIndexPaths(for object: any ListDiffable) -> [IndexPath] {
    flushPendingUpdates()
    guard let section = section(for: object) else { return [] }
    return collectionView.indexPathsForFullyVisibleItems.filter { $0.section == section }
  }

  /// Scrolls so that the object's section starts at the top (as far as the content allows).
  public func scroll(to object: any ListDiffable) { scroll(to: object, at: .top) }

  /// Scrolls so that the object's section, from its header to its footer, is at `position`: its
  /// top at the top, its middle in the middle or its bottom at the bottom, as far as the content
  /// allows (IGListKit's `scrollToObject:…scrollPosition:`). A section longer than the viewport
  /// shows its top, middle or end. A section that shows nothing is reported.
  public func scroll(to object: any ListDiffable, at position: ScrollPosition) {
    guard let section = section(for: object) else { return }
    let first = IndexPath(item: 0, section: section)
    let count = collectionView.numberOfItems(inSection: section)
    let items = [first, IndexPath(item: count - 1, section: section)].filter { _ in count > 0 }
    let frames =
      [collectionView.layoutAttributesForSupplementaryElement(ofKind: .header, at: first)]
      + items.map { collectionView.layoutAttributesForItem(at: $0) }
      + [collectionView.layoutAttributesForSupplementaryElement(ofKind: .footer, at: first)]
    let spans = frames.compactMap { $0?.frame }
    guard let top = spans.map(\.minY).min(), let bottom = spans.map(\.maxY).max() else {
      report(Diagnostic(.noSuchItem, "scroll to section \(section): it shows nothing", indexPaths: [first]))
      return
    }
    collectionView.scroll(toSpan: top, bottom, at: position)
  }

  func report(_ diagnostic: Diagnostic) { collectionView.report(diagnostic) }

  /// Tells the display and working-range delegates what changed on screen.
  func updateVisibility() {
    visibilityIsStale = false
    visibility.update(
      visible: collectionView.elementsInBounds(), controllers: controllers, workingRangeSize: workingRangeSize
    )
  }
}

extension ListAdapter {
  /// A reload's visibility is told late, as IGListKit's cells appear only at the next layout
  /// pass: the app may scroll first (to an item it restores, say), and then only the sections
  /// shown after the scroll hear they were displayed. Told at the first of: a layout pass
  /// (``CollectionView/layoutIfNeeded()``), a scroll or another change, a query of what is
  /// visible, ``flushPendingUpdates()`` (a front's frame), or the end of the turn through
  /// ``scheduler``.
  func deferVisibilityUpdate() {
    guard !visibilityIsStale else { return }
    visibilityIsStale = true
    scheduler { [weak self] in self?.settleVisibility() }
  }

  /// Tells the delegates what a reload showed, if they have not heard yet.
  func settleVisibility() {
    if visibilityIsStale { updateVisibility() }
  }
}

extension Diagnostic.Kind {
  /// Objects whose identifiers repeat an earlier one; the first occurrence was kept.
  public static let duplicateIdentifiers: Self = "duplicate-identifiers"
  /// A controller was given an object of a type it does not show (a `SingleSectionController`
  /// of another model type); its section is empty.
  public static let unexpectedObjectType: Self = "unexpected-object-type"
}
