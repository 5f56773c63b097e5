// What the adapter does for its section controllers. They reach it through their
// `collectionContext`, an `AdapterContext` the adapter owns: the adapter's own surface keeps only
// what a client calls (as IGListKit keeps its adapter's context conformance private).

/// A section controller's collection context under a ``ListAdapter``: forwards to the adapter.
/// It holds the adapter weakly: a client may keep a controller's context longer than the list
/// lives, and then every call does nothing (a batch completes with `false`), as a controller
/// whose `collectionContext` is nil would.
@MainActor
final class AdapterContext: CollectionContext {
  weak var adapter: ListAdapter?
  /// The adapter's collection view, held directly: the sizes and measures every cell asks for
  /// then cost a load, not a weak reference's. No cycle: the view never holds this.
  let collectionView: CollectionView

  init(adapter: ListAdapter) {
    self.adapter = adapter
    collectionView = adapter.collectionView
  }

  var containerSize: Size { collectionView.bounds.size }
  func section(for controller: SectionController) -> Int? { adapter?.section(for: controller) }
  func measure(_ descriptor: CellDescriptor, width: Double) -> Size {
    collectionView.measure(descriptor, width: width)
  }
  func performBatch(
    for controller: SectionController, updates: @escaping (inout ItemUpdates) -> Void,
    completion: ((Bool) -> Void)?
  ) {
    performBatch(for: controller, animated: false, updates: updates, completion: completion)
  }
  func performBatch(
    for controller: SectionController, animated: Bool, updates: @escaping (inout ItemUpdates) -> Void,
    completion: ((Bool) -> Void)?
  ) {
    guard let adapter else {
      completion?(false)
      return
    }
    adapter.performBatch(for: controller, animated: animated, updates: updates, completion: completion)
  }
  func invalidateLayout(for controller: SectionController) { adapter?.invalidateLayout(for: controller) }
  func invalidateLayout(for controller: SectionController, completion: ((Bool) -> Void)?) {
    let done = adapter?.invalidateLayout(for: controller) ?? false
    completion?(done)
  }
  func reload(_ controller: SectionController) { adapter?.reload(controller) }
  func scroll(to controller: SectionController, item index: Int) {
    adapter?.scroll(to: controller, item: index)
  }
  func scroll(to controller: SectionController, item index: Int, at position: ScrollPosition) {
    adapter?.scroll(to: controller, item: index, at: position)
  }
  func selectItem(at index: Int, in controller: SectionController) {
    adapter?.selectItem(at: index, in: controller)
  }
  func deselectItem(at index: Int, in controller: SectionController) {
    adapter?.deselectItem(at: index, in: controller)
  }
  func isSelected(itemAt index: Int, in controller: SectionController) -> Bool {
    adapter?.isSelected(itemAt: index, in: controller) ?? false
  }
  func visibleIndexes(for controller: SectionController) -> [Int] {
    adapter?.visibleIndexes(for: controller) ?? []
  }
  func fullyVisibleIndexes(for controller: SectionController) -> [Int] {
    guard let section = adapter?.section(for: controller) else { return [] }
    return collectionView.indexPathsForFullyVisibleItems.filter { $0.section == section }.map(\.item)
  }
}

extension ListAdapter {
  /// The controller's section now, or nil when it is not in this adapter's list. O(1).
  public func section(for controller: SectionController) -> Int? { sectionMap.section(for: controller) }

  /// Applies the controller's item batch (see
  /// ``CollectionContext/performBatch(for:animated:updates:completion:)``); while an adapter
  /// update is pending, folds it into that update; while one is applied, holds it until it is in.
  func performBatch(
    for controller: SectionController, animated: Bool = false,
    updates: @escaping (inout ItemUpdates) -> Void, completion: ((Bool) -> Void)?
  ) {
    if updater.isApplyingUpdate {
      if ObjectIdentifier(controller) == updater.controllerBeingUpdated {
        // Its section is changed by the update being applied: the model changes now and the
        // update carries the batch (or inserts or reloads the section).
        var itemUpdates = ItemUpdates()
        updates(&itemUpdates)
        controller.forgetCachedItems()
        updater.fold(itemUpdates)
        if let completion { updater.hold { completion(true) } }
      } else {
        // Another section: its model changes once the update is in, and its batch applies in
        // the new numbering.
        updater.hold { [weak self, weak controller] in
          guard let self, let controller else {
            completion?(false)
            return
          }
          self.performBatch(for: controller, animated: animated, updates: updates, completion: completion)
        }
      }
      return
    }
    if updater.hasPendingUpdate, section(for: controller) != nil {
      // Applied with the pending update, its completion after both: it then sees the new
      // sections, as IGListKit's updater folds them.
      updater.queue(
        AdapterUpdater.QueuedBatch(controller: controller, updates: updates, completion: completion),
        animated: animated)
      return
    }
    // The controller changes its model in `updates`: what the view shows is captured before.
    collectionView.capturingStart(animated) {
      var itemUpdates = ItemUpdates()
      updates(&itemUpdates)
      controller.forgetCachedItems()
      apply(itemUpdates, for: controller, animated: animated, completion: completion)
    }
  }

