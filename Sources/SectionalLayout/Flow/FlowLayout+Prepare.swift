import SectionalDiff

extension FlowLayout {
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
        selfSizing.removeAll()
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
    reflowBatchedSections(width: width, delegate: delegate)
    dirtySections = []
    compactIfNeeded()
  }

  var sanitizedWidth: Double {
    bounds.width.isFinite && bounds.width > 0 ? Swift.min(bounds.width, Self.maximumLength) : 0
  }

  /// Re-flows the sections whose only change is an item batch, or lays them out whole when that
  /// cannot be exact (or defers them, as any changed section below the screen).
  func reflowBatchedSections(width: Double, delegate: any FlowLayoutDelegate) {
    guard !reflowedSections.isEmpty else { return }
    let batched = reflowedSections
    reflowedSections = [:]
    for (section, updates) in batched where section >= 0 && section < records.count {
      if dirtySections.contains(section) { continue }
      if defersOffscreenSectionLayout && isBelowScreen(section) || estimatedCount > 0 && estimated[section] {
        estimateOrLayOut(section, width: width, delegate: delegate)
      } else if reflow(section, after: updates, width: width, delegate: delegate) {
        offsets.setHeight(records[section].height, at: section)
      } else {
        computeSection(section, width: width, delegate: delegate)
        offsets.setHeight(records[section].height, at: section)
      }
    }
  }

  func rebuildEverything(width: Double, delegate: any FlowLayoutDelegate) {
    reflowedSections = [:]
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
    // Batches named before the section updates are in the old numbering: laid out whole.
    for section in reflowedSections.keys { dirtySections.insert(section) }
    reflowedSections = [:]
    let (updates, countsMayHaveChanged) = pending.takeStructuralChanges()
    let renumbering: SectionRenumbering
    switch SectionRenumbering.of(updates, oldCount: records.count, newCount: newCount) {
    case .success(let found): renumbering = found
    case .failure(let inconsistency):
      report(.inconsistentUpdate, nil, inconsistency.message)
      rebuildEverything(width: sanitizedWidth, delegate: delegate)
      return
    }
    if storesFrames {
      for (old, new) in renumbering.newSectionOfOld.enumerated() where new < 0 {
        items.release(capacity: geometries[old].itemCapacity)
        shelves.release(capacity: geometries[old].shelfCapacity)
      }
      geometries = renumbering.renumbered(geometries, filler: SectionGeometry())
    }
    records = renumbering.renumbered(records, filler: SectionRecord())
    // Sections built on demand, sizes and estimates move with their sections.
    lazySections = renumbering.renumbered(lazySections)
    selfSizing.remapSections(newSectionOfOld: renumbering.newSectionOfOld)
    remapEstimates(sources: renumbering.sources)
    dirtySections = renumbering.dirtySections(dirtySections)
    takeNamedAfterStructuralChanges()
    var newDirty = dirtySections.filter { $0 >= 0 && $0 < newCount }
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
      if renumbering.sources[section] != nil {
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
}
