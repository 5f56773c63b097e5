import SectionalDiff

// Placing groups: nested groups, their items and badges, and the estimates they start from.

extension SectionSolver {

  /// One placement of a group without estimates, at the origin: its items' and badges' frames and
  /// the size it takes.
  struct Template {
    var items: [Rect]
    var badges: [PlacedSupplementary]
    var size: Size
    var badgeReach: Double
  }

  /// Lays `group` out once, at the origin, as a template for every placement.
  mutating func makeTemplate(_ group: LayoutGroup, size: Size) -> Template {
    var solver = SectionSolver(
      layout: layout, section: section, itemCount: group.leafCount, container: container)
    solver.reported = reported
    let placed = solver.place(group, origin: .zero, size: size, estimatedHeight: false)
    reported = solver.reported
    return Template(
      items: solver.model.items, badges: solver.model.badges, size: placed,
      badgeReach: solver.model.badgeReach)
  }

  /// Places one group at `origin`: by copying the template when there is one (as many of its
  /// items as remain), else by laying it out.
  mutating func placeGroup(
    _ group: LayoutGroup, origin: Point, size: Size, estimatedHeight: Bool, template: Template?
  ) -> Size {
    guard let template else {
      return place(group, origin: origin, size: size, estimatedHeight: estimatedHeight)
    }
    let first = cursor
    let count = Swift.min(template.items.count, itemCount - cursor)
    for index in 0..<count {
      model.items.append(template.items[index].offsetBy(dx: origin.x, dy: origin.y))
      model.sizing.append([])
    }
    for badge in template.badges where badge.index < count {
      var placed = badge
      placed.index = first + badge.index
      placed.frame = badge.frame.offsetBy(dx: origin.x, dy: origin.y)
      model.badges.append(placed)
    }
    model.badgeReach = Swift.max(model.badgeReach, template.badgeReach)
    cursor += count
    return template.size
  }

