import SectionalDiff

/// A supplementary placed in its section: a badge (``index`` is its item) or a boundary item
/// (``index`` is its position among the section's boundary items of its kind).
struct PlacedSupplementary: Hashable {
  var kind: ElementKind
  var index: Int
  /// Relative to the section's top; x in the container (unscrolled, for a sideways section).
  var frame: Rect
  var zIndex: Int
  /// Boundary items only: pinned to the visible bounds, above (top) or below the content, and
  /// sized by their content (an estimated height).
  var pins = false
  var isTop = false
  var isEstimated = false
}

/// A decoration placed in its section.
struct PlacedDecoration: Hashable {
  var kind: ElementKind
  var frame: Rect
  var zIndex: Int
  var style: DecorationStyle
}

/// One placement of the section's group: the items it holds and how far it reaches along the
/// section's axis (down the page, or across a sideways row).
struct GroupRow: Hashable {
  var firstItem: Int
  var lower: Double
  /// The largest upper end of this row and every row before it: non-decreasing, so a binary
  /// search finds the first row reaching a rect.
  var reach: Double
}

/// Everything one section needs to answer queries, relative to the section's top.
struct SectionModel: Hashable {
  var height = 0.0
  var items: [Rect] = []
  /// Per item, the dimensions its measured size sets (an estimated dimension the layout
  /// takes from the measure; empty: the item does not size itself).
  var sizing: [SelfSizing] = []
  var rows: [GroupRow] = []
  /// Badges in item order.
  var badges: [PlacedSupplementary] = []
  var boundaries: [PlacedSupplementary] = []
  var decorations: [PlacedDecoration] = []
  /// Sideways sections: the scrolling behaviour, the band items are clipped to (relative to
  /// the section's top) and how wide the row's content is.
  var orthogonal = OrthogonalScrollingBehavior.none
  var band = Rect.zero
  var scrollWidth = 0.0
  /// How far any badge reaches outside its item: row searches widen by it.
  var badgeReach = 0.0
  /// The leading x of each group in a sideways row, for group paging.
  var groupStarts: [Double] = []

  var scrollsSideways: Bool { orthogonal != .none }
}

extension CompositionalLayout {
  /// Computes one section's model from its layout, the collection view's count and the
  /// preferred sizes measured so far.
  ///
  /// - Complexity: O(items in the section).
  func computeSection(_ section: Int) {
    sectionComputations += 1
    guard let collectionView else {
      models[section] = SectionModel()
      return
    }
    var count = collectionView.numberOfItems(inSection: section)
    if count < 0 {
      report(.invalidSize, nil, "the collection view gave \(count) items in section \(section); used 0")
      count = 0
    }
    var definition = sectionLayout(for: section)
    if definition.group.leafCount == 0 {
      report(
        .invalidLayoutDefinition, IndexPath(item: 0, section: section),
        "section \(section)'s group places no items (no members, or a count of 0); laid out as a list")
      let list = LayoutSection.list()
      definition.group = list.group
    }
    var solver = SectionSolver(
      layout: self, section: section, itemCount: count, container: sanitizedSize,
      preferredSizes: preferredSizes, preferredSupplementarySizes: preferredSupplementarySizes)
    let model = solver.solve(definition)
    let offset = orthogonalOffsets[section] ?? 0
    if model.scrollsSideways {
      orthogonalOffsets[section] = clampedOrthogonalOffset(offset, model: model)
    } else {
      orthogonalOffsets[section] = nil
    }
    for badge in model.badges {
      overhang.top = Swift.max(overhang.top, -badge.frame.minY)
      overhang.bottom = Swift.max(overhang.bottom, badge.frame.maxY - model.height)
    }
    if model.boundaries.contains(where: \.pins) { pinsSupplementaries = true }
    models[section] = model
  }

  /// An offset within a sideways row's content.
  func clampedOrthogonalOffset(_ offset: Double, model: SectionModel) -> Double {
    let limit = Swift.max(0, model.scrollWidth - model.band.width)
    return offset.isFinite ? Swift.min(Swift.max(0, offset), limit) : 0
  }
}

/// Lays out one section: groups repeated until the items run out, boundary supplementaries
/// above and below, badges on items, decorations behind.
struct SectionSolver {
  unowned let layout: CompositionalLayout
  let section: Int
  let itemCount: Int
  let container: Size
  let preferredSizes: [IndexPath: Size]
  let preferredSupplementarySizes: [ElementKind: [IndexPath: Size]]
  var model = SectionModel()
  var cursor = 0
  var reported: Set<String> = []

  init(
    layout: CompositionalLayout, section: Int, itemCount: Int, container: Size,
    preferredSizes: [IndexPath: Size] = [:],
    preferredSupplementarySizes: [ElementKind: [IndexPath: Size]] = [:]
  ) {
    self.layout = layout
    self.section = section
    self.itemCount = itemCount
    self.container = container
    self.preferredSizes = preferredSizes
    self.preferredSupplementarySizes = preferredSupplementarySizes
  }

