/// A collection view's data source driven by snapshots of identifiers, as UIKit's
/// `UICollectionViewDiffableDataSource`: a cell provider turns an item identifier into a cell,
/// and ``apply(_:animatingDifferences:completion:)`` diffs the new snapshot against the current
/// one — sections first, then items, an item that changed sections being a move — and applies the
/// difference as one batch.
///
/// It answers the flow layout's size questions from the cells' descriptors, so it works with any
/// layout the collection view has. Keep a strong reference to it: the collection view holds its
/// data source weakly.
///
/// ```swift
/// let dataSource = DiffableDataSource<String, Int>(collectionView: view) { indexPath, number in
///   .text("\(number)", role: .body, width: 8, height: 1)
/// }
/// var snapshot = DiffableSnapshot<String, Int>()
/// snapshot.appendSections(["odd", "even"])
/// snapshot.appendItems([1, 3, 5], toSection: "odd")
/// snapshot.appendItems([2, 4], toSection: "even")
/// dataSource.apply(snapshot)
/// ```
@MainActor
public final class DiffableDataSource<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable> {
  /// A snapshot of these identifier types.
  public typealias Snapshot = DiffableSnapshot<SectionID, ItemID>

  /// The collection view this data source feeds.
  public private(set) weak var collectionView: CollectionView?
  @usableFromInline let cellProvider: (IndexPath, ItemID) -> CellDescriptor
  /// Supplies headers, footers and any other supplementary, by kind and index path; nil (the
  /// default) for none.
  public var supplementaryProvider: ((ElementKind, IndexPath) -> SupplementaryDescriptor?)?
  /// Called with the index path and identifier of a selected item; nil (the default) for
  /// nobody.
  public var selectionHandler: ((IndexPath, ItemID) -> Void)?
  @usableFromInline var current = Snapshot()
  /// Each shown item's size, as its cell provider last gave it; nil until asked. Carried through a batch for items it neither inserted nor reloaded: like UIKit's
  /// diffable data source, which fetches a cell again only when its item is new, reloaded or
  /// reconfigured, the size of an unchanged item is not asked for again.
  let sizes = SizeCache()
  /// The cell of the item at an index path (nil for none), from code specialised for this data
  /// source's identifier types in the module that applies its snapshots; set by the first
  /// ``apply(_:animatingDifferences:completion:)`` or
  /// ``applySnapshotUsingReloadData(_:completion:)``. The data source is generic and its methods
  /// run unspecialised: there, finding an item instantiated generic metadata (`Optional<ItemID>`,
  /// `Array<ItemID>`, the closure's context) on every call, more than half of what asking a
  /// reloaded cell for its size cost. Main-actor typed, so that calling it checks no executor at
  /// run time.
  @usableFromInline var specialisedCell: (@MainActor (DiffableDataSource, IndexPath) -> CellDescriptor?)?

  /// A data source for `collectionView`, which it becomes the data source of (and the delegate,
  /// when the view has none). `cellProvider` is asked for a cell whenever the view needs one.
  public init(
    collectionView: CollectionView, cellProvider: @escaping (IndexPath, ItemID) -> CellDescriptor
  ) {
    self.collectionView = collectionView
    self.cellProvider = cellProvider
    collectionView.dataSource = self
    if collectionView.delegate == nil { collectionView.delegate = self }
    collectionView.reloadData()
  }

  /// A copy of the snapshot on screen.
  public func snapshot() -> Snapshot { current }

  /// Shows `snapshot`: the difference from the current one is applied as one batch (sections
  /// inserted, deleted, moved and reloaded; items inserted, deleted, moved — across sections too —
  /// and reloaded), so selections follow their items. As UIKit's since iOS 15, the difference is
  /// applied whatever `animatingDifferences` says (the terminal does not animate; the parameter
  /// keeps UIKit's signature); ``applySnapshotUsingReloadData(_:completion:)`` is the reload.
  /// Problems the snapshot recorded (duplicates, missing identifiers) are reported in the
  /// collection view's diagnostics. `completion` runs once it is applied.
  @inlinable
  public func apply(
    _ snapshot: Snapshot, animatingDifferences: Bool = true, completion: (() -> Void)? = nil
  ) {
    specialiseCellLookup()
    // The batch is worked out here, in the caller's module, where the identifier types are known:
    // the two-level diff then runs specialised, not as generic code.
    let plan = collectionView != nil ? Self.plan(from: current, to: snapshot) : nil
    show(snapshot, batch: plan?.batch, carried: plan?.carried, completion: completion)
  }

