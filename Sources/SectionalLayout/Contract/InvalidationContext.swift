import SectionalDiff

/// What a layout must recompute, after `UICollectionViewLayoutInvalidationContext`: everything,
/// the collection view's counts, specific items, sections, supplementaries or decorations; plus
/// adjustments to the content size and offset, and preferred sizes from self-sizing cells.
///
/// Build the smallest context that describes a change: a layout recomputes only what it names.
public struct InvalidationContext: Sendable, Equatable {
  /// Recompute everything (a new width, `reloadData`).
  public var invalidatesEverything = false
  /// The number of sections or of items in some sections changed.
  public var invalidatesDataSourceCounts = false
  /// Structural changes to the list of sections, in batch-update form. While they are pending
  /// (until the next `prepare()`), the sections, items, supplementaries, decorations and
  /// preferred sizes this context and later ones name are in the new numbering, as index paths
  /// are after `performBatchUpdates`.
  public var sectionUpdates: SectionUpdates?
  /// Items whose attributes must be recomputed.
  public private(set) var invalidatedItems: Set<IndexPath> = []
  /// Sections to recompute whole: items, supplementaries and decorations.
  public private(set) var invalidatedSections: Set<Int> = []
  /// Supplementaries to recompute, by kind.
  public private(set) var invalidatedSupplementaries: [ElementKind: Set<IndexPath>] = [:]
  /// Decorations to recompute, by kind.
  public private(set) var invalidatedDecorations: [ElementKind: Set<IndexPath>] = [:]
  /// Sections whose items were reloaded: their stored preferred sizes are discarded.
  public private(set) var reloadedSections: Set<Int> = []
  /// Sections whose only change is a batch of items, with the batch: every other item kept its
  /// content, and so its size, and the section kept its insets, spacing, header, footer and
  /// decorations unless the layout finds otherwise when it asks again. Such a section is also in
  /// ``invalidatedSections``, so a layout that does not read this recomputes it whole; the flow
  /// layout lays it out again from its first changed item and only as far as the change
  /// reaches. A section named whole by another call is dropped from here.
  public private(set) var itemUpdates: [Int: ItemUpdates] = [:]
  /// Preferred sizes reported by self-sizing cells, for the next prepare to use.
  public private(set) var preferredSizes: [IndexPath: Size] = [:]
  /// Preferred sizes reported by self-sizing supplementaries (an estimated header), by kind.
  public private(set) var preferredSupplementarySizes: [ElementKind: [IndexPath: Size]] = [:]
  /// How much the content size changes; a positive height grows it. A hint for a layout of your
  /// own: the built-in layouts compute their content size exactly and do not read it.
  public var contentSizeAdjustment = Size.zero
  /// How far the content offset should move to keep what the user sees in place: the collection
  /// view scrolls by it (within the content) after the self-sizing pass whose context carried it,
  /// as `UICollectionView` does. The built-in layouts keep the view in place themselves and leave
  /// it at zero.
  public var contentOffsetAdjustment = Point.zero

  /// A context that invalidates nothing yet.
  public init() {}

  /// A context that invalidates everything.
  public static var everything: InvalidationContext {
    var context = InvalidationContext()
    context.invalidatesEverything = true
    return context
  }

  /// Adds items whose attributes must be recomputed.
  public mutating func invalidateItems(_ indexPaths: some Sequence<IndexPath>) {
    invalidatedItems.formUnion(indexPaths)
  }

  /// Adds sections to recompute whole.
  public mutating func invalidateSections(_ sections: some Sequence<Int>) {
    for section in sections {
      invalidatedSections.insert(section)
      // Its items' indexes moved: their preferred sizes cannot be carried by index any more.
      if !itemUpdates.isEmpty, itemUpdates.removeValue(forKey: section) != nil {
        reloadedSections.insert(section)
      }
    }
  }

  /// Invalidates the sections and forgets the preferred sizes of their items: their content was
  /// replaced.
  public mutating func reloadSections(_ sections: some Sequence<Int>) {
    invalidateSections(sections)
    reloadedSections.formUnion(sections)
  }

