// MARK: - CollectionViewDataSource

extension ListAdapter: CollectionViewDataSource {
  public func numberOfSections(in collectionView: CollectionView) -> Int { controllers.count }

  public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    sectionController(forSection: section)?.numberOfItems() ?? 0
  }

  public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CellDescriptor
  {
    guard let controller = sectionController(forSection: indexPath.section) else {
      return .text("", role: .body, width: 0, height: 0)
    }
    return controller.cellForItem(at: indexPath.item)
  }

  public func collectionView(
    _ collectionView: CollectionView, supplementaryOfKind kind: ElementKind, inSection section: Int
  ) -> SupplementaryDescriptor? {
    supplementary(ofKind: kind, inSection: section)
  }

  private func supplementary(ofKind kind: ElementKind, inSection section: Int) -> SupplementaryDescriptor? {
    guard let controller = sectionController(forSection: section),
      let source = controller.supplementaryViewSource
    else { return nil }
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
    sectionController(forSection: indexPath.section)?.didSelectItem(at: indexPath.item)
  }

  public func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {
    sectionController(forSection: indexPath.section)?.didDeselectItem(at: indexPath.item)
  }

  public func collectionViewDidScroll(_ collectionView: CollectionView) {
    updateVisibility()
    for controller in visibleSectionControllers { controller.scrollDelegate?.didScroll(controller) }
  }
}

// MARK: - FlowLayoutDelegate

// The flow layout asks its collection view's delegate for sizes, as UIKit's does; the answers
// come from each section's controller. The layout is not main-actor isolated, and only ever
// runs here from the main actor through the collection view: an isolated conformance says so,
// and no call pays a run-time executor check.
extension ListAdapter: @MainActor FlowLayoutDelegate {
  public func layout(_ layout: FlowLayout, sizeForItemAt indexPath: IndexPath) -> ItemSize {
    sectionController(forSection: indexPath.section)?.sizeForItem(at: indexPath.item) ?? .exact(.zero)
  }

  public func layout(_ layout: FlowLayout, insetForSection section: Int) -> EdgeInsets {
    sectionController(forSection: section)?.inset ?? .zero
  }

  public func layout(_ layout: FlowLayout, lineSpacingForSection section: Int) -> Double {
    sectionController(forSection: section)?.lineSpacing ?? 0
  }

  public func layout(_ layout: FlowLayout, interitemSpacingForSection section: Int) -> Double {
    sectionController(forSection: section)?.interitemSpacing ?? 0
  }

  public func layout(_ layout: FlowLayout, headerHeightForSection section: Int) -> Double {
    supplementary(ofKind: .header, inSection: section)?.height ?? 0
  }

  public func layout(_ layout: FlowLayout, footerHeightForSection section: Int) -> Double {
    supplementary(ofKind: .footer, inSection: section)?.height ?? 0
  }

  public func layout(_ layout: FlowLayout, decorationStyleOfKind kind: ElementKind, forSection section: Int)
    -> DecorationStyle?
  {
    sectionController(forSection: section)?.decorationStyle(
      ofKind: kind, default: layout.decorationStyles[kind])
  }
}
