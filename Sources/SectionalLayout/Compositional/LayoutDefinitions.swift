import SectionalDiff

/// One axis of an item's, group's or supplementary's size, after
/// `NSCollectionLayoutDimension`: an absolute length, a fraction of the container's width or
/// height, or an estimate that self-sizing refines.
public struct LayoutDimension: Hashable, Sendable {
  /// How the length is given.
  public enum Kind: Hashable, Sendable {
    /// In points (terminal cells).
    case absolute
    /// A fraction of the container's width.
    case fractionalWidth
    /// A fraction of the container's height.
    case fractionalHeight
    /// A first guess in points; the cell's measured size replaces it.
    case estimated
  }

  /// How ``value`` is read.
  public var kind: Kind
  /// The length or the fraction.
  public var value: Double

  /// `points` long.
  public static func absolute(_ points: Double) -> LayoutDimension {
    LayoutDimension(kind: .absolute, value: points)
  }
  /// `fraction` of the container's width.
  public static func fractionalWidth(_ fraction: Double) -> LayoutDimension {
    LayoutDimension(kind: .fractionalWidth, value: fraction)
  }
  /// `fraction` of the container's height.
  public static func fractionalHeight(_ fraction: Double) -> LayoutDimension {
    LayoutDimension(kind: .fractionalHeight, value: fraction)
  }
  /// About `points` long until measured.
  public static func estimated(_ points: Double) -> LayoutDimension {
    LayoutDimension(kind: .estimated, value: points)
  }

  /// Whether self-sizing refines the length.
  public var isEstimated: Bool { kind == .estimated }
}

/// A width and a height, after `NSCollectionLayoutSize`.
public struct LayoutSize: Hashable, Sendable {
  /// The width.
  public var widthDimension: LayoutDimension
  /// The height.
  public var heightDimension: LayoutDimension

  /// A size of the two dimensions.
  public init(widthDimension: LayoutDimension, heightDimension: LayoutDimension) {
    self.widthDimension = widthDimension
    self.heightDimension = heightDimension
  }
}

/// Space between elements, after `NSCollectionLayoutSpacing`: fixed, or flexible (at least the
/// value, sharing whatever room the group has left).
public enum LayoutSpacing: Hashable, Sendable {
  /// Exactly this much.
  case fixed(Double)
  /// At least this much; leftover room in the group is shared among the flexible spacings.
  case flexible(Double)

  var minimum: Double {
    switch self {
    case .fixed(let value), .flexible(let value): value
    }
  }

  var isFlexible: Bool {
    if case .flexible = self { return true }
    return false
  }
}

/// Space outside an item along its group's axis, after `NSCollectionLayoutEdgeSpacing`: leading
/// and trailing in a horizontal group, top and bottom in a vertical one. The other two edges are
/// ignored, as in UIKit.
public struct LayoutEdgeSpacing: Hashable, Sendable {
  /// Before the item in a horizontal group.
  public var leading: LayoutSpacing?
  /// Above the item in a vertical group.
  public var top: LayoutSpacing?
  /// After the item in a horizontal group.
  public var trailing: LayoutSpacing?
  /// Below the item in a vertical group.
  public var bottom: LayoutSpacing?

  /// Edge spacing; each edge defaults to none.
  public init(
    leading: LayoutSpacing? = nil, top: LayoutSpacing? = nil, trailing: LayoutSpacing? = nil,
    bottom: LayoutSpacing? = nil
  ) {
    self.leading = leading
    self.top = top
    self.trailing = trailing
    self.bottom = bottom
  }
}

/// The edges of a rectangle, for anchors.
public struct LayoutEdges: OptionSet, Hashable, Sendable {
  /// The raw bits.
  public var rawValue: UInt8
  /// Edges from their raw bits.
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// The top edge.
  public static let top = LayoutEdges(rawValue: 1)
  /// The leading (left) edge.
  public static let leading = LayoutEdges(rawValue: 2)
  /// The bottom edge.
  public static let bottom = LayoutEdges(rawValue: 4)
  /// The trailing (right) edge.
  public static let trailing = LayoutEdges(rawValue: 8)
}

