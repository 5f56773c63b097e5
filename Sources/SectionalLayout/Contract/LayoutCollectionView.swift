import SectionalDiff

/// The collection view as its layout sees it, after `UICollectionViewLayout.collectionView`:
/// the counts the collection view has validated, the delegate a layout asks for sizes, and
/// where a layout reports what it corrected.
///
/// `CollectionView` conforms. To use a layout on its own (in a test, in another front),
/// conform a small class of your own.
public protocol LayoutCollectionView: AnyObject {
  /// The number of sections, as the collection view last validated it.
  var numberOfSections: Int { get }
  /// The number of items in `section`, as the collection view last validated it.
  func numberOfItems(inSection section: Int) -> Int
  /// What a layout asks for sizes, insets, spacing and styles. Each layout casts it to its own
  /// delegate protocol (``FlowLayoutDelegate``) and uses its own defaults when it does not
  /// conform.
  var layoutDelegate: AnyObject? { get }
  /// Records something the layout corrected rather than crash on.
  func report(_ diagnostic: Diagnostic)
}

extension Diagnostic.Kind {
  /// A size, inset, spacing or count that was negative, NaN or infinite; zero was used.
  public static let invalidSize: Self = "invalid-size"
  /// An item wider than its section's available width; it was narrowed to fit.
  public static let itemTooWide: Self = "item-too-wide"
  /// A self-sizing item whose preferred size did not settle; its last size was kept.
  public static let selfSizingDidNotSettle: Self = "self-sizing-did-not-settle"
  /// An invalidation that did not fit the collection view's counts; everything was recomputed.
  public static let inconsistentUpdate: Self = "inconsistent-update"
}
