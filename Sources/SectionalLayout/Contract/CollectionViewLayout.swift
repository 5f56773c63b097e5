import SectionalDiff

/// The layout contract, after `UICollectionViewLayout`: a layout turns its collection view's
/// counts and its delegate's sizes into attributes, caches them, and recomputes only what an
/// ``InvalidationContext`` names. The flow layout is one conformer; a layout of your own plugs
/// into a collection view the same way.
///
/// The walk: ``invalidateLayout(with:)`` → ``prepare()`` → queries
/// (``layoutAttributesForElements(in:)`` and the per-element ones) → for self-sizing,
/// ``shouldInvalidateLayout(forPreferredAttributes:originalAttributes:)`` and
/// ``invalidationContext(forPreferredAttributes:originalAttributes:)`` → invalidate → prepare…
///
/// A layout asks ``collectionView`` for counts (the ones the collection view has validated)
/// and ``LayoutCollectionView/layoutDelegate`` for sizes; it never reads the data behind them.
///
/// Only ``collectionView``, ``bounds``, ``prepare()``, ``contentSize``,
/// ``layoutAttributesForElements(in:)``, ``layoutAttributesForItem(at:)`` and
/// ``invalidateLayout(with:)`` are required; the rest have defaults for a layout without
/// supplementaries, decorations or self-sizing.
public protocol CollectionViewLayout: AnyObject {
  /// The collection view this layout lays out; set by the collection view that is given the
  /// layout. Hold it weakly.
  var collectionView: (any LayoutCollectionView)? { get set }

  /// The visible rectangle in content coordinates; its width is the width items lay out in. The
  /// collection view sets it.
  var bounds: Rect { get set }

  /// Brings the cache up to date with everything invalidated since the last call.
  func prepare()

  /// The size of all the content.
  var contentSize: Size { get }

