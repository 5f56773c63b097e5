import SectionalDiff

/// How big an item is: exactly, or an estimate its cell refines by self-sizing.
public enum ItemSize: Hashable, Sendable {
  /// The item is this size; preferred sizes are ignored.
  case exact(Size)
  /// A first guess; the cell's preferred size replaces it (seed 001's self-sizing).
  case estimated(Size)

  public var size: Size {
    switch self {
    case .exact(let size), .estimated(let size): size
    }
  }

  public var isEstimated: Bool {
    if case .estimated = self { return true }
    return false
  }
}

/// What a ``FlowLayout`` asks, after `UICollectionViewDelegateFlowLayout`: counts, sizes,
/// insets, spacing, header and footer heights, decoration styles. It knows nothing of section
/// controllers.
///
/// Only the first three are required; each other method has a default that returns the
/// layout's property of the same name.
public protocol FlowLayoutDataSource: AnyObject {
  func numberOfSections(in layout: FlowLayout) -> Int
  func layout(_ layout: FlowLayout, numberOfItemsInSection section: Int) -> Int
  func layout(_ layout: FlowLayout, sizeForItemAt indexPath: IndexPath) -> ItemSize

  /// The default returns `layout.sectionInset`.
  func layout(_ layout: FlowLayout, insetForSection section: Int) -> EdgeInsets
  /// The default returns `layout.lineSpacing`.
  func layout(_ layout: FlowLayout, lineSpacingForSection section: Int) -> Double
  /// The default returns `layout.interitemSpacing`.
  func layout(_ layout: FlowLayout, interitemSpacingForSection section: Int) -> Double
  /// Zero means no header. The default returns `layout.headerHeight`.
  func layout(_ layout: FlowLayout, headerHeightForSection section: Int) -> Double
  /// Zero means no footer. The default returns `layout.footerHeight`.
  func layout(_ layout: FlowLayout, footerHeightForSection section: Int) -> Double
  /// The style of the section's decoration of `kind`, or nil for none. The default returns
  /// `layout.decorationStyles[kind]`.
  func layout(_ layout: FlowLayout, decorationStyleOfKind kind: ElementKind, forSection section: Int)
    -> DecorationStyle?
}

extension FlowLayoutDataSource {
  public func layout(_ layout: FlowLayout, insetForSection section: Int) -> EdgeInsets {
    layout.sectionInset
  }
  public func layout(_ layout: FlowLayout, lineSpacingForSection section: Int) -> Double {
    layout.lineSpacing
  }
  public func layout(_ layout: FlowLayout, interitemSpacingForSection section: Int) -> Double {
    layout.interitemSpacing
  }
  public func layout(_ layout: FlowLayout, headerHeightForSection section: Int) -> Double {
    layout.headerHeight
  }
  public func layout(_ layout: FlowLayout, footerHeightForSection section: Int) -> Double {
    layout.footerHeight
  }
  public func layout(_ layout: FlowLayout, decorationStyleOfKind kind: ElementKind, forSection section: Int)
    -> DecorationStyle?
  {
    layout.decorationStyles[kind]
  }
}
