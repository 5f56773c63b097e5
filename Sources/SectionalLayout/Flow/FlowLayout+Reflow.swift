import SectionalDiff

// A section whose only change is a batch of items (`InvalidationContext.itemUpdates`) is laid out
// again from the line of its first changed item, from the stored sizes of the items that stay,
// and only until its lines fall back in step with the old ones; the rest of it moves by the
// difference in height. An item appended to a long section costs its last line, not the section.
//
// The answer is the whole layout's, exactly: the stored sizes are the delegate's (the section was
// stored without rounding, `SectionRecord.isStoredExactly`), every position is a sum of multiples
// of 1/256 below 2^16 and so is computed without rounding in either order, and the section's
// insets, spacing, header, footer and decorations are asked again and must be what they were.
// Otherwise, or with shelves (one per line, which this does not track), the section is laid out
// whole.

extension FlowLayout {
  /// The longest section (and widest list) re-flowed, 2^16: single precision holds every
  /// multiple of 1/256 below it.
  static let gridLimit = 65_536.0

  /// Lays `section` out again after `updates` changed its items; false when it must be laid out
  /// whole instead (nothing is changed then).
  ///
  /// - Complexity: O(c + r + t) for c changed items, r items re-flowed around them until the
  ///   lines fall back in step, and t items after them (moved, not laid out); plus a scan of the
  ///   items' right edges when the section has a card and the change narrowed it.
  func reflow(_ section: Int, after updates: ItemUpdates, width: Double, delegate: any FlowLayoutDelegate)
    -> Bool
  {
    guard storesFrames, let collectionView, section < records.count, section < geometries.count else {
      return false
    }
    let record = records[section]
    let oldCount = Int(record.itemCount)
    guard record.isStoredExactly, record.shelfStyle < 0, oldCount > 0 else { return false }
    let count = collectionView.numberOfItems(inSection: section)
    guard count > 0, let plan = ReflowPlan(updates, oldCount: oldCount, newCount: count) else { return false }
    var geometry = geometries[section]

    // The section's own answers, which the stored layout assumed.
    let (headerHeight, footerHeight) = supplementaryHeights(section, delegate: delegate)
    let (inset, lineSpacing, interitemSpacing) = itemSpacing(section, delegate: delegate)
    let stored = geometry.inset
    guard Double(record.headerHeight) == headerHeight, Double(record.footerHeight) == footerHeight,
      Double(stored.top) == inset.top, Double(stored.left) == inset.left,
      Double(stored.bottom) == inset.bottom, Double(stored.right) == inset.right,
      Double(geometry.lineSpacing) == lineSpacing, Double(geometry.interitemSpacing) == interitemSpacing,
      delegate.layout(self, decorationStyleOfKind: .shelf, forSection: section) == nil,
      styleIndex(of: delegate.layout(self, decorationStyleOfKind: .sectionCard, forSection: section))
        == record.cardStyle,
      styleIndex(of: delegate.layout(self, decorationStyleOfKind: .sectionBackground, forSection: section))
        == record.backgroundStyle
    else { return false }

    let available = Swift.max(0, width - inset.left - inset.right)
    let left = Swift.min(inset.left, width)
    let oldStart = Int(geometry.itemStart)
    // Read in place: nothing writes the arena until the new frames are worked out (the delegate
    // cannot, while the layout prepares).
    func old(_ index: Int) -> StoredRect { items.storage[oldStart + index] }

    /// Whether old item `index` began a line: the test the whole layout makes, on its stored
    /// frames (exact, so the same numbers).
    func oldItemBeginsLine(_ index: Int) -> Bool {
      guard index > 0 else { return true }
      let previous = old(index - 1)
      let x = Double(previous.x) + (Double(previous.width) + interitemSpacing)
      return x > left && x + Double(old(index).width) > left + available
    }

    // Start at the line of the last item before the first change: the change may join it.
    var start = 0
    if plan.prefix > 0 {
      start = plan.prefix - 1
      while start > 0 && !oldItemBeginsLine(start) { start -= 1 }
    }
    var x = left
    var lineTop = start == 0 ? headerHeight + inset.top : Double(old(start).y)
    var lineHeight = 0.0
    var maxLineHeight = Double(geometry.maxLineHeight)
    var exact = true
    var estimated = record.hasEstimatedItems
    var window: [StoredRect] = []
    var rightmost = -Double.infinity
    // Where the old lines take over, and by how much they move down.
    var rest: (new: Int, shift: Double)?
    let delta = count - oldCount
    for item in start..<count {
      var size: Size
      if let source = plan.oldItem(forNew: item) {
        let frame = old(source)
        size = Size(width: Double(frame.width), height: Double(frame.height))
      } else {
        let indexPath = IndexPath(item: item, section: section)
        let itemSize = delegate.layout(self, sizeForItemAt: indexPath)
        if itemSize.isEstimated { estimated = true }
        size = sanitizedItemSize(
          itemSize.resolved(preferred: selfSizing.itemSizes[indexPath]), at: indexPath, available: available)
      }
      var beginsLine = item == start
      if x > left && x + size.width > left + available {
        lineTop += lineHeight + lineSpacing
        maxLineHeight = Swift.max(maxLineHeight, lineHeight)
        lineHeight = 0
        x = left
        beginsLine = true
      }
      if beginsLine && item >= plan.tailStart && oldItemBeginsLine(item - delta) {
        rest = (item, lineTop - Double(old(item - delta).y))
        break
      }
      let frame = StoredRect(Rect(x: x, y: lineTop, width: size.width, height: size.height))
      exact = exact && isOnGrid(size.width) && isOnGrid(size.height)
      window.append(frame)
      rightmost = Swift.max(rightmost, x + size.width)
      x += size.width + interitemSpacing
      lineHeight = Swift.max(lineHeight, size.height)
    }
    var itemsBottom: Double
    if let rest {
      // The old last line's bottom, moved: the lines from here on are the old ones.
      var last = oldCount - 1
      var lastHeight = Double(old(last).height)
      while last > 0 && !oldItemBeginsLine(last) {
        last -= 1
        lastHeight = Swift.max(lastHeight, Double(old(last).height))
      }
      itemsBottom = Double(old(oldCount - 1).y) + lastHeight + rest.shift
    } else {
      maxLineHeight = Swift.max(maxLineHeight, lineHeight)
      itemsBottom = lineTop + lineHeight
    }
    let height = itemsBottom + inset.bottom + footerHeight
    guard exact, height < Self.gridLimit else { return false }

    // Frames: the items before `start` stay, the window is new, the rest moves down by the shift.
    let tailNew = rest?.new ?? count
    let shift = Float(rest?.shift ?? 0)
    var newStart = geometry.itemStart
    var capacity = geometry.itemCapacity
    items.block(count: count, start: &newStart, capacity: &capacity)
    let target = Int(newStart)
    items.storage.withUnsafeMutableBufferPointer { storage in
      if target != oldStart {
        for index in 0..<start { storage[target + index] = storage[oldStart + index] }
      }
      // The rest moves within the block before the window is written over where it was: from
      // its end when it moves up the block, from its start when it moves down.
      func move(_ new: Int) {
        var frame = storage[oldStart + new - delta]
        frame.y += shift
        storage[target + new] = frame
        rightmost = Swift.max(rightmost, Double(frame.x) + Double(frame.width))
      }
      if target + delta > oldStart {
        for new in (tailNew..<count).reversed() { move(new) }
      } else {
        for new in tailNew..<count { move(new) }
      }
      for (offset, frame) in window.enumerated() { storage[target + start + offset] = frame }
    }
    geometry.itemStart = newStart
    geometry.itemCapacity = capacity
    geometry.maxLineHeight = Float(maxLineHeight)

    var updated = record
    updated.itemCount = Int32(truncatingIfNeeded: count)
    updated.height = height
    updated.hasEstimatedItems = estimated
    if record.cardStyle >= 0 {
      // The items' right edge: every line starts at `left`, the first at the section's top, the
      // last ends at `itemsBottom`. Items before the window are read only when the window and
      // the rest could leave the card narrower than those items make it.
      if rightmost < left + available && start > 0 {
        items.storage.withUnsafeBufferPointer { storage in
          for index in 0..<start {
            let frame = storage[target + index]
            rightmost = Swift.max(rightmost, Double(frame.x) + Double(frame.width))
          }
        }
      }
      let top = headerHeight + inset.top
      let union = Rect(x: left, y: top, width: rightmost - left, height: itemsBottom - top)
      geometry.card = card(
        items: union, headerHeight: headerHeight, footerTop: itemsBottom + inset.bottom,
        footerHeight: footerHeight)
      noteOverhang(
        top: Double(geometry.card.y), bottom: Double(geometry.card.y + geometry.card.height), updated)
    }
    records[section] = updated
    geometries[section] = geometry
    sectionReflows += 1
    return true
  }

