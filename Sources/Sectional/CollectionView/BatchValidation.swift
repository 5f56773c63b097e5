/// Checks of a batch against the counts before and after it, as pure functions of their
/// arguments: the collection view calls them, and tests call them off the main actor.
enum BatchValidation {
  /// For each new section, the old section it came from (nil: inserted), or why the batch does
  /// not turn `oldCounts` into `newCounts`.
  ///
  /// - Complexity: O(sections + item changes).
  static func validate(_ updates: BatchUpdates, oldCounts: [Int], newCounts: [Int])
    -> Result<[Int?], BatchUpdateError>
  {
    guard
      let sources = updates.sectionUpdates.sourceSections(
        oldCount: oldCounts.count, newCount: newCounts.count)
    else {
      return .failure(
        BatchUpdateError(
          description: "the number of sections was \(oldCounts.count), now \(newCounts.count), with "
            + "\(updates.insertedSections.count) inserted and \(updates.deletedSections.count) deleted"))
    }
    var reloaded = [Bool](repeating: false, count: oldCounts.count)
    for old in updates.reloadedSections {
      guard old >= 0 && old < oldCounts.count else {
        return .failure(BatchUpdateError(description: "reload of section \(old), which does not exist"))
      }
      reloaded[old] = true
    }
    if let error = checkItemPaths(updates, oldCounts: oldCounts, newCounts: newCounts) {
      return .failure(error)
    }
    let tally = ItemTally(updates)
    let changesItems = !tally.isEmpty
    for (new, old) in sources.enumerated() {
      // Without item changes a section only has to keep its count: one comparison, not four
      // look-ups (an adapter's update of 10,000 sections).
      guard let old, !reloaded[old], changesItems || oldCounts[old] != newCounts[new] else { continue }
      if let error = checkCount(tally, old: old, new: new, oldCount: oldCounts[old], newCount: newCounts[new])
      {
        return .failure(error)
      }
    }
    return .success(sources)
  }

  private static func checkItemPaths(_ updates: BatchUpdates, oldCounts: [Int], newCounts: [Int])
    -> BatchUpdateError?
  {
    for path in updates.deletedItems + updates.reloadedItems + updates.movedItems.map(\.from) {
      guard path.section >= 0, path.section < oldCounts.count, path.item >= 0,
        path.item < oldCounts[path.section]
      else { return .missingBefore(path) }
    }
    for path in updates.insertedItems + updates.movedItems.map(\.to) {
      guard path.section >= 0, path.section < newCounts.count, path.item >= 0,
        path.item < newCounts[path.section]
      else { return .missingAfter(path) }
    }
    return nil
  }

  /// How many items a batch inserts, deletes and moves per section, counted once per batch so
  /// checking every section costs O(sections + items), not their product.
  private struct ItemTally {
    var inserted: [Int: Int] = [:]
    var deleted: [Int: Int] = [:]
    var movedIn: [Int: Int] = [:]
    var movedOut: [Int: Int] = [:]
    /// Whether the batch changes no items: every section's changes are zero.
    var isEmpty: Bool { inserted.isEmpty && deleted.isEmpty && movedIn.isEmpty }

    init(_ updates: BatchUpdates) {
      for path in updates.insertedItems { inserted[path.section, default: 0] += 1 }
      for path in updates.deletedItems { deleted[path.section, default: 0] += 1 }
      for move in updates.movedItems {
        movedIn[move.to.section, default: 0] += 1
        movedOut[move.from.section, default: 0] += 1
      }
    }
  }

  /// One section's arithmetic, with the old section's deletes and moves out and the new
  /// section's inserts and moves in.
  private static func checkCount(
    _ tally: ItemTally, old: Int, new: Int, oldCount: Int, newCount: Int
  ) -> BatchUpdateError? {
    let changes =
      tally.isEmpty
      ? SectionChanges()
      : SectionChanges(
        inserted: tally.inserted[new] ?? 0, deleted: tally.deleted[old] ?? 0,
        movedIn: tally.movedIn[new] ?? 0,
        movedOut: tally.movedOut[old] ?? 0)
    return changes.check(section: new, oldCount: oldCount, newCount: newCount)
  }