  /// Invalidates the sections and forgets the preferred sizes of their items. A set is taken as
  /// it is when nothing was named before (no element is hashed again).
  package mutating func reloadSections(_ sections: Set<Int>) {
    invalidatedSections.absorb(sections)
    reloadedSections.absorb(sections)
    if !itemUpdates.isEmpty { for section in sections { itemUpdates[section] = nil } }
  }

  /// Says that `updates` changed the items of `section` (in the numbering after any
  /// ``sectionUpdates``) and nothing else of it: see ``itemUpdates``. The preferred sizes of the
  /// items that stay move with them. A second batch for a section already named reloads it whole.
  public mutating func updateItems(_ updates: ItemUpdates, inSection section: Int) {
    if invalidatedSections.contains(section) {
      itemUpdates[section] = nil
      reloadedSections.insert(section)
    } else {
      invalidatedSections.insert(section)
      itemUpdates[section] = updates
    }
  }

  /// Adds supplementaries of `kind` to recompute.
  public mutating func invalidateSupplementaryElements(
    ofKind kind: ElementKind, at indexPaths: some Sequence<IndexPath>
  ) {
    invalidatedSupplementaries[kind, default: []].formUnion(indexPaths)
  }

  /// Adds decorations of `kind` to recompute.
  public mutating func invalidateDecorationElements(
    ofKind kind: ElementKind, at indexPaths: some Sequence<IndexPath>
  ) {
    invalidatedDecorations[kind, default: []].formUnion(indexPaths)
  }

  /// Stores a preferred size for the item and invalidates it.
  public mutating func setPreferredSize(_ size: Size, forItemAt indexPath: IndexPath) {
    preferredSizes[indexPath] = size
    invalidatedItems.insert(indexPath)
  }

  /// Stores a preferred size for the supplementary of `kind` at `indexPath` and invalidates it.
  public mutating func setPreferredSize(
    _ size: Size, forSupplementaryOfKind kind: ElementKind, at indexPath: IndexPath
  ) {
    preferredSupplementarySizes[kind, default: [:]][indexPath] = size
    invalidatedSupplementaries[kind, default: []].insert(indexPath)
  }

  /// Adds everything `other` invalidates to this context.
  public mutating func formUnion(_ other: InvalidationContext) {
    invalidatesEverything = invalidatesEverything || other.invalidatesEverything
    invalidatesDataSourceCounts = invalidatesDataSourceCounts || other.invalidatesDataSourceCounts
    if let updates = other.sectionUpdates {
      // Two structural batches cannot be merged index by index; counts are re-read instead.
      if sectionUpdates == nil { sectionUpdates = updates } else { invalidatesEverything = true }
    }
    invalidatedItems.absorb(other.invalidatedItems)
    if !itemUpdates.isEmpty || !other.itemUpdates.isEmpty {
      // A section batched on one side and named on the other is recomputed whole.
      var kept = itemUpdates
      for section in itemUpdates.keys where other.invalidatedSections.contains(section) {
        kept[section] = nil
        reloadedSections.insert(section)
      }
      for (section, updates) in other.itemUpdates {
        if invalidatedSections.contains(section) {
          kept[section] = nil
          reloadedSections.insert(section)
        } else {
          kept[section] = updates
        }
      }
      itemUpdates = kept
    }
    invalidatedSections.absorb(other.invalidatedSections)
    reloadedSections.absorb(other.reloadedSections)
    invalidatedSupplementaries.merge(other.invalidatedSupplementaries) { $0.union($1) }
    invalidatedDecorations.merge(other.invalidatedDecorations) { $0.union($1) }
    preferredSizes.merge(other.preferredSizes) { $1 }
    preferredSupplementarySizes.merge(other.preferredSupplementarySizes) { $0.merging($1) { $1 } }
    contentSizeAdjustment.width += other.contentSizeAdjustment.width
    contentSizeAdjustment.height += other.contentSizeAdjustment.height
    contentOffsetAdjustment.x += other.contentOffsetAdjustment.x
    contentOffsetAdjustment.y += other.contentOffsetAdjustment.y
  }

