import SectionalDiff

extension FlowLayout {
  // MARK: - Prepare

  /// Recomputes what was invalidated since the last call — the named sections' items and
  /// decorations, the offsets of the sections after them — and nothing else. Called by the
  /// collection view before it queries the layout.
  public func prepare() {
    let delegate = resolvedDelegate
    let width = sanitizedWidth
    if needsFullRebuild || width != preparedWidth {
      if width != preparedWidth {
        preferredSizes = [:]
        selfSizingPasses = [:]
        reportedRunaways = []
        afterStructuralChanges = InvalidationContext()
      }
      rebuildEverything(width: width, delegate: delegate)
      return
    }
    if pendingSectionUpdates != nil || needsCounts {
      applyStructuralChanges(delegate: delegate)
    }
    for section in dirtySections where section >= 0 && section < records.count {
      computeSection(section, width: width, delegate: delegate)
      offsets.setHeight(records[section].height, at: section)
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
    items.removeAll(reservingCapacity: 0)
    shelves.removeAll(reservingCapacity: 0)
    offsets = OffsetTree()
    var counts = [Int](repeating: 0, count: sectionCount)
    var totalItems = 0
    if let collectionView {
      for section in 0..<sectionCount {
        counts[section] = sanitizedCount(collectionView.numberOfItems(inSection: section), what: "items")
        totalItems += counts[section]
      }
    }
    records = [SectionRecord](repeating: SectionRecord(), count: sectionCount)
    items.removeAll(reservingCapacity: totalItems)
    shelves.removeAll(reservingCapacity: decorationStyles[.shelf] == nil ? 0 : totalItems)
    styles = []
    styleIndexes = [:]
    decorationOverhang = .zero
    var heights = [Double](repeating: 0, count: sectionCount)
    for section in 0..<sectionCount {
      computeSection(section, width: width, delegate: delegate, itemCount: counts[section])
      heights[section] = records[section].height
    }
    offsets.rebuild(heights: heights)
    preparedWidth = width
    needsFullRebuild = false
    needsCounts = false
    pendingSectionUpdates = nil
    dirtySections = []
  }

  /// Applies what contexts named while section updates were pending (nothing to recompute
  /// after a full rebuild, but preferred sizes are kept).
  func takeNamedAfterStructuralChanges() {
    guard !afterStructuralChanges.isEmpty else { return }
    let named = afterStructuralChanges
    afterStructuralChanges = InvalidationContext()
    invalidateNamedElements(of: named)
  }

  /// Applies section inserts, deletes and moves to the cache without recomputing survivors.
  func applyStructuralChanges(delegate: any FlowLayoutDelegate) {
    let newCount = sanitizedCount(collectionView?.numberOfSections ?? 0, what: "sections")
    let updates = pendingSectionUpdates ?? SectionUpdates()
    let countsMayHaveChanged = needsCounts
    pendingSectionUpdates = nil
    needsCounts = false
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
    var newDirty: Set<Int> = []
    for (newSection, source) in sources.enumerated() {
      if let source {
        newRecords[newSection] = records[source]
        newSectionOfOld[source] = newSection
        if dirtySections.contains(source) { newDirty.insert(newSection) }
      } else {
        newDirty.insert(newSection)
      }
    }
    for (old, new) in newSectionOfOld.enumerated() where new < 0 {
      items.release(capacity: records[old].itemCapacity)
      shelves.release(capacity: records[old].shelfCapacity)
    }
    func remap<Value>(_ dictionary: [IndexPath: Value]) -> [IndexPath: Value] {
      var remapped: [IndexPath: Value] = [:]
      for (path, value) in dictionary where path.section < newSectionOfOld.count {
        let section = newSectionOfOld[path.section]
        if section >= 0 { remapped[IndexPath(item: path.item, section: section)] = value }
      }
      return remapped
    }
    preferredSizes = remap(preferredSizes)
    selfSizingPasses = remap(selfSizingPasses)
    records = newRecords
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
    for section in newDirty { computeSection(section, width: width, delegate: delegate) }
    dirtySections = []
    offsets.rebuild(heights: records.map(\.height))
  }

  func compactIfNeeded() {
    if items.needsCompaction {
      items.compact(&records, keyPath: \.itemStart, countPath: \.itemCount, capacityPath: \.itemCapacity)
    }
    if shelves.needsCompaction {
      shelves.compact(&records, keyPath: \.shelfStart, countPath: \.shelfCount, capacityPath: \.shelfCapacity)
    }
  }

  // MARK: - One section

  /// Computes one section's items, lines, header, footer and decorations from the collection
  /// view's count and the delegate's sizes.
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
    var record = records[section]
    let count = knownCount ?? sanitizedCount(collectionView.numberOfItems(inSection: section), what: "items")
    let headerHeight = sanitized(
      delegate.layout(self, headerHeightForSection: section), "header height", section)
    let footerHeight = sanitized(
      delegate.layout(self, footerHeightForSection: section), "footer height", section)
    record.headerHeight = Float(headerHeight)
    record.footerHeight = Float(footerHeight)
    record.itemCount = Int32(truncatingIfNeeded: count)
    record.maxLineHeight = 0
    record.cardStyle = -1
    record.backgroundStyle = -1
    record.shelfStyle = -1
    record.shelfCount = 0

    guard count > 0 else {
      record.height = headerHeight + footerHeight
      records[section] = record
      return
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

    items.block(count: count, start: &record.itemStart, capacity: &record.itemCapacity)
    let shelfStyle = delegate.layout(self, decorationStyleOfKind: .shelf, forSection: section)
    if shelfStyle != nil {
      // At most one line per item.
      shelves.block(count: count, start: &record.shelfStart, capacity: &record.shelfCapacity)
    }

    var x = left
    var lineTop = headerHeight + inset.top
    var lineHeight = 0.0
    var maxLineHeight = 0.0
    var union: Rect?
    let start = Int(record.itemStart)
    for item in 0..<count {
      let indexPath = IndexPath(item: item, section: section)
      var size = delegate.layout(self, sizeForItemAt: indexPath).resolved(
        preferred: preferredSizes[indexPath])
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
        if shelfStyle != nil {
          appendShelf(&record, lineBottom: lineTop + lineHeight, left: left, width: available)
        }
        lineTop += lineHeight + lineSpacing
        maxLineHeight = Swift.max(maxLineHeight, lineHeight)
        lineHeight = 0
        x = left
      }
      let frame = Rect(x: x, y: lineTop, width: size.width, height: size.height)
      items.storage[start + item] = StoredRect(frame)
      union = union.map { $0.union(frame) } ?? frame
      x += size.width + interitemSpacing
      lineHeight = Swift.max(lineHeight, size.height)
    }
    if shelfStyle != nil {
      appendShelf(&record, lineBottom: lineTop + lineHeight, left: left, width: available)
    }
    maxLineHeight = Swift.max(maxLineHeight, lineHeight)
    let itemsBottom = lineTop + lineHeight
    record.maxLineHeight = Float(maxLineHeight)
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
      record.card = StoredRect(card.outset(by: cardOutset))
      record.cardStyle = styleIndex(style)
    }
    if let style = delegate.layout(self, decorationStyleOfKind: .sectionBackground, forSection: section) {
      record.backgroundStyle = styleIndex(style)
    }
    if let shelfStyle { record.shelfStyle = styleIndex(shelfStyle) }
    if record.cardStyle >= 0 {
      noteOverhang(top: Double(record.card.y), bottom: Double(record.card.y + record.card.height), record)
    }
    if record.shelfCount > 0 {
      let last = shelves.storage[Int(record.shelfStart) + Int(record.shelfCount) - 1]
      noteOverhang(top: 0, bottom: Double(last.y + last.height), record)
    }
    records[section] = record
  }

  func noteOverhang(top: Double, bottom: Double, _ record: SectionRecord) {
    decorationOverhang.top = Swift.max(decorationOverhang.top, -top)
    decorationOverhang.bottom = Swift.max(decorationOverhang.bottom, bottom - record.height)
  }

  func appendShelf(_ record: inout SectionRecord, lineBottom: Double, left: Double, width: Double) {
    let frame = Rect(x: left, y: lineBottom, width: width, height: Swift.max(0, shelfHeight))
    shelves.storage[Int(record.shelfStart) + Int(record.shelfCount)] = StoredRect(frame)
    record.shelfCount += 1
  }

  func styleIndex(_ style: DecorationStyle) -> Int32 {
    if let index = styleIndexes[style] { return index }
    let index = Int32(truncatingIfNeeded: styles.count)
    styles.append(style)
    styleIndexes[style] = index
    return index
  }

}
