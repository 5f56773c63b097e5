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
    var solver = SectionSolver(layout: layout, section: section, itemCount: itemCount, container: container)
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

  /// A member as one placement laid it out: what it placed, where, and the flexible spacing
  /// around it.
  struct PlacedMember {
    var member: LayoutGroupMember
    /// Where its slot starts along the group's axis, and its length there.
    var position: Double
    var length: Double
    var cursor: Int
    var items: Range<Int>
    var badges: Range<Int>
    var sharesBefore: Int
    var sharesAfter: Int
    /// As tall as a fraction of an estimated row: placed again once the row's height is known.
    var stretches: Bool
  }

  /// A member's spacing along its group's axis: its edge spacing, and the group's inter-item
  /// spacing when it is not the first; with how many flexible spacings sit before and after it.
  mutating func spacing(of member: LayoutGroupMember, in group: LayoutGroup, first: Bool) -> Gap {
    var gap = Gap()
    if case .item(let item) = member, let edges = item.edgeSpacing {
      let lead = group.axis == .horizontal ? edges.leading : edges.top
      let trail = group.axis == .horizontal ? edges.trailing : edges.bottom
      gap.before = length(lead?.minimum ?? 0, "edge spacing")
      gap.after = length(trail?.minimum ?? 0, "edge spacing")
      if lead?.isFlexible == true { gap.sharesBefore += 1 }
      if trail?.isFlexible == true { gap.sharesAfter += 1 }
    }
    if !first {
      gap.before += length(group.interItemSpacing?.minimum ?? 0, "inter-item spacing")
      if group.interItemSpacing?.isFlexible == true { gap.sharesBefore += 1 }
    }
    return gap
  }

  /// Spacing around a member along its group's axis.
  struct Gap {
    var before = 0.0
    var after = 0.0
    var sharesBefore = 0
    var sharesAfter = 0
    var shares: Double { Double(sharesBefore + sharesAfter) }
  }

  /// A member's length along its group's axis before it is placed: its share of a repeating
  /// group, the measured length of the item at the cursor (when `measured`) or its estimate, or
  /// its dimension resolved in the group.
  mutating func lengthAlongAxis(
    of member: LayoutGroupMember, in group: LayoutGroup, inner: Size, share: Double?, measured: Bool
  ) -> Double {
    if let share { return share }
    let horizontal = group.axis == .horizontal
    let dimension = horizontal ? member.layoutSize.widthDimension : member.layoutSize.heightDimension
    if measured, case .item = member, dimension.isEstimated {
      return estimatedLength(dimension, itemOffset: 0, along: group.axis)
    }
    return resolve(dimension, in: inner, horizontal ? "item width" : "item height")
  }

  /// Places one group with its slot at `origin`, `size` big (its height an estimate when
  /// `estimatedHeight`), taking items from the cursor; returns the size it took.
  ///
  /// Members are placed in order, as many as a placement holds: a ``LayoutGroup/repeatCount``,
  /// else the subitems once and then again in order while the next fits (not along an estimated
  /// axis, which grows with its members). Past the last item the rest are only measured, so
  /// flexible spacing is shared as in a full placement.
  ///
  /// - Complexity: O(items placed + subitems), whatever the count or how many would fit.
  mutating func place(_ group: LayoutGroup, origin: Point, size: Size, estimatedHeight: Bool) -> Size {
    let insets = sanitized(group.contentInsets, "group insets")
    let inner = Rect(
      x: origin.x + insets.left, y: origin.y + insets.top,
      width: Swift.max(0, size.width - insets.left - insets.right),
      height: Swift.max(0, size.height - insets.top - insets.bottom))
    let horizontal = group.axis == .horizontal
    let axisLength = horizontal ? inner.width : inner.height
    let pattern = group.subitems
    // How many members a placement holds (nil: while they fit), and a repeated member's share.
    var total: Int? = pattern.count
    var share: Double?
    if let count = group.repeatCount {
      total = pattern.isEmpty ? 0 : count
      let members = Double(count)
      let spacing = length(group.interItemSpacing?.minimum ?? 0, "inter-item spacing")
      share = Swift.max(0, (axisLength - spacing * (members - 1)) / members)
    } else {
      let axisDimension = horizontal ? group.layoutSize.widthDimension : group.layoutSize.heightDimension
      if !axisDimension.isEstimated && group.placesItems { total = nil }
    }
    // A member fits when it ends within the axis (give or take rounding).
    let limit = axisLength + Swift.max(1, axisLength) * 1e-9

    var position = horizontal ? inner.minX : inner.minY
    var crossExtent = 0.0
    var stretches = false
    // Whether some member's height is its own (not a fraction of an estimated group's).
    var sizedByContent = false
    let start = (items: model.items.count, badges: model.badges.count, cursor: cursor)
    var placed: [PlacedMember] = []
    // Lengths and minimum spacings of every member, placed or only measured, and how many
    // flexible spacings share the room they leave.
    var measure = Measure(index: 0, position: position)
    while total.map({ measure.index < $0 }) ?? true, cursor < itemCount {
      layout.memberSteps += 1
      let member = pattern[measure.index % pattern.count]
      let gap = spacing(of: member, in: group, first: measure.index == 0)
      var length = lengthAlongAxis(of: member, in: group, inner: inner.size, share: share, measured: true)
      if total == nil && measure.index >= pattern.count && position + gap.before + length + gap.after > limit
      {
        break
      }
      position += gap.before
      let first = (cursor: cursor, items: model.items.count, badges: model.badges.count)
      var memberStretches = false
      switch member {
      case .item(let item):
        let cross: Double
        if horizontal {
          let dimension = item.layoutSize.heightDimension
          if dimension.isEstimated {
            cross = estimatedLength(dimension, itemOffset: 0, along: .vertical)
          } else {
            cross = resolve(dimension, in: inner.size, "item height")
            if estimatedHeight, dimension.kind == .fractionalHeight { memberStretches = true }
          }
          // A repeated item's width is its share of the group, whatever it measures.
          var follows: SelfSizing = dimension.isEstimated ? .height : []
          if share == nil && item.layoutSize.widthDimension.isEstimated { follows.insert(.width) }
          placeItem(
            item, slot: Rect(x: position, y: inner.minY, width: length, height: cross), index: cursor,
            follows: follows)
        } else {
          let dimension = item.layoutSize.widthDimension
          cross =
            dimension.isEstimated
            ? estimatedLength(dimension, itemOffset: 0, along: .horizontal)
            : resolve(dimension, in: inner.size, "item width")
          // A repeated item's height is its share of the group, whatever it measures.
          var follows: SelfSizing = dimension.isEstimated ? .width : []
          if share == nil && item.layoutSize.heightDimension.isEstimated { follows.insert(.height) }
          placeItem(
            item, slot: Rect(x: inner.minX, y: position, width: cross, height: length), index: cursor,
            follows: follows)
        }
        if !memberStretches {
          crossExtent = Swift.max(crossExtent, cross)
          sizedByContent = true
        }
      case .group(let nested):
        let nestedSize =
          horizontal
          ? Size(
            width: length, height: resolve(nested.layoutSize.heightDimension, in: inner.size, "group height"))
          : Size(
            width: resolve(nested.layoutSize.widthDimension, in: inner.size, "group width"), height: length)
        let taken = place(
          nested, origin: horizontal ? Point(x: position, y: inner.minY) : Point(x: inner.minX, y: position),
          size: nestedSize, estimatedHeight: nested.layoutSize.heightDimension.isEstimated)
        if !horizontal { length = taken.height }
        if horizontal && estimatedHeight && nested.layoutSize.heightDimension.kind == .fractionalHeight {
          memberStretches = true
        } else {
          crossExtent = Swift.max(crossExtent, horizontal ? taken.height : taken.width)
          sizedByContent = true
        }
      }
      stretches = stretches || memberStretches
      placed.append(
        PlacedMember(
          member: member, position: position, length: length, cursor: first.cursor,
          items: first.items..<model.items.count, badges: first.badges..<model.badges.count,
          sharesBefore: gap.sharesBefore, sharesAfter: gap.sharesAfter, stretches: memberStretches))
      position += length + gap.after
      measure.add(gap, length)
    }

    // Flexible spacing shares the room every member of a full placement leaves: those past the
    // last item are measured (at their estimates) but not placed.
    if isFlexible(group) {
      measureRest(of: group, inner: inner.size, share: share, total: total, limit: limit, into: &measure)
    }
    if measure.slots > 0 {
      let room = Swift.max(0, axisLength - measure.used) / measure.slots
      var shift = 0.0
      for index in placed.indices {
        shift += room * Double(placed[index].sharesBefore)
        placed[index].position += shift
        offset(placed[index], by: shift, horizontal: horizontal)
        shift += room * Double(placed[index].sharesAfter)
      }
      position += shift
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
    let stretched = Rect(
      x: inner.minX, y: inner.minY, width: inner.width,
      height: Swift.max(0, measured.height - insets.top - insets.bottom))
    if !placeStretching(placed, in: group, inner: stretched, from: start) {
      // A stretched member took a different number of items: the members after it move, so
      // the whole group is placed again.
      model.items.removeSubrange(start.items...)
      model.sizing.removeSubrange(start.items...)
      model.badges.removeSubrange(start.badges...)
      cursor = start.cursor
      _ = place(group, origin: origin, size: measured, estimatedHeight: false)
    }
    return measured
  }

  /// Whether any spacing along the group's axis is flexible.
  func isFlexible(_ group: LayoutGroup) -> Bool {
    if group.interItemSpacing?.isFlexible == true { return true }
    return group.subitems.contains { member in
      guard case .item(let item) = member, let edges = item.edgeSpacing else { return false }
      let spacings = group.axis == .horizontal ? [edges.leading, edges.trailing] : [edges.top, edges.bottom]
      return spacings.contains { $0?.isFlexible == true }
    }
  }

  /// The members of one placement measured so far: how many, where the next starts, their
  /// lengths and minimum spacings, and how many flexible spacings they hold.
  struct Measure {
    var index: Int
    var position: Double
    var used = 0.0
    var slots = 0.0

    mutating func add(_ gap: Gap, _ length: Double, times: Double = 1) {
      let advance = gap.before + length + gap.after
      position += advance * times
      used += advance * times
      slots += gap.shares * times
      index += 1
    }
  }

  /// Measures the members a placement holds past those placed (the items ran out), adding
  /// their lengths and flexible spacings to `measure`; whole repeats are counted at once.
  mutating func measureRest(
    of group: LayoutGroup, inner: Size, share: Double?, total: Int?, limit: Double,
    into measure: inout Measure
  ) {
    let pattern = group.subitems
    guard !pattern.isEmpty else { return }
    if let total, let share {
      // A repeated member: the rest are alike.
      guard measure.index < total else { return }
      let rest = Double(total - measure.index)
      measure.add(spacing(of: pattern[0], in: group, first: measure.index == 0), share)
      if rest > 1 { measure.add(spacing(of: pattern[0], in: group, first: false), share, times: rest - 1) }
      return
    }
    var countedRepeats = total != nil
    while measure.index < total ?? Int.max {
      if !countedRepeats && measure.index >= pattern.count && measure.index % pattern.count == 0 {
        // Every repeat of the whole pattern that fits, at once.
        countedRepeats = true
        var cycle = Measure(index: 0, position: 0)
        for member in pattern {
          let length = lengthAlongAxis(of: member, in: group, inner: inner, share: nil, measured: false)
          cycle.add(spacing(of: member, in: group, first: false), length)
        }
        guard cycle.position > 0 else { return }
        let repeats = Swift.max(0, ((limit - measure.position) / cycle.position).rounded(.down))
        measure.position += repeats * cycle.position
        measure.used += repeats * cycle.used
        measure.slots += repeats * cycle.slots
        continue
      }
      layout.memberSteps += 1
      let member = pattern[measure.index % pattern.count]
      let gap = spacing(of: member, in: group, first: measure.index == 0)
      let length = lengthAlongAxis(of: member, in: group, inner: inner, share: nil, measured: false)
      if total == nil && measure.index >= pattern.count
        && measure.position + gap.before + length + gap.after > limit
      {
        return
      }
      measure.add(gap, length)
    }
  }

  /// Moves what `member` placed along its group's axis.
  mutating func offset(_ member: PlacedMember, by shift: Double, horizontal: Bool) {
    guard shift != 0 else { return }
    let dx = horizontal ? shift : 0
    let dy = horizontal ? 0 : shift
    for index in member.items { model.items[index] = model.items[index].offsetBy(dx: dx, dy: dy) }
    for index in member.badges {
      model.badges[index].frame = model.badges[index].frame.offsetBy(dx: dx, dy: dy)
    }
  }

  /// Places again the members of an estimated row that are as tall as a fraction of it, now
  /// that `inner` has its measured height. Every other member keeps what it placed (none of it
  /// depends on the row's height), so nested estimated groups are placed once, not 2^depth times.
  /// False when a stretched member took a different number of items than it did at first.
  mutating func placeStretching(
    _ placed: [PlacedMember], in group: LayoutGroup, inner: Rect,
    from start: (items: Int, badges: Int, cursor: Int)
  ) -> Bool {
    let items = Array(model.items[start.items...])
    let sizing = Array(model.sizing[start.items...])
    let badges = Array(model.badges[start.badges...])
    model.items.removeSubrange(start.items...)
    model.sizing.removeSubrange(start.items...)
    model.badges.removeSubrange(start.badges...)
    let end = cursor
    for member in placed {
      guard member.stretches else {
        let itemRange = (member.items.lowerBound - start.items)..<(member.items.upperBound - start.items)
        let badgeRange = (member.badges.lowerBound - start.badges)..<(member.badges.upperBound - start.badges)
        model.items += items[itemRange]
        model.sizing += sizing[itemRange]
        model.badges += badges[badgeRange]
        continue
      }
      layout.memberSteps += 1
      cursor = member.cursor
      switch member.member {
      case .item(let item):
        var follows: SelfSizing = []
        if group.repeatCount == nil && item.layoutSize.widthDimension.isEstimated { follows.insert(.width) }
        let height = resolve(item.layoutSize.heightDimension, in: inner.size, "item height")
        placeItem(
          item, slot: Rect(x: member.position, y: inner.minY, width: member.length, height: height),
          index: cursor, follows: follows)
      case .group(let nested):
        let height = resolve(nested.layoutSize.heightDimension, in: inner.size, "group height")
        _ = place(
          nested, origin: Point(x: member.position, y: inner.minY),
          size: Size(width: member.length, height: height), estimatedHeight: false)
      }
      if cursor - member.cursor != member.items.count { return false }
    }
    cursor = end
    return true
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
  mutating func estimatedLength(_ dimension: LayoutDimension, itemOffset: Int, along axis: LayoutGroup.Axis)
    -> Double
  {
    let path = IndexPath(item: cursor + itemOffset, section: section)
    if let preferred = preferredSizes[path] {
      let length = axis == .horizontal ? preferred.width : preferred.height
      if length.isFinite && length >= 0 { return Swift.min(length, CompositionalLayout.maximumLength) }
    }
    return estimate(dimension.value, axis == .horizontal ? "item width" : "item height")
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
      x += self.offset(offset.x, "badge offset")
      y += self.offset(offset.y, "badge offset")
    case .fractional(let offset):
      x += self.offset(offset.x, "badge offset") * w
      y += self.offset(offset.y, "badge offset") * h
    }
    return Rect(x: x, y: y, width: w, height: h)
  }

  /// An offset (a badge's from its anchor, a boundary item's): NaN or infinite is 0, with a
  /// diagnostic.
  mutating func offset(_ value: Double, _ what: String) -> Double {
    if value.isFinite { return value }
    if reported.insert(what).inserted {
      layout.report(
        .invalidSize, IndexPath(item: 0, section: section), "section \(section) has \(what) \(value); used 0")
    }
    return 0
  }
}
