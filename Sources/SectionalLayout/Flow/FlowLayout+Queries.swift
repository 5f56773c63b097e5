import SectionalDiff

extension FlowLayout {
  /// Every element whose frame intersects `rect`, in drawing order: section backgrounds, cards,
  /// shelves, cells, then headers and footers (pinned headers last). Decorations come from the
  /// cache — one per section and kind, never recomputed by a query.
  ///
  /// - Complexity: O(log n + k) for n sections and k elements returned (plus log m per visible
  ///   section of m items).
  public func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    // An infinite rect (``Rect/infinite``, or infinite edges) asks for everything.
    guard let rect = rect.queried, !records.isEmpty, !refusesQueryDuringPrepare() else { return [] }
    if estimatedCount > 0 { _ = layOutEstimatedSections(in: rect) }
    // Decorations may reach beyond their section (card outsets, the last shelf): look that far.
    // One descent of the offset tree finds the first section; the others' offsets follow from
    // its path.
    var origins = self.scratchOrigins
    self.scratchOrigins = []
    origins.removeAll(keepingCapacity: true)
    defer { self.scratchOrigins = origins }
    let sections = offsets.sections(
      from: rect.minY - decorationOverhang.bottom, to: rect.maxY + decorationOverhang.top, offsets: &origins)
    guard !sections.isEmpty else { return [] }
    // One read of each cache into a local: the loops below then index plain arrays instead of
    // going through the class's properties (and their exclusivity checks) per element.
    let records = self.records
    let styles = self.styles
    let width = sanitizedWidth
    var result: [LayoutAttributes] = []
    result.reserveCapacity(sections.count * 12)

