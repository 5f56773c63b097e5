import SectionalDiff

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
