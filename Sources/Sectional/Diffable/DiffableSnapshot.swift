/// The state of a list as identifiers — sections, and the items of each — as UIKit's
/// `NSDiffableDataSourceSnapshot`: build one, hand it to ``DiffableDataSource/apply(_:animatingDifferences:completion:)``,
/// and the data source works out the batch.
///
/// A value: copy it, change the copy, apply it. Every identifier appears once. Where UIKit traps
/// — a duplicate identifier, an item or section that is not in the snapshot — this snapshot
/// leaves itself as it was (the first occurrence wins) and records a `Diagnostic` that the data
/// source reports when the snapshot is applied.
///
/// - Complexity: look-ups by identifier (``indexOfItem(_:)``, ``indexOfSection(_:)``,
///   ``sectionIdentifier(containingItem:)``) are O(1); appends, reloads and reconfigures are
///   O(k) for k identifiers; item inserts, deletes and moves are O(items of the sections they
///   touch), as an array's are, since each item records its place. Section inserts re-index the
///   items of every section after the insert, and section moves and deletes those of every
///   section: O(all items).
public struct DiffableSnapshot<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable>: Sendable {
  /// The sections, in order.
  public private(set) var sectionIdentifiers: [SectionID] = []
  /// Each section's items, in order, parallel to ``sectionIdentifiers``.
  @usableFromInline var sectionItems: [[ItemID]] = []
  @usableFromInline var sectionIndexes: [SectionID: Int] = [:]
  /// The place of every item: its section's index and its index there, kept exact by every
  /// change, so that finding an item costs one look-up, not a search of its section.
  @usableFromInline var itemPlaces: [ItemID: SnapshotPlace] = [:]
  /// Items and sections whose content is to be reloaded by the next apply.
  @usableFromInline var reloadedItems: Set<ItemID> = []
  /// Items to be reconfigured by the next apply: asked for again, keeping their place and
  /// selection.
  @usableFromInline var reconfiguredItems: Set<ItemID> = []
  @usableFromInline var reloadedSections: Set<SectionID> = []
  /// What this snapshot refused to do, reported when it is applied.
  @usableFromInline package internal(set) var problems: [Diagnostic] = []

  /// An empty snapshot.
  public init() {}

  // MARK: - Reading

  /// The number of sections.
  @inlinable public var numberOfSections: Int { sectionIdentifiers.count }
  /// The number of items in all sections.
  @inlinable public var numberOfItems: Int { itemPlaces.count }
  /// Every item, section by section.
  public var itemIdentifiers: [ItemID] { sectionItems.flatMap { $0 } }

  /// The items of `section`, in order; empty when there is no such section.
  public func itemIdentifiers(inSection section: SectionID) -> [ItemID] {
    sectionIndexes[section].map { sectionItems[$0] } ?? []
  }

  /// The number of items of `section` (0 when there is no such section).
  public func numberOfItems(inSection section: SectionID) -> Int {
    sectionIndexes[section].map { sectionItems[$0].count } ?? 0
  }

  /// The section that holds `item`, or nil.
  public func sectionIdentifier(containingItem item: ItemID) -> SectionID? {
    itemPlaces[item].map { sectionIdentifiers[$0.section] }
  }

  /// The position of `section`, or nil.
  @inlinable public func indexOfSection(_ section: SectionID) -> Int? { sectionIndexes[section] }

  /// The position of `item` within its section, or nil.
  ///
  /// - Complexity: O(1).
  public func indexOfItem(_ item: ItemID) -> Int? { itemPlaces[item]?.index }

  /// The items of the section at `index` (for the data source, by position).
  @inlinable func items(atSection index: Int) -> [ItemID] { sectionItems[index] }

  /// Where each section's items start among all items read section by section, plus the end.
  @inlinable var itemStarts: [Int] {
    var starts = [0]
    starts.reserveCapacity(sectionItems.count + 1)
    for items in sectionItems { starts.append(starts[starts.count - 1] + items.count) }
    return starts
  }

  // MARK: - Sections

  /// Adds sections at the end. Identifiers already in the snapshot are skipped.
  public mutating func appendSections(_ sections: [SectionID]) {
    insert(sections, at: sectionIdentifiers.count)
  }