  mutating func solve(_ definition: LayoutSection) -> SectionModel {
    model.items.reserveCapacity(itemCount)
    model.sizing.reserveCapacity(itemCount)
    let width = container.width
    let insets = sanitized(definition.contentInsets, "content insets")
    let contentWidth = Swift.max(0, width - insets.left - insets.right)
    let spacing = length(definition.interGroupSpacing, "inter-group spacing")
    var y = 0.0

    // Boundary items above the content.
    var ordinals: [ElementKind: Int] = [:]
    var boundaries: [(LayoutBoundarySupplementaryItem, Int)] = []
    for item in definition.boundarySupplementaryItems {
      let ordinal = ordinals[item.elementKind, default: 0]
      ordinals[item.elementKind] = ordinal + 1
      boundaries.append((item, ordinal))
    }
    let boundaryX = definition.supplementariesFollowContentInsets ? insets.left : 0
    let boundaryWidth = definition.supplementariesFollowContentInsets ? contentWidth : width
    for (item, ordinal) in boundaries where item.alignment.isTop {
      let frame = placeBoundary(
        item, ordinal: ordinal, x: boundaryX, width: boundaryWidth, y: y, below: false)
      model.boundaries.append(
        PlacedSupplementary(
          kind: item.elementKind, index: ordinal, frame: frame, zIndex: item.zIndex,
          pins: item.pinToVisibleBounds, isTop: true, isEstimated: item.layoutSize.heightDimension.isEstimated
        ))
      if item.extendsBoundary { y += frame.height }
    }
    y += insets.top
    let contentTop = y
    let groupContainer = Size(width: contentWidth, height: container.height)
    let group = definition.group
    let groupWidth = resolve(group.layoutSize.widthDimension, in: groupContainer, "group width")
    let groupHeight = resolve(group.layoutSize.heightDimension, in: groupContainer, "group height")
    let estimatedHeight = group.layoutSize.heightDimension.isEstimated

    // A group without estimates places the same way every time: lay it out once, then copy.
    let template =
      itemCount > group.leafCount && !group.hasEstimatedDimension
      ? makeTemplate(group, size: Size(width: groupWidth, height: groupHeight)) : nil
    if definition.orthogonalScrollingBehavior == .none {
      while cursor < itemCount {
        let first = cursor
        let placed = placeGroup(
          group, origin: Point(x: insets.left, y: y), size: Size(width: groupWidth, height: groupHeight),
          estimatedHeight: estimatedHeight, template: template)
        // A group never overlaps the next: one whose items overflow it takes their extent.
        let height = Swift.max(placed.height, itemsExtent(from: first).maxY - y)
        appendRow(first: first, lower: y, upper: y + height)
        y += height + spacing
      }
      if !model.rows.isEmpty { y -= spacing }
    } else {
      model.orthogonal = definition.orthogonalScrollingBehavior
      var x = insets.left
      var rowHeight = 0.0
      while cursor < itemCount {
        let first = cursor
        let placed = placeGroup(
          group, origin: Point(x: x, y: y), size: Size(width: groupWidth, height: groupHeight),
          estimatedHeight: estimatedHeight, template: template)
        let extent = itemsExtent(from: first)
        let groupWidth = Swift.max(placed.width, extent.maxX - x)
        model.groupStarts.append(x)
        appendRow(first: first, lower: x, upper: x + groupWidth)
        rowHeight = Swift.max(rowHeight, placed.height, extent.maxY - y)
        x += groupWidth + spacing
      }
      if !model.rows.isEmpty { x -= spacing }
      y += rowHeight
      model.scrollWidth = x + insets.right
      model.band = Rect(
        x: 0, y: contentTop - insets.top, width: width, height: rowHeight + insets.top + insets.bottom)
    }
    y += insets.bottom

    // Boundary items below the content.
    for (item, ordinal) in boundaries where !item.alignment.isTop {
      let frame = placeBoundary(item, ordinal: ordinal, x: boundaryX, width: boundaryWidth, y: y, below: true)
      model.boundaries.append(
        PlacedSupplementary(
          kind: item.elementKind, index: ordinal, frame: frame, zIndex: item.zIndex,
          pins: item.pinToVisibleBounds, isTop: false,
          isEstimated: item.layoutSize.heightDimension.isEstimated))
      if item.extendsBoundary { y += frame.height }
    }
    model.height = y
    // Boundary items and decorations in drawing order within the section (by position, then
    // kind), so a query emits them in order without sorting.
    model.boundaries.sort { ($0.index, $0.kind.rawValue) < ($1.index, $1.kind.rawValue) }
    if y > 0 {
      for decoration in definition.decorationItems {
        let insets = sanitized(decoration.contentInsets, "decoration insets")
        let frame = Rect(
          x: insets.left, y: insets.top, width: Swift.max(0, width - insets.left - insets.right),
          height: Swift.max(0, y - insets.top - insets.bottom))
        model.decorations.append(
          PlacedDecoration(
            kind: decoration.elementKind, frame: frame, zIndex: decoration.zIndex, style: decoration.style))
      }
    }
    model.decorations.sort { ($0.zIndex, $0.kind.rawValue) < ($1.zIndex, $1.kind.rawValue) }
    return model
  }

