import SectionalDiff

// Sections a batch changed below the visible bounds are not laid out in `prepare()` when
// ``defersOffscreenSectionLayout`` is on: each keeps its record (and its last height in the offset
// tree) and is marked estimated. Whatever reads a section first lays out every estimated section
// up to it — a rect query up to the last section reaching the rect (again and again, since a
// section that grows can bring the next one in), a per-element query up to its own section. Laying
// out a section moves only the sections after it, so the sections up to the deepest one read so
// far never move again: no answer is built on an estimate, and none given is changed by a later
// query.

extension FlowLayout {
  /// How many sections stand at their last height, waiting for a query to reach them.
  package var estimatedSectionCount: Int { estimatedCount }

  /// Lays out every section still estimated; ``contentSize`` is exact afterwards.
  ///
  /// - Complexity: O(items of the estimated sections + s log n) for s estimated sections.
  public func layOutEstimatedSections() {
    guard estimatedCount > 0, !refusesQueryDuringPrepare() else { return }
    for section in estimated.indices where estimated[section] { _ = layOutEstimated(section) }
  }

  /// Lays out the estimated sections up to the last one that reaches `rect` (decorations
  /// included), until no estimated section does, and returns how much those starting above `rect`
  /// grew: the scroll that keeps what `rect` showed where it was (UIKit's content-offset
  /// adjustment for self-sizing above the viewport).
  public func layOutEstimatedSections(in rect: Rect) -> Double {
    guard estimatedCount > 0, rect.width > 0, rect.height > 0, !refusesQueryDuringPrepare() else { return 0 }
    let high = rect.maxY + decorationOverhang.top
    var shift = 0.0
    // Walk the sections from the first estimated one, each offset read afresh: laying one out
    // moves the ones after it, never the ones before.
    var section = estimatedFloor
    while section < records.count && estimatedCount > 0 {
      let top = offsets.offset(of: section)
      // Every section above the rect starts above `high` too: all of them are laid out.
      guard top < high else { break }
      if estimated[section] {
        let growth = layOutEstimated(section)
        if top < rect.minY { shift += growth }
      }
      section += 1
      estimatedFloor = Swift.max(estimatedFloor, section)
    }
    return shift
  }

  /// Lays out every estimated section up to and including `section`, so that section's frames
  /// and offset are final.
  func layOutEstimated(through section: Int) {
    guard estimatedCount > 0 else { return }
    var index = estimatedFloor
    while index <= section && index < estimated.count && estimatedCount > 0 {
      if estimated[index] { layOutEstimated(index) }
      index += 1
    }
    estimatedFloor = Swift.max(estimatedFloor, index)
  }

  /// Marks a changed section estimated rather than laying it out, when deferral is on and the
  /// section is below the visible bounds (a section on screen is queried next anyway, and one
  /// above them would move what is on screen).
  func estimateOrLayOut(_ section: Int, width: Double, delegate: any FlowLayoutDelegate) {
    if defersOffscreenSectionLayout && isBelowScreen(section) {
      markEstimated(section)
    } else {
      computeSection(section, width: width, delegate: delegate)
      offsets.setHeight(records[section].height, at: section)
    }
  }

  /// Whether the section, with what its decorations may overhang above it, starts below
  /// ``bounds``.
  func isBelowScreen(_ section: Int) -> Bool {
    guard bounds.width > 0, bounds.height > 0 else { return false }
    return offsets.offset(of: section) - decorationOverhang.top >= bounds.maxY
  }

  func markEstimated(_ section: Int) {
    // Only while nothing is estimated can the flags be out of step with the sections.
    if estimated.count != records.count {
      estimated = [Bool](repeating: false, count: records.count)
      estimatedCount = 0
    }
    guard !estimated[section] else { return }
    estimatedFloor = estimatedCount == 0 ? section : Swift.min(estimatedFloor, section)
    estimated[section] = true
    estimatedCount += 1
  }

  /// Lays out `section` when it is estimated; returns how much its height changed.
  @discardableResult
  func layOutEstimated(_ section: Int) -> Double {
    guard estimatedCount > 0, section >= 0, section < estimated.count, estimated[section] else { return 0 }
    estimated[section] = false
    estimatedCount -= 1
    let before = records[section].height
    computeSection(section, width: sanitizedWidth, delegate: resolvedDelegate)
    offsets.setHeight(records[section].height, at: section)
    return records[section].height - before
  }

  /// Forgets every estimate (a full rebuild lays out everything). The flags' storage stays for
  /// the next batch: allocating a flag per section again for every toggle after a reload cost a
  /// list of 100,000 sections more than the toggle.
  func clearEstimates() {
    guard estimatedCount > 0 else { return }
    estimated.withUnsafeMutableBufferPointer { $0.update(repeating: false) }
    estimatedCount = 0
    estimatedFloor = 0
  }

  /// The estimates carried through section updates: `sources[new]` is the old section a new one
  /// came from (nil: inserted, laid out, not estimated).
  func remapEstimates(sources: [Int?]) {
    // With nothing estimated every flag is false; `markEstimated` sizes them when it must.
    guard estimatedCount > 0 else { return }
    var moved = [Bool](repeating: false, count: sources.count)
    var count = 0
    for (new, old) in sources.enumerated() {
      if let old, old < estimated.count, estimated[old] {
        moved[new] = true
        count += 1
      }
    }
    estimated = moved
    estimatedCount = count
    estimatedFloor = moved.firstIndex(of: true) ?? 0
  }
}
