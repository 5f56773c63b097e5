import SectionalDiff

extension FlowLayout {
  // MARK: - Prepare

  /// Recomputes what was invalidated since the last call — the named sections' items and
  /// decorations, the offsets of the sections after them — and nothing else. Called by the
  /// collection view before it queries the layout.
  public func prepare() {
    guard beginPreparing() else { return }
    defer { endPreparing() }
    let delegate = resolvedDelegate
    let width = sanitizedWidth
    if pending.needsFullRebuild || width != preparedWidth {
      if width != preparedWidth {
        preferredSizes = [:]
        selfSizingPasses = [:]
        reportedRunaways = []
        _ = pending.takeAfterStructuralChanges()
      }
      rebuildEverything(width: width, delegate: delegate)
      return
    }
    if pending.needsStructuralChanges {
      applyStructuralChanges(delegate: delegate)
    }
    for section in dirtySections where section >= 0 && section < records.count {
      estimateOrLayOut(section, width: width, delegate: delegate)
    }
    dirtySections = []
    compactIfNeeded()
  }

  var sanitizedWidth: Double {
    bounds.width.isFinite && bounds.width > 0 ? Swift.min(bounds.width, Self.maximumLength) : 0
  }

  func rebuildEverything(width: Double, delegate: any FlowLayoutDelegate) {
    takeNamedAfterStructuralChanges()
    let sectionCount = sanitizedCount(collectionView?.numberOfSections ?? 0, what: "sections")
    // Free the old cache before building the new one: peak memory is one cache, not two.
    records = []
    geometries = []
    lazySections = [:]
    clearEstimates()
    items.removeAll(reservingCapacity: 0)
    shelves.removeAll(reservingCapacity: 0)
    offsets = OffsetTree()
    var counts = [Int32](repeating: 0, count: sectionCount)
    var totalItems = 0
    if let collectionView {
      for section in 0..<sectionCount {
        let count = sanitizedCount(collectionView.numberOfItems(inSection: section), what: "items")
        counts[section] = Int32(truncatingIfNeeded: count)
        totalItems += count
      }
    }
    records = [SectionRecord](repeating: SectionRecord(), count: sectionCount)
    storesFrames = totalItems <= maximumStoredItemFrames
    if storesFrames {
      geometries = [SectionGeometry](repeating: SectionGeometry(), count: sectionCount)
      items.removeAll(reservingCapacity: totalItems)
      shelves.removeAll(reservingCapacity: decorationStyles[.shelf] == nil ? 0 : totalItems)
    }
    styles = []
    styleIndexes = [:]
    decorationOverhang = .zero
    var heights = [Double](repeating: 0, count: sectionCount)
    for section in 0..<sectionCount {
      computeSection(section, width: width, delegate: delegate, itemCount: Int(counts[section]))
      heights[section] = records[section].height
    }
    offsets.rebuild(heights: heights)
    preparedWidth = width
    pending.rebuilt()
    dirtySections = []
  }

  /// Applies what contexts named while section updates were pending (nothing to recompute
  /// after a full rebuild, but preferred sizes are kept).
  func takeNamedAfterStructuralChanges() {
    if let named = pending.takeAfterStructuralChanges() { invalidateNamedElements(of: named) }
  }