  /// Every element whose frame intersects `rect`, in drawing order (see
  /// ``LayoutAttributes/drawsBefore(_:_:)``).
  func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes]

  /// The item's attributes, or nil when it does not exist.
  func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes?
  /// The supplementary element's attributes, or nil when the section has none of `kind`. The
  /// default returns nil.
  func layoutAttributesForSupplementaryElement(ofKind kind: ElementKind, at indexPath: IndexPath)
    -> LayoutAttributes?
  /// The decoration's attributes, or nil when the section has none of `kind`. The default
  /// returns nil.
  func layoutAttributesForDecoration(ofKind kind: ElementKind, at indexPath: IndexPath) -> LayoutAttributes?

  /// The supplementary kinds this layout can place (a front registers a view for each). The
  /// default is none.
  var supplementaryElementKinds: [ElementKind] { get }
  /// The decoration kinds this layout can place. The default is none.
  var decorationElementKinds: [ElementKind] { get }

  /// Whether moving or resizing the bounds to `newBounds` changes any attributes. The default
  /// says yes when the width changes.
  func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool
  /// The smallest context for a bounds change. The default invalidates everything.
  func invalidationContext(forBoundsChange newBounds: Rect) -> InvalidationContext

  /// Marks what `context` names as needing recomputation at the next ``prepare()``.
  func invalidateLayout(with context: InvalidationContext)

  /// Lays out what stands at an estimate in `rect` (a layout may leave sections a batch changed
  /// off screen at their last size until a query reaches them), and returns how much the content
  /// that starts above `rect` changed height: the collection view scrolls by it, so what the
  /// viewport showed stays where it was. The default lays out nothing and returns 0.
  func layOutEstimatedSections(in rect: Rect) -> Double

  /// Whether the layout sizes the item by its content: the collection view then measures the
  /// item's cell and offers the size as preferred attributes, whatever the cell's descriptor
  /// says. The default says no (a flow layout's items self-size when their descriptor's size is
  /// estimated).
  func selfSizesItem(at indexPath: IndexPath) -> Bool
  /// Whether the item may take a preferred size at all: the collection view reads a visible
  /// item's cell, to see whether its size is estimated, only when this says yes. The default
  /// says yes. A layout that knows the item's size is exact says no, and spares the collection
  /// view a cell per visible item on every layout pass.
  func mayPreferSize(ofItemAt indexPath: IndexPath) -> Bool
  /// Whether the item's width, too, is its content's (an estimated width): the collection view
  /// then measures the cell at the container's width and offers the width it takes, as UIKit's
  /// fitting with a low horizontal priority does. Otherwise only the height is measured, at the
  /// item's width. The default says no.
  func selfSizesItemWidth(at indexPath: IndexPath) -> Bool
  /// Whether the layout sizes the supplementary of `kind` at `indexPath` by its content (an
  /// estimated header): the collection view then measures it and offers the size as preferred
  /// attributes. The default says no.
  func selfSizesSupplementary(ofKind kind: ElementKind, at indexPath: IndexPath) -> Bool
  /// Whether the supplementaries of `kind` in `section` are anchored to items (badges): the
  /// `item` of their index path is their item's, so an update moves them with their items.
  /// The default says no: `item` is a supplementary's position among its kind (a header's 0).
  func supplementaryFollowsItems(ofKind kind: ElementKind, inSection section: Int) -> Bool

  /// Whether a cell's preferred attributes differ enough from what the layout gave it. The
  /// default says no: the layout does not self-size.
  func shouldInvalidateLayout(
    forPreferredAttributes preferred: LayoutAttributes, originalAttributes original: LayoutAttributes
  ) -> Bool
  /// The context for a preferred size: the item, the content-size adjustment, the stored size.
  /// The default names the item and stores the size.
  func invalidationContext(
    forPreferredAttributes preferred: LayoutAttributes, originalAttributes original: LayoutAttributes
  ) -> InvalidationContext

  // MARK: Animated updates

  /// A batch was applied (animated or not, as UIKit tells of every batch update) and the layout
  /// prepared for it: `updates` says what changed. Called before the
  /// ``initialLayoutAttributesForAppearingItem(at:)`` family is asked, so a layout can remember
  /// which elements are inserted or deleted. The default does nothing.
  func prepare(forCollectionViewUpdates updates: [UpdateItem])
  /// The batch's start and end attributes have all been asked for (at once, without
  /// animation). The default does nothing.
  func finalizeCollectionViewUpdates()
  /// Where an item that appears with the update starts (by its index path after it). Nil, the
  /// default, starts it at its final frame, faded out. Asked only of items that appear (inserted,
  /// or coming from beyond a viewport away): one that stays goes from its old frame, which the
  /// collection view keeps, to its new.
  func initialLayoutAttributesForAppearingItem(at indexPath: IndexPath) -> LayoutAttributes?
  /// Where an item that disappears with the update ends (by its index path before it). Nil, the
  /// default, ends it at its initial frame, faded out. Asked only of items that go.
  func finalLayoutAttributesForDisappearingItem(at indexPath: IndexPath) -> LayoutAttributes?
  /// ``initialLayoutAttributesForAppearingItem(at:)`` for a supplementary element.
  func initialLayoutAttributesForAppearingSupplementaryElement(
    ofKind kind: ElementKind, at indexPath: IndexPath
  )
    -> LayoutAttributes?
  /// ``finalLayoutAttributesForDisappearingItem(at:)`` for a supplementary element.
  func finalLayoutAttributesForDisappearingSupplementaryElement(
    ofKind kind: ElementKind, at indexPath: IndexPath
  )
    -> LayoutAttributes?
  /// Where an item being moved interactively goes when the pointer is at `position` (content
  /// coordinates): UIKit's `targetIndexPath(forInteractivelyMovingItem:withPosition:)`. The
  /// default: the item whose frame contains `position`, else `previousIndexPath`.
  func targetIndexPath(forInteractivelyMovingItem previousIndexPath: IndexPath, withPosition position: Point)
    -> IndexPath
  /// The attributes of the item being moved, at `indexPath` with the pointer at `position`. The
  /// default: its own frame, centred on `position`, in front of everything
  /// (``ZIndex/interactivelyMoving``).
  func layoutAttributesForInteractivelyMovingItem(at indexPath: IndexPath, withTargetPosition position: Point)
    -> LayoutAttributes?
  /// ``initialLayoutAttributesForAppearingItem(at:)`` for a decoration.
  func initialLayoutAttributesForAppearingDecorationElement(ofKind kind: ElementKind, at indexPath: IndexPath)
    -> LayoutAttributes?
  /// ``finalLayoutAttributesForDisappearingItem(at:)`` for a decoration.
  func finalLayoutAttributesForDisappearingDecorationElement(
    ofKind kind: ElementKind, at indexPath: IndexPath
  )
    -> LayoutAttributes?
}