  /// Inserts sections before `section`.
  public mutating func insertSections(_ sections: [SectionID], beforeSection section: SectionID) {
    guard let index = existingSection(section, "insert sections before", skipping: sections) else { return }
    insert(sections, at: index)
  }

  /// Inserts sections after `section`.
  public mutating func insertSections(_ sections: [SectionID], afterSection section: SectionID) {
    guard let index = existingSection(section, "insert sections after", skipping: sections) else { return }
    insert(sections, at: index + 1)
  }

  /// Deletes sections and their items. Sections not in the snapshot are reported.
  public mutating func deleteSections(_ sections: [SectionID]) {
    let doomed = Set(sections.filter { existingSection($0, "delete") != nil })
    guard !doomed.isEmpty else { return }
    var kept: [(SectionID, [ItemID])] = []
    for (index, section) in sectionIdentifiers.enumerated() where !doomed.contains(section) {
      kept.append((section, sectionItems[index]))
    }
    rebuild(kept)
    reloadedSections.subtract(doomed)
  }

  /// Moves `section` before `other`.
  public mutating func moveSection(_ section: SectionID, beforeSection other: SectionID) {
    moveSection(section, relativeTo: other, after: false)
  }

  /// Moves `section` after `other`.
  public mutating func moveSection(_ section: SectionID, afterSection other: SectionID) {
    moveSection(section, relativeTo: other, after: true)
  }

  /// Reloads the sections: every item is asked for again on the next apply.
  public mutating func reloadSections(_ sections: [SectionID]) {
    for section in sections where existingSection(section, "reload") != nil {
      reloadedSections.insert(section)
    }
  }

  // MARK: - Items

  /// Adds items at the end of `section` (the last section when nil). Identifiers already in the
  /// snapshot are skipped and reported.
  @inlinable
  public mutating func appendItems(_ items: [ItemID], toSection section: SectionID? = nil) {
    let index: Int
    if let section {
      guard let found = existingSection(section, "append items to", skipping: items) else { return }
      index = found
    } else {
      guard !sectionIdentifiers.isEmpty else {
        problems.append(
          Diagnostic(.noSuchItem, "append items: the snapshot has no section; \(items.count) items skipped"))
        return
      }
      index = sectionIdentifiers.count - 1
    }
    insert(items, inSection: index, at: sectionItems[index].count)
  }

  /// Inserts items before `item`, in its section.
  public mutating func insertItems(_ items: [ItemID], beforeItem item: ItemID) {
    guard let (section, position) = existingItem(item, "insert items before", skipping: items) else { return }
    insert(items, inSection: section, at: position)
  }

  /// Inserts items after `item`, in its section.
  public mutating func insertItems(_ items: [ItemID], afterItem item: ItemID) {
    guard let (section, position) = existingItem(item, "insert items after", skipping: items) else { return }
    insert(items, inSection: section, at: position + 1)
  }

  /// Deletes items. Items not in the snapshot are reported.
  public mutating func deleteItems(_ items: [ItemID]) {
    var doomed: [Int: (gone: Set<ItemID>, first: Int)] = [:]
    for item in items {
      guard let place = itemPlaces[item] else {
        problems.append(Diagnostic(.noSuchItem, "delete: no item \(item) in the snapshot"))
        continue
      }
      doomed[place.section, default: ([], place.index)].gone.insert(item)
      doomed[place.section]!.first = Swift.min(doomed[place.section]!.first, place.index)
    }
    for (section, (gone, first)) in doomed {
      sectionItems[section].removeAll { gone.contains($0) }
      for item in gone { itemPlaces[item] = nil }
      reindexItems(inSection: section, from: first)
    }
    reloadedItems.subtract(items)
    reconfiguredItems.subtract(items)
  }

  /// Deletes every item and section.
  public mutating func deleteAllItems() {
    rebuild([])
    reloadedItems = []
    reloadedSections = []
  }

  /// Moves `item` before `other`, into `other`'s section if it is another.
  public mutating func moveItem(_ item: ItemID, beforeItem other: ItemID) {
    moveItem(item, relativeTo: other, after: false)
  }

