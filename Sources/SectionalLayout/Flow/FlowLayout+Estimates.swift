import SectionalDiff

// Sections a batch changed are not laid out in `prepare()` when ``estimatesChangedSections`` is
// on: each keeps its record (and its last height in the offset tree) and is marked estimated.
// Whatever reads a section lays it out first — a rect query every estimated section it reaches
// (again and again, since a section that grows can bring the next one in), a per-element query
// its own section — so no answer is ever built from an estimate, and an update costs the sections
// a query reaches, not every section it changed.

extension FlowLayout {
  /// How many sections stand at their last height, waiting for a query to reach them.
  public var estimatedSectionCount: Int { estimatedCount }

  /// Lays out every section still estimated; ``contentSize`` is exact afterwards.
  ///
  /// - Complexity: O(items of the estimated sections + s log n) for s estimated sections.
  public func layOutEstimatedSections() {
    guard estimatedCount > 0 else { return }
    for section in estimated.indices where estimated[section] { _ = layOutEstimated(section) }
  }

  /// Lays out the estimated sections that reach `rect` (decorations included), until none does,
  /// and returns how much those starting above `rect` grew: the scroll that keeps what `rect`
  /// showed where it was (UIKit's content-offset adjustment for self-sizing above the viewport).
  public func layOutEstimatedSections(in rect: Rect) -> Double {
    guard estimatedCount > 0, rect.width > 0, rect.height > 0 else { return 0 }
    let low = rect.minY - decorationOverhang.bottom
    let high = rect.maxY + decorationOverhang.top
    var shift = 0.0
    // Walk the sections from the first that reaches the rect, each offset read afresh: laying
    // one out moves the ones after it, never the ones before.
    var section = firstSection(reaching: low, high)
    while section < records.count && estimatedCount > 0 {
      let top = offsets.offset(of: section)
      guard top < high else { break }
      if estimated[section] {
        let growth = layOutEstimated(section)
        if top < rect.minY { shift += growth }
      }
      section += 1
    }
    return shift
  }

  /// The first section that reaches `low ..< high`: the first whose extent does, or before it a
  /// section of height zero whose top lies in the range.
  func firstSection(reaching low: Double, _ high: Double) -> Int {
    var origins = scratchOrigins
    scratchOrigins = []
    defer { scratchOrigins = origins }
    origins.removeAll(keepingCapacity: true)
    let reached = offsets.sections(from: low, to: high, offsets: &origins)
    var section = reached.isEmpty ? firstSection(startingAtOrAfter: low) : reached.lowerBound
    while section > 0, records[section - 1].height == 0, offsets.offset(of: section - 1) >= low {
      section -= 1
    }
    return section
  }

  /// The first section whose offset is at least `y` (the section count when none is).
  ///
  /// - Complexity: O(log² n).
  func firstSection(startingAtOrAfter y: Double) -> Int {
    var low = 0
    var high = records.count
    while low < high {
      let middle = (low + high) / 2
      if offsets.offset(of: middle) < y { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// Marks a changed section estimated rather than laying it out, when estimates are on and the
  /// section is off screen (a section on screen is queried next anyway).
  func estimateOrLayOut(_ section: Int, width: Double, delegate: any FlowLayoutDelegate) {
    if estimatesChangedSections && !isOnScreen(section) {
      markEstimated(section)
    } else {
      computeSection(section, width: width, delegate: delegate)
      offsets.setHeight(records[section].height, at: section)
    }
  }

  /// Whether the section, with what its decorations may overhang, reaches ``bounds`` at its
  /// current offset.
  func isOnScreen(_ section: Int) -> Bool {
    guard bounds.width > 0, bounds.height > 0 else { return false }
    let top = offsets.offset(of: section)
    return top + records[section].height + decorationOverhang.bottom > bounds.minY
      && top - decorationOverhang.top < bounds.maxY
  }

  func markEstimated(_ section: Int) {
    // Only while nothing is estimated can the flags be out of step with the sections.
    if estimated.count != records.count {
      estimated = [Bool](repeating: false, count: records.count)
      estimatedCount = 0
    }
    guard !estimated[section] else { return }
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
  }
}
