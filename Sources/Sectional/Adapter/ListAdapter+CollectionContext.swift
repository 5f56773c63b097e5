// MARK: - CollectionContext

extension ListAdapter: CollectionContext {
  public var containerSize: Size { collectionView.bounds.size }

  public func section(for controller: SectionController) -> Int? {
    sectionByControllerLookup(controller)
  }

  public func performBatch(
    animated: Bool, for controller: SectionController, updates: (inout ItemUpdates) -> Void,
    completion: ((Bool) -> Void)?
  ) {
    guard let section = section(for: controller) else {
      var ignored = ItemUpdates()
      updates(&ignored)
      completion?(false)
      return
    }
    var itemUpdates = ItemUpdates()
    updates(&itemUpdates)
    var batch = BatchUpdates()
    batch.insertedItems = itemUpdates.inserts.map { IndexPath(item: $0, section: section) }
    batch.deletedItems = itemUpdates.deletes.map { IndexPath(item: $0, section: section) }
    batch.reloadedItems = itemUpdates.reloads.map { IndexPath(item: $0, section: section) }
    batch.movedItems = itemUpdates.moves.map {
      .init(from: IndexPath(item: $0.from, section: section), to: IndexPath(item: $0.to, section: section))
    }
    let applied = collectionView.performBatchUpdates(batch)
    updateVisibility()
    completion?(applied)
  }

  public func invalidateLayout(for controller: SectionController) {
    guard let section = section(for: controller) else { return }
    var context = InvalidationContext()
    context.invalidateSections([section])
    collectionView.layout.invalidateLayout(with: context)
    collectionView.layoutIfNeeded()
    updateVisibility()
  }

  public func reload(_ controller: SectionController) {
    guard let section = section(for: controller) else { return }
    var batch = BatchUpdates()
    batch.reloadedSections = [section]
    collectionView.performBatchUpdates(batch)
    updateVisibility()
  }

  public func scroll(to controller: SectionController, item index: Int, animated: Bool) {
    guard let section = section(for: controller) else { return }
    let layout = collectionView.layout
    let target =
      layout.layoutAttributesForSupplementaryElement(
        ofKind: .header, at: IndexPath(item: 0, section: section))
      ?? layout.layoutAttributesForItem(at: IndexPath(item: index, section: section))
    guard let target else { return }
    collectionView.setContentOffset(Point(x: 0, y: target.frame.minY))
  }
}

// MARK: - CollectionViewDataSource

extension ListAdapter: CollectionViewDataSource {
  public func numberOfSections(in collectionView: CollectionView) -> Int { controllerCount }

  public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    controllerAt(section)?.numberOfItems() ?? 0
  }

  public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CellDescriptor
  {
    guard let controller = controllerAt(indexPath.section) else {
      return .text("", role: .body, width: 0, height: 0)
    }
    return controller.cellForItem(at: indexPath.item)
  }

  public func collectionView(
    _ collectionView: CollectionView, supplementaryOfKind kind: ElementKind, inSection section: Int
  )
    -> SupplementaryDescriptor?
  {
    guard let controller = controllerAt(section), let source = controller.supplementaryViewSource else {
      return nil
    }
    switch kind {
    case .header: return source.header(for: controller)
    case .footer: return source.footer(for: controller)
    default: return nil
    }
  }
}

// MARK: - CollectionViewDelegate

extension ListAdapter: CollectionViewDelegate {
  public func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
    controllerAt(indexPath.section)?.didSelectItem(at: indexPath.item)
  }

  public func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {
    controllerAt(indexPath.section)?.didDeselectItem(at: indexPath.item)
  }

  public func collectionViewDidScroll(_ collectionView: CollectionView) {
    updateVisibility()
    for controller in visibleSectionControllers { controller.scrollDelegate?.didScroll(controller) }
  }
}

// MARK: - FlowLayoutDataSource

// The layout is not main-actor isolated; the adapter only ever drives it from the main actor,
// through its collection view. An isolated conformance says so to the compiler, which keeps the
// conformance on the main actor, so no call pays a run-time executor check.
extension ListAdapter: @MainActor FlowLayoutDataSource {
  public func numberOfSections(in layout: FlowLayout) -> Int { controllerCount }

  public func layout(_ layout: FlowLayout, numberOfItemsInSection section: Int) -> Int {
    controllerAt(section)?.numberOfItems() ?? 0
  }

  public func layout(_ layout: FlowLayout, sizeForItemAt indexPath: IndexPath) -> ItemSize {
    controllerAt(indexPath.section)?.sizeForItem(at: indexPath.item) ?? .exact(.zero)
  }

  public func layout(_ layout: FlowLayout, insetForSection section: Int) -> EdgeInsets {
    controllerAt(section)?.inset ?? .zero
  }

  public func layout(_ layout: FlowLayout, lineSpacingForSection section: Int) -> Double {
    controllerAt(section)?.minimumLineSpacing ?? 0
  }

  public func layout(_ layout: FlowLayout, interitemSpacingForSection section: Int) -> Double {
    controllerAt(section)?.minimumInteritemSpacing ?? 0
  }

  public func layout(_ layout: FlowLayout, headerHeightForSection section: Int) -> Double {
    collectionView.supplementaryDescriptor(ofKind: .header, inSection: section)?.height ?? 0
  }

  public func layout(_ layout: FlowLayout, footerHeightForSection section: Int) -> Double {
    collectionView.supplementaryDescriptor(ofKind: .footer, inSection: section)?.height ?? 0
  }

  public func layout(_ layout: FlowLayout, decorationStyleOfKind kind: ElementKind, forSection section: Int)
    -> DecorationStyle?
  {
    controllerAt(section)?.decorationStyle(ofKind: kind, default: layout.decorationStyles[kind])
  }
}
