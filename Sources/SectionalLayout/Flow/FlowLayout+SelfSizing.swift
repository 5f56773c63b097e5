import SectionalDiff

extension FlowLayout {
  /// Whether the delegate gave the item's section an estimated size: items of sections sized
  /// exactly never take a preferred size, and the collection view need not read their cells.
  public func mayPreferSize(ofItemAt indexPath: IndexPath) -> Bool {
    guard records.indices.contains(indexPath.section) else { return false }
    layOutEstimated(through: indexPath.section)
    return records[indexPath.section].hasEstimatedItems
  }

  /// Yes when a self-sizing (estimated) item's preferred size differs from the one it was laid
  /// out with — unless that item's size has already changed ``maximumSelfSizingPasses`` times
  /// since it was reloaded: a size that grows every pass or alternates stops there, with a
  /// `selfSizingDidNotSettle` diagnostic, and keeps its last size.
  public func shouldInvalidateLayout(
    forPreferredAttributes preferred: LayoutAttributes, originalAttributes original: LayoutAttributes
  ) -> Bool {
    guard preferred.category == .cell, collectionView != nil else { return false }
    let indexPath = preferred.indexPath
    if records.indices.contains(indexPath.section) { layOutEstimated(through: indexPath.section) }
    guard records.indices.contains(indexPath.section), indexPath.item >= 0,
      indexPath.item < Int(records[indexPath.section].itemCount),
      resolvedDelegate.layout(self, sizeForItemAt: indexPath).isEstimated,
      preferred.frame.size.isValid,
      preferred.frame.size != original.frame.size
    else { return false }
    return selfSizing.allowsAnotherChange(preferred, from: original, maximum: maximumSelfSizingPasses) {
      report($0.kind, indexPath, $0.message)
    }
  }
}
