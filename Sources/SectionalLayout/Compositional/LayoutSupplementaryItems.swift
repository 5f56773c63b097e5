import SectionalDiff

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
