import SectionalDiff

/// How big an item is: exactly, or an estimate its cell refines by self-sizing.
public enum ItemSize: Hashable, Sendable {
  /// The item is this size; preferred sizes are ignored.
  case exact(Size)
  /// A first guess; the cell's preferred size replaces it once measured.
  case estimated(Size)

  /// The exact size or the estimate.
  public var size: Size {
    switch self {
    case .exact(let size), .estimated(let size): size
    }
  }

  /// Whether the size is an estimate that self-sizing refines.
  public var isEstimated: Bool {
    if case .estimated = self { return true }
    return false
  }
}

/// What a ``FlowLayout`` asks its collection view's delegate, after
/// `UICollectionViewDelegateFlowLayout`: sizes, insets, spacing, header and footer heights,
/// decoration styles. Counts come from the collection view itself.
///
/// Every method has a default that returns the layout's property of the same name, so a
/// delegate implements only what varies by section or item.
public protocol FlowLayoutDelegate: AnyObject {
  /// The size of the item. The default returns `layout.itemSize`.
  func layout(_ layout: FlowLayout, sizeForItemAt indexPath: IndexPath) -> ItemSize
  /// The space around the section's items. The default returns `layout.sectionInset`.
  func layout(_ layout: FlowLayout, insetForSection section: Int) -> EdgeInsets
  /// The space between lines. The default returns `layout.lineSpacing`.
  func layout(_ layout: FlowLayout, lineSpacingForSection section: Int) -> Double
  /// The space between items on a line. The default returns `layout.interitemSpacing`.
  func layout(_ layout: FlowLayout, interitemSpacingForSection section: Int) -> Double
  /// The header's height; zero means no header. The default returns `layout.headerHeight`.
  func layout(_ layout: FlowLayout, headerHeightForSection section: Int) -> Double
  /// The footer's height; zero means no footer. The default returns `layout.footerHeight`.
  func layout(_ layout: FlowLayout, footerHeightForSection section: Int) -> Double
  /// The style of the section's decoration of `kind`, or nil for none. The default returns
  /// `layout.decorationStyles[kind]`.
  func layout(_ layout: FlowLayout, decorationStyleOfKind kind: ElementKind, forSection section: Int)
    -> DecorationStyle?
}

extension FlowLayoutDelegate {
  /// The default: `layout.itemSize`.
  public func layout(_ layout: FlowLayout, sizeForItemAt indexPath: IndexPath) -> ItemSize {
    layout.itemSize
  }
  /// The default: `layout.sectionInset`.
  public func layout(_ layout: FlowLayout, insetForSection section: Int) -> EdgeInsets {
    layout.sectionInset
  }
  /// The default: `layout.lineSpacing`.
  public func layout(_ layout: FlowLayout, lineSpacingForSection section: Int) -> Double {
    layout.lineSpacing
  }
  /// The default: `layout.interitemSpacing`.
  public func layout(_ layout: FlowLayout, interitemSpacingForSection section: Int) -> Double {
    layout.interitemSpacing
  }
  /// The default: `layout.headerHeight`.
  public func layout(_ layout: FlowLayout, headerHeightForSection section: Int) -> Double {
    layout.headerHeight
  }
  /// The default: `layout.footerHeight`.
  public func layout(_ layout: FlowLayout, footerHeightForSection section: Int) -> Double {
    layout.footerHeight
  }
  /// The default: `layout.decorationStyles[kind]`.
  public func layout(_ layout: FlowLayout, decorationStyleOfKind kind: ElementKind, forSection section: Int)
    -> DecorationStyle?
  {
    layout.decorationStyles[kind]
  }
}
