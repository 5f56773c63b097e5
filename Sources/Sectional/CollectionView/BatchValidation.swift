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
    for (new, old) in sources.enumerated() {
      guard let old, !reloaded[old] else { continue }
      if let error = checkCount(tally, old: old, new: new, oldCount: oldCounts[old], newCount: newCounts[new])
      {
        return .failure(error)
      }
    }
    return .success(sources)
  }

  /// A batch of item changes only (sections keep their indexes, all of them in range): checks
  /// the sections in `touched` alone, with their counts before and after.
  ///
  /// - Complexity: O(item changes + touched sections).
  static func validateItems(
    _ updates: BatchUpdates, touched: Set<Int>, oldCount: (Int) -> Int, newCount: (Int) -> Int
  ) -> BatchUpdateError? {
    for path in updates.deletedItems + updates.reloadedItems + updates.movedItems.map(\.from) {
      guard path.item >= 0, path.item < oldCount(path.section) else {
        return BatchUpdateError(description: "item \(path) does not exist before the update")
      }
    }
    for path in updates.insertedItems + updates.movedItems.map(\.to) {
      guard path.item >= 0, path.item < newCount(path.section) else {
        return BatchUpdateError(description: "item \(path) does not exist after the update")
      }
    }
    let tally = ItemTally(updates)
    for section in touched.sorted() {
      if let error = checkCount(
        tally, old: section, new: section, oldCount: oldCount(section), newCount: newCount(section))
      {
        return error
      }
    }
    return nil
  }

  /// The sections an item-only batch names.
  static func touchedSections(_ updates: BatchUpdates) -> Set<Int> {
    var touched = Set<Int>()
    for path in updates.insertedItems { touched.insert(path.section) }
    for path in updates.deletedItems { touched.insert(path.section) }
    for path in updates.reloadedItems { touched.insert(path.section) }
    for move in updates.movedItems {
      touched.insert(move.from.section)
      touched.insert(move.to.section)
    }
    return touched
  }

  private static func checkItemPaths(_ updates: BatchUpdates, oldCounts: [Int], newCounts: [Int])
    -> BatchUpdateError?
  {
    for path in updates.deletedItems + updates.reloadedItems + updates.movedItems.map(\.from) {
      guard path.section >= 0, path.section < oldCounts.count, path.item >= 0,
        path.item < oldCounts[path.section]
      else { return BatchUpdateError(description: "item \(path) does not exist before the update") }
    }
    for path in updates.insertedItems + updates.movedItems.map(\.to) {
      guard path.section >= 0, path.section < newCounts.count, path.item >= 0,
        path.item < newCounts[path.section]
      else { return BatchUpdateError(description: "item \(path) does not exist after the update") }
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

    init(_ updates: BatchUpdates) {
      for path in updates.insertedItems { inserted[path.section, default: 0] += 1 }
      for path in updates.deletedItems { deleted[path.section, default: 0] += 1 }
      for move in updates.movedItems {
        movedIn[move.to.section, default: 0] += 1
        movedOut[move.from.section, default: 0] += 1
      }
    }
  }

  /// UIKit's arithmetic for one section: old count − deleted − moved out + inserted + moved in.
  private static func checkCount(
    _ tally: ItemTally, old: Int, new: Int, oldCount: Int, newCount: Int
  ) -> BatchUpdateError? {
    let inserted = tally.inserted[new] ?? 0
    let deleted = tally.deleted[old] ?? 0
    let movedIn = tally.movedIn[new] ?? 0
    let movedOut = tally.movedOut[old] ?? 0
    guard oldCount - deleted - movedOut + inserted + movedIn != newCount else { return nil }
    var text =
      "section \(new) had \(oldCount) items, now \(newCount), with \(inserted) inserted and \(deleted) deleted"
    if movedIn + movedOut > 0 { text += ", \(movedIn) moved in and \(movedOut) moved out" }
    return BatchUpdateError(description: text)
  }

  /// Where each old index path is after a valid batch, as UIKit moves selections: an item
  /// follows its move, shifts by the deletes and moves-out before it in its old section and the
  /// inserts and moves-in before it in its new one; deleted and reloaded items and items of
  /// deleted or reloaded sections are gone (nil).
  ///
  /// - Complexity: O(changes log changes) to prepare, then O(log changes) per path.
  /// `sources` as ``validate(_:oldCounts:newCounts:)`` returns them, or nil when every section
  /// keeps its index (an item-only batch: then nothing is allocated per section).
  static func indexPathMapper(_ updates: BatchUpdates, sources: [Int?]?, oldSectionCount: Int)
    -> (IndexPath) -> IndexPath?
  {
    var newSectionOfOld: [Int]?
    if let sources {
      var map = [Int](repeating: -1, count: oldSectionCount)
      for (new, old) in sources.enumerated() {
        if let old, old >= 0, old < oldSectionCount { map[old] = new }
      }
      newSectionOfOld = map
    }
    let reloadedSections = Set(updates.reloadedSections)
    let gone = Set(updates.deletedItems + updates.reloadedItems)
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
