import SectionalDiff

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
      itemCount > 1 && !group.hasEstimatedDimension
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
    for badge in model.badges { model.badgeKinds.insert(badge.kind) }
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

  mutating func appendRow(first: Int, lower: Double, upper: Double) {
    let reach = Swift.max(upper, model.rows.last?.reach ?? upper)
    model.rows.append(GroupRow(firstItem: first, lower: lower, reach: reach))
  }

  /// How far the items placed since `first` reach right and down (items can overflow their
  /// group: fractions that add up past 1, estimates taller than an absolute group).
  func itemsExtent(from first: Int) -> (maxX: Double, maxY: Double) {
    var maxX = -Double.infinity
    var maxY = -Double.infinity
    for index in first..<model.items.count {
      maxX = Swift.max(maxX, model.items[index].maxX)
      maxY = Swift.max(maxY, model.items[index].maxY)
    }
    return (maxX, maxY)
  }

  mutating func placeBoundary(
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
    let dx = offset(item.absoluteOffset.x, "supplementary offset")
    let dy = offset(item.absoluteOffset.y, "supplementary offset")
    return Rect(x: left + dx, y: top + dy, width: w, height: h)
  }
}
