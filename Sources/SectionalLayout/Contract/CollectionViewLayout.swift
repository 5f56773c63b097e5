import SectionalDiff

/// The layout contract, after `UICollectionViewLayout`: a layout turns a data source's counts and
/// sizes into attributes, caches them, and recomputes only what an ``InvalidationContext`` names.
///
/// The walk: ``invalidateLayout(with:)`` → ``prepare()`` → queries (``layoutAttributesForElements(in:)``
/// and the per-element ones) → for self-sizing, ``shouldInvalidateLayout(forPreferredAttributes:originalAttributes:)``
/// and ``invalidationContext(forPreferredAttributes:originalAttributes:)`` → invalidate → prepare…
public protocol CollectionViewLayout: AnyObject {
  /// The visible rectangle in content coordinates; its width is the width items lay out in.
  var bounds: Rect { get set }

  /// Brings the cache up to date with everything invalidated since the last call.
  func prepare()

  /// The size of all the content.
  var contentSize: Size { get }

  /// Every element whose frame intersects `rect`, in drawing order (see
  /// ``LayoutAttributes/drawsBefore(_:_:)``).
  func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes]

  func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes?
  func layoutAttributesForSupplementaryElement(ofKind kind: ElementKind, at indexPath: IndexPath)
    -> LayoutAttributes?
  func layoutAttributesForDecoration(ofKind kind: ElementKind, at indexPath: IndexPath) -> LayoutAttributes?

  /// Whether moving or resizing the bounds to `newBounds` changes any attributes.
  func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool
  /// The smallest context for a bounds change.
  func invalidationContext(forBoundsChange newBounds: Rect) -> InvalidationContext

  /// Marks what `context` names as needing recomputation at the next ``prepare()``.
  func invalidateLayout(with context: InvalidationContext)

  /// Whether a cell's preferred attributes differ enough from what the layout gave it.
  func shouldInvalidateLayout(
    forPreferredAttributes preferred: LayoutAttributes, originalAttributes original: LayoutAttributes
  ) -> Bool
  /// The context for a preferred size: the item, the content-size adjustment, the stored size.
  func invalidationContext(
    forPreferredAttributes preferred: LayoutAttributes, originalAttributes original: LayoutAttributes
  ) -> InvalidationContext
}

extension CollectionViewLayout {
  /// Invalidates everything.
  public func invalidateLayout() { invalidateLayout(with: .everything) }
}
