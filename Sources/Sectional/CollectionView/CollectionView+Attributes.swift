// The layout's answers, asked through the view: the adapter and a front ask the collection view,
// never its layout, so the layout stays the view's alone (as UICollectionView's does).

extension CollectionView {
  /// The attributes of the item at `indexPath` (its frame, z-index, …), or nil when there is
  /// no such item: `UICollectionView.layoutAttributesForItem(at:)`.
  public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    layout.layoutAttributesForItem(at: indexPath)
  }

  /// The attributes of the supplementary element of `kind` at `indexPath`, or nil when there is
  /// none: `UICollectionView.layoutAttributesForSupplementaryElement(ofKind:at:)`.
  public func layoutAttributesForSupplementaryElement(
    ofKind kind: ElementKind, at indexPath: IndexPath
  ) -> LayoutAttributes? {
    layout.layoutAttributesForSupplementaryElement(ofKind: kind, at: indexPath)
  }

  /// Lays `sections` out again now, their items asked for their sizes again; later sections move
  /// by the height change.
  package func invalidateLayout(ofSections sections: some Sequence<Int>) {
    var context = InvalidationContext()
    context.invalidateSections(sections)
    layout.invalidateLayout(with: context)
    layoutIfNeeded()
  }
}
