/// A collection view's data source driven by snapshots of identifiers, as UIKit's
/// `UICollectionViewDiffableDataSource`: a cell provider turns an item identifier into a cell,
/// and ``apply(_:animatingDifferences:completion:)`` diffs the new snapshot against the current
/// one — sections first, then items, an item that changed sections being a move — and applies the
/// difference as one batch.
///
/// It answers the flow layout's size questions from the cells' descriptors, so it works with any
/// layout the collection view has. Keep a strong reference to it: the collection view holds its
/// data source weakly.
///
/// ```swift
/// let dataSource = DiffableDataSource<String, Int>(collectionView: view) { indexPath, number in
///   .text("\(number)", role: .body, width: 8, height: 1)
/// }
/// var snapshot = DiffableSnapshot<String, Int>()
/// snapshot.appendSections(["odd", "even"])
/// snapshot.appendItems([1, 3, 5], toSection: "odd")
/// snapshot.appendItems([2, 4], toSection: "even")
/// dataSource.apply(snapshot)
/// ```
@MainActor
public final class DiffableDataSource<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable> {
  /// A snapshot of these identifier types.
  public typealias Snapshot = DiffableSnapshot<SectionID, ItemID>

  /// The collection view this data source feeds.
  public private(set) weak var collectionView: CollectionView?
  @usableFromInline let cellProvider: (IndexPath, ItemID) -> CellDescriptor
  /// Supplies headers, footers and any other supplementary, by kind and index path; nil (the
  /// default) for none.
  public var supplementaryViewProvider: ((ElementKind, IndexPath) -> SupplementaryDescriptor?)?
  @available(*, deprecated, renamed: "supplementaryViewProvider")
  public var supplementaryProvider: ((ElementKind, IndexPath) -> SupplementaryDescriptor?)? {
    get { supplementaryViewProvider }
    set { supplementaryViewProvider = newValue }
  }
  /// The problems of snapshots applied while the data source had no collection view (it is held
  /// weakly and was freed): duplicates and missing identifiers, as the view's
  /// ``CollectionView/diagnostics`` would have them. With a view, they go to the view's.
  public var diagnostics = DiagnosticLog()
  /// Called with the index path and identifier of an item a user selected (after the view's
  /// delegate hears of it, whoever the delegate is); nil (the default) for nobody.
  public var selectionHandler: ((IndexPath, ItemID) -> Void)?
  /// What a user's reordering may do and tells (UIKit's `reorderingHandlers`); by default no
  /// item may be reordered.
  public var reorderingHandlers = ReorderingHandlers()
  @usableFromInline var current = Snapshot()
  /// Whether an apply is running, and the applies asked for meanwhile (see
  /// ``apply(_:animatingDifferences:completion:)``).
  var isApplying = false
  var queuedApplies: [() -> Void] = []
  /// Each shown item's size, as its cell provider last gave it; nil until asked. Carried through a batch for items it neither inserted nor reloaded: like UIKit's
  /// diffable data source, which fetches a cell again only when its item is new, reloaded or
  /// reconfigured, the size of an unchanged item is not asked for again.
  let sizes = SizeCache()
  /// The cell of the item at an index path (nil for none), from code specialised for this data
  /// source's identifier types in the module that applies its snapshots; set by the first
  /// ``apply(_:animatingDifferences:completion:)`` or
  /// ``applySnapshotUsingReloadData(_:completion:)``. The data source is generic and its methods
  /// run unspecialised: there, finding an item instantiates generic metadata (`Optional<ItemID>`,
  /// `Array<ItemID>`, the closure's context) on every call, which costs more than the look-up
  /// itself. Main-actor typed, so that calling it checks no executor at run time.
  @usableFromInline var specialisedCell: (@MainActor (DiffableDataSource, IndexPath) -> CellDescriptor?)?
  /// The collection view's data source and delegate (held here; the view holds it weakly), so
  /// their callbacks are not part of this type's surface.
  private(set) lazy var bridge = DiffableBridge(self)