  /// Applies section inserts, deletes and moves to the cache without recomputing survivors.
  func applyStructuralChanges(delegate: any FlowLayoutDelegate) {
    let newCount = sanitizedCount(collectionView?.numberOfSections ?? 0, what: "sections")
    let (updates, countsMayHaveChanged) = pending.takeStructuralChanges()
    guard let sources = updates.sourceSections(oldCount: records.count, newCount: newCount) else {
      report(
        .inconsistentUpdate, nil,
        "section updates (\(updates.deleted.count) deleted, \(updates.inserted.count) inserted) do not turn "
          + "\(records.count) sections into \(newCount); recomputed everything")
      rebuildEverything(width: sanitizedWidth, delegate: delegate)
      return
    }
    var newSectionOfOld = [Int](repeating: -1, count: records.count)
    var newRecords = [SectionRecord](repeating: SectionRecord(), count: newCount)
    var newGeometries = [SectionGeometry](repeating: SectionGeometry(), count: storesFrames ? newCount : 0)
    var inserted: [Int] = []
    for (newSection, source) in sources.enumerated() {
      if let source {
        newRecords[newSection] = records[source]
        if storesFrames { newGeometries[newSection] = geometries[source] }
        newSectionOfOld[source] = newSection
      } else {
        inserted.append(newSection)
      }
    }
    // The dirty sections follow their sections: a walk over them, not a look-up per section.
    var newDirty = Set<Int>(minimumCapacity: dirtySections.count + inserted.count)
    for old in dirtySections where old >= 0 && old < newSectionOfOld.count && newSectionOfOld[old] >= 0 {
      newDirty.insert(newSectionOfOld[old])
    }
    for section in inserted { newDirty.insert(section) }
    if storesFrames {
      for (old, new) in newSectionOfOld.enumerated() where new < 0 {
        items.release(capacity: geometries[old].itemCapacity)
        shelves.release(capacity: geometries[old].shelfCapacity)
      }
    }
    // Sections built on demand move with their sections.
    var movedLazy: [Int: LazySection] = [:]
    for (old, entry) in lazySections where old < newSectionOfOld.count && newSectionOfOld[old] >= 0 {
      movedLazy[newSectionOfOld[old]] = entry
    }
    lazySections = movedLazy
    func remap<Value>(_ dictionary: [IndexPath: Value]) -> [IndexPath: Value] {
      remappingSections(dictionary, newSectionOfOld: newSectionOfOld)
    }
    preferredSizes = remap(preferredSizes)
    selfSizingPasses = remap(selfSizingPasses)
    records = newRecords
    geometries = newGeometries
    remapEstimates(sources: sources)
    dirtySections = newDirty
    takeNamedAfterStructuralChanges()
    newDirty = dirtySections.filter { $0 >= 0 && $0 < newCount }
    // Surviving sections may have changed their item counts too when counts were invalidated
    // without naming sections; the collection view is the truth, so compare. Section updates
    // alone promise that survivors kept their counts (invalidate those that did not).
    if countsMayHaveChanged, let collectionView {
      for section in 0..<newCount where !newDirty.contains(section) {
        if collectionView.numberOfItems(inSection: section) != Int(records[section].itemCount) {
          newDirty.insert(section)
        }
      }
    }
    let width = sanitizedWidth
    // An inserted section has no height to stand as its estimate: it is laid out now. A
    // survivor is laid out once the offsets are in place, if it is on screen.
    var survivors: [Int] = []
    for section in newDirty {
      if sources[section] != nil {
        survivors.append(section)
      } else {
        computeSection(section, width: width, delegate: delegate)
      }
    }
    dirtySections = []
    offsets.rebuild(heights: records.map(\.height))
    for section in survivors { estimateOrLayOut(section, width: width, delegate: delegate) }
  }

  func compactIfNeeded() {
    guard storesFrames else { return }
    if items.needsCompaction {
      let records = self.records
      items.compact(&geometries, keyPath: \.itemStart, capacityPath: \.itemCapacity) {
        Int(records[$0].itemCount)
      }
    }
    if shelves.needsCompaction {
      let geometries = self.geometries
      shelves.compact(&self.geometries, keyPath: \.shelfStart, capacityPath: \.shelfCapacity) {
        Int(geometries[$0].shelfCount)
      }
    }
  }

  // MARK: - One section

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
    let headerHeight = sanitized(
      delegate.layout(self, headerHeightForSection: section), "header height", section)
    let footerHeight = sanitized(
      delegate.layout(self, footerHeightForSection: section), "footer height", section)
    record.headerHeight = Float(headerHeight)
    record.footerHeight = Float(footerHeight)
    record.itemCount = Int32(truncatingIfNeeded: count)

    guard count > 0 else {
      record.height = headerHeight + footerHeight
      return (record, geometry)
    }

