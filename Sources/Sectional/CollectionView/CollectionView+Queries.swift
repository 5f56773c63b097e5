// What is visible and where, asked through the view: the adapter and a front ask the collection view,
// never its layout, so the layout stays the view's alone (as UICollectionView's does).

extension CollectionView {
  /// Everything visible, in drawing order: by z-index, then decorations before cells before
  /// supplementaries, then section, then item. The order is a function of the attributes alone,
  /// so recycling can never stack a shadow above a cell.
  public func visibleElements() -> [LayoutAttributes] {
    elementsInBounds().sorted(by: LayoutAttributes.drawsBefore)
  }

  /// Everything visible, in the layout's order: for a reader that does not draw (the adapter
  /// following what is on screen after every scroll), which need not pay for the drawing order.
  package func elementsInBounds() -> [LayoutAttributes] {
    collectionViewLayout.layoutAttributesForElements(in: bounds)
  }

  /// The items with a cell in the visible area, in order.
  ///
  /// - Complexity: O(log n + k) for k visible elements.
  public var indexPathsForVisibleItems: [IndexPath] {
    var paths: [IndexPath] = []
    for attributes in elementsInBounds()
    where attributes.category == .cell && contains(attributes.indexPath) {
      paths.append(attributes.indexPath)
    }
    return paths.sorted()
  }

  /// The items whose cell lies wholly in the visible area (and, in a sideways row, within the
  /// row's clip), in order: the ones a user can read whole. A cell cut by an edge is only in
  /// ``indexPathsForVisibleItems``.
  ///
  /// - Complexity: O(log n + k) for k visible elements.
  public var indexPathsForFullyVisibleItems: [IndexPath] {
    var paths: [IndexPath] = []
    for attributes in elementsInBounds()
    where attributes.category == .cell && contains(attributes.indexPath)
      && Self.holds(bounds, attributes.frame)
      && (attributes.clip.map { Self.holds($0, attributes.frame) } ?? true)
    {
      paths.append(attributes.indexPath)
    }
    return paths.sorted()
  }

  private static func holds(_ outer: Rect, _ inner: Rect) -> Bool {
    inner.minX >= outer.minX && inner.maxX <= outer.maxX && inner.minY >= outer.minY
      && inner.maxY <= outer.maxY
  }

  /// The item whose cell is drawn on top at `point` (in content coordinates), or nil when there is
  /// none (UIKit's `indexPathForItem(at:)`). What is drawn on top takes the point, as a touch goes
  /// to the topmost view: a pinned header or a badge over a cell is not the cell, and a cell
  /// scrolled out of its sideways row (outside the row's clip) is not there. Decorations never
  /// take it.
  public func indexPathForItem(at point: Point) -> IndexPath? {
    guard point.x.isFinite, point.y.isFinite else { return nil }
    let probe = Rect(x: point.x, y: point.y, width: 1, height: 1)
    let top = collectionViewLayout.layoutAttributesForElements(in: probe)
      .filter { $0.category != .decoration && $0.frame.contains(point) && ($0.clip?.contains(point) ?? true) }
      .max(by: LayoutAttributes.drawsBefore)
    guard let top, top.category == .cell, contains(top.indexPath) else { return nil }
    return top.indexPath
  }

  /// The cell descriptor for the item, or nil when it does not exist.
  public func cellDescriptor(at indexPath: IndexPath) -> CellDescriptor? {
    guard let dataSource, contains(indexPath) else { return nil }
    return dataSource.collectionView(self, cellForItemAt: dataIndexPath(forDisplayed: indexPath))
  }

  /// The supplementary descriptor of `kind` (a header, a footer, a badge) at `indexPath`: its
  /// section, and its index among the section's supplementaries of that kind (0 for a header).
  /// Nil when the data source has none or the section does not exist.
  public func supplementaryDescriptor(ofKind kind: ElementKind, at indexPath: IndexPath)
    -> SupplementaryDescriptor?
  {
    guard indexPath.section >= 0, indexPath.section < itemCounts.count, indexPath.item >= 0 else {
      return nil
    }
    return dataSource?.collectionView(self, supplementaryOfKind: kind, at: indexPath)
  }

  /// Whether the item exists in the validated counts.
  func contains(_ indexPath: IndexPath) -> Bool {
    indexPath.section >= 0 && indexPath.section < itemCounts.count && indexPath.item >= 0
      && indexPath.item < itemCounts[indexPath.section]
  }

  /// The attributes of the item at `indexPath` (its frame, z-index, …), or nil when there is
  /// no such item: `UICollectionView.layoutAttributesForItem(at:)`.
  public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    collectionViewLayout.layoutAttributesForItem(at: indexPath)
  }

  /// The attributes of the supplementary element of `kind` at `indexPath`, or nil when there is
  /// none: `UICollectionView.layoutAttributesForSupplementaryElement(ofKind:at:)`.
  public func layoutAttributesForSupplementaryElement(
    ofKind kind: ElementKind, at indexPath: IndexPath
  ) -> LayoutAttributes? {
    collectionViewLayout.layoutAttributesForSupplementaryElement(ofKind: kind, at: indexPath)
  }

  /// Lays `sections` out again now, their items asked for their sizes again; later sections move
  /// by the height change.
  package func invalidateLayout(ofSections sections: some Sequence<Int>) {
    var context = InvalidationContext()
    context.invalidateSections(sections)
    collectionViewLayout.invalidateLayout(with: context)
    prepareAndSelfSize()
  }
}
