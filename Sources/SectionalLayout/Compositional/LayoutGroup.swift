import SectionalDiff

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
}

/// A row or column of items and groups, after `NSCollectionLayoutGroup`. A section repeats its
/// group until every item is placed. As in UIKit, a group of `subitems` (or `members`) repeats
/// them in order while the next fits along its axis, so an item a third of the group's width
/// gives three a row; a group of ``repeatCount`` holds exactly that many.
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
  /// `horizontal(layoutSize:repeatingSubitem:count:)` does in UIKit.
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
  /// `count` of `repeatingSubitem` left to right, sharing the width equally.
  public static func horizontal(layoutSize: LayoutSize, repeatingSubitem: LayoutItem, count: Int)
    -> LayoutGroup
  {
    LayoutGroup(
      axis: .horizontal, layoutSize: layoutSize, subitems: [.item(repeatingSubitem)],
      repeatCount: Swift.max(0, count))
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
  /// `count` of `repeatingSubitem` top to bottom, sharing the height equally.
  public static func vertical(layoutSize: LayoutSize, repeatingSubitem: LayoutItem, count: Int)
    -> LayoutGroup
  {
    LayoutGroup(
      axis: .vertical, layoutSize: layoutSize, subitems: [.item(repeatingSubitem)],
      repeatCount: Swift.max(0, count))
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

  /// Whether a placement of the group places any item: some item is reached through groups none
  /// of which has a count of 0.
  var placesItems: Bool { shape(deeperThan: Int.max).placesItems }

  /// How deep groups nest in this one (1: it holds only items) up to past `limit`, and whether
  /// it places any item; found without recursion, so any depth is safe to ask about.
  func shape(deeperThan limit: Int) -> (depth: Int, placesItems: Bool) {
    var depth = 0
    var placesItems = false
    var stack: [(group: LayoutGroup, depth: Int)] = [(self, 1)]
    while let (group, level) = stack.popLast() {
      depth = Swift.max(depth, level)
      if depth > limit { break }
      if group.repeatCount == 0 { continue }
      for member in group.subitems {
        switch member {
        case .item: placesItems = true
        case .group(let nested): stack.append((nested, level + 1))
        }
      }
    }
    return (depth, placesItems)
  }
}
