/// The adapter's face towards its collection view: the data source, the delegate and the flow
/// layout's delegate. A separate object (as IGListKit's delegate proxy is), so these callbacks
/// are not part of the adapter's public surface: a client calls the adapter, the collection
/// view calls the bridge. The adapter owns it; the collection view holds it weakly, and it holds
/// the adapter weakly too: the view's public `layoutDelegate` hands it out, and a client that
/// keeps it longer than the list then sees an empty list.
@MainActor
final class AdapterBridge {
  weak var adapter: ListAdapter?

  init(adapter: ListAdapter) { self.adapter = adapter }

  func sectionController(forSection section: Int) -> SectionController? {
    adapter?.sectionController(forSection: section)
  }
}

// MARK: - CollectionViewDataSource

extension AdapterBridge: CollectionViewDataSource {
  func numberOfSections(in collectionView: CollectionView) -> Int { adapter?.controllers.count ?? 0 }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    sectionController(forSection: section)?.numberOfItems() ?? 0
  }

  /// Every controller's count in one pass: the collection view reads them all after each update,
  /// and asking section by section would load the bridge's weak reference once per section.
  func itemCounts(in collectionView: CollectionView) -> [Int] {
    guard let controllers = adapter?.controllers else { return [] }
    var counts = [Int](repeating: 0, count: controllers.count)
    for (section, controller) in controllers.enumerated() { counts[section] = controller.numberOfItems() }
    return counts
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CellDescriptor
  {
    guard let controller = sectionController(forSection: indexPath.section) else {
      return .text("", role: .body, width: 0, height: 0)
    }
    return controller.cellForItem(at: indexPath.item)
  }

  func collectionView(
    _ collectionView: CollectionView, supplementaryOfKind kind: ElementKind, at indexPath: IndexPath
  ) -> SupplementaryDescriptor? {
    supplementary(ofKind: kind, at: indexPath)
  }

  func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
    sectionController(forSection: indexPath.section)?.canMoveItem(at: indexPath.item) ?? false
  }

  /// Moves the item in its controller's model, unless the controller says it cannot move or the
  /// move leaves its section (a controller's items are its own). The view asks the controller
  /// before it picks an item up and before it drops it, so such a move comes only from a direct
  /// call: it changes nothing and is reported, as IGListKit reverts it.
  func collectionView(
    _ collectionView: CollectionView, moveItemAt source: IndexPath, to destination: IndexPath
  ) {
    guard let controller = sectionController(forSection: source.section) else { return }
    let refusal =
      source.section != destination.section
      ? "items move within their section"
      : controller.canMoveItem(at: source.item) ? nil : "its controller's canMoveItem(at:) says no"
    guard let refusal else {
      controller.moveObject(from: source.item, to: destination.item)
      return
    }
    collectionView.report(
      Diagnostic(
        .refusedMove, "move of item \(source) to \(destination) refused: \(refusal)",
        indexPaths: [source, destination]))
  }

  func supplementary(ofKind kind: ElementKind, at indexPath: IndexPath) -> SupplementaryDescriptor? {
    guard let controller = sectionController(forSection: indexPath.section),
      let source = controller.supplementaryViewSource, source.supportedElementKinds.contains(kind)
    else { return nil }
    return source.supplementary(ofKind: kind, at: indexPath.item, for: controller)
  }
}

// MARK: - CollectionViewDelegate

extension AdapterBridge: CollectionViewDelegate {
  func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool {
    sectionController(forSection: indexPath.section)?.shouldSelectItem(at: indexPath.item) ?? false
  }

  func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
    sectionController(forSection: indexPath.section)?.didSelectItem(at: indexPath.item)
  }

  func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {
    sectionController(forSection: indexPath.section)?.didDeselectItem(at: indexPath.item)
  }

  /// An item moves within its own section: a section controller's items are its own (moving
  /// whole sections is the adapter's interactive movement, with its move delegate).
  func collectionView(
    _ collectionView: CollectionView, targetIndexPathForMoveFromItemAt original: IndexPath,
    toProposedIndexPath proposed: IndexPath
  ) -> IndexPath {
    guard proposed.section != original.section else { return proposed }
    let count = collectionView.numberOfItems(inSection: original.section)
    return IndexPath(
      item: proposed.section < original.section ? 0 : max(0, count - 1), section: original.section)
  }

  func collectionViewDidScroll(_ collectionView: CollectionView) {
    guard let adapter else { return }
    adapter.updateVisibility()
    for controller in adapter.visibleSectionControllers { controller.scrollDelegate?.didScroll(controller) }
  }
}

// MARK: - LayoutPassObserver

extension AdapterBridge: LayoutPassObserver {
  /// The app laid the view out: the cells it shows appear, as in UIKit's layout pass. During an
  /// update the adapter tells what it shows once the update is in.
  func collectionViewDidLayOut(_ collectionView: CollectionView) {
    guard let adapter, !adapter.updater.isApplyingUpdate else { return }
    adapter.updateVisibility()
  }
}

// MARK: - FlowLayoutDelegate

// The flow layout asks its collection view's delegate for sizes, as UIKit's does; the answers
// come from each section's controller. The layout is not main-actor isolated, and only ever
// runs here from the main actor through the collection view: an isolated conformance says so,
// and no call pays a run-time executor check.
extension AdapterBridge: @MainActor FlowLayoutDelegate {
  func layout(_ layout: FlowLayout, sizeForItemAt indexPath: IndexPath) -> ItemSize {
    guard let adapter else { return .exact(.zero) }
    // While an item is moved, the layout asks in the order shown; the controller answers in its own.
    let path = adapter.collectionView.dataIndexPath(forDisplayed: indexPath)
    return adapter.sectionController(forSection: path.section)?.sizeForItem(at: path.item) ?? .exact(.zero)
  }

  func layout(_ layout: FlowLayout, insetForSection section: Int) -> EdgeInsets {
    sectionController(forSection: section)?.inset ?? .zero
  }

  func layout(_ layout: FlowLayout, lineSpacingForSection section: Int) -> Double {
    sectionController(forSection: section)?.lineSpacing ?? 0
  }

  func layout(_ layout: FlowLayout, interitemSpacingForSection section: Int) -> Double {
    sectionController(forSection: section)?.interitemSpacing ?? 0
  }

  func layout(_ layout: FlowLayout, headerHeightForSection section: Int) -> Double {
    supplementary(ofKind: .header, at: IndexPath(item: 0, section: section))?.height ?? 0
  }

  func layout(_ layout: FlowLayout, footerHeightForSection section: Int) -> Double {
    supplementary(ofKind: .footer, at: IndexPath(item: 0, section: section))?.height ?? 0
  }

  func layout(_ layout: FlowLayout, decorationStyleOfKind kind: ElementKind, forSection section: Int)
    -> DecorationStyle?
  {
    sectionController(forSection: section)?.decorationStyle(
      ofKind: kind, default: layout.decorationStyles[kind])
  }
}

// MARK: - CompositionalLayoutDelegate

// A compositional layout asks for each section's layout; a controller that vends none gets the
// layout's own.
extension AdapterBridge: @MainActor CompositionalLayoutDelegate {
  func layout(_ layout: CompositionalLayout, sectionAt section: Int, environment: LayoutEnvironment)
    -> LayoutSection?
  {
    sectionController(forSection: section)?.layoutSection(environment: environment)
  }
}