  private func apply(
    _ itemUpdates: ItemUpdates, for controller: SectionController, animated: Bool,
    completion: ((Bool) -> Void)?
  ) {
    guard let section = section(for: controller) else {
      completion?(false)
      return
    }
    // A batch that names no item changes nothing the view shows: it does not reach the view, so
    // the layout is not redone, the content generation holds and a running transition plays on
    // (IGListKit never calls its updater for empty index sets). A binding controller whose view
    // models did not change sends such batches.
    guard !itemUpdates.isEmpty else {
      completion?(true)
      return
    }
    var batch = BatchUpdates()
    batch.add(itemUpdates, oldSection: section, newSection: section)
    let applied = collectionView.performBatchUpdates(batch, animated: animated)
    if applied {
      visibility.remapDisplayedCells(of: controller, section: section, through: batch)
    } else {
      for shown in visibility.displayedControllers { visibility.forgetDisplayedCells(of: shown) }
    }
    updateVisibility()
    completion?(applied)
  }

  /// Recomputes the controller's section's layout now; nothing when it is not in the list.
  /// Returns whether it did.
  @discardableResult
  func invalidateLayout(for controller: SectionController) -> Bool {
    guard let section = section(for: controller) else { return false }
    collectionView.invalidateLayout(ofSections: [section])
    updateVisibility()
    return true
  }

  /// Reloads the controller's section now: every item is asked for again, and its shown cells are
  /// displayed anew.
  func reload(_ controller: SectionController) {
    guard let section = section(for: controller) else { return }
    visibility.forgetDisplayedCells(of: controller)
    controller.forgetCachedItems()
    var batch = BatchUpdates()
    batch.reloadedSections = [section]
    collectionView.performBatchUpdates(batch)
    updateVisibility()
  }

  /// Scrolls item `index` of the controller's section to `position`; at the top, item 0 brings
  /// its header along when it has one. A missing item is reported.
  func scroll(to controller: SectionController, item index: Int, at position: ScrollPosition = .top) {
    guard let section = section(for: controller) else { return }
    let item = IndexPath(item: index, section: section)
    // The first item brings its header along; any other item goes to the top itself.
    let header =
      index == 0 && position == .top
      ? collectionView.layoutAttributesForSupplementaryElement(
        ofKind: .header, at: IndexPath(item: 0, section: section))
      : nil
    guard let target = header ?? collectionView.layoutAttributesForItem(at: item) else {
      report(Diagnostic(.noSuchItem, "scroll to item \(item): no such item", indexPaths: [item]))
      return
    }
    collectionView.scroll(toSpan: target.frame.minY, target.frame.maxY, at: position)
  }

  /// Selects the item quietly (see ``CollectionContext/selectItem(at:in:)``).
  func selectItem(at index: Int, in controller: SectionController) {
    guard let section = section(for: controller) else { return }
    collectionView.select(IndexPath(item: index, section: section), notifying: false)
  }

  /// Deselects the item quietly (see ``CollectionContext/deselectItem(at:in:)``).
  func deselectItem(at index: Int, in controller: SectionController) {
    guard let section = section(for: controller) else { return }
    collectionView.deselect(IndexPath(item: index, section: section), notifying: false)
  }

  /// Whether the item is among the collection view's selected items.
  func isSelected(itemAt index: Int, in controller: SectionController) -> Bool {
    guard let section = section(for: controller) else { return false }
    return collectionView.indexPathsForSelectedItems.contains(IndexPath(item: index, section: section))
  }

  /// The controller's items with a cell in view, ascending. O(log n + k) for k visible elements.
  func visibleIndexes(for controller: SectionController) -> [Int] {
    guard let section = section(for: controller) else { return [] }
    return collectionView.indexPathsForVisibleItems.filter { $0.section == section }.map(\.item)
  }
}

extension BatchUpdates {
  /// Adds one section's item batch: deletes, reloads and moves from `oldSection`, inserts and
  /// moves to `newSection`.
  mutating func add(_ items: ItemUpdates, oldSection: Int, newSection: Int) {
    for item in items.inserts { insertedItems.append(IndexPath(item: item, section: newSection)) }
    for item in items.deletes { deletedItems.append(IndexPath(item: item, section: oldSection)) }
    for item in items.reloads { reloadedItems.append(IndexPath(item: item, section: oldSection)) }
    for move in items.moves {
      movedItems.append(
        IndexPathMove(
          from: IndexPath(item: move.from, section: oldSection),
          to: IndexPath(item: move.to, section: newSection)))
    }
  }
}