  /// Shows `snapshot` without diffing, as UIKit's `applySnapshotUsingReloadData(_:completion:)`:
  /// the collection view reloads, every cell is asked for again and selections are dropped.
  /// `completion` runs once it is applied.
  @inlinable
  public func applySnapshotUsingReloadData(_ snapshot: Snapshot, completion: (() -> Void)? = nil) {
    specialiseCellLookup()
    show(snapshot, batch: nil, carried: nil, completion: completion)
  }

  /// Sets ``specialisedCell`` from the caller's module, where the identifier types are known.
  @inlinable
  func specialiseCellLookup() {
    if specialisedCell == nil {
      specialisedCell = { dataSource, indexPath in
        // No closure inside (`Optional.map`): each would check the executor at run time.
        guard let item = dataSource.item(at: indexPath) else { return nil }
        return dataSource.cellProvider(indexPath, item)
      }
    }
  }

  /// Shows `snapshot` by `batch`, or by a reload when there is none. `carried[p]` is the
  /// position, in the old snapshot's items read section by section, of the item at position `p`
  /// of the new ones (read the same way) whose size stays known, or -1.
  @usableFromInline
  func show(_ snapshot: Snapshot, batch: BatchUpdates?, carried: [Int]?, completion: (() -> Void)?) {
    let counts = snapshot.sectionItems.map { $0.count }
    if let carried { sizes.carry(carried, counts: counts) } else { sizes.reset(counts) }
    guard let collectionView else {
      current = snapshot
      completion?()
      return
    }
    for problem in snapshot.problems { collectionView.report(problem) }
    var applied = snapshot
    applied.clearAppliedChanges()
    current = applied
    if let batch {
      collectionView.performBatchUpdates(batch)
    } else {
      collectionView.reloadData()
    }
    completion?()
  }

  /// The identifier of the item at `indexPath`, or nil.
  public func itemIdentifier(for indexPath: IndexPath) -> ItemID? { item(at: indexPath) }

  /// The identifier of the item at `indexPath`, or nil: inlinable, so that the specialised cell
  /// fetch (see ``specialisedCell``) runs it without generic code.
  @inlinable func item(at indexPath: IndexPath) -> ItemID? {
    let (section, index) = (indexPath.section, indexPath.item)
    guard section >= 0, section < current.sectionItems.count, index >= 0,
      index < current.sectionItems[section].count
    else { return nil }
    return current.sectionItems[section][index]
  }

  /// The index path of `item`, or nil.
  public func indexPath(for item: ItemID) -> IndexPath? {
    guard let section = current.sectionIdentifier(containingItem: item),
      let index = current.indexOfItem(item),
      let sectionIndex = current.indexOfSection(section)
    else { return nil }
    return IndexPath(item: index, section: sectionIndex)
  }

  /// The identifier of the section at `index`, or nil.
  public func sectionIdentifier(for index: Int) -> SectionID? {
    current.sectionIdentifiers.indices.contains(index) ? current.sectionIdentifiers[index] : nil
  }

  /// The position of `section`, or nil.
  public func index(for section: SectionID) -> Int? { current.indexOfSection(section) }

  // MARK: - The two-level diff

  /// The batch that turns `old` into `new`: the sections' diff, then for each surviving section
  /// the items' — items that stay in their section keep their order where they can (the fewest
  /// moves), and items that change sections are moves from their old index path to their new one.
  /// Items of inserted, deleted and reloaded sections come and go with their section.
  ///
  /// - Complexity: O(sections + items) expected.
  @inlinable
  nonisolated static func batch(from old: Snapshot, to new: Snapshot) -> BatchUpdates {
    plan(from: old, to: new).batch
  }