extension CollectionViewLayout {
  /// Invalidates everything.
  public func invalidateLayout() { invalidateLayout(with: .everything) }

  /// The default: nothing is estimated.
  public func layOutEstimatedSections(in rect: Rect) -> Double { 0 }

  /// The default: no supplementaries.
  public func layoutAttributesForSupplementaryElement(ofKind kind: ElementKind, at indexPath: IndexPath)
    -> LayoutAttributes?
  { nil }

  /// The default: no decorations.
  public func layoutAttributesForDecoration(ofKind kind: ElementKind, at indexPath: IndexPath)
    -> LayoutAttributes?
  { nil }

  /// The default: no supplementary kinds.
  public var supplementaryElementKinds: [ElementKind] { [] }
  /// The default: no decoration kinds.
  public var decorationElementKinds: [ElementKind] { [] }

  /// The default: a new width invalidates the layout; scrolling does not.
  public func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    newBounds.width != bounds.width
  }

  /// The default: everything.
  public func invalidationContext(forBoundsChange newBounds: Rect) -> InvalidationContext { .everything }

  /// The default: no; the cell's descriptor decides.
  public func selfSizesItem(at indexPath: IndexPath) -> Bool { false }

  /// The default: yes; the cell's descriptor decides.
  public func mayPreferSize(ofItemAt indexPath: IndexPath) -> Bool { true }

  /// The default: no; supplementaries are numbered by kind, as headers and footers are.
  public func supplementaryFollowsItems(ofKind kind: ElementKind, inSection section: Int) -> Bool { false }

  /// The default: no; only heights are measured.
  public func selfSizesItemWidth(at indexPath: IndexPath) -> Bool { false }

  /// The default: no supplementary sizes itself.
  public func selfSizesSupplementary(ofKind kind: ElementKind, at indexPath: IndexPath) -> Bool { false }

  /// The default: self-sizing is not supported, preferred sizes are ignored.
  public func shouldInvalidateLayout(
    forPreferredAttributes preferred: LayoutAttributes, originalAttributes original: LayoutAttributes
  ) -> Bool { false }

  /// The default: the item's (or supplementary's) preferred size, stored in a context that
  /// invalidates it.
  public func invalidationContext(
    forPreferredAttributes preferred: LayoutAttributes, originalAttributes original: LayoutAttributes
  ) -> InvalidationContext {
    var context = InvalidationContext()
    if preferred.category == .supplementary {
      context.setPreferredSize(
        preferred.frame.size, forSupplementaryOfKind: preferred.kind, at: preferred.indexPath)
    } else {
      context.setPreferredSize(preferred.frame.size, forItemAt: preferred.indexPath)
    }
    context.contentSizeAdjustment = Size(width: 0, height: preferred.frame.height - original.frame.height)
    return context
  }
}

