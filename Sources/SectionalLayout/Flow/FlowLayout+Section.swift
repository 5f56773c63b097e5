import SectionalDiff

// One section laid out: its lines of items, its decorations, its height.

extension FlowLayout {
  /// Computes one section from the collection view's count and the delegate's sizes: its record
  /// always; its geometry and frames into the arenas while frames are stored (otherwise the
  /// on-demand cache forgets the section, and a query builds it again).
  ///
  /// - Complexity: O(items in the section).
  func computeSection(
    _ section: Int, width: Double, delegate: any FlowLayoutDelegate, itemCount knownCount: Int? = nil
  ) {
    sectionComputations += 1
    guard let collectionView else {
      records[section] = SectionRecord()
      return
    }
    let count = knownCount ?? sanitizedCount(collectionView.numberOfItems(inSection: section), what: "items")
    // The scratch buffers are taken, not borrowed: writing to them while they are also this
    // object's properties would copy them.
    var itemFrames = scratchItems
    var shelfFrames = scratchShelves
    scratchItems = []
    scratchShelves = []
    defer {
      scratchItems = itemFrames
      scratchShelves = shelfFrames
    }
    let (record, computed) = layOutSection(
      section, count: count, width: width, delegate: delegate, items: &itemFrames, shelves: &shelfFrames)
    records[section] = record
    if record.cardStyle >= 0 {
      noteOverhang(
        top: Double(computed.card.y), bottom: Double(computed.card.y + computed.card.height), record)
    }
    if let last = shelfFrames.last {
      noteOverhang(top: 0, bottom: Double(last.y + last.height), record)
    }
    guard storesFrames else {
      lazySections[section] = nil
      return
    }
    var geometry = geometries[section]
    items.block(count: count, start: &geometry.itemStart, capacity: &geometry.itemCapacity)
    if !shelfFrames.isEmpty {
      shelves.block(count: count, start: &geometry.shelfStart, capacity: &geometry.shelfCapacity)
    }
    // One access to each arena per section, not one per frame.
    let itemStart = Int(geometry.itemStart)
    items.storage.withUnsafeMutableBufferPointer { storage in
      for index in itemFrames.indices { storage[itemStart + index] = itemFrames[index] }
    }
    if !shelfFrames.isEmpty {
      let shelfStart = Int(geometry.shelfStart)
      shelves.storage.withUnsafeMutableBufferPointer { storage in
        for index in shelfFrames.indices { storage[shelfStart + index] = shelfFrames[index] }
      }
    }
    geometry.shelfCount = computed.shelfCount
    geometry.maxLineHeight = computed.maxLineHeight
    geometry.card = computed.card
    geometry.inset = computed.inset
    geometry.lineSpacing = computed.lineSpacing
    geometry.interitemSpacing = computed.interitemSpacing
    geometries[section] = geometry
  }

  /// Lays one section out: its record, and its geometry (line height and card) with its item and
  /// shelf frames, relative to the section, in `items` and `shelves` (emptied first). Reads the
  /// delegate and nothing of the cache but the style palette, so a section built on demand comes
  /// out exactly as it was prepared.
  func layOutSection(
    _ section: Int, count: Int, width: Double, delegate: any FlowLayoutDelegate,
    items: inout [StoredRect], shelves: inout [StoredRect]
  ) -> (SectionRecord, SectionGeometry) {
    items.removeAll(keepingCapacity: true)
    shelves.removeAll(keepingCapacity: true)
    var record = SectionRecord()
    var geometry = SectionGeometry()
    let (headerHeight, footerHeight) = supplementaryHeights(section, delegate: delegate)
    record.headerHeight = Float(headerHeight)
    record.footerHeight = Float(footerHeight)
    record.itemCount = Int32(truncatingIfNeeded: count)

    guard count > 0 else {
      record.height = headerHeight + footerHeight
      return (record, geometry)
    }
    var exact = isOnGrid(headerHeight) && isOnGrid(footerHeight)

    let (inset, lineSpacing, interitemSpacing) = itemSpacing(section, delegate: delegate)
    geometry.inset = StoredInsets(
      top: Float(inset.top), left: Float(inset.left), bottom: Float(inset.bottom), right: Float(inset.right))
    geometry.lineSpacing = Float(lineSpacing)
    geometry.interitemSpacing = Float(interitemSpacing)
    exact =
      exact && isOnGrid(inset.top) && isOnGrid(inset.left) && isOnGrid(inset.bottom) && isOnGrid(inset.right)
      && isOnGrid(lineSpacing) && isOnGrid(interitemSpacing) && width < Self.gridLimit
    let available = Swift.max(0, width - inset.left - inset.right)
    let left = Swift.min(inset.left, width)
    let shelfStyle = delegate.layout(self, decorationStyleOfKind: .shelf, forSection: section)
    items.reserveCapacity(count)
    if shelfStyle != nil { shelves.reserveCapacity(count) }
    func appendShelf(lineBottom: Double) {
      shelves.append(
        StoredRect(Rect(x: left, y: lineBottom, width: available, height: Swift.max(0, shelfHeight))))
    }

    var x = left
    var lineTop = headerHeight + inset.top
    var lineHeight = 0.0
    var maxLineHeight = 0.0
    var union: Rect?
    for item in 0..<count {
      let indexPath = IndexPath(item: item, section: section)
      let itemSize = delegate.layout(self, sizeForItemAt: indexPath)
      if itemSize.isEstimated { record.hasEstimatedItems = true }
      let size = sanitizedItemSize(
        itemSize.resolved(preferred: selfSizing.itemSizes[indexPath]), at: indexPath, available: available)
      if x > left && x + size.width > left + available {
        if shelfStyle != nil { appendShelf(lineBottom: lineTop + lineHeight) }
        lineTop += lineHeight + lineSpacing
        maxLineHeight = Swift.max(maxLineHeight, lineHeight)
        lineHeight = 0
        x = left
      }
      let frame = Rect(x: x, y: lineTop, width: size.width, height: size.height)
      exact = exact && isOnGrid(size.width) && isOnGrid(size.height)
      items.append(StoredRect(frame))
      union = union.map { $0.union(frame) } ?? frame
      x += size.width + interitemSpacing
      lineHeight = Swift.max(lineHeight, size.height)
    }
    if shelfStyle != nil { appendShelf(lineBottom: lineTop + lineHeight) }
    maxLineHeight = Swift.max(maxLineHeight, lineHeight)
    let itemsBottom = lineTop + lineHeight
    geometry.maxLineHeight = Float(maxLineHeight)
    record.height = itemsBottom + inset.bottom + footerHeight
    record.isStoredExactly = exact && record.height < Self.gridLimit

    if let style = delegate.layout(self, decorationStyleOfKind: .sectionCard, forSection: section),
      let union
    {
      geometry.card = card(
        items: union, headerHeight: headerHeight, footerTop: itemsBottom + inset.bottom,
        footerHeight: footerHeight)
      record.cardStyle = styleIndex(style)
    }
    if let style = delegate.layout(self, decorationStyleOfKind: .sectionBackground, forSection: section) {
      record.backgroundStyle = styleIndex(style)
    }
    if let shelfStyle { record.shelfStyle = styleIndex(shelfStyle) }
    geometry.shelfCount = Int32(truncatingIfNeeded: shelves.count)
    return (record, geometry)
  }