  /// A data source for `collectionView`: its bridge becomes the view's data source (and the
  /// delegate, when the view has none). `cellProvider` is asked for a cell whenever the view
  /// needs one.
  public init(
    collectionView: CollectionView, cellProvider: @escaping (IndexPath, ItemID) -> CellDescriptor
  ) {
    self.collectionView = collectionView
    self.cellProvider = cellProvider
    collectionView.dataSource = bridge
    if collectionView.delegate == nil { collectionView.delegate = bridge }
    collectionView.reloadData()
  }

  /// A copy of the snapshot on screen.
  public func snapshot() -> Snapshot { current }

  /// Shows `snapshot`: the difference from the current one is applied as one batch (sections
  /// inserted, deleted, moved and reloaded; items inserted, deleted, moved — across sections too —
  /// and reloaded), so selections follow their items. As UIKit's since iOS 15, the difference is
  /// applied whatever `animatingDifferences` says; with it, the collection view also builds a
  /// ``CollectionView/transition`` a front plays. ``applySnapshotUsingReloadData(_:completion:)``
  /// is the reload.
  /// Problems the snapshot recorded (duplicates, missing identifiers) are reported in the
  /// collection view's diagnostics. `completion` runs once it is applied.
  ///
  /// An apply made while one runs (from a cell or section provider, a diagnostics handler or a
  /// completion) runs right after it, in order, against the snapshot it leaves.
  @inlinable
  public func apply(
    _ snapshot: Snapshot, animatingDifferences: Bool = true, completion: (() -> Void)? = nil
  ) {
    guard
      beginApplying({
        self.apply(snapshot, animatingDifferences: animatingDifferences, completion: completion)
      })
    else { return }
    defer { endApplying() }
    specialiseCellLookup()
    // The batch is worked out here, in the caller's module, where the identifier types are known:
    // the two-level diff then runs specialised, not as generic code.
    let plan = collectionView != nil ? Self.plan(from: current, to: snapshot) : nil
    show(
      snapshot, batch: plan?.batch, carried: plan?.carried, relaidOut: plan?.relaidOut ?? [],
      animated: animatingDifferences, completion: completion)
  }

  /// Shows `snapshot` without diffing, as UIKit's `applySnapshotUsingReloadData(_:completion:)`:
  /// the collection view reloads, every cell is asked for again and selections are dropped.
  /// `completion` runs once it is applied.
  /// An apply made while one runs runs right after it, in order.
  @inlinable
  public func applySnapshotUsingReloadData(_ snapshot: Snapshot, completion: (() -> Void)? = nil) {
    guard beginApplying({ self.applySnapshotUsingReloadData(snapshot, completion: completion) }) else {
      return
    }
    defer { endApplying() }
    specialiseCellLookup()
    show(snapshot, batch: nil, carried: nil, animated: false, completion: completion)
  }

  /// Starts an apply; when one is already running, queues `apply` to run after it and returns
  /// false.
  @usableFromInline
  func beginApplying(_ apply: @escaping () -> Void) -> Bool {
    guard !isApplying else {
      queuedApplies.append(apply)
      return false
    }
    isApplying = true
    return true
  }

  /// Ends an apply and runs the ones queued during it, in order.
  @usableFromInline
  func endApplying() {
    isApplying = false
    guard !queuedApplies.isEmpty else { return }
    queuedApplies.removeFirst()()
  }

  /// Sets ``specialisedCell`` from the caller's module, where the identifier types are known.
  @inlinable
  func specialiseCellLookup() {
    if specialisedCell == nil {
      specialisedCell = { dataSource, indexPath in
        // No closure inside (`Optional.map`): each would check the executor at run time.
        guard let item = dataSource.item(at: indexPath) else { return nil }
        return dataSource.cellProvider(indexPath, item)
      }
    }
  }