  private mutating func appendRow(first: Int, lower: Double, upper: Double) {
    let reach = Swift.max(upper, model.rows.last?.reach ?? upper)
    model.rows.append(GroupRow(firstItem: first, lower: lower, reach: reach))
  }

  /// How far the items placed since `first` reach right and down (items can overflow their
  /// group: fractions that add up past 1, estimates taller than an absolute group).
  private func itemsExtent(from first: Int) -> (maxX: Double, maxY: Double) {
    var maxX = -Double.infinity
    var maxY = -Double.infinity
    for index in first..<model.items.count {
      maxX = Swift.max(maxX, model.items[index].maxX)
      maxY = Swift.max(maxY, model.items[index].maxY)
    }
    return (maxX, maxY)
  }

  private mutating func placeBoundary(
    _ item: LayoutBoundarySupplementaryItem, ordinal: Int, x: Double, width: Double, y: Double, below: Bool
  ) -> Rect {
    let container = Size(width: width, height: self.container.height)
    let w = Swift.min(width, resolve(item.layoutSize.widthDimension, in: container, "supplementary width"))
    var h = resolve(item.layoutSize.heightDimension, in: container, "supplementary height")
    // An estimated height is the measured one once the collection view has measured it.
    if item.layoutSize.heightDimension.isEstimated,
      let preferred = preferredSupplementarySizes[item.elementKind]?[
        IndexPath(item: ordinal, section: section)],
      preferred.height.isFinite, preferred.height >= 0
    {
      h = Swift.min(preferred.height, CompositionalLayout.maximumLength)
    }
    let left: Double
    switch item.alignment {
    case .topLeading, .bottomLeading: left = x
    case .topTrailing, .bottomTrailing: left = x + width - w
    case .top, .bottom: left = x + (width - w) / 2
    }
    let top = below && !item.extendsBoundary ? y - h : y
    let dx = item.absoluteOffset.x.isFinite ? item.absoluteOffset.x : 0
    let dy = item.absoluteOffset.y.isFinite ? item.absoluteOffset.y : 0
    return Rect(x: left + dx, y: top + dy, width: w, height: h)
  }

  // MARK: - Groups

  /// One placement of a group without estimates, at the origin: its items' and badges' frames and
  /// the size it takes.
  struct Template {
    var items: [Rect]
    var badges: [PlacedSupplementary]
    var size: Size
    var badgeReach: Double
  }

  /// Lays `group` out once, at the origin, as a template for every placement.
  private mutating func makeTemplate(_ group: LayoutGroup, size: Size) -> Template {
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
  private mutating func placeGroup(
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
  private mutating func place(_ group: LayoutGroup, origin: Point, size: Size, estimatedHeight: Bool) -> Size
  {
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
  private func leafOffset(_ members: [LayoutGroupMember], _ index: Int) -> Int {
    var offset = 0
    for member in members[..<index] { offset += member.leafCount }
    return offset
  }

  /// How far right the items placed since `first` reach, from the leftmost of them.
  private func crossExtentWidth(from first: Int) -> Double {
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
  private func estimatedLength(_ dimension: LayoutDimension, itemOffset: Int, along axis: LayoutGroup.Axis)
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
  private mutating func placeItem(_ item: LayoutItem, slot: Rect, index: Int, follows: SelfSizing) {
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
  private mutating func anchor(_ badge: LayoutSupplementaryItem, to frame: Rect) -> Rect {
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

  // MARK: - Lengths

  /// A dimension as a length in `container`; an estimate is its value. Negative, NaN or
  /// infinite results become 0 with a diagnostic; lengths past 2^24 are clamped.
  private mutating func resolve(_ dimension: LayoutDimension, in container: Size, _ what: String) -> Double {
    let value: Double
    switch dimension.kind {
    case .absolute, .estimated: value = dimension.value
    case .fractionalWidth: value = dimension.value * container.width
    case .fractionalHeight: value = dimension.value * container.height
    }
    return length(value, what)
  }

  private mutating func length(_ value: Double, _ what: String) -> Double {
    if value.isFinite && value >= 0 && value <= CompositionalLayout.maximumLength { return value }
    let used = value.isFinite && value > 0 ? CompositionalLayout.maximumLength : 0
    if reported.insert(what).inserted {
      layout.report(
        .invalidSize, IndexPath(item: 0, section: section),
        "section \(section) has \(what) \(value); used \(Int(used))")
    }
    return used
  }

  private mutating func sanitized(_ insets: EdgeInsets, _ what: String) -> EdgeInsets {
    EdgeInsets(
      top: length(insets.top, what), left: length(insets.left, what), bottom: length(insets.bottom, what),
      right: length(insets.right, what))
  }
}

/// The dimensions of an item that its measured size sets: the estimated ones the layout takes
/// from the collection view's measure.
struct SelfSizing: OptionSet, Hashable {
  let rawValue: UInt8
  static let width = SelfSizing(rawValue: 1)
  static let height = SelfSizing(rawValue: 2)
}