  /// The palette index of `style`, or -1 for none.
  func styleIndex(of style: DecorationStyle?) -> Int16 { style.map(styleIndex) ?? -1 }
}

/// Where a section's new items come from after a batch: a prefix and a tail that did not change,
/// and between them each new item's old index, or none for an item to ask for (inserted or
/// reloaded).
struct ReflowPlan {
  /// New items before this index are the old ones at the same index.
  let prefix: Int
  /// New items from this index on are the old ones `newCount - oldCount` places before.
  let tailStart: Int
  let delta: Int
  /// Old index of each new item in `prefix ..< tailStart`, or -1.
  let middle: [Int]

  /// Nil when the batch does not fit the counts.
  init?(_ updates: ItemUpdates, oldCount: Int, newCount: Int) {
    guard oldCount - updates.deletes.count + updates.inserts.count == newCount else { return nil }
    // One item reloaded, the commonest batch of a changed card: nothing to pair.
    if updates.reloads.count == 1 && updates.deletes.isEmpty && updates.inserts.isEmpty
      && updates.moves.isEmpty
    {
      let index = updates.reloads[0]
      guard index >= 0 && index < oldCount else { return nil }
      prefix = index
      tailStart = index + 1
      delta = 0
      middle = [-1]
      return
    }
    // The first and last change on each side, read without building lists: a card's batch is
    // one or two indexes, and allocating was most of its cost.
    var firstOld = Int.max
    var lastOld = -1
    var firstNew = Int.max
    var lastNew = -1
    for index in updates.deletes {
      guard index >= 0 && index < oldCount else { return nil }
      firstOld = Swift.min(firstOld, index)
      lastOld = Swift.max(lastOld, index)
    }
    for index in updates.reloads {
      guard index >= 0 && index < oldCount else { return nil }
      firstOld = Swift.min(firstOld, index)
      lastOld = Swift.max(lastOld, index)
    }
    for index in updates.inserts {
      guard index >= 0 && index < newCount else { return nil }
      firstNew = Swift.min(firstNew, index)
      lastNew = Swift.max(lastNew, index)
    }
    for move in updates.moves {
      guard move.from >= 0 && move.from < oldCount && move.to >= 0 && move.to < newCount else { return nil }
      firstOld = Swift.min(firstOld, move.from)
      lastOld = Swift.max(lastOld, move.from)
      firstNew = Swift.min(firstNew, move.to)
      lastNew = Swift.max(lastNew, move.to)
    }
    delta = newCount - oldCount
    let common = Swift.min(oldCount, newCount)
    prefix = Swift.min(firstOld, firstNew, common)
    // The tail: items after the last change on both sides.
    let tailLength = Swift.max(0, Swift.min(oldCount - 1 - lastOld, newCount - 1 - lastNew, common - prefix))
    tailStart = newCount - tailLength
    // Pair the middle's survivors in order, as a batch applies: old items that are neither
    // deleted nor moved away fill the new places that are neither inserted nor moved to.
    let oldMiddle = oldCount - tailLength - prefix
    var fate = [UInt8](repeating: 0, count: oldMiddle)  // 1: leaves, 2: reloaded
    var taken = [Int](repeating: -2, count: tailStart - prefix)
    for index in updates.deletes { fate[index - prefix] = 1 }
    for index in updates.reloads where fate[index - prefix] == 0 { fate[index - prefix] = 2 }
    for index in updates.inserts { taken[index - prefix] = -1 }
    for move in updates.moves {
      fate[move.from - prefix] = 1
      taken[move.to - prefix] = move.from
    }
    var place = 0
    for offset in 0..<oldMiddle where fate[offset] != 1 {
      while place < taken.count && taken[place] != -2 { place += 1 }
      guard place < taken.count else { return nil }
      taken[place] = fate[offset] == 2 ? -1 : prefix + offset
      place += 1
    }
    guard !taken.contains(-2) else { return nil }
    middle = taken
  }

  /// The old item whose stored size new item `index` keeps, or nil to ask for its size.
  func oldItem(forNew index: Int) -> Int? {
    if index < prefix { return index }
    if index >= tailStart { return index - delta }
    let old = middle[index - prefix]
    return old >= 0 ? old : nil
  }
}