  /// The elements this context names (items, sections, supplementaries, decorations,
  /// preferred sizes), without its structural part.
  var namedElements: InvalidationContext {
    var named = self
    named.invalidatesEverything = false
    named.invalidatesDataSourceCounts = false
    named.sectionUpdates = nil
    return named
  }

  /// Every section the context names: whole, or through an item, a supplementary or a
  /// decoration in it.
  var namedSections: Set<Int> {
    var sections = invalidatedSections
    for indexPath in invalidatedItems { sections.insert(indexPath.section) }
    for paths in invalidatedSupplementaries.values { sections.formUnion(paths.map(\.section)) }
    for paths in invalidatedDecorations.values { sections.formUnion(paths.map(\.section)) }
    return sections
  }

  /// Whether the context asks for nothing.
  public var isEmpty: Bool {
    !invalidatesEverything && !invalidatesDataSourceCounts && sectionUpdates == nil
      && invalidatedItems.isEmpty && invalidatedSections.isEmpty
      && invalidatedSupplementaries.isEmpty && invalidatedDecorations.isEmpty
      && preferredSizes.isEmpty && preferredSupplementarySizes.isEmpty
  }
}

/// Section inserts, deletes and moves in batch-update form: deletes and move sources by old
/// index, inserts and move targets by new index; every other section keeps its relative order.
public struct SectionUpdates: Sendable, Hashable {
  /// Old indexes of deleted sections.
  public var deleted: [Int]
  /// New indexes of inserted sections.
  public var inserted: [Int]
  /// Sections that moved, from their old index to their new one.
  public var moved: [IndexMove]

  /// Section changes in batch form; each list defaults to empty.
  public init(deleted: [Int] = [], inserted: [Int] = [], moved: [IndexMove] = []) {
    self.deleted = deleted
    self.inserted = inserted
    self.moved = moved
  }

  /// For each new section, the old section it came from (nil for inserted ones), or nil when the
  /// updates do not fit the counts.
  ///
  /// - Complexity: O(old + new).
  package func sourceSections(oldCount: Int, newCount: Int) -> [Int?]? {
    guard oldCount - deleted.count + inserted.count == newCount else { return nil }
    var sources = [Int?](repeating: nil, count: newCount)
    var filled = [Bool](repeating: false, count: newCount)
    var leaving = [Bool](repeating: false, count: oldCount)
    for index in inserted {
      guard index >= 0, index < newCount, !filled[index] else { return nil }
      filled[index] = true
    }
    for index in deleted {
      guard index >= 0, index < oldCount, !leaving[index] else { return nil }
      leaving[index] = true
    }
    for move in moved {
      guard move.from >= 0, move.from < oldCount, !leaving[move.from], move.to >= 0, move.to < newCount,
        !filled[move.to]
      else { return nil }
      leaving[move.from] = true
      filled[move.to] = true
      sources[move.to] = move.from
    }
    var target = 0
    for old in 0..<oldCount where !leaving[old] {
      while target < newCount && filled[target] { target += 1 }
      guard target < newCount else { return nil }
      sources[target] = old
      target += 1
    }
    return sources
  }
}

/// `dictionary`'s entries moved to their sections' new indexes (`newSectionOfOld[old]`, -1 for a
/// section that went), the entries of sections that went dropped: how a layout carries what it
/// keeps by index path (preferred sizes, self-sizing passes) through section updates.
func remappingSections<Value>(_ dictionary: [IndexPath: Value], newSectionOfOld: [Int]) -> [IndexPath: Value]
{
  var remapped: [IndexPath: Value] = [:]
  for (path, value) in dictionary where path.section >= 0 && path.section < newSectionOfOld.count {
    let section = newSectionOfOld[path.section]
    if section >= 0 { remapped[IndexPath(item: path.item, section: section)] = value }
  }
  return remapped
}

extension Set {
  /// Adds `other`'s members, hashing only those of the smaller set: an empty set takes `other`
  /// as it is, and a smaller one is added to a copy of `other` (a batch that reloads a thousand
  /// sections merges its context into an empty or a small pending one).
  mutating func absorb(_ other: Set) {
    if other.isEmpty { return }
    if count < other.count {
      var union = other
      union.formUnion(self)
      self = union
    } else {
      formUnion(other)
    }
  }
}