  /// Where each old index path is after a valid batch, as UIKit moves selections: an item
  /// follows its move, shifts by the deletes and moves-out before it in its old section and the
  /// inserts and moves-in before it in its new one; deleted and reloaded items and items of
  /// deleted or reloaded sections are gone (nil).
  ///
  /// - Complexity: O(changes log changes) to prepare, then O(log changes) per path.
  /// `sources` as ``validate(_:oldCounts:newCounts:)`` returns them, or nil when every section
  /// keeps its index (an item-only batch: then nothing is allocated per section).
  static func indexPathMapper(
    _ updates: BatchUpdates, sources: [Int?]?, oldSectionCount: Int, keepingReloads: Bool = false
  ) -> (IndexPath) -> IndexPath? {
    var newSectionOfOld: [Int]?
    if let sources {
      var map = [Int](repeating: -1, count: oldSectionCount)
      for (new, old) in sources.enumerated() {
        if let old, old >= 0, old < oldSectionCount { map[old] = new }
      }
      newSectionOfOld = map
    }
    // A selection does not survive a reload; an animation moves the reloaded element from its
    // old place to its new (it shows its new content from the start).
    let reloadedSections = keepingReloads ? [] : Set(updates.reloadedSections)
    let gone = Set(updates.deletedItems + (keepingReloads ? [] : updates.reloadedItems))
    var moved: [IndexPath: IndexPath] = [:]
    var leaving: [Int: [Int]] = [:]  // old section → items leaving it (deleted or moved out)
    var arriving: [Int: [Int]] = [:]  // new section → items arriving (inserted or moved in)
    for path in updates.deletedItems { leaving[path.section, default: []].append(path.item) }
    for path in updates.insertedItems { arriving[path.section, default: []].append(path.item) }
    for move in updates.movedItems {
      moved[move.from] = move.to
      leaving[move.from.section, default: []].append(move.from.item)
      arriving[move.to.section, default: []].append(move.to.item)
    }
    for key in leaving.keys { leaving[key]!.sort() }
    for key in arriving.keys { arriving[key]!.sort() }
    return { path in
      guard path.section >= 0, path.section < oldSectionCount, !reloadedSections.contains(path.section),
        !gone.contains(path)
      else { return nil }
      if let target = moved[path] { return target }
      let section = newSectionOfOld?[path.section] ?? path.section
      guard section >= 0 else { return nil }
      // The item's rank among the section's survivors…
      var index = path.item - countBelow(path.item, in: leaving[path.section] ?? [])
      // …is the rank-th slot the new section's arrivals leave free.
      for slot in arriving[section] ?? [] {
        if slot <= index { index += 1 } else { break }
      }
      return IndexPath(item: index, section: section)
    }
  }

  /// How many elements of the ascending `sorted` are below `value`.
  private static func countBelow(_ value: Int, in sorted: [Int]) -> Int {
    var low = 0
    var high = sorted.count
    while low < high {
      let mid = (low + high) / 2
      if sorted[mid] < value { low = mid + 1 } else { high = mid }
    }
    return low
  }
}

/// How many items a batch inserts, deletes and moves into and out of one section.
struct SectionChanges {
  var inserted = 0
  var deleted = 0
  var movedIn = 0
  var movedOut = 0

  /// UIKit's arithmetic for one section: old count − deleted − moved out + inserted + moved in
  /// must be the new count; the error says what did not add up.
  func check(section: Int, oldCount: Int, newCount: Int) -> BatchUpdateError? {
    guard oldCount - deleted - movedOut + inserted + movedIn != newCount else { return nil }
    var text =
      "section \(section) had \(oldCount) items, now \(newCount), with \(inserted) inserted and \(deleted) deleted"
    if movedIn + movedOut > 0 { text += ", \(movedIn) moved in and \(movedOut) moved out" }
    return BatchUpdateError(description: text)
  }
}