  /// Moves `item` after `other`, into `other`'s section if it is another.
  public mutating func moveItem(_ item: ItemID, afterItem other: ItemID) {
    moveItem(item, relativeTo: other, after: true)
  }

  /// Reloads the items: their cells are asked for again on the next apply.
  ///
  /// - Complexity: O(k) for k items, whatever the size of their sections.
  @inlinable
  public mutating func reloadItems(_ items: [ItemID]) {
    mark(items, reconfigured: false)
  }

  /// Reconfigures the items, as UIKit's: on the next apply their cells (and sizes) are asked
  /// for again, while each item keeps its place, its moves and its selection, unlike
  /// ``reloadItems(_:)``, which replaces the item (its selection is dropped, and a reloaded item
  /// that moves is deleted and inserted). An item both reloaded and reconfigured is reloaded.
  ///
  /// - Complexity: O(k) for k items, whatever the size of their sections.
  @inlinable
  public mutating func reconfigureItems(_ items: [ItemID]) {
    mark(items, reconfigured: true)
  }

  /// A mark needs only to know the item is here, not where: no search of its section.
  @inlinable mutating func mark(_ items: [ItemID], reconfigured: Bool) {
    if reconfigured {
      reconfiguredItems.reserveCapacity(reconfiguredItems.count + items.count)
    } else {
      reloadedItems.reserveCapacity(reloadedItems.count + items.count)
    }
    for item in items {
      guard itemPlaces[item] != nil else {
        let action = reconfigured ? "reconfigure" : "reload"
        problems.append(Diagnostic(.noSuchItem, "\(action): no item \(item) in the snapshot"))
        continue
      }
      if reconfigured { reconfiguredItems.insert(item) } else { reloadedItems.insert(item) }
    }
  }

  /// Forgets the reloads and problems of the last apply.
  package mutating func clearAppliedChanges() {
    reloadedItems = []
    reconfiguredItems = []
    reloadedSections = []
    problems = []
  }

  // MARK: - Private

  /// The section's index; nil, and a problem naming the identifiers `skipping` that the call
  /// therefore leaves out, when it is not in the snapshot.
  @usableFromInline mutating func existingSection(
    _ section: SectionID, _ action: String, skipping: [some Hashable] = [Int]()
  ) -> Int? {
    if let index = sectionIndexes[section] { return index }
    problems.append(
      Diagnostic(.noSuchItem, "\(action): no section \(section) in the snapshot" + Self.skipped(skipping)))
    return nil
  }

  private mutating func existingItem(_ item: ItemID, _ action: String, skipping: [some Hashable] = [Int]())
    -> (Int, Int)?
  {
    if let place = itemPlaces[item] { return (place.section, place.index) }
    problems.append(
      Diagnostic(.noSuchItem, "\(action): no item \(item) in the snapshot" + Self.skipped(skipping)))
    return nil
  }

  /// "; 3 skipped: a, b, c" (the first five named), or nothing for none.
  @usableFromInline static func skipped(_ identifiers: [some Hashable]) -> String {
    guard !identifiers.isEmpty else { return "" }
    return "; \(identifiers.count) skipped: " + identifiers.prefix(5).map { "\($0)" }.joined(separator: ", ")
      + (identifiers.count > 5 ? " and \(identifiers.count - 5) more" : "")
  }

  private mutating func insert(_ sections: [SectionID], at index: Int) {
    var fresh: [SectionID] = []
    var seen = Set<SectionID>()
    var repeated: [SectionID] = []
    for section in sections {
      if sectionIndexes[section] == nil && seen.insert(section).inserted {
        fresh.append(section)
      } else {
        repeated.append(section)
      }
    }
    reportSkipped(repeated, "sections")
    guard !fresh.isEmpty else { return }
    sectionIdentifiers.insert(contentsOf: fresh, at: index)
    sectionItems.insert(contentsOf: Array(repeating: [], count: fresh.count), at: index)
    reindexSections(from: index)
  }