  /// The section's header and footer heights from the delegate, sanitized.
  func supplementaryHeights(_ section: Int, delegate: any FlowLayoutDelegate) -> (
    header: Double, footer: Double
  ) {
    (
      sanitized(delegate.layout(self, headerHeightForSection: section), "header height", section),
      sanitized(delegate.layout(self, footerHeightForSection: section), "footer height", section)
    )
  }

  /// The section's inset, line spacing and interitem spacing from the delegate, sanitized.
  func itemSpacing(_ section: Int, delegate: any FlowLayoutDelegate) -> (
    inset: EdgeInsets, line: Double, interitem: Double
  ) {
    let raw = delegate.layout(self, insetForSection: section)
    let inset = EdgeInsets(
      top: sanitized(raw.top, "inset", section), left: sanitized(raw.left, "inset", section),
      bottom: sanitized(raw.bottom, "inset", section), right: sanitized(raw.right, "inset", section))
    return (
      inset, sanitized(delegate.layout(self, lineSpacingForSection: section), "line spacing", section),
      sanitized(delegate.layout(self, interitemSpacingForSection: section), "interitem spacing", section)
    )
  }

  /// An item's size as laid out: finite, not negative, at most ``maximumLength`` and at most
  /// `available` wide, each correction reported. Inlined for the usual size, which needs none.
  @inline(__always)
  func sanitizedItemSize(_ size: Size, at indexPath: IndexPath, available: Double) -> Size {
    if size.isValid && size.width <= available && size.height <= Self.maximumLength { return size }
    return correctedItemSize(size, at: indexPath, available: available)
  }

  @inline(never)
  private func correctedItemSize(_ size: Size, at indexPath: IndexPath, available: Double) -> Size {
    var size = size
    if !size.isValid {
      report(.invalidSize, indexPath, "item \(indexPath) has size \(size); used 0×0")
      size = Size(
        width: size.width.isFinite ? Swift.max(0, size.width) : 0,
        height: size.height.isFinite ? Swift.max(0, size.height) : 0)
    }
    if size.height > Self.maximumLength || size.width > Self.maximumLength {
      report(
        .invalidSize, indexPath,
        "item \(indexPath) has size \(size); clamped to \(Int(Self.maximumLength)) at most")
      size = Size(
        width: Swift.min(size.width, Self.maximumLength), height: Swift.min(size.height, Self.maximumLength))
    }
    if size.width > available {
      report(
        .itemTooWide, indexPath, "item \(indexPath) is \(size.width) wide in \(available); narrowed to fit")
      size.width = available
    }
    return size
  }

  /// The section card around the union of the items' frames: the header and footer take the
  /// items' columns (`supplementarySpan`), so the card grows only down to hold them.
  func card(items: Rect, headerHeight: Double, footerTop: Double, footerHeight: Double) -> StoredRect {
    var card = items
    if cardIncludesHeader && headerHeight > 0 {
      card = card.union(Rect(x: items.minX, y: 0, width: items.width, height: headerHeight))
    }
    if cardIncludesFooter && footerHeight > 0 {
      card = card.union(Rect(x: items.minX, y: footerTop, width: items.width, height: footerHeight))
    }
    return StoredRect(card.outset(by: cardOutset))
  }

  func noteOverhang(top: Double, bottom: Double, _ record: SectionRecord) {
    decorationOverhang.top = Swift.max(decorationOverhang.top, -top)
    decorationOverhang.bottom = Swift.max(decorationOverhang.bottom, bottom - record.height)
  }

  func styleIndex(_ style: DecorationStyle) -> Int16 {
    if let index = styleIndexes[style] { return index }
    let index = Int16(truncatingIfNeeded: styles.count)
    styles.append(style)
    styleIndexes[style] = index
    return index
  }
}