/// An item-only batch's arithmetic, per section it touches, on arrays indexed by section and kept
/// from one batch to the next: no hashing, and a batch costs its own changes (plus the section
/// count, once, when that changes).
struct ItemBatchTally {
  private var slots: [Int32] = []  // per section: its place in `sections`, or -1
  /// The sections the batch names, in the order it first names them.
  private(set) var sections: [Int] = []
  private var changes: [SectionChanges] = []  // by place in `sections`

  /// Counts `updates`' changes per section. Returns a section the batch names that is not in
  /// `0..<sectionCount` (nothing is counted then), or nil.
  mutating func tally(_ updates: BatchUpdates, sectionCount: Int) -> Int? {
    clear()
    if slots.count != sectionCount { slots = [Int32](repeating: -1, count: sectionCount) }
    func place(_ section: Int) -> Int? {
      guard section >= 0, section < sectionCount else { return nil }
      let slot = Int(slots[section])
      if slot >= 0 { return slot }
      slots[section] = Int32(truncatingIfNeeded: sections.count)
      sections.append(section)
      changes.append(SectionChanges())
      return sections.count - 1
    }
    for path in updates.insertedItems {
      guard let slot = place(path.section) else { return fail(path.section) }
      changes[slot].inserted += 1
    }
    for path in updates.deletedItems {
      guard let slot = place(path.section) else { return fail(path.section) }
      changes[slot].deleted += 1
    }
    for path in updates.reloadedItems where place(path.section) == nil { return fail(path.section) }
    for move in updates.movedItems {
      guard let from = place(move.from.section) else { return fail(move.from.section) }
      guard let to = place(move.to.section) else { return fail(move.to.section) }
      changes[from].movedOut += 1
      changes[to].movedIn += 1
    }
    return nil
  }

  private mutating func fail(_ section: Int) -> Int {
    clear()
    return section
  }

  /// Forgets the last batch (the per-section array stays, all -1 again).
  mutating func clear() {
    for section in sections { slots[section] = -1 }
    sections.removeAll(keepingCapacity: true)
    changes.removeAll(keepingCapacity: true)
  }

  /// Checks the batch against the counts before and after: every path within its section, and
  /// each touched section's arithmetic, in section order (the first failure is reported).
  /// `newCounts` are the touched sections' counts after the batch, in the order of ``sections``
  /// as the tally left it.
  func validate(_ updates: BatchUpdates, oldCount: (Int) -> Int, newCounts: [Int]) -> BatchUpdateError? {
    let newCount = { (section: Int) in newCounts[Int(slots[section])] }
    func outside(_ path: IndexPath, _ count: (Int) -> Int) -> Bool {
      path.item < 0 || path.item >= count(path.section)
    }
    for path in updates.deletedItems where outside(path, oldCount) { return .missingBefore(path) }
    for path in updates.reloadedItems where outside(path, oldCount) { return .missingBefore(path) }
    for move in updates.movedItems where outside(move.from, oldCount) { return .missingBefore(move.from) }
    for path in updates.insertedItems where outside(path, newCount) { return .missingAfter(path) }
    for move in updates.movedItems where outside(move.to, newCount) { return .missingAfter(move.to) }
    for slot in sections.indices.sorted(by: { sections[$0] < sections[$1] }) {
      let section = sections[slot]
      if let error = changes[slot].check(
        section: section, oldCount: oldCount(section), newCount: newCounts[slot])
      {
        return error
      }
    }
    return nil
  }
}

extension BatchUpdateError {
  static func missingBefore(_ path: IndexPath) -> BatchUpdateError {
    BatchUpdateError(description: "item \(path) does not exist before the update")
  }

  static func missingAfter(_ path: IndexPath) -> BatchUpdateError {
    BatchUpdateError(description: "item \(path) does not exist after the update")
  }
}