  /// The batch, and for every new item (read section by section) the position of its old
  /// occurrence (in the old items read the same way) when its cell stays — it was neither
  /// inserted nor reloaded, nor its section — else -1.
  ///
  /// Items are paired by position first: walking a new section beside its old one, an item that
  /// is where the last one predicts is compared, not hashed, and needs nothing more — it stays
  /// in its section, in order. Only the items after an insertion, a deletion or a move are
  /// looked up and classified, so a snapshot that changed in a few places costs a few hashes
  /// and a few passes of plain integer arrays.
  @inlinable
  nonisolated static func plan(from old: Snapshot, to new: Snapshot) -> (batch: BatchUpdates, carried: [Int])
  {
    var batch = BatchUpdates()
    let oldSectionCount = old.numberOfSections
    let newSectionCount = new.numberOfSections
    // Section by section, as integers: where each old section went (-1: deleted), where each
    // new one came from (-1: inserted), and which old ones are reloaded. The same sections in
    // the same order (most applies) are compared, not diffed and looked up.
    var sourceOfNew: [Int]
    var targetOfOld: [Int]
    if old.sectionIdentifiers == new.sectionIdentifiers {
      sourceOfNew = Array(0..<newSectionCount)
      targetOfOld = sourceOfNew
    } else {
      let sectionResult = diff(
        old: old.sectionIdentifiers, new: new.sectionIdentifiers, identifier: { $0 },
        isEqual: { _, _ in true })
      batch.deletedSections = sectionResult.deletes
      batch.insertedSections = sectionResult.inserts
      batch.movedSections = sectionResult.moves
      sourceOfNew = [Int](repeating: -1, count: newSectionCount)
      targetOfOld = [Int](repeating: -1, count: oldSectionCount)
      for (newIndex, section) in new.sectionIdentifiers.enumerated() {
        if let oldIndex = old.indexOfSection(section) {
          sourceOfNew[newIndex] = oldIndex
          targetOfOld[oldIndex] = newIndex
        }
      }
    }
    var reloaded = [Bool](repeating: false, count: oldSectionCount)
    for section in new.reloadedSections {
      if let index = old.indexOfSection(section), targetOfOld[index] >= 0 { reloaded[index] = true }
    }
    batch.reloadedSections = reloaded.indices.filter { reloaded[$0] }
    // An item keeps its identity through the batch only from an old section that hands its items
    // on (it survives and is not reloaded) to a new section that keeps them (it came from such a
    // section); otherwise its old section takes it away and its new section brings it.
    var hands = [Bool](repeating: false, count: oldSectionCount)
    for section in 0..<oldSectionCount { hands[section] = targetOfOld[section] >= 0 && !reloaded[section] }
    var keeps = [Bool](repeating: false, count: newSectionCount)
    for section in 0..<newSectionCount {
      keeps[section] = sourceOfNew[section] >= 0 && hands[sourceOfNew[section]]
    }

    // Old items as dense numbers, section by section: old section s holds the numbers
    // oldStarts[s] ..< oldStarts[s + 1].
    var locator = Snapshot.Locator(old)
    let oldStarts = locator.starts
    let oldItemCount = locator.count
    // Each new item's old number (-1: new), found by position where it can be; for each old
    // item, where it went: its new section and index, packed in one 64-bit integer (-1: gone;
    // 64 bits, not `Int`, so that it packs on 32-bit platforms too).
    let newStarts = new.itemStarts
    var carried = [Int](repeating: -1, count: newStarts[newSectionCount])
    var newPlace = [Int64](repeating: -1, count: oldItemCount)
    func sectionOf(_ place: Int64) -> Int { Int(truncatingIfNeeded: place >> 32) }
    func indexOf(_ place: Int64) -> Int { Int(truncatingIfNeeded: place & 0xFFFF_FFFF) }
    var positionInSection: [Int] = []
    // The items not where predicted, with their old sections (-1: new): only they can be
    // inserts or moves in.
    var irregular: [(index: Int, section: Int)] = []
    // The walk writes through the arrays' buffers: no uniqueness or bounds checks per item.
    carried.withUnsafeMutableBufferPointer { carried in
      newPlace.withUnsafeMutableBufferPointer { newPlace in
        for section in 0..<newSectionCount {
          let items = new.sectionItems[section]
          let source = sourceOfNew[section]
          let sourceItems = source >= 0 ? old.sectionItems[source] : []
          let sourceStart = source >= 0 ? oldStarts[source] : 0
          let sourceEnd = sourceStart + sourceItems.count
          let start = newStarts[section]
          var predicted = 0
          var lastStaying = -1
          var inOrder = true
          irregular.removeAll(keepingCapacity: true)
          items.withUnsafeBufferPointer { items in
            sourceItems.withUnsafeBufferPointer { sourceItems in
              for (index, item) in items.enumerated() {
                let found: Int
                if predicted < sourceItems.count && sourceItems[predicted] == item {
                  found = sourceStart + predicted
                  predicted += 1
                } else {
                  guard let located = locator.locate(item) else {
                    irregular.append((index, -1))
                    continue
                  }
                  irregular.append((index, located.section))
                  found = located.number
                  if located.section == source { predicted = found - sourceStart + 1 }
                }
                carried[start + index] = found
                newPlace[found] = Int64(section) << 32 | Int64(index)
                if found >= sourceStart && found < sourceEnd {
                  if found < lastStaying { inOrder = false }
                  lastStaying = found
                }
              }
            }
          }
          guard keeps[section] else {
            // An inserted or reloaded section brings all its items; none keeps its cell.
            for index in 0..<items.count { carried[start + index] = -1 }
            continue
          }
          if !inOrder {
            // Items that stay in this section, in both orders; the diff of the two (already paired
            // by number, so it hashes nothing) gives the fewest in-section moves.
            if positionInSection.isEmpty { positionInSection = [Int](repeating: -1, count: oldItemCount) }
            var position = 0
            for item in sourceStart..<sourceEnd
            where newPlace[item] >= 0 && sectionOf(newPlace[item]) == section {
              positionInSection[item] = position
              position += 1
            }
            var stayingNew: [Int] = []
            for index in 0..<items.count {
              let item = carried[start + index]
              if item >= sourceStart && item < sourceEnd { stayingNew.append(item) }
            }
            let result = diff(
              oldCount: position, newToOld: stayingNew.map { positionInSection[$0] },
              isEqual: { _, _ in true })
            for move in result.moves {
              let item = stayingNew[move.to]
              batch.movedItems.append(
                IndexPathMove(
                  from: IndexPath(item: item - sourceStart, section: source),
                  to: IndexPath(item: indexOf(newPlace[item]), section: section)))
            }
          }
          for (index, from) in irregular {
            if from < 0 || !hands[from] {
              batch.insertedItems.append(IndexPath(item: index, section: section))
              carried[start + index] = -1
            } else if from != source {
              batch.movedItems.append(
                IndexPathMove(
                  from: IndexPath(item: carried[start + index] - oldStarts[from], section: from),
                  to: IndexPath(item: index, section: section)))
            }
          }
        }
      }
    }
    // Old items of sections that hand theirs on and that no keeping section took: deleted.
    for section in 0..<oldSectionCount where hands[section] {
      for item in oldStarts[section]..<oldStarts[section + 1] {
        let place = newPlace[item]
        if place < 0 || !keeps[sectionOf(place)] {
          batch.deletedItems.append(IndexPath(item: item - oldStarts[section], section: section))
        }
      }
    }
    // Reloaded items that stay where they are reload; a moved one is deleted and inserted instead
    // (a batch cannot move and reload one item). Neither keeps its cell. They are marked by old
    // number, so that walking the old order lists them sorted (the snapshot keeps them in a set,
    // and this avoids sorting them); a moved item's move is found by old number.
    var reloadedItem = [Bool](repeating: false, count: new.reloadedItems.isEmpty ? 0 : oldItemCount)
    var anyReloaded = false
    for item in new.reloadedItems {
      guard let found = locator.locate(item) else { continue }
      reloadedItem[found.number] = true
      anyReloaded = true
    }
    if anyReloaded {
      var moveOf = [Int](repeating: -1, count: oldItemCount)
      for (index, move) in batch.movedItems.enumerated() {
        moveOf[oldStarts[move.from.section] + move.from.item] = index
      }
      var split: [Int] = []
      for from in 0..<oldSectionCount where hands[from] {
        for item in oldStarts[from]..<oldStarts[from + 1] where reloadedItem[item] {
          let place = newPlace[item]
          guard place >= 0, keeps[sectionOf(place)] else { continue }
          carried[newStarts[sectionOf(place)] + indexOf(place)] = -1
          if moveOf[item] >= 0 {
            split.append(moveOf[item])
          } else {
            batch.reloadedItems.append(IndexPath(item: item - oldStarts[from], section: from))
          }
        }
      }
      for index in split.sorted(by: >) {
        let move = batch.movedItems.remove(at: index)
        batch.deletedItems.append(move.from)
        batch.insertedItems.append(move.to)
      }
    }
    // Built in order already, but for the moves and the deletes and inserts split from them:
    // sorted only where they are not, which a sort does not check first.
    sortIfNeeded(&batch.deletedItems)
    sortIfNeeded(&batch.insertedItems)
    sortIfNeeded(&batch.movedItems)
    sortIfNeeded(&batch.reloadedItems)
    return (batch, carried)
  }

}

