import SectionalDiff

/// How a batch's section inserts, deletes and moves renumber a layout's per-section state: both
/// built-in layouts keep arrays, dictionaries and sets by section, and move each the same way.
struct SectionRenumbering {
  /// For each new section, the old section it continues, or nil for an inserted one.
  let sources: [Int?]
  /// For each old section, its new number, or -1 when it was deleted.
  let newSectionOfOld: [Int]
  /// The new sections that continue no old one, ascending.
  let inserted: [Int]

  /// The renumbering of `updates` from `oldCount` sections to `newCount`, or the inconsistency
  /// (with the diagnostic's message) when the updates cannot turn the one into the other.
  static func of(_ updates: SectionUpdates, oldCount: Int, newCount: Int) -> Result<Self, Inconsistency> {
    guard let sources = updates.sourceSections(oldCount: oldCount, newCount: newCount) else {
      return .failure(
        Inconsistency(
          message: "section updates (\(updates.deleted.count) deleted, \(updates.inserted.count) inserted) "
            + "do not turn \(oldCount) sections into \(newCount); recomputed everything"))
    }
    return .success(SectionRenumbering(sources: sources, oldCount: oldCount))
  }

  /// Why section updates could not be applied: the layout recomputes everything and reports it.
  struct Inconsistency: Error {
    let message: String
  }

  init(sources: [Int?], oldCount: Int) {
    self.sources = sources
    var newSectionOfOld = [Int](repeating: -1, count: oldCount)
    var inserted: [Int] = []
    for (newSection, source) in sources.enumerated() {
      if let source { newSectionOfOld[source] = newSection } else { inserted.append(newSection) }
    }
    self.newSectionOfOld = newSectionOfOld
    self.inserted = inserted
  }

  /// `values`, one per old section, in the new numbering; an inserted section gets `filler`.
  func renumbered<Value>(_ values: [Value], filler: Value) -> [Value] {
    sources.map { $0.map { values[$0] } ?? filler }
  }

  /// `values` keyed by old section, in the new numbering; a deleted section's entry is dropped.
  func renumbered<Value>(_ values: [Int: Value]) -> [Int: Value] {
    var moved: [Int: Value] = [:]
    for (old, value) in values where old >= 0 && old < newSectionOfOld.count && newSectionOfOld[old] >= 0 {
      moved[newSectionOfOld[old]] = value
    }
    return moved
  }

  /// The sections to lay out again in the new numbering: `dirty` ones that survive, and every
  /// inserted one. A walk over them, not a look-up per section.
  func dirtySections(_ dirty: Set<Int>) -> Set<Int> {
    var moved = Set<Int>(minimumCapacity: dirty.count + inserted.count)
    for old in dirty where old >= 0 && old < newSectionOfOld.count && newSectionOfOld[old] >= 0 {
      moved.insert(newSectionOfOld[old])
    }
    moved.formUnion(inserted)
    return moved
  }
}