// The animation defaults: UIKit's, every element fading in at its final frame or out at its
// initial one, and moving elements going from their old frame to their new (the collection view
// pairs those; a layout is asked only about elements that appear or disappear).
extension CollectionViewLayout {
  /// The default: nothing to remember.
  public func prepare(forCollectionViewUpdates updates: [UpdateItem]) {}
  /// The default: nothing to forget.
  public func finalizeCollectionViewUpdates() {}
  /// The default: the item fades in at its final frame.
  public func initialLayoutAttributesForAppearingItem(at indexPath: IndexPath) -> LayoutAttributes? { nil }
  /// The default: the item fades out at its initial frame.
  public func finalLayoutAttributesForDisappearingItem(at indexPath: IndexPath) -> LayoutAttributes? { nil }
  /// The default: the element fades in at its final frame.
  public func initialLayoutAttributesForAppearingSupplementaryElement(
    ofKind kind: ElementKind, at indexPath: IndexPath
  ) -> LayoutAttributes? { nil }
  /// The default: the element fades out at its initial frame.
  public func finalLayoutAttributesForDisappearingSupplementaryElement(
    ofKind kind: ElementKind, at indexPath: IndexPath
  ) -> LayoutAttributes? { nil }
  /// The default: the decoration fades in at its final frame.
  public func initialLayoutAttributesForAppearingDecorationElement(
    ofKind kind: ElementKind, at indexPath: IndexPath
  ) -> LayoutAttributes? { nil }
  /// The default: the decoration fades out at its initial frame.
  public func finalLayoutAttributesForDisappearingDecorationElement(
    ofKind kind: ElementKind, at indexPath: IndexPath
  ) -> LayoutAttributes? { nil }

  /// The default: the cell under `position`, else where the item was.
  public func targetIndexPath(
    forInteractivelyMovingItem previousIndexPath: IndexPath, withPosition position: Point
  ) -> IndexPath {
    let probe = Rect(x: position.x, y: position.y, width: 0.5, height: 0.5)
    let under = layoutAttributesForElements(in: probe).first {
      $0.category == .cell && $0.frame.minX <= position.x && position.x < $0.frame.maxX
        && $0.frame.minY <= position.y && position.y < $0.frame.maxY
    }
    return under?.indexPath ?? previousIndexPath
  }

  /// The default: the item's frame centred on `position`, in front of everything.
  public func layoutAttributesForInteractivelyMovingItem(
    at indexPath: IndexPath, withTargetPosition position: Point
  ) -> LayoutAttributes? {
    guard var attributes = layoutAttributesForItem(at: indexPath) else { return nil }
    attributes.frame.origin = Point(
      x: position.x - attributes.frame.width / 2, y: position.y - attributes.frame.height / 2)
    attributes.zIndex = ZIndex.interactivelyMoving
    return attributes
  }
}

/// A layout with sections that scroll sideways on their own (a compositional layout's
/// orthogonal sections): the collection view scrolls one through it.
public protocol SidewaysScrollingLayout: CollectionViewLayout {
  /// Whether `section` scrolls sideways.
  func scrollsSideways(section: Int) -> Bool
  /// Scrolls `section` sideways by `dx` (as its behaviour says: freely, or a page or group at a
  /// time); returns whether it moved.
  @discardableResult
  func scrollSection(_ section: Int, sidewaysBy dx: Double) -> Bool
  /// How far `section` is scrolled sideways; 0 for a section that does not scroll sideways.
  func orthogonalOffset(forSection section: Int) -> Double
  /// Scrolls `section` sideways to `offset`, kept within its row (what UIKit hands a
  /// compositional section's `visibleItemsInvalidationHandler` as its scroll offset): how an app
  /// restores a row where the user left it.
  func setOrthogonalOffset(_ offset: Double, forSection section: Int)
}

/// A layout whose ``CollectionViewLayout/prepare(forCollectionViewUpdates:)`` and
/// ``CollectionViewLayout/finalizeCollectionViewUpdates()`` are the defaults, which do nothing:
/// the collection view then does not build a batch's update items for it (a cost per change of
/// the batch). The built-in layouts are such layouts.
package protocol IgnoresCollectionViewUpdates: CollectionViewLayout {}

extension FlowLayout: IgnoresCollectionViewUpdates {}
extension CompositionalLayout: IgnoresCollectionViewUpdates {}
