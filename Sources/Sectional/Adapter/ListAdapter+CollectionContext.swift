// MARK: - CollectionContext

extension ListAdapter: CollectionContext {
  /// The collection view's visible size.
  public var containerSize: Size { collectionView.bounds.size }

  /// The controller's section now, or nil when it is not in this adapter's list. O(1).
  public func section(for controller: SectionController) -> Int? {
    let index = controller.sectionIndex
    return controllers.indices.contains(index) && controllers[index] === controller ? index : nil
  }

  /// The collection view's measure of the cell at `width` (its ``CollectionView/measurer``).
  public func measure(_ descriptor: CellDescriptor, width: Double) -> Size {
    collectionView.measure(descriptor, width: width)
  }

  /// Applies the controller's item batch (see
  /// ``CollectionContext/performBatch(for:updates:completion:)``); during an adapter update, holds
  /// it until the update is in.
  public func performBatch(
    for controller: SectionController, updates: @escaping (inout ItemUpdates) -> Void,
    completion: ((Bool) -> Void)?
  ) {
    if isApplyingUpdate {
      if ObjectIdentifier(controller) == controllerBeingUpdated {
        // Its section is inserted or reloaded by the update being applied: the model changes
        // now and the update carries the new items.
        var ignored = ItemUpdates()
        updates(&ignored)
        if let completion { heldBatches.append { completion(true) } }
      } else {
        // Another section: its model changes once the update is in, and its batch applies in
        // the new numbering.
        heldBatches.append { [weak self, weak controller] in
          guard let self, let controller else {
            completion?(false)
            return
          }
          self.performBatch(for: controller, updates: updates, completion: completion)
        }
      }
      return
    }
    var itemUpdates = ItemUpdates()
    updates(&itemUpdates)
    apply(itemUpdates, for: controller, completion: completion)
  }

  private func apply(
    _ itemUpdates: ItemUpdates, for controller: SectionController, completion: ((Bool) -> Void)?
  ) {
    guard let section = section(for: controller) else {
      completion?(false)
      return
    }
    var batch = BatchUpdates()
    batch.insertedItems = itemUpdates.inserts.map { IndexPath(item: $0, section: section) }
    batch.deletedItems = itemUpdates.deletes.map { IndexPath(item: $0, section: section) }
    batch.reloadedItems = itemUpdates.reloads.map { IndexPath(item: $0, section: section) }
    batch.movedItems = itemUpdates.moves.map {
      IndexPathMove(
        from: IndexPath(item: $0.from, section: section), to: IndexPath(item: $0.to, section: section))
    }
    let applied = collectionView.performBatchUpdates(batch)
    if applied {
      remapDisplayedCells(of: controller, through: batch)
    } else {
      for shown in displayedControllers { forgetDisplayedCells(of: shown) }
    }
    updateVisibility()
    completion?(applied)
  }

  /// Recomputes the controller's section's layout now; nothing when it is not in the list.
  public func invalidateLayout(for controller: SectionController) {
    guard let section = section(for: controller) else { return }
    collectionView.invalidateLayout(ofSections: [section])
    updateVisibility()
  }

  /// Reloads the controller's section now: every item is asked for again, and its shown cells are
  /// displayed anew.
  public func reload(_ controller: SectionController) {
    guard let section = section(for: controller) else { return }
    forgetDisplayedCells(of: controller)
    var batch = BatchUpdates()
    batch.reloadedSections = [section]
    collectionView.performBatchUpdates(batch)
    updateVisibility()
  }

  /// Scrolls item `index` of the controller's section to the top; for item 0, its header when it
  /// has one. A missing item is reported.
  public func scroll(to controller: SectionController, item index: Int) {
    guard let section = section(for: controller) else { return }
    let item = IndexPath(item: index, section: section)
    // The first item brings its header along; any other item goes to the top itself.
    let header =
      index == 0
      ? collectionView.layoutAttributesForSupplementaryElement(
        ofKind: .header, at: IndexPath(item: 0, section: section))
      : nil
    guard let target = header ?? collectionView.layoutAttributesForItem(at: item) else {
      report(Diagnostic(.noSuchItem, "scroll to item \(item): no such item", indexPaths: [item]))
      return
    }
    collectionView.setContentOffset(Point(x: 0, y: target.frame.minY))
  }

  /// Selects the item quietly (see ``CollectionContext/selectItem(at:in:)``).
  public func selectItem(at index: Int, in controller: SectionController) {
    guard let section = section(for: controller) else { return }
    collectionView.select(IndexPath(item: index, section: section), notifying: false)
  }

  /// Deselects the item quietly (see ``CollectionContext/deselectItem(at:in:)``).
  public func deselectItem(at index: Int, in controller: SectionController) {
    guard let section = section(for: controller) else { return }
    collectionView.deselect(IndexPath(item: index, section: section), notifying: false)
  }

  /// Whether the item is among the collection view's selected items.
  public func isSelected(itemAt index: Int, in controller: SectionController) -> Bool {
    guard let section = section(for: controller) else { return false }
    return collectionView.indexPathsForSelectedItems.contains(IndexPath(item: index, section: section))
  }

  /// The controller's items with a cell in view, ascending. O(log n + k) for k visible elements.
  public func visibleIndexes(for controller: SectionController) -> [Int] {
    guard let section = section(for: controller) else { return [] }
    return collectionView.indexPathsForVisibleItems.filter { $0.section == section }.map(\.item)
  }
}