  /// Shows `snapshot` by `batch`, or by a reload when there is none. `carried[p]` is the
  /// position, in the old snapshot's items read section by section, of the item at position `p`
  /// of the new ones (read the same way) whose size stays known, or -1; `relaidOut`, old
  /// sections laid out again with the batch (see ``plan(from:to:)``).
  @usableFromInline
  func show(
    _ snapshot: Snapshot, batch: BatchUpdates?, carried: [Int]?, relaidOut: [Int] = [], animated: Bool,
    completion: (() -> Void)?
  ) {
    // The sizes and the snapshot installed, its reloads and problems left behind: what
    // `snapshot()` returns starts clean.
    func install() {
      let counts = snapshot.sectionItems.map { $0.count }
      if let carried { sizes.carry(carried, counts: counts) } else { sizes.reset(counts) }
      current = snapshot
      current.clearAppliedChanges()
    }
    guard let collectionView else {
      install()
      // Kept here, the handler called after, as the view's log does: it may read the log.
      let handler = diagnostics.handler
      for problem in snapshot.problems {
        diagnostics.keep(problem)
        handler?(problem)
      }
      completion?()
      return
    }
    for problem in snapshot.problems { collectionView.report(problem) }
    // What the view shows is captured before the snapshot (and the sizes) change under it.
    collectionView.capturingStart(animated && batch != nil, leaving: batch) {
      install()
      if let batch {
        collectionView.performBatchUpdates(batch, animated: animated, alsoLayingOut: relaidOut)
      } else {
        collectionView.reloadData()
      }
    }
    completion?()
  }

  /// The identifier of the item at `indexPath`, or nil.
  public func itemIdentifier(for indexPath: IndexPath) -> ItemID? { item(at: indexPath) }

  /// The identifier of the item at `indexPath`, or nil: inlinable, so that the specialised cell
  /// fetch (see ``specialisedCell``) runs it without generic code.
  @inlinable func item(at indexPath: IndexPath) -> ItemID? {
    let (section, index) = (indexPath.section, indexPath.item)
    guard section >= 0, section < current.sectionItems.count, index >= 0,
      index < current.sectionItems[section].count
    else { return nil }
    return current.sectionItems[section][index]
  }

  /// The index path of `item`, or nil.
  public func indexPath(for item: ItemID) -> IndexPath? {
    guard let section = current.sectionIdentifier(containingItem: item),
      let index = current.indexOfItem(item),
      let sectionIndex = current.indexOfSection(section)
    else { return nil }
    return IndexPath(item: index, section: sectionIndex)
  }

  /// The identifier of the section at `index`, or nil.
  public func sectionIdentifier(for index: Int) -> SectionID? {
    current.sectionIdentifiers.indices.contains(index) ? current.sectionIdentifiers[index] : nil
  }

  /// The position of `section`, or nil.
  public func index(for section: SectionID) -> Int? { current.indexOfSection(section) }
}

/// Sorts index paths by section, then item, unless they already are: one pass to check, which
/// `sort()` does not do first. The order is spelled out here, on the integers, so that it is
/// inlined: `IndexPath`'s own `<` is another module's function, which a sort would call, not
/// inline, for every comparison.
@inlinable
func sortIfNeeded(_ array: inout [IndexPath]) {
  sortIfNeeded(&array) { ($0.section, $0.item) < ($1.section, $1.item) }
}

/// Sorts moves by source, then destination (as ``IndexPathMove``'s `<`), unless they already are.
@inlinable
func sortIfNeeded(_ array: inout [IndexPathMove]) {
  sortIfNeeded(&array) {
    ($0.from.section, $0.from.item, $0.to.section, $0.to.item)
      < ($1.from.section, $1.from.item, $1.to.section, $1.to.item)
  }
}

/// Sorts `array` by `areInIncreasingOrder` unless it already is.
@inlinable
func sortIfNeeded<Element>(_ array: inout [Element], by areInIncreasingOrder: (Element, Element) -> Bool) {
  var index = 1
  while index < array.count {
    if areInIncreasingOrder(array[index], array[index - 1]) {
      array.sort(by: areInIncreasingOrder)
      return
    }
    index += 1
  }
}
