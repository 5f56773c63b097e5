extension CollectionView {
  /// Forgets everything and asks the data source again. Selections are cleared, and an item
  /// being moved interactively is dropped without telling the data source.
  public func reloadData() {
    // An item being moved is dropped where it was (the data source was not told); everything
    // is asked again anyway.
    _ = dropMovementForDataChange()
    finishTransition()
    contentGeneration += 1
    setNeedsDisplay()
    collectionViewLayout.invalidateLayout()
    itemCounts = currentCounts()
    indexPathsForSelectedItems = []
    // Nothing says which item is which across a reload: the focus keeps its place if it exists.
    if let focused = focusedPath, !contains(focused) { focusedPath = nil }
    prepareAndSelfSize()
    clampOffset()
  }

  func currentCounts() -> [Int] {
    guard let dataSource else { return [] }
    var counts = dataSource.itemCounts(in: self)
    // A negative count is read as none, as everywhere else.
    for (section, count) in counts.enumerated() where count < 0 { counts[section] = 0 }
    return counts
  }

  /// Applies a batch the data source has already made. The batch is checked against the counts
  /// the view validated before and the data source's counts now, the way UIKit checks it; an
  /// inconsistent batch is reported ("section 3 had 5 items, now 9, with 3 inserted and 0
  /// deleted") and the view reloads instead — never a crash. Selected items follow the batch.
  ///
  /// Animated, the view also builds a ``transition`` from what was visible before to what is
  /// after: the layout and every query are at the end state at once, and a front draws the
  /// transition at the progress its clock gives (``transitionProgress``). An animated batch
  /// during a transition starts from where the elements are at that moment; one that is not
  /// animated ends the transition first. An item being moved interactively is dropped where it
  /// started, without telling the data source (the data changed under it), and that batch is
  /// not animated.
  ///
  /// - Returns: whether the batch was applied as given (false: it fell back to a reload).
  ///
  /// - Complexity: O(k) for a batch of k item changes and no section changes (a section
  ///   controller's own batch, such as a card's toggle): only the sections it touches are
  ///   checked. O(n) over all sections when sections are inserted, deleted, moved or reloaded.
  ///   Animated, plus the elements within a viewport of the visible area, before and after.
  @discardableResult
  public func performBatchUpdates(_ updates: BatchUpdates, animated: Bool = false) -> Bool {
    performBatchUpdates(updates, animated: animated, alsoLayingOut: [])
  }

  /// ``performBatchUpdates(_:animated:)`` that also lays out `extra` sections (old indexes)
  /// again, as if their items had changed size: a diffable data source's reconfigured items.
  @discardableResult
  package func performBatchUpdates(_ updates: BatchUpdates, animated: Bool, alsoLayingOut extra: [Int])
    -> Bool
  {
    // The data changed under an item being moved: the movement is dropped (the data source was
    // never told), its two sections laid out again with the batch, and the batch is not
    // animated (what is on screen is the moved order, the batch is in the data's).
    let movedSections = dropMovementForDataChange()
    let captured = capturedStart
    capturedStart = nil
    guard animated, movedSections.isEmpty else {
      finishTransition()
      let oldSectionCount = itemCounts.count
      let (applied, sources) = applyBatch(updates, alsoLayingOut: movedSections + extra)
      if applied { tellLayoutOfBatch(updates, sources: sources, oldSectionCount: oldSectionCount) }
      return applied
    }
    let start = captured ?? captureTransitionStart()
    let (applied, sources) = applyBatch(updates, alsoLayingOut: extra)
    if applied { buildTransition(from: start, updates: updates, sources: sources) }
    return applied
  }

  /// Applies the batch; `sources` (the old section of each new one) when sections changed.
  /// `extra` (old indexes) are laid out again too.
  private func applyBatch(_ updates: BatchUpdates, alsoLayingOut extra: [Int]) -> (
    applied: Bool, sources: [Int?]?
  ) {
    // At the top, what arrives at the top is in view: only a scrolled view keeps its place.
    guard contentAnchoring == .visibleContent, movement == nil, contentOffset.y > 0 else {
      return applyBatchKeepingOffset(updates, alsoLayingOut: extra)
    }
    let anchors = visibleAnchors()
    let oldSectionCount = itemCounts.count
    let result = applyBatchKeepingOffset(updates, alsoLayingOut: extra)
    guard result.applied, !anchors.isEmpty else { return result }
    let map = BatchValidation.indexPathMapper(
      updates, sources: result.sources, oldSectionCount: oldSectionCount, keepingReloads: true)
    // The first item in view that the batch kept: one deleted passes the anchor on.
    for anchor in anchors {
      guard let path = map(anchor.path) else { continue }
      if let frame = collectionViewLayout.layoutAttributesForItem(at: path)?.frame {
        let y = frame.minY - anchor.delta
        if y != contentOffset.y { setContentOffset(Point(x: contentOffset.x, y: y)) }
      }
      break
    }
    return result
  }

  /// The items wholly in view, top first (the first in part when none is), each with how far
  /// below the viewport's top it is: what ``ContentAnchoring/visibleContent`` keeps in place.
  func visibleAnchors() -> [(path: IndexPath, delta: Double)] {
    let cells = collectionViewLayout.layoutAttributesForElements(in: bounds).filter { $0.category == .cell }
    var whole = cells.filter { $0.frame.minY >= bounds.minY && $0.frame.maxY <= bounds.maxY }
    if whole.isEmpty, let first = cells.min(by: { $0.frame.minY < $1.frame.minY }) { whole = [first] }
    whole.sort { ($0.frame.minY, $0.indexPath) < ($1.frame.minY, $1.indexPath) }
    return whole.map { ($0.indexPath, $0.frame.minY - bounds.minY) }
  }

  private func applyBatchKeepingOffset(_ updates: BatchUpdates, alsoLayingOut extra: [Int]) -> (
    applied: Bool, sources: [Int?]?
  ) {
    contentGeneration += 1
    setNeedsDisplay()
    guard updates.changesSections else { return (performItemUpdates(updates, alsoLayingOut: extra), nil) }
    let newCounts = currentCounts()
    let sources: [Int?]
    switch BatchValidation.validate(updates, oldCounts: itemCounts, newCounts: newCounts) {
    case .failure(let error):
      return (reload(after: error), nil)
    case .success(let found):
      sources = found
    }
    var context = InvalidationContext()
    if !updates.deletedSections.isEmpty || !updates.insertedSections.isEmpty || !updates.movedSections.isEmpty
    {
      context.sectionUpdates = updates.sectionUpdates
    }
    var newSectionOfOld = [Int](repeating: -1, count: itemCounts.count)
    for (new, old) in sources.enumerated() { if let old { newSectionOfOld[old] = new } }
    func newSection(_ old: Int) -> Int? {
      old >= 0 && old < newSectionOfOld.count && newSectionOfOld[old] >= 0 ? newSectionOfOld[old] : nil
    }
    // One set, built at its final size and handed over as it is: the generic overload would
    // hash every section twice more, growing each set as it goes.
    var reloaded = Set<Int>(minimumCapacity: updates.reloadedSections.count)
    for old in updates.reloadedSections { if let new = newSection(old) { reloaded.insert(new) } }
    context.reloadSections(reloaded)
    // Item changes of a surviving section are its own batch, which the layout may re-flow from
    // the first change; a section also reloaded, laid out again, or that an item moved into or
    // out of is rebuilt whole, and forgets its preferred sizes (its indexes shifted).
    let batches = updates.itemUpdatesBySection(newSection: newSection)
    var changed = Set<Int>()
    // A survivor whose count changed without item updates naming it (validation allows that
    // only for reloaded sections, but be exact): the layout reads counts of these alone.
    for (new, old) in sources.enumerated() {
      if let old, itemCounts[old] != newCounts[new], batches[new] == nil { changed.insert(new) }
    }
    for move in updates.movedItems where move.to.section != newSection(move.from.section) {
      changed.insert(move.to.section)
      if let section = newSection(move.from.section) { changed.insert(section) }
    }
    changed.formUnion(extra.compactMap(newSection))
    context.reloadSections(changed)
    for (section, items) in batches where !changed.contains(section) && !reloaded.contains(section) {
      context.updateItems(items, inSection: section)
    }
    remapSelection(updates, sources: sources)
    itemCounts = newCounts
    collectionViewLayout.invalidateLayout(with: context)
    prepareAndSelfSize()
    clampOffset()
    return (true, sources)
  }

  /// A batch of item changes only: the section count must not change, and each touched section
  /// must add up.
  func performItemUpdates(_ updates: BatchUpdates, alsoLayingOut extra: [Int] = []) -> Bool {
    guard let dataSource else { return false }
    let sectionCount = max(0, dataSource.numberOfSections(in: self))
    if sectionCount != itemCounts.count {
      return reload(
        after: BatchUpdateError(
          description: "the number of sections was \(itemCounts.count), now \(sectionCount), "
            + "with 0 inserted and 0 deleted"))
    }
    if let bad = itemTally.tally(updates, sectionCount: sectionCount) {
      return reload(after: BatchUpdateError(description: "section \(bad) does not exist"))
    }
    defer { itemTally.clear() }
    // Only the touched sections' counts are read and checked: a card's toggle in a list of a
    // million sections costs its own items, not a copy of every count.
    let touched = itemTally.sections
    var newCounts = [Int](repeating: 0, count: touched.count)
    for (index, section) in touched.enumerated() {
      newCounts[index] = max(0, dataSource.collectionView(self, numberOfItemsInSection: section))
    }
    if let error = itemTally.validate(updates, oldCount: { self.itemCounts[$0] }, newCounts: newCounts) {
      return reload(after: error)
    }
    var context = InvalidationContext()
    var relaidOut = Set(extra.filter { $0 >= 0 && $0 < itemCounts.count })
    // An item moved between sections: both are rebuilt.
    for move in updates.movedItems where move.from.section != move.to.section {
      relaidOut.insert(move.from.section)
      relaidOut.insert(move.to.section)
    }
    context.reloadSections(relaidOut)
    // Each touched section changed only its items: the layout may re-flow it from the first.
    for (section, items) in updates.itemUpdatesBySection(newSection: { $0 })
    where !relaidOut.contains(section) {
      context.updateItems(items, inSection: section)
    }
    remapSelection(updates, sources: nil)
    for (index, section) in touched.enumerated() { itemCounts[section] = newCounts[index] }
    collectionViewLayout.invalidateLayout(with: context)
    prepareAndSelfSize()
    clampOffset()
    return true
  }

  func reload(after error: BatchUpdateError) -> Bool {
    report(Diagnostic(.invalidBatchUpdate, "invalid batch update: \(error); reloading"))
    reloadData()
    return false
  }

  /// Moves selected index paths and the focus the way the batch moved their items (sources:
  /// nil when sections keep their indexes). Counts are still the old ones here.
  func remapSelection(_ updates: BatchUpdates, sources: [Int?]?) {
    if !indexPathsForSelectedItems.isEmpty {
      let map = BatchValidation.indexPathMapper(updates, sources: sources, oldSectionCount: itemCounts.count)
      var remapped = Set<IndexPath>()
      for path in indexPathsForSelectedItems {
        if let new = map(path) { remapped.insert(new) }
      }
      indexPathsForSelectedItems = remapped
      setNeedsDisplay()
    }
    if let focused = focusedPath {
      // A reloaded item is the same item with new content: it keeps the focus.
      let map = BatchValidation.indexPathMapper(
        updates, sources: sources, oldSectionCount: itemCounts.count, keepingReloads: true)
      focusedPath = Self.focus(after: focused, count: numberOfItems(inSection: focused.section), map: map)
    }
  }

  /// Where the focus goes when the batch maps `focused` with `map`: the same item, else the
  /// nearest of its old neighbours that is still there (the next one first, as a list closes
  /// up over a deleted row), else nowhere.
  static func focus(after focused: IndexPath, count: Int, map: (IndexPath) -> IndexPath?) -> IndexPath? {
    if let same = map(focused) { return same }
    for item in (focused.item + 1)..<max(focused.item + 1, count) {
      if let next = map(IndexPath(item: item, section: focused.section)) { return next }
    }
    for item in stride(from: focused.item - 1, through: 0, by: -1) {
      if let previous = map(IndexPath(item: item, section: focused.section)) { return previous }
    }
    return nil
  }
}