  /// Places one group with its slot at `origin`, `size` big (its height an estimate when
  /// `estimatedHeight`), taking items from the cursor; returns the size it took.
  mutating func place(_ group: LayoutGroup, origin: Point, size: Size, estimatedHeight: Bool) -> Size {
    let insets = sanitized(group.contentInsets, "group insets")
    let inner = Rect(
      x: origin.x + insets.left, y: origin.y + insets.top,
      width: Swift.max(0, size.width - insets.left - insets.right),
      height: Swift.max(0, size.height - insets.top - insets.bottom))
    let members = group.members
    let horizontal = group.axis == .horizontal
    let axisLength = horizontal ? inner.width : inner.height
    let spacing = group.interItemSpacing
    let spacingMinimum = length(spacing?.minimum ?? 0, "inter-item spacing")

    // Lengths along the axis, and the spacing before each member.
    var lengths = [Double](repeating: 0, count: members.count)
    var before = [Double](repeating: 0, count: members.count)
    var after = [Double](repeating: 0, count: members.count)
    // How many flexible spacings sit before and after each member: each takes a share of the
    // room left.
    var sharesBefore = [Int](repeating: 0, count: members.count)
    var sharesAfter = [Int](repeating: 0, count: members.count)
    for (index, member) in members.enumerated() {
      let dimension = horizontal ? member.layoutSize.widthDimension : member.layoutSize.heightDimension
      if group.repeatCount != nil {
        let count = Double(members.count)
        lengths[index] = Swift.max(0, (axisLength - spacingMinimum * (count - 1)) / count)
      } else if case .item = member, dimension.isEstimated {
        lengths[index] = estimatedLength(
          dimension, itemOffset: leafOffset(members, index), along: group.axis)
      } else {
        lengths[index] = resolve(dimension, in: inner.size, horizontal ? "item width" : "item height")
      }
      if case .item(let item) = member, let edges = item.edgeSpacing {
        let lead = horizontal ? edges.leading : edges.top
        let trail = horizontal ? edges.trailing : edges.bottom
        before[index] = length(lead?.minimum ?? 0, "edge spacing")
        after[index] = length(trail?.minimum ?? 0, "edge spacing")
        if lead?.isFlexible == true { sharesBefore[index] += 1 }
        if trail?.isFlexible == true { sharesAfter[index] += 1 }
      }
      if index > 0 {
        before[index] += spacingMinimum
        if spacing?.isFlexible == true { sharesBefore[index] += 1 }
      }
    }
    let flexibleSlots = sharesBefore.reduce(0, +) + sharesAfter.reduce(0, +)
    if flexibleSlots > 0 {
      let used = lengths.reduce(0, +) + before.reduce(0, +) + after.reduce(0, +)
      let share = Swift.max(0, axisLength - used) / Double(flexibleSlots)
      for index in members.indices {
        before[index] += share * Double(sharesBefore[index])
        after[index] += share * Double(sharesAfter[index])
      }
    }

    // Place the members along the axis; the cross axis is the group's (an estimated group's
    // length along its axis is what its members take).
    var position = horizontal ? inner.minX : inner.minY
    var crossExtent = 0.0
    var stretches = false
    // Whether some member's height is its own (not a fraction of an estimated group's).
    var sizedByContent = false
    let start = (items: model.items.count, badges: model.badges.count, cursor: cursor)
    for (index, member) in members.enumerated() {
      guard cursor < itemCount else { break }
      position += before[index]
      switch member {
      case .item(let item):
        let itemIndex = cursor
        let cross: Double
        if horizontal {
          let dimension = item.layoutSize.heightDimension
          if dimension.isEstimated {
            cross = estimatedLength(dimension, itemOffset: 0, along: .vertical)
          } else {
            cross = resolve(dimension, in: inner.size, "item height")
            if estimatedHeight, dimension.kind == .fractionalHeight { stretches = true }
          }
          // A repeated item's width is its share of the group, whatever it measures.
          var follows: SelfSizing = dimension.isEstimated ? .height : []
          if group.repeatCount == nil && item.layoutSize.widthDimension.isEstimated { follows.insert(.width) }
          placeItem(
            item, slot: Rect(x: position, y: inner.minY, width: lengths[index], height: cross),
            index: itemIndex, follows: follows)
        } else {
          let dimension = item.layoutSize.widthDimension
          cross =
            dimension.isEstimated
            ? estimatedLength(dimension, itemOffset: 0, along: .horizontal)
            : resolve(dimension, in: inner.size, "item width")
          // A repeated item's height is its share of the group, whatever it measures.
          var follows: SelfSizing = dimension.isEstimated ? .width : []
          if group.repeatCount == nil && item.layoutSize.heightDimension.isEstimated {
            follows.insert(.height)
          }
          placeItem(
            item, slot: Rect(x: inner.minX, y: position, width: cross, height: lengths[index]),
            index: itemIndex, follows: follows)
        }
        if !(horizontal && estimatedHeight && item.layoutSize.heightDimension.kind == .fractionalHeight) {
          crossExtent = Swift.max(crossExtent, cross)
          sizedByContent = true
        }
      case .group(let nested):
        let nestedWidth: Double
        let nestedHeight: Double
        if horizontal {
          nestedWidth = lengths[index]
          nestedHeight = resolve(nested.layoutSize.heightDimension, in: inner.size, "group height")
        } else {
          nestedWidth = resolve(nested.layoutSize.widthDimension, in: inner.size, "group width")
          nestedHeight = lengths[index]
        }
        let placed = place(
          nested, origin: horizontal ? Point(x: position, y: inner.minY) : Point(x: inner.minX, y: position),
          size: Size(width: nestedWidth, height: nestedHeight),
          estimatedHeight: nested.layoutSize.heightDimension.isEstimated)
        if !horizontal { lengths[index] = placed.height }
        if horizontal && estimatedHeight && nested.layoutSize.heightDimension.kind == .fractionalHeight {
          stretches = true
        } else {
          crossExtent = Swift.max(crossExtent, horizontal ? placed.height : placed.width)
          sizedByContent = true
        }
      }
      position += lengths[index] + after[index]
    }

    // A group whose width is estimated is as wide as what its members take.
    var width = size.width
    if group.layoutSize.widthDimension.isEstimated {
      let content = horizontal ? position - inner.minX : crossExtentWidth(from: start.items)
      width = Swift.max(0, content) + insets.left + insets.right
    }
    guard estimatedHeight else { return Size(width: width, height: size.height) }
    let content = Swift.max(
      0, horizontal ? (sizedByContent ? crossExtent : inner.height) : position - inner.minY)
    let measured = Size(width: width, height: content + insets.top + insets.bottom)
    guard stretches else { return measured }
    // Members as tall as a fraction of the group are placed again now that its height is known.
    model.items.removeSubrange(start.items...)
    model.sizing.removeSubrange(start.items...)
    model.badges.removeSubrange(start.badges...)
    cursor = start.cursor
    return place(group, origin: origin, size: measured, estimatedHeight: false)
  }

