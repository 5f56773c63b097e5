extension DiffableDataSource {
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
  ///
  /// `relaidOut`: old sections the batch leaves as they are but whose reconfigured items' sizes
  /// are asked for again, so the layout lays them out again with the batch.
  @inlinable
  nonisolated static func plan(from old: Snapshot, to new: Snapshot) -> (
    batch: BatchUpdates, carried: [Int], relaidOut: [Int]
  ) {
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
    let locator = Snapshot.Locator(old)
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
    // Reconfigured items keep their cell, place, moves and selection, as UIKit's: only their
    // size is asked again (none carried), and their section laid out again with the batch. In a
    // section that is inserted, reloaded or deleted, or when also reloaded, nothing more to do.
    var relaidOut: [Int] = []
    if !new.reconfiguredItems.isEmpty {
      var marked = [Bool](repeating: false, count: oldSectionCount)
      for item in new.reconfiguredItems where !new.reloadedItems.contains(item) {
        guard let found = locator.locate(item), hands[found.section] else { continue }
        let place = newPlace[found.number]
        guard place >= 0, keeps[sectionOf(place)] else { continue }
        carried[newStarts[sectionOf(place)] + indexOf(place)] = -1
        if !marked[found.section] {
          marked[found.section] = true
          relaidOut.append(found.section)
        }
      }
    }
    // Built in order already, but for the moves and the deletes and inserts split from them:
    // sorted only where they are not, which a sort does not check first.
    sortIfNeeded(&batch.deletedItems)
    sortIfNeeded(&batch.insertedItems)
    sortIfNeeded(&batch.movedItems)
    sortIfNeeded(&batch.reloadedItems)
    return (batch, carried, relaidOut)
  }

}