// MARK: - Serving the collection view

extension DiffableDataSource: CollectionViewDataSource {
  /// The applied snapshot's number of sections.
  public func numberOfSections(in collectionView: CollectionView) -> Int { current.numberOfSections }

  /// The number of items of the applied snapshot's section at `section`.
  public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    // The size cache holds the shown snapshot's counts: read there, this runs no generic code.
    sizes.itemCount(inSection: section)
  }

  /// The cell provider's cell for the item at `indexPath`.
  public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CellDescriptor
  {
    cell(at: indexPath) ?? .text("", role: .body, width: 0, height: 0)
  }

  /// The cell provider's cell for the item at `indexPath`, or nil when there is no such item:
  /// through the specialised path once there is one.
  private func cell(at indexPath: IndexPath) -> CellDescriptor? {
    if let specialisedCell { return specialisedCell(self, indexPath) }
    return item(at: indexPath).map { cellProvider(indexPath, $0) }
  }

  /// The supplementary provider's answer for `kind` at `indexPath`.
  public func collectionView(
    _ collectionView: CollectionView, supplementaryOfKind kind: ElementKind, at indexPath: IndexPath
  ) -> SupplementaryDescriptor? {
    supplementaryProvider?(kind, indexPath)
  }
}

extension DiffableDataSource: CollectionViewDelegate {
  /// Tells the selection handler which item was selected.
  public func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
    if let item = itemIdentifier(for: indexPath) { selectionHandler?(indexPath, item) }
  }
}