  /// The items the members before `index` take.
  func leafOffset(_ members: [LayoutGroupMember], _ index: Int) -> Int {
    var offset = 0
    for member in members[..<index] { offset += member.leafCount }
    return offset
  }

  /// How far right the items placed since `first` reach, from the leftmost of them.
  func crossExtentWidth(from first: Int) -> Double {
    guard first < model.items.count else { return 0 }
    var minX = Double.infinity
    var maxX = -Double.infinity
    for frame in model.items[first...] {
      minX = Swift.min(minX, frame.minX)
      maxX = Swift.max(maxX, frame.maxX)
    }
    return maxX - minX
  }

  /// An estimated length: the measured width (along a horizontal axis) or height of the item
  /// `itemOffset` items past the cursor, or the estimate.
  func estimatedLength(_ dimension: LayoutDimension, itemOffset: Int, along axis: LayoutGroup.Axis)
    -> Double
  {
    let path = IndexPath(item: cursor + itemOffset, section: section)
    if let preferred = preferredSizes[path] {
      let length = axis == .horizontal ? preferred.width : preferred.height
      if length.isFinite && length >= 0 { return Swift.min(length, CompositionalLayout.maximumLength) }
    }
    return dimension.value.isFinite
      ? Swift.min(Swift.max(0, dimension.value), CompositionalLayout.maximumLength) : 0
  }

  /// Records the item at the cursor in `slot` (its cell inset by the item's content insets,
  /// except along an estimated axis) with its badges and the dimensions its measure sets, and
  /// moves the cursor on.
  mutating func placeItem(_ item: LayoutItem, slot: Rect, index: Int, follows: SelfSizing) {
    let insets = sanitized(item.contentInsets, "item insets")
    let estimatedHeight = item.layoutSize.heightDimension.isEstimated
    let estimatedWidth = item.layoutSize.widthDimension.isEstimated
    let left = estimatedWidth ? 0 : insets.left
    let right = estimatedWidth ? 0 : insets.right
    let top = estimatedHeight ? 0 : insets.top
    let bottom = estimatedHeight ? 0 : insets.bottom
    let frame = Rect(
      x: slot.minX + left, y: slot.minY + top, width: Swift.max(0, slot.width - left - right),
      height: Swift.max(0, slot.height - top - bottom))
    model.items.append(frame)
    model.sizing.append(follows)
    for badge in item.supplementaryItems {
      let placed = anchor(badge, to: frame)
      let outside = Swift.max(
        frame.minX - placed.minX, placed.maxX - frame.maxX, frame.minY - placed.minY, placed.maxY - frame.maxY
      )
      model.badgeReach = Swift.max(model.badgeReach, outside)
      model.badges.append(
        PlacedSupplementary(kind: badge.elementKind, index: index, frame: placed, zIndex: badge.zIndex))
    }
    cursor += 1
  }

  /// A badge's frame on its item's frame.
  mutating func anchor(_ badge: LayoutSupplementaryItem, to frame: Rect) -> Rect {
    let w = resolve(badge.layoutSize.widthDimension, in: frame.size, "badge width")
    let h = resolve(badge.layoutSize.heightDimension, in: frame.size, "badge height")
    let edges = badge.containerAnchor.edges
    var x = frame.minX + (frame.width - w) / 2
    var y = frame.minY + (frame.height - h) / 2
    if edges.contains(.leading) && !edges.contains(.trailing) { x = frame.minX }
    if edges.contains(.trailing) && !edges.contains(.leading) { x = frame.maxX - w }
    if edges.contains(.top) && !edges.contains(.bottom) { y = frame.minY }
    if edges.contains(.bottom) && !edges.contains(.top) { y = frame.maxY - h }
    switch badge.containerAnchor.offset {
    case .absolute(let offset):
      x += offset.x.isFinite ? offset.x : 0
      y += offset.y.isFinite ? offset.y : 0
    case .fractional(let offset):
      x += offset.x.isFinite ? offset.x * w : 0
      y += offset.y.isFinite ? offset.y * h : 0
    }
    return Rect(x: x, y: y, width: w, height: h)
  }
}