  @inlinable mutating func insert(_ items: [ItemID], inSection section: Int, at position: Int) {
    var repeated: [Int] = []
    // One hash look-up per item: the new entry is written (its place: after the fresh items
    // before it), and in the rare case the identifier was already here, the old entry is put
    // back.
    var added = 0
    for (index, item) in items.enumerated() {
      let place = SnapshotPlace(section: section, index: position + added)
      if let old = itemPlaces.updateValue(place, forKey: item) {
        itemPlaces[item] = old
        repeated.append(index)
      } else {
        added += 1
      }
    }
    if repeated.isEmpty {
      sectionItems[section].insert(contentsOf: items, at: position)
    } else {
      // A repeat within `items` itself: its first occurrence was taken, the later ones are not.
      let skipped = Set(repeated)
      let fresh = items.indices.filter { !skipped.contains($0) }.map { items[$0] }
      reportSkipped(repeated.map { items[$0] }, "items")
      sectionItems[section].insert(contentsOf: fresh, at: position)
    }
    // The items after the insert moved down by as many (none after an append).
    reindexItems(inSection: section, from: position + added)
  }

  /// Records the index of each item of `section` from `start` on.
  @inlinable mutating func reindexItems(inSection section: Int, from start: Int) {
    let items = sectionItems[section]
    guard start < items.count else { return }
    for index in start..<items.count {
      itemPlaces[items[index]] = SnapshotPlace(section: section, index: index)
    }
  }

  /// Records identifiers that were already in the snapshot (or repeated in one call).
  @usableFromInline mutating func reportSkipped<Identifier>(_ repeated: [Identifier], _ what: String) {
    guard !repeated.isEmpty else { return }
    problems.append(
      Diagnostic(
        .duplicateIdentifiers,
        "\(what) already in the snapshot skipped: "
          + repeated.prefix(5).map { "\($0)" }.joined(separator: ", ")
          + (repeated.count > 5 ? " and \(repeated.count - 5) more" : "")))
  }

  private mutating func moveSection(_ section: SectionID, relativeTo other: SectionID, after: Bool) {
    guard let from = existingSection(section, "move"),
      let target = existingSection(other, "move a section next to")
    else { return }
    guard section != other else {
      // UIKit traps: the destination is the source.
      problems.append(Diagnostic(.invalidBatchUpdate, "move: section \(section) next to itself; it stays"))
      return
    }
    let items = sectionItems.remove(at: from)
    sectionIdentifiers.remove(at: from)
    let anchor = target > from ? target - 1 : target
    let to = after ? anchor + 1 : anchor
    sectionIdentifiers.insert(section, at: to)
    sectionItems.insert(items, at: to)
    reindexSections(from: 0)
  }

  private mutating func moveItem(_ item: ItemID, relativeTo other: ItemID, after: Bool) {
    guard let (section, position) = existingItem(item, "move"),
      existingItem(other, "move an item next to") != nil
    else { return }
    guard item != other else {
      problems.append(Diagnostic(.invalidBatchUpdate, "move: item \(item) next to itself; it stays"))
      return
    }
    sectionItems[section].remove(at: position)
    reindexItems(inSection: section, from: position)
    let target = itemPlaces[other]!
    let to = after ? target.index + 1 : target.index
    sectionItems[target.section].insert(item, at: to)
    reindexItems(inSection: target.section, from: to)
  }

  private mutating func reindexSections(from start: Int) {
    for index in start..<sectionIdentifiers.count {
      sectionIndexes[sectionIdentifiers[index]] = index
      for (position, item) in sectionItems[index].enumerated() {
        itemPlaces[item] = SnapshotPlace(section: index, index: position)
      }
    }
  }

  private mutating func rebuild(_ sections: [(SectionID, [ItemID])]) {
    sectionIdentifiers = sections.map(\.0)
    sectionItems = sections.map(\.1)
    sectionIndexes = [:]
    itemPlaces = [:]
    reindexSections(from: 0)
    reloadedItems = reloadedItems.filter { itemPlaces[$0] != nil }
    reconfiguredItems = reconfiguredItems.filter { itemPlaces[$0] != nil }
  }
}

/// Where a snapshot's item is: its section's index and its index there.
@usableFromInline
struct SnapshotPlace: Hashable, Sendable {
  @usableFromInline var section: Int
  @usableFromInline var index: Int

  @inlinable init(section: Int, index: Int) {
    self.section = section
    self.index = index
  }
}