    let rawInset = delegate.layout(self, insetForSection: section)
    let inset = EdgeInsets(
      top: sanitized(rawInset.top, "inset", section), left: sanitized(rawInset.left, "inset", section),
      bottom: sanitized(rawInset.bottom, "inset", section), right: sanitized(rawInset.right, "inset", section)
    )
    let lineSpacing = sanitized(
      delegate.layout(self, lineSpacingForSection: section), "line spacing", section)
    let interitemSpacing = sanitized(
      delegate.layout(self, interitemSpacingForSection: section), "interitem spacing", section)
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
      var size = itemSize.resolved(preferred: preferredSizes[indexPath])
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
          width: Swift.min(size.width, Self.maximumLength), height: Swift.min(size.height, Self.maximumLength)
        )
      }
      if size.width > available {
        report(
          .itemTooWide, indexPath, "item \(indexPath) is \(size.width) wide in \(available); narrowed to fit")
        size.width = available
      }
      if x > left && x + size.width > left + available {
        if shelfStyle != nil { appendShelf(lineBottom: lineTop + lineHeight) }
        lineTop += lineHeight + lineSpacing
        maxLineHeight = Swift.max(maxLineHeight, lineHeight)
        lineHeight = 0
        x = left
      }
      let frame = Rect(x: x, y: lineTop, width: size.width, height: size.height)
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

    if let style = delegate.layout(self, decorationStyleOfKind: .sectionCard, forSection: section),
      var card = union
    {
      if cardIncludesHeader && headerHeight > 0 {
        card = card.union(Rect(x: 0, y: 0, width: width, height: headerHeight))
      }
      if cardIncludesFooter && footerHeight > 0 {
        card = card.union(Rect(x: 0, y: itemsBottom + inset.bottom, width: width, height: footerHeight))
      }
      geometry.card = StoredRect(card.outset(by: cardOutset))
      record.cardStyle = styleIndex(style)
    }
    if let style = delegate.layout(self, decorationStyleOfKind: .sectionBackground, forSection: section) {
      record.backgroundStyle = styleIndex(style)
    }
    if let shelfStyle { record.shelfStyle = styleIndex(shelfStyle) }
    geometry.shelfCount = Int32(truncatingIfNeeded: shelves.count)
    return (record, geometry)
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

  // MARK: - Frames on demand

  /// Calls `body` with the section's geometry and its item and shelf frames (relative to the
  /// section): from the arenas while frames are stored, otherwise from the on-demand cache,
  /// building the section from the delegate when it is not there.
  @inline(__always)
  func withFrames<Result>(
    of section: Int,
    _ body: (SectionGeometry, UnsafeBufferPointer<StoredRect>, UnsafeBufferPointer<StoredRect>) -> Result
  ) -> Result {
    if storesFrames {
      let geometry = geometries[section]
      let itemStart = Int(geometry.itemStart)
      let itemEnd = itemStart + Int(records[section].itemCount)
      let shelfStart = Int(geometry.shelfStart)
      let shelfEnd = shelfStart + Int(geometry.shelfCount)
      return items.storage.withUnsafeBufferPointer { items in
        shelves.storage.withUnsafeBufferPointer { shelves in
          body(
            geometry, UnsafeBufferPointer(rebasing: items[itemStart..<itemEnd]),
            UnsafeBufferPointer(rebasing: shelves[shelfStart..<shelfEnd]))
        }
      }
    }
    let entry = builtOnDemand(section)
    return entry.items.withUnsafeBufferPointer { items in
      entry.shelves.withUnsafeBufferPointer { shelves in body(entry.geometry, items, shelves) }
    }
  }

  /// The most sections kept built on demand; beyond it the least recently used half goes.
  static let onDemandCapacity = 512

  /// The section from the on-demand cache, built from the delegate when missing.
  func builtOnDemand(_ section: Int) -> LazySection {
    lazyClock &+= 1
    if var entry = lazySections[section] {
      entry.lastUse = lazyClock
      lazySections[section] = entry
      return entry
    }
    var itemFrames: [StoredRect] = []
    var shelfFrames: [StoredRect] = []
    suppressesReports = true
    let (_, geometry) = layOutSection(
      section, count: Int(records[section].itemCount), width: sanitizedWidth, delegate: resolvedDelegate,
      items: &itemFrames, shelves: &shelfFrames)
    suppressesReports = false
    if lazySections.count >= Self.onDemandCapacity {
      let uses = lazySections.values.map(\.lastUse).sorted()
      let median = uses[uses.count / 2]
      lazySections = lazySections.filter { $0.value.lastUse > median }
    }
    let entry = LazySection(geometry: geometry, items: itemFrames, shelves: shelfFrames, lastUse: lazyClock)
    lazySections[section] = entry
    return entry
  }
}