/// Where a supplementary sits on its item, after `NSCollectionLayoutAnchor`: inside the item's
/// corner or edge named by ``edges`` (centred on an axis with neither edge, or both), then moved
/// by an offset in points or in fractions of the supplementary's own size.
///
/// `LayoutAnchor(edges: [.top, .trailing], fractionalOffset: Point(x: 0.3, y: -0.3))` puts a
/// badge over the item's top-right corner, sticking out by 30% of its size, as in Apple's compositional layout samples.
public struct LayoutAnchor: Hashable, Sendable {
  /// How the offset is given.
  public enum Offset: Hashable, Sendable {
    /// In points.
    case absolute(Point)
    /// In fractions of the supplementary's width and height.
    case fractional(Point)
  }

  /// The edges the supplementary is aligned to.
  public var edges: LayoutEdges
  /// How far it moves from there.
  public var offset: Offset

  /// Aligned to `edges`, not moved.
  public init(edges: LayoutEdges) {
    self.edges = edges
    offset = .absolute(.zero)
  }

  /// Aligned to `edges`, moved by `absoluteOffset` points.
  public init(edges: LayoutEdges, absoluteOffset: Point) {
    self.edges = edges
    offset = .absolute(absoluteOffset)
  }

  /// Aligned to `edges`, moved by `fractionalOffset` of the supplementary's size.
  public init(edges: LayoutEdges, fractionalOffset: Point) {
    self.edges = edges
    offset = .fractional(fractionalOffset)
  }
}

/// A supplementary attached to every item of a layout item (a badge), after
/// `NSCollectionLayoutSupplementaryItem`. Its index path is its item's.
public struct LayoutSupplementaryItem: Hashable, Sendable {
  /// Its size; fractions are of the item's size.
  public var layoutSize: LayoutSize
  /// Its kind, which the data source and the front's registry are asked by.
  public var elementKind: ElementKind
  /// Where it sits on its item.
  public var containerAnchor: LayoutAnchor
  /// Drawing order; the default, ``ZIndex/badge``, is above cells and below headers and footers.
  public var zIndex: Int

  /// A supplementary of `elementKind` anchored to its item by `containerAnchor`.
  public init(
    layoutSize: LayoutSize, elementKind: ElementKind, containerAnchor: LayoutAnchor,
    zIndex: Int = ZIndex.badge
  ) {
    self.layoutSize = layoutSize
    self.elementKind = elementKind
    self.containerAnchor = containerAnchor
    self.zIndex = zIndex
  }
}

/// Where a section's boundary supplementary sits, after `NSRectAlignment`: above the section's
/// content or below it, across it or at one side.
public enum BoundaryAlignment: Hashable, Sendable {
  /// Above, centred.
  case top
  /// Above, at the left.
  case topLeading
  /// Above, at the right.
  case topTrailing
  /// Below, centred.
  case bottom
  /// Below, at the left.
  case bottomLeading
  /// Below, at the right.
  case bottomTrailing

  var isTop: Bool { self == .top || self == .topLeading || self == .topTrailing }
}

/// A section's header or footer, after `NSCollectionLayoutBoundarySupplementaryItem`. Its index
/// path is (section, its position among the section's boundary items of its kind).
public struct LayoutBoundarySupplementaryItem: Hashable, Sendable {
  /// Its size; fractions are of the section's content width and the container's height.
  public var layoutSize: LayoutSize
  /// Its kind (`.header`, `.footer` or one of your own).
  public var elementKind: ElementKind
  /// Above or below the content, and where across it.
  public var alignment: BoundaryAlignment
  /// Moves it from where the alignment puts it.
  public var absoluteOffset: Point
  /// Whether it stays in view while any of its section is: a header at the top of the visible
  /// bounds (pushed off by its section's end), a footer at the bottom. Default false.
  public var pinToVisibleBounds: Bool
  /// Whether the section grows to make room for it (default true); otherwise it overlaps the
  /// section's content.
  public var extendsBoundary: Bool
  /// Drawing order, pinned or not (as UIKit's `zIndex`); see the initializer for its default.
  public var zIndex: Int

