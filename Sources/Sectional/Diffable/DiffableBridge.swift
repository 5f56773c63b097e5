// The diffable data source's face towards its collection view: the data source, the delegate and
// the flow layout's delegate, answered from the data source's applied snapshot. A separate object,
// as the list adapter's bridge is, so that a client sees `apply` and the look-ups, not callbacks
// meant for the view.

@MainActor
final class DiffableBridge<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable> {
  /// The data source, held weakly: a client that keeps the view's data source or delegate longer
  /// than the data source lives then gets an empty list, not a dangling reference.
  weak var source: DiffableDataSource<SectionID, ItemID>?
  /// The source's size cache, read without going through the source (this runs unspecialised).
  let sizes: SizeCache
  /// The view's movement, held directly: every size the layout asks checks whether an item is
  /// being moved, and two weak loads a question (the source's, then its view's) were a
  /// measurable part of a reload. Not the view itself: a layout's section provider that
  /// captures the data source would close a cycle through it.
  let movementState: MovementState?

  init(_ source: DiffableDataSource<SectionID, ItemID>) {
    self.source = source
    sizes = source.sizes
    movementState = source.collectionView?.movementState
  }

  /// The cell provider's cell for the item at `indexPath`, or nil when there is no such item:
  /// through the specialised path once there is one.
  private func cell(at indexPath: IndexPath) -> CellDescriptor? {
    guard let source else { return nil }
    if let specialisedCell = source.specialisedCell { return specialisedCell(source, indexPath) }
    return source.item(at: indexPath).map { source.cellProvider(indexPath, $0) }
  }
}

extension DiffableBridge: CollectionViewDataSource {
  func numberOfSections(in collectionView: CollectionView) -> Int { source?.current.numberOfSections ?? 0 }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    // The size cache holds the shown snapshot's counts: read there, this runs no generic code.
    sizes.itemCount(inSection: section)
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CellDescriptor
  {
    cell(at: indexPath) ?? .text("", role: .body, width: 0, height: 0)
  }

  func collectionView(
    _ collectionView: CollectionView, supplementaryOfKind kind: ElementKind, at indexPath: IndexPath
  ) -> SupplementaryDescriptor? {
    source?.supplementaryViewProvider?(kind, indexPath)
  }

  func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
    guard let source, let item = source.item(at: indexPath),
      let can = source.reorderingHandlers.canReorderItem
    else { return false }
    return can(item)
  }

  func collectionView(
    _ collectionView: CollectionView, moveItemAt source: IndexPath, to destination: IndexPath
  ) {
    self.source?.applyReordering(from: source, to: destination)
  }
}

// The delegate: every default (every item selectable). Selections reach `selectionHandler`
// through the data source, so a delegate of the client's own does not silence it.
extension DiffableBridge: CollectionViewDelegate {}

extension DiffableBridge: SelectionObservingDataSource {
  func collectionView(_ collectionView: CollectionView, dataSourceDidSelectItemAt indexPath: IndexPath) {
    if let source, let item = source.itemIdentifier(for: indexPath) {
      source.selectionHandler?(indexPath, item)
    }
  }
}

// The flow layout's size questions, answered from the cells (only when the bridge is the
// collection view's delegate); headers and footers from the supplementary provider.
extension DiffableBridge: @MainActor FlowLayoutDelegate {
  func layout(_ layout: FlowLayout, sizeForItemAt indexPath: IndexPath) -> ItemSize {
    // While an item is moved, the layout asks in the order shown; the snapshot answers in its own.
    let path = movementState?.dataIndexPath(forDisplayed: indexPath) ?? indexPath
    // A known size is read without touching the generic parts.
    return sizes.size(at: path) ?? fetchSize(at: path)
  }

  /// Asks the cell provider for the item's size and keeps it.
  @inline(never)
  private func fetchSize(at indexPath: IndexPath) -> ItemSize {
    guard let size = cell(at: indexPath)?.size else { return .exact(.zero) }
    sizes.store(size, at: indexPath)
    return size
  }

  func layout(_ layout: FlowLayout, headerHeightForSection section: Int) -> Double {
    source?.supplementaryViewProvider?(.header, IndexPath(item: 0, section: section))?.height
      ?? layout.headerHeight
  }

  func layout(_ layout: FlowLayout, footerHeightForSection section: Int) -> Double {
    source?.supplementaryViewProvider?(.footer, IndexPath(item: 0, section: section))?.height
      ?? layout.footerHeight
  }
}
