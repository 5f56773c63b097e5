import SectionalDiff

extension CompositionalLayout {
  /// Every element whose frame intersects `rect`, in drawing order: backgrounds, cells, badges,
  /// boundary supplementaries, pinned ones last. Items of a sideways section come shifted by its
  /// offset and carry its row as their ``LayoutAttributes/clip``.
  ///
  /// - Complexity: O(log n + k) for n sections and k elements returned (plus log m per visible
  ///   section of m groups).
  public func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    // An infinite rect (``Rect/infinite``, or infinite edges) asks for everything.
    guard let rect = rect.queried, !models.isEmpty else { return [] }
    var origins = scratchOrigins
    scratchOrigins = []
    origins.removeAll(keepingCapacity: true)
    defer { scratchOrigins = origins }
    let sections = offsets.sections(
      from: rect.minY - overhang.bottom, to: rect.maxY + overhang.top, offsets: &origins)
    // Each layer comes out in drawing order by itself (sections, then items, in order), so the
    // layers joined are the drawing order — checked in one pass; custom z-indexes that break it
    // cost a sort.
    var layers = Layers()
    for (position, section) in sections.enumerated() {
      appendElements(of: section, origin: origins[position], in: rect, to: &layers)
    }
    var result = layers.decorations
    result.reserveCapacity(
      result.count + layers.cells.count + layers.badges.count + layers.boundaries.count + layers.pinned.count)
    result += layers.cells
    result += layers.badges
    result += layers.boundaries
    result += layers.pinned
    var ordered = true
    for index in result.indices.dropFirst()
    where !LayoutAttributes.drawsBefore(result[index - 1], result[index]) {
      ordered = false
      break
    }
    if !ordered { result.sort(by: LayoutAttributes.drawsBefore) }
    return result
  }

  /// A query's elements by layer.
  private struct Layers {
    var decorations: [LayoutAttributes] = []
    var cells: [LayoutAttributes] = []
    var badges: [LayoutAttributes] = []
    var boundaries: [LayoutAttributes] = []
    var pinned: [LayoutAttributes] = []
  }

  private func appendElements(
    of section: Int, origin: Double, in rect: Rect, to layers: inout Layers
  ) {
    let model = models[section]
    for decoration in model.decorations {
      let attributes = decorationAttributes(decoration, section: section, origin: origin)
      if attributes.frame.intersects(rect) { layers.decorations.append(attributes) }
    }
    // The items (and their badges) the rect can reach: rows found by binary search.
    let shift = model.scrollsSideways ? orthogonalOffset(forSection: section) : 0
    let clip = model.scrollsSideways ? model.band.offsetBy(dx: 0, dy: origin) : nil
    let reach = (low: model.badgeReach, high: model.badgeReach)
    let lower: Double
    let upper: Double
    if let clip {
      let visible = Rect(
        x: Swift.max(rect.minX, clip.minX), y: 0,
        width: Swift.min(rect.maxX, clip.maxX) - Swift.max(rect.minX, clip.minX),
        height: 1)
      if clip.intersects(rect) {
        lower = visible.minX + shift - reach.low
        upper = visible.maxX + shift + reach.high
      } else {
        lower = 0
        upper = -1
      }
    } else {
      lower = rect.minY - origin - reach.low
      upper = rect.maxY - origin + reach.high
    }
    if upper > lower {
      var row = firstRow(in: model.rows, reaching: lower)
      var badge =
        row < model.rows.count ? firstBadge(in: model.badges, atOrAfter: model.rows[row].firstItem) : 0
      while row < model.rows.count && model.rows[row].lower < upper {
        let first = model.rows[row].firstItem
        let end = row + 1 < model.rows.count ? model.rows[row + 1].firstItem : model.items.count
        for item in first..<end {
          var attributes = LayoutAttributes.cell(
            at: IndexPath(item: item, section: section),
            frame: model.items[item].offsetBy(dx: -shift, dy: origin))
          attributes.clip = clip
          if isVisible(attributes, in: rect) { layers.cells.append(attributes) }
        }
        while badge < model.badges.count && model.badges[badge].index < end {
          let attributes = badgeAttributes(model.badges[badge], model, section: section, origin: origin)
          if isVisible(attributes, in: rect) { layers.badges.append(attributes) }
          badge += 1
        }
        row += 1
      }
    }
    for boundary in model.boundaries {
      let attributes = boundaryAttributes(boundary, section: section, origin: origin, height: model.height)
      guard attributes.frame.intersects(rect) else { continue }
      if boundary.pins { layers.pinned.append(attributes) } else { layers.boundaries.append(attributes) }
    }
  }

  private func isVisible(_ attributes: LayoutAttributes, in rect: Rect) -> Bool {
    guard attributes.frame.intersects(rect) else { return false }
    guard let clip = attributes.clip else { return true }
    return attributes.frame.intersects(clip)
  }

  /// The first row whose reach passes `position`.
  private func firstRow(in rows: [GroupRow], reaching position: Double) -> Int {
    var low = 0
    var high = rows.count
    while low < high {
      let middle = (low + high) / 2
      if rows[middle].reach > position { high = middle } else { low = middle + 1 }
    }
    return low
  }

  private func firstBadge(in badges: [PlacedSupplementary], atOrAfter item: Int) -> Int {
    var low = 0
    var high = badges.count
    while low < high {
      let middle = (low + high) / 2
      if badges[middle].index >= item { high = middle } else { low = middle + 1 }
    }
    return low
  }

  private func decorationAttributes(_ decoration: PlacedDecoration, section: Int, origin: Double)
    -> LayoutAttributes
  {
    LayoutAttributes(
      indexPath: IndexPath(item: 0, section: section), category: .decoration, kind: decoration.kind,
      frame: decoration.frame.offsetBy(dx: 0, dy: origin), zIndex: decoration.zIndex, style: decoration.style)
  }

  /// A boundary supplementary where it is now: a pinned header at the top of the visible bounds
  /// (pushed off by its section's end), a pinned footer at the bottom (held by its section's
  /// start), each at the z-index its definition gave it.
  private func boundaryAttributes(
    _ boundary: PlacedSupplementary, section: Int, origin: Double, height: Double
  )
    -> LayoutAttributes
  {
    var frame = boundary.frame.offsetBy(dx: 0, dy: origin)
    if boundary.pins {
      let natural = frame.minY
      if boundary.isTop {
        frame.origin.y = Swift.max(natural, Swift.min(bounds.minY, origin + height - frame.height))
      } else {
        frame.origin.y = Swift.min(natural, Swift.max(bounds.maxY - frame.height, origin))
      }
    }
    return LayoutAttributes(
      indexPath: IndexPath(item: boundary.index, section: section), category: .supplementary,
      kind: boundary.kind,
      frame: frame, zIndex: boundary.zIndex)
  }

  // MARK: - One element

  /// The item's attributes (shifted and clipped in a sideways section), or nil when it does not
  /// exist.
  public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard models.indices.contains(indexPath.section) else { return nil }
    let model = models[indexPath.section]
    guard indexPath.item >= 0, indexPath.item < model.items.count else { return nil }
    let origin = offsets.offset(of: indexPath.section)
    let shift = model.scrollsSideways ? orthogonalOffset(forSection: indexPath.section) : 0
    var attributes = LayoutAttributes.cell(
      at: indexPath, frame: model.items[indexPath.item].offsetBy(dx: -shift, dy: origin))
    attributes.clip = model.scrollsSideways ? model.band.offsetBy(dx: 0, dy: origin) : nil
    return attributes
  }

  /// A boundary supplementary (`indexPath.item` is its position among its kind) or a badge
  /// (`indexPath` is its item's), or nil.
  public func layoutAttributesForSupplementaryElement(ofKind kind: ElementKind, at indexPath: IndexPath)
    -> LayoutAttributes?
  {
    guard models.indices.contains(indexPath.section) else { return nil }
    let model = models[indexPath.section]
    let origin = offsets.offset(of: indexPath.section)
    if let boundary = model.boundaries.first(where: { $0.kind == kind && $0.index == indexPath.item }) {
      return boundaryAttributes(boundary, section: indexPath.section, origin: origin, height: model.height)
    }
    guard let badge = model.badges.first(where: { $0.kind == kind && $0.index == indexPath.item }) else {
      return nil
    }
    return badgeAttributes(badge, model, section: indexPath.section, origin: origin)
  }

  /// A badge where its item is now; in a sideways section, clipped to the row (widened by how
  /// far badges reach, so one sticking out above its item still shows).
  private func badgeAttributes(
    _ badge: PlacedSupplementary, _ model: SectionModel, section: Int, origin: Double
  )
    -> LayoutAttributes
  {
    let shift = model.scrollsSideways ? orthogonalOffset(forSection: section) : 0
    var attributes = LayoutAttributes(
      indexPath: IndexPath(item: badge.index, section: section), category: .supplementary, kind: badge.kind,
      frame: badge.frame.offsetBy(dx: -shift, dy: origin), zIndex: badge.zIndex)
    if model.scrollsSideways {
      attributes.clip = model.band.offsetBy(dx: 0, dy: origin).outset(
        by: EdgeInsets(top: model.badgeReach, left: 0, bottom: model.badgeReach, right: 0))
    }
    return attributes
  }

  /// The section's decoration of `kind` (item 0), or nil.
  public func layoutAttributesForDecoration(ofKind kind: ElementKind, at indexPath: IndexPath)
    -> LayoutAttributes?
  {
    guard models.indices.contains(indexPath.section), indexPath.item == 0,
      let decoration = models[indexPath.section].decorations.first(where: { $0.kind == kind })
    else { return nil }
    return decorationAttributes(
      decoration, section: indexPath.section, origin: offsets.offset(of: indexPath.section))
  }
}

