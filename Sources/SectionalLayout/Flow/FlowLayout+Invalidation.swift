import SectionalDiff

extension FlowLayout {
  // MARK: - Invalidation

  /// Marks what `context` names for the next ``prepare()``: everything, counts, sections (shifted
  /// by pending section updates), items and preferred sizes.
  public func invalidateLayout(with context: InvalidationContext) {
    guard !isPreparing else { return deferDuringPrepare(context) }
    if context.invalidatesEverything { selfSizing.resetPasses() }
    if pending.record(context) { invalidateNamedElements(of: context) }
  }

  /// Preferred sizes to store, and the sections to recompute, from what a context names.
  func invalidateNamedElements(of context: InvalidationContext) {
    selfSizing.record(context)
    guard !context.itemUpdates.isEmpty else {
      dirtySections.absorb(context.namedSections)
      return
    }
    var named = context.namedSections
    for (section, updates) in context.itemUpdates {
      // Named otherwise too, or batched before: laid out whole (two batches do not compose).
      if context.invalidatedItems.contains(where: { $0.section == section })
        || dirtySections.contains(section) || reflowedSections[section] != nil
      {
        reflowedSections[section] = nil
        continue
      }
      named.remove(section)
      reflowedSections[section] = updates
    }
    dirtySections.absorb(named)
  }

  /// Whether the new bounds need a new layout: a new width does, and so does scrolling while
  /// headers pin (they move).
  public func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    newBounds.width != bounds.width || (sectionHeadersPinToVisibleBounds && newBounds.minY != bounds.minY)
  }

  /// Everything for a new width; only the pinned headers for a scroll.
  public func invalidationContext(forBoundsChange newBounds: Rect) -> InvalidationContext {
    var context = InvalidationContext()
    if newBounds.width != bounds.width {
      context.invalidatesEverything = true
    } else if sectionHeadersPinToVisibleBounds {
      // Pinned headers are placed at query time from the cached sections: nothing to recompute,
      // but views showing headers must refresh.
      let visible = sectionRange(intersecting: newBounds.union(bounds))
      context.invalidateSupplementaryElements(
        ofKind: .header, at: visible.map { IndexPath(item: 0, section: $0) })
    }
    return context
  }

}
