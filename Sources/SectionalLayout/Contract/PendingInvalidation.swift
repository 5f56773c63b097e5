/// What a layout has been told since its last `prepare()` beyond the sections it marks dirty: the
/// bookkeeping the built-in layouts share. Section updates change the numbering, so what a context
/// names while they are pending waits for them (it is in the new numbering).
struct PendingInvalidation {
  /// Everything must be recomputed (a new width, `reloadData`, two structural batches at once).
  private(set) var needsFullRebuild = true
  /// Counts may have changed without section updates saying how.
  private(set) var needsCounts = false
  /// Section inserts, deletes and moves not applied yet.
  private(set) var sectionUpdates: SectionUpdates?
  /// What contexts named while section updates were pending, in the new numbering.
  private var afterStructuralChanges = InvalidationContext()

  /// Records `context`'s structural part; returns whether the elements it names are to be
  /// applied now (false: they wait, kept here, for the pending section updates).
  mutating func record(_ context: InvalidationContext) -> Bool {
    if context.invalidatesEverything { needsFullRebuild = true }
    if let updates = context.sectionUpdates {
      // Two structural batches cannot be merged index by index: everything is recomputed.
      if sectionUpdates == nil { sectionUpdates = updates } else { needsFullRebuild = true }
    }
    if context.invalidatesDataSourceCounts { needsCounts = true }
    guard sectionUpdates != nil else { return true }
    afterStructuralChanges.formUnion(context.namedElements)
    return false
  }

  /// Whether section updates or new counts wait to be applied.
  var needsStructuralChanges: Bool { sectionUpdates != nil || needsCounts }

  /// The section updates to apply now (none when only the counts changed), and whether counts
  /// may have changed beyond them.
  mutating func takeStructuralChanges() -> (updates: SectionUpdates, countsMayHaveChanged: Bool) {
    defer {
      sectionUpdates = nil
      needsCounts = false
    }
    return (sectionUpdates ?? SectionUpdates(), needsCounts)
  }

  /// What waited for the section updates, once they are applied (nil when nothing did).
  mutating func takeAfterStructuralChanges() -> InvalidationContext? {
    guard !afterStructuralChanges.isEmpty else { return nil }
    defer { afterStructuralChanges = InvalidationContext() }
    return afterStructuralChanges
  }

  /// Everything was recomputed from the collection view.
  mutating func rebuilt() {
    needsFullRebuild = false
    needsCounts = false
    sectionUpdates = nil
  }
}