// The flow layout's size questions, answered from the cells (only when the data source is the
// collection view's delegate); headers and footers from the supplementary provider.
extension DiffableDataSource: @MainActor FlowLayoutDelegate {
  /// The size of the cell the cell provider returns for the item.
  public func layout(_ layout: FlowLayout, sizeForItemAt indexPath: IndexPath) -> ItemSize {
    // A known size is read without touching the generic parts (this runs unspecialised).
    sizes.size(at: indexPath) ?? fetchSize(at: indexPath)
  }

  /// Asks the cell provider for the item's size and keeps it.
  @inline(never)
  private func fetchSize(at indexPath: IndexPath) -> ItemSize {
    guard let size = cell(at: indexPath)?.size else { return .exact(.zero) }
    sizes.store(size, at: indexPath)
    return size
  }

  /// The supplementary provider's header height, or the layout's `headerHeight` without one.
  public func layout(_ layout: FlowLayout, headerHeightForSection section: Int) -> Double {
    supplementaryProvider?(.header, IndexPath(item: 0, section: section))?.height ?? layout.headerHeight
  }

  /// The supplementary provider's footer height, or the layout's `footerHeight` without one.
  public func layout(_ layout: FlowLayout, footerHeightForSection section: Int) -> Double {
    supplementaryProvider?(.footer, IndexPath(item: 0, section: section))?.height ?? layout.footerHeight
  }
}

/// Sorts index paths by section, then item, unless they already are: one pass to check, which
/// `sort()` does not do first. The order is spelled out here, on the integers, so that it is
/// inlined: `IndexPath`'s own `<` is another module's function, which a sort would call, not
/// inline, for every comparison.
@inlinable
func sortIfNeeded(_ array: inout [IndexPath]) {
  sortIfNeeded(&array) { ($0.section, $0.item) < ($1.section, $1.item) }
}

/// Sorts moves by source, then destination (as ``IndexPathMove``'s `<`), unless they already are.
@inlinable
func sortIfNeeded(_ array: inout [IndexPathMove]) {
  sortIfNeeded(&array) {
    ($0.from.section, $0.from.item, $0.to.section, $0.to.item)
      < ($1.from.section, $1.from.item, $1.to.section, $1.to.item)
  }
}

/// Sorts `array` by `areInIncreasingOrder` unless it already is.
@inlinable
func sortIfNeeded<Element>(_ array: inout [Element], by areInIncreasingOrder: (Element, Element) -> Bool) {
  var index = 1
  while index < array.count {
    if areInIncreasingOrder(array[index], array[index - 1]) {
      array.sort(by: areInIncreasingOrder)
      return
    }
    index += 1
  }
}