// MARK: - Sideways sections

extension CompositionalLayout: SidewaysScrollingLayout {
  /// Whether the section is one row that scrolls sideways.
  public func scrollsSideways(section: Int) -> Bool {
    models.indices.contains(section) && models[section].scrollsSideways
  }

  /// How far the sideways section is scrolled; 0 for any other.
  public func orthogonalOffset(forSection section: Int) -> Double {
    guard scrollsSideways(section: section) else { return 0 }
    return orthogonalOffsets[section] ?? 0
  }

  /// Scrolls a sideways section to `offset`, kept within its row. Nothing else is recomputed:
  /// items are shifted at query time.
  public func setOrthogonalOffset(_ offset: Double, forSection section: Int) {
    guard scrollsSideways(section: section) else { return }
    orthogonalOffsets[section] = clampedOrthogonalOffset(offset, model: models[section])
  }

  /// Scrolls a sideways section by `dx` as its behaviour says: freely (continuous), or to the
  /// next or previous page or group boundary in `dx`'s direction. Returns whether it moved.
  @discardableResult
  public func scrollSection(_ section: Int, sidewaysBy dx: Double) -> Bool {
    guard scrollsSideways(section: section), dx.isFinite, dx != 0 else { return false }
    let model = models[section]
    let current = orthogonalOffset(forSection: section)
    var target: Double
    switch model.orthogonal {
    case .none, .continuous:
      target = current + dx
    case .paging:
      let page = Swift.max(1, model.band.width)
      let index = (current / page).rounded()
      target = (index + (dx > 0 ? 1 : -1)) * page
    case .groupPaging, .continuousGroupLeadingBoundary:
      let leading = model.groupStarts.first ?? 0
      let stops = model.groupStarts.map { $0 - leading }
      let next =
        dx > 0
        ? stops.first(where: { $0 > current + 0.5 }) ?? current
        : stops.last(where: { $0 < current - 0.5 }) ?? 0
      target = next
      if model.orthogonal == .continuousGroupLeadingBoundary {
        // As UIKit's: it moves by the amount, then comes to rest at the group boundary nearest
        // where it got to (past as many groups as that is); at least the next one, as a flick
        // moves at least a group, and never back.
        let moved = current + dx
        var nearest = stops.first ?? 0
        for stop in stops where abs(stop - moved) < abs(nearest - moved) { nearest = stop }
        if (nearest - current) * dx > 0 && abs(nearest - current) > 0.5 { target = nearest }
      }
    }
    let clamped = clampedOrthogonalOffset(target, model: model)
    guard clamped != current else { return false }
    orthogonalOffsets[section] = clamped
    return true
  }
}
