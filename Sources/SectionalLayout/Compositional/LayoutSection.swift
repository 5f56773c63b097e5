import SectionalDiff

/// How a section scrolls sideways, after `UICollectionLayoutSectionOrthogonalScrollingBehavior`.
public enum OrthogonalScrollingBehavior: Hashable, Sendable {
  /// It does not: groups stack down the page.
  case none
  /// Groups sit in one row that scrolls freely.
  case continuous
  /// A row that comes to rest at a group's leading edge.
  case continuousGroupLeadingBoundary
  /// A row that scrolls a container's width at a time.
  case paging
  /// A row that scrolls one group at a time.
  case groupPaging
}

/// A section's layout, after `NSCollectionLayoutSection`: a group repeated until the section's
/// items are placed, with spacing, insets, boundary supplementaries and decorations.
public struct LayoutSection: Hashable, Sendable {
  /// The group repeated down the section (or across it, when it scrolls sideways).
  public var group: LayoutGroup
  /// Space between groups. Default zero.
  public var interGroupSpacing = 0.0
  /// Space around the groups, inside the section's boundary supplementaries. Default zero.
  public var contentInsets = EdgeInsets.zero
  /// Whether the section is one sideways-scrolling row. Default ``OrthogonalScrollingBehavior/none``.
  public var orthogonalScrollingBehavior = OrthogonalScrollingBehavior.none
  /// Headers, footers and any other boundary items.
  public var boundarySupplementaryItems: [LayoutBoundarySupplementaryItem] = []
  /// Backgrounds behind the section.
  public var decorationItems: [LayoutDecorationItem] = []
  /// Whether boundary supplementaries are as wide as the content (inside the left and right
  /// insets, the default) or as the whole section.
  public var supplementariesFollowContentInsets = true

  /// A section repeating `group`.
  public init(group: LayoutGroup) { self.group = group }

  /// One full-width item per row, `estimatedHeight` tall until measured: a list.
  public static func list(estimatedHeight: Double = 1) -> LayoutSection {
    let size = LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(estimatedHeight))
    return LayoutSection(group: .vertical(layoutSize: size, subitems: [LayoutItem(layoutSize: size)]))
  }
}

/// What a section provider is told, after `NSCollectionLayoutEnvironment`: the size of the
/// container the sections lay out in.
public struct LayoutEnvironment: Hashable, Sendable {
  /// The collection view's visible size.
  public var containerSize: Size

  /// An environment of a container of `containerSize`.
  public init(containerSize: Size) { self.containerSize = containerSize }
}