    for (index, section) in sections.enumerated() where records[section].backgroundStyle >= 0 {
      let background = backgroundAttributes(
        records[section], section, origin: origins[index], width: width, styles)
      if background.frame.intersects(rect) { result.append(background) }
    }
    // The visible sections' geometry and frames: the stored ones read through locals, or the
    // ones built on demand gathered into one local array.
    let geometries: [SectionGeometry]
    let itemStore: [StoredRect]
    let shelfStore: [StoredRect]
    if storesFrames {
      geometries = self.geometries
      itemStore = items.storage
      shelfStore = shelves.storage
    } else {
      var gathered: [SectionGeometry] = []
      var gatheredItems: [StoredRect] = []
      var gatheredShelves: [StoredRect] = []
      gathered.reserveCapacity(sections.count)
      for section in sections {
        var entry = builtOnDemand(section)
        entry.geometry.itemStart = Int32(truncatingIfNeeded: gatheredItems.count)
        entry.geometry.shelfStart = Int32(truncatingIfNeeded: gatheredShelves.count)
        gatheredItems += entry.items
        gatheredShelves += entry.shelves
        gathered.append(entry.geometry)
      }
      geometries = gathered
      itemStore = gatheredItems
      shelfStore = gatheredShelves
    }
    // Stored geometry is indexed by section, gathered geometry by position among the visible.
    let base = storesFrames ? 0 : sections.lowerBound
    itemStore.withUnsafeBufferPointer { itemFrames in
      shelfStore.withUnsafeBufferPointer { shelfFrames in
        for (index, section) in sections.enumerated() where records[section].cardStyle >= 0 {
          let card = cardAttributes(
            records[section], geometries[section - base], section, origin: origins[index], styles)
          if card.frame.intersects(rect) { result.append(card) }
        }
        for (index, section) in sections.enumerated() where records[section].shelfStyle >= 0 {
          let style = styles[Int(records[section].shelfStyle)]
          let geometry = geometries[section - base]
          let start = Int(geometry.shelfStart)
          for line in 0..<Int(geometry.shelfCount) {
            let frame = shelfFrames[start + line].absolute(sectionY: origins[index])
            if frame.minY >= rect.maxY { break }
            if frame.intersects(rect) {
              result.append(shelfAttributes(section, line: line, frame: frame, style: style))
            }
          }
        }
        for (index, section) in sections.enumerated() where records[section].itemCount > 0 {
          let geometry = geometries[section - base]
          let start = Int(geometry.itemStart)
          appendItems(
            in: rect, maxLineHeight: geometry.maxLineHeight, section: section, origin: origins[index],
            UnsafeBufferPointer(rebasing: itemFrames[start..<start + Int(records[section].itemCount)]),
            &result)
        }
      }
    }
    let pinned = sectionHeadersPinToVisibleBounds
    for (index, section) in sections.enumerated() {
      let record = records[section]
      let span = supplementarySpan(record, geometries[section - base], width: width)
      if !pinned, let header = headerAttributes(record, section, origin: origins[index], span: span),
        header.frame.intersects(rect)
      {
        result.append(header)
      }
      if let footer = footerAttributes(record, section, origin: origins[index], span: span),
        footer.frame.intersects(rect)
      {
        result.append(footer)
      }
    }
    if pinned {
      for (index, section) in sections.enumerated() {
        let span = supplementarySpan(records[section], geometries[section - base], width: width)
        if let header = headerAttributes(records[section], section, origin: origins[index], span: span),
          header.frame.intersects(rect)
        {
          result.append(header)
        }
      }
    }
    return result
  }

  /// The items of one section that intersect `rect`: a binary search for the first line that can
  /// reach the rect, then a walk until the lines start below it.
  @inline(__always)
  private func appendItems(
    in rect: Rect, maxLineHeight: Float, section: Int, origin: Double,
    _ frames: UnsafeBufferPointer<StoredRect>,
    _ result: inout [LayoutAttributes]
  ) {
    let start = 0
    let end = frames.count
    let top = Float(rect.minY - origin) - maxLineHeight
    let bottom = rect.maxY - origin
    var low = start
    var high = end
    while low < high {
      let mid = (low + high) >> 1
      if frames[mid].y <= top { low = mid + 1 } else { high = mid }
    }
    var index = low
    while index < end {
      let stored = frames[index]
      if Double(stored.y) >= bottom { break }
      let frame = stored.absolute(sectionY: origin)
      if frame.intersects(rect) {
        result.append(.cell(at: IndexPath(item: index - start, section: section), frame: frame))
      }
      index += 1
    }
  }

  /// The sections whose extent intersects `rect` vertically.
  ///
  /// - Complexity: O(log n + k) for k sections.
  func sectionRange(intersecting rect: Rect) -> Range<Int> {
    guard rect.width > 0 else { return 0..<0 }
    var ignored: [Double] = []
    return offsets.sections(from: rect.minY, to: rect.maxY, offsets: &ignored)
  }

  // MARK: - Per element

  /// The item's attributes, or nil when it does not exist. O(1) after prepare, plus the section's
  /// offset (O(log n)).
  public func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard records.indices.contains(indexPath.section), !refusesQueryDuringPrepare() else { return nil }
    layOutEstimated(through: indexPath.section)
    let record = records[indexPath.section]
    guard indexPath.item >= 0, indexPath.item < Int(record.itemCount) else { return nil }
    let origin = offsets.offset(of: indexPath.section)
    let frame = withFrames(of: indexPath.section) { _, frames, _ in
      frames[indexPath.item].absolute(sectionY: origin)
    }
    return .cell(at: indexPath, frame: frame)
  }

  /// The section's header or footer (item 0), or nil when it has none; a pinned header where it is
  /// pinned now.
  public func layoutAttributesForSupplementaryElement(ofKind kind: ElementKind, at indexPath: IndexPath)
    -> LayoutAttributes?
  {
    guard records.indices.contains(indexPath.section), indexPath.item == 0, !refusesQueryDuringPrepare()
    else { return nil }
    layOutEstimated(through: indexPath.section)
    let origin = offsets.offset(of: indexPath.section)
    let record = records[indexPath.section]
    guard kind == .header || kind == .footer else { return nil }
    // Only a carded section's span needs its geometry, which may have to be built.
    let span =
      record.cardStyle < 0
      ? (x: 0.0, width: sanitizedWidth)
      : withFrames(of: indexPath.section) { geometry, _, _ in
        supplementarySpan(record, geometry, width: sanitizedWidth)
      }
    switch kind {
    case .header: return headerAttributes(record, indexPath.section, origin: origin, span: span)
    case .footer: return footerAttributes(record, indexPath.section, origin: origin, span: span)
    default: return nil
    }
  }

  /// The section's card or background (item 0) or the shelf of line `indexPath.item`, or nil when
  /// the section has none.
  public func layoutAttributesForDecoration(ofKind kind: ElementKind, at indexPath: IndexPath)
    -> LayoutAttributes?
  {
    guard records.indices.contains(indexPath.section), !refusesQueryDuringPrepare() else { return nil }
    layOutEstimated(through: indexPath.section)
    let origin = offsets.offset(of: indexPath.section)
    let record = records[indexPath.section]
    switch kind {
    case .sectionCard where indexPath.item == 0 && record.cardStyle >= 0:
      return withFrames(of: indexPath.section) { geometry, _, _ in
        cardAttributes(record, geometry, indexPath.section, origin: origin, styles)
      }
    case .sectionBackground where indexPath.item == 0 && record.backgroundStyle >= 0:
      return backgroundAttributes(record, indexPath.section, origin: origin, width: sanitizedWidth, styles)
    case .shelf:
      guard record.shelfStyle >= 0, indexPath.item >= 0 else { return nil }
      let frame = withFrames(of: indexPath.section) { _, _, shelves in
        indexPath.item < shelves.count ? shelves[indexPath.item].absolute(sectionY: origin) : nil
      }
      guard let frame else { return nil }
      return shelfAttributes(
        indexPath.section, line: indexPath.item, frame: frame, style: styles[Int(record.shelfStyle)])
    default: return nil
    }
  }

  // MARK: - Attributes from the cache

  func cardAttributes(
    _ record: SectionRecord, _ geometry: SectionGeometry, _ section: Int, origin: Double,
    _ styles: [DecorationStyle]
  ) -> LayoutAttributes {
    LayoutAttributes(
      indexPath: IndexPath(item: 0, section: section), category: .decoration, kind: .sectionCard,
      frame: geometry.card.absolute(sectionY: origin), zIndex: ZIndex.sectionCard,
      style: styles[Int(record.cardStyle)])
  }

  func backgroundAttributes(
    _ record: SectionRecord, _ section: Int, origin: Double, width: Double, _ styles: [DecorationStyle]
  ) -> LayoutAttributes {
    let top = Double(record.headerHeight)
    let frame = Rect(
      x: 0, y: origin + top, width: width, height: record.height - top - Double(record.footerHeight))
    return LayoutAttributes(
      indexPath: IndexPath(item: 0, section: section), category: .decoration, kind: .sectionBackground,
      frame: frame, zIndex: ZIndex.sectionBackground, style: styles[Int(record.backgroundStyle)])
  }

  func shelfAttributes(_ section: Int, line: Int, frame: Rect, style: DecorationStyle) -> LayoutAttributes {
    LayoutAttributes(
      indexPath: IndexPath(item: line, section: section), category: .decoration, kind: .shelf, frame: frame,
      zIndex: ZIndex.shelf, style: style)
  }

  /// The columns a section's header and footer take: in a section with a card, the card's
  /// content (its items' extent), so a header lines up with the text under it rather than with
  /// the card's shadow margin; otherwise the whole width, as in UIKit's flow layout.
  func supplementarySpan(_ record: SectionRecord, _ geometry: SectionGeometry, width: Double)
    -> (x: Double, width: Double)
  {
    guard record.cardStyle >= 0 else { return (0, width) }
    let card = geometry.card
    let x = Double(card.x) + cardOutset.left
    return (x, Swift.max(0, Double(card.width) - cardOutset.left - cardOutset.right))
  }

  func headerAttributes(
    _ record: SectionRecord, _ section: Int, origin: Double, span: (x: Double, width: Double)
  ) -> LayoutAttributes? {
    guard record.headerHeight > 0 else { return nil }
    let height = Double(record.headerHeight)
    var y = origin
    var zIndex = ZIndex.supplementary
    if sectionHeadersPinToVisibleBounds {
      // Stay at the top of the bounds while the section is on screen; the section's end (less
      // its footer) pushes the header off.
      let limit = origin + record.height - Double(record.footerHeight) - height
      y = Swift.min(Swift.max(origin, bounds.minY), Swift.max(origin, limit))
      zIndex = ZIndex.pinnedHeader
    }
    return LayoutAttributes(
      indexPath: IndexPath(item: 0, section: section), category: .supplementary, kind: .header,
      frame: Rect(x: span.x, y: y, width: span.width, height: height), zIndex: zIndex)
  }

  func footerAttributes(
    _ record: SectionRecord, _ section: Int, origin: Double, span: (x: Double, width: Double)
  ) -> LayoutAttributes? {
    guard record.footerHeight > 0 else { return nil }
    let height = Double(record.footerHeight)
    return LayoutAttributes(
      indexPath: IndexPath(item: 0, section: section), category: .supplementary, kind: .footer,
      frame: Rect(x: span.x, y: origin + record.height - height, width: span.width, height: height),
      zIndex: ZIndex.supplementary)
  }
}