  /// A boundary supplementary of `elementKind`, `alignment` above or below its section. Without a
  /// `zIndex`, a pinned one is drawn in front of the content (``ZIndex/pinnedHeader``) and any
  /// other at ``ZIndex/supplementary``; a `zIndex` given is kept, pinned or not.
  public init(
    layoutSize: LayoutSize, elementKind: ElementKind, alignment: BoundaryAlignment,
    absoluteOffset: Point = .zero, pinToVisibleBounds: Bool = false, extendsBoundary: Bool = true,
    zIndex: Int? = nil
  ) {
    self.layoutSize = layoutSize
    self.elementKind = elementKind
    self.alignment = alignment
    self.absoluteOffset = absoluteOffset
    self.pinToVisibleBounds = pinToVisibleBounds
    self.extendsBoundary = extendsBoundary
    self.zIndex = zIndex ?? (pinToVisibleBounds ? ZIndex.pinnedHeader : ZIndex.supplementary)
  }
}

/// A decoration behind a section, after `NSCollectionLayoutDecorationItem.background`: the whole
/// section (boundary supplementaries included) across the full width, shrunk by ``contentInsets``.
/// One per section, computed with its section and cached, behind its cells — the compositional
/// form of the flow layout's section card.
public struct LayoutDecorationItem: Hashable, Sendable {
  /// Its kind; the front draws it by the view registered for the kind.
  public var elementKind: ElementKind
  /// How far inside the section's frame it is drawn.
  public var contentInsets: EdgeInsets
  /// Its look: fill, border, corners, shadow.
  public var style: DecorationStyle
  /// Drawing order; default ``ZIndex/sectionBackground``.
  public var zIndex: Int

  /// A background of `elementKind` (``ElementKind/sectionBackground`` by default) in `style`.
  public static func background(
    elementKind: ElementKind = .sectionBackground, style: DecorationStyle = DecorationStyle(),
    contentInsets: EdgeInsets = .zero
  ) -> LayoutDecorationItem {
    LayoutDecorationItem(
      elementKind: elementKind, contentInsets: contentInsets, style: style, zIndex: ZIndex.sectionBackground)
  }
}

/// One cell's place in a group, after `NSCollectionLayoutItem`.
public struct LayoutItem: Hashable, Sendable {
  /// Its size; fractions are of its group's size (after the group's insets).
  public var layoutSize: LayoutSize
  /// Space inside its slot: the cell's frame is the slot shrunk by these (not along an
  /// estimated axis, as in UIKit).
  public var contentInsets: EdgeInsets
  /// Space outside its slot along its group's axis.
  public var edgeSpacing: LayoutEdgeSpacing?
  /// Supplementaries anchored to every item placed from this one (badges).
  public var supplementaryItems: [LayoutSupplementaryItem]

  /// An item of `layoutSize` with `supplementaryItems` (none by default).
  public init(layoutSize: LayoutSize, supplementaryItems: [LayoutSupplementaryItem] = []) {
    self.layoutSize = layoutSize
    contentInsets = .zero
    edgeSpacing = nil
    self.supplementaryItems = supplementaryItems
  }
}

/// What a group holds: items, or groups in turn.
public indirect enum LayoutGroupMember: Hashable, Sendable {
  /// One item.
  case item(LayoutItem)
  /// A nested group.
  case group(LayoutGroup)

  var layoutSize: LayoutSize {
    switch self {
    case .item(let item): item.layoutSize
    case .group(let group): group.layoutSize
    }
  }

  /// How many items one placement of this member takes.
  var leafCount: Int {
    switch self {
    case .item: 1
    case .group(let group): group.leafCount
    }
  }
}

/// A row or column of items and groups, after `NSCollectionLayoutGroup`. A section repeats its
/// group until every item is placed; one placement takes as many items as the group has leaves.
public struct LayoutGroup: Hashable, Sendable {
  /// The direction members are laid out in.
  public enum Axis: Hashable, Sendable {
    /// Left to right.
    case horizontal
    /// Top to bottom.
    case vertical
  }

  /// The direction members are laid out in.
  public var axis: Axis
  /// The group's size; fractions are of the section's content width and the container's height
  /// (or the enclosing group's size).
  public var layoutSize: LayoutSize
  /// The members, in order.
  public var subitems: [LayoutGroupMember]
  /// When set, ``subitems`` holds one member repeated this many times, each sized to share the
  /// group's length equally (its own size along the axis is ignored), as
  /// `horizontal(layoutSize:subitem:count:)` does in UIKit.
  public private(set) var repeatCount: Int?
  /// Space between members; default none.
  public var interItemSpacing: LayoutSpacing?
  /// Space inside the group around its members.
  public var contentInsets: EdgeInsets = .zero

  init(axis: Axis, layoutSize: LayoutSize, subitems: [LayoutGroupMember], repeatCount: Int?) {
    self.axis = axis
    self.layoutSize = layoutSize
    self.subitems = subitems
    self.repeatCount = repeatCount
  }

  /// Members left to right.
  public static func horizontal(layoutSize: LayoutSize, subitems: [LayoutItem]) -> LayoutGroup {
    LayoutGroup(
      axis: .horizontal, layoutSize: layoutSize, subitems: subitems.map { .item($0) }, repeatCount: nil)
  }
  /// Members (items or groups) left to right.
  public static func horizontal(layoutSize: LayoutSize, members: [LayoutGroupMember]) -> LayoutGroup {
    LayoutGroup(axis: .horizontal, layoutSize: layoutSize, subitems: members, repeatCount: nil)
  }
  /// `count` of `subitem` left to right, sharing the width equally.
  public static func horizontal(layoutSize: LayoutSize, subitem: LayoutItem, count: Int) -> LayoutGroup {
    LayoutGroup(
      axis: .horizontal, layoutSize: layoutSize, subitems: [.item(subitem)], repeatCount: Swift.max(0, count))
  }
  /// Members top to bottom.
  public static func vertical(layoutSize: LayoutSize, subitems: [LayoutItem]) -> LayoutGroup {
    LayoutGroup(
      axis: .vertical, layoutSize: layoutSize, subitems: subitems.map { .item($0) }, repeatCount: nil)
  }
  /// Members (items or groups) top to bottom.
  public static func vertical(layoutSize: LayoutSize, members: [LayoutGroupMember]) -> LayoutGroup {
    LayoutGroup(axis: .vertical, layoutSize: layoutSize, subitems: members, repeatCount: nil)
  }
  /// `count` of `subitem` top to bottom, sharing the height equally.
  public static func vertical(layoutSize: LayoutSize, subitem: LayoutItem, count: Int) -> LayoutGroup {
    LayoutGroup(
      axis: .vertical, layoutSize: layoutSize, subitems: [.item(subitem)], repeatCount: Swift.max(0, count))
  }

  /// The members one placement lays out, repeats expanded.
  var members: [LayoutGroupMember] {
    guard let repeatCount, let member = subitems.first else { return subitems }
    return Array(repeating: member, count: repeatCount)
  }

  /// Whether any length in the group, its members or theirs is an estimate (a placement then
  /// depends on measured sizes).
  var hasEstimatedDimension: Bool {
    if layoutSize.widthDimension.isEstimated || layoutSize.heightDimension.isEstimated { return true }
    return subitems.contains { member in
      switch member {
      case .item(let item):
        item.layoutSize.widthDimension.isEstimated || item.layoutSize.heightDimension.isEstimated
      case .group(let group): group.hasEstimatedDimension
      }
    }
  }

  /// How many items one placement of the group takes.
  var leafCount: Int {
    if let repeatCount { return (subitems.first?.leafCount ?? 0) * repeatCount }
    return subitems.reduce(0) { $0 + $1.leafCount }
  }
}

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
