/// The changes that turn an old array into a new one, by index only, in the form
/// `UICollectionView` batch updates take: deletes and updates by old index, inserts by new index,
/// moves from an old index to a new one. ``DiffResult`` is its public face, with identifier
/// lookups and duplicates added.
@usableFromInline
package struct IndexChanges: Hashable, Sendable {
  /// Indexes in the new array of elements that are not in the old one, ascending.
  package internal(set) var inserts: [Int]
  /// Indexes in the old array of elements that are not in the new one, ascending.
  package internal(set) var deletes: [Int]
  /// Indexes in the old array of elements present on both sides whose content changed,
  /// ascending.
  package internal(set) var updates: [Int]
  /// Elements that survive at a position the others' inserts and deletes do not explain, by new
  /// index ascending: the fewest moves that explain the new order.
  @usableFromInline package internal(set) var moves: [IndexMove]

  @usableFromInline
  package init(inserts: [Int], deletes: [Int], updates: [Int], moves: [IndexMove]) {
    self.inserts = inserts
    self.deletes = deletes
    self.updates = updates
    self.moves = moves
  }

  /// Whether the new array differs from the old one in order, membership or content.
  package var hasChanges: Bool {
    !inserts.isEmpty || !deletes.isEmpty || !updates.isEmpty || !moves.isEmpty
  }

  /// The same changes in the form `performBatchUpdates` accepts: an element cannot be moved and
  /// reloaded in one batch, so each moved element whose content changed becomes a delete at its
  /// old index plus an insert at its new one.
  ///
  /// - Complexity: O(d + i + u + m), the sizes of the four change lists.
  package func forBatchUpdates() -> IndexChanges {
    guard !moves.isEmpty, !updates.isEmpty else { return self }
    // Flags by old index rather than a set hashing each update.
    var updated = [Bool](repeating: false, count: (updates.max() ?? 0) + 1)
    for index in updates { updated[index] = true }
    var keptMoves: [IndexMove] = []
    var extraDeletes: [Int] = []
    var extraInserts: [Int] = []
    for move in moves {
      if move.from < updated.count && updated[move.from] {
        updated[move.from] = false
        extraDeletes.append(move.from)
        extraInserts.append(move.to)
      } else {
        keptMoves.append(move)
      }
    }
    guard !extraDeletes.isEmpty else { return self }
    return IndexChanges(
      inserts: mergeSorted(inserts, extraInserts),  // moves are ordered by `to` already
      deletes: mergeSorted(deletes, extraDeletes.sorted()),
      updates: updates.filter { updated[$0] },
      moves: keptMoves)
  }
}

extension IndexChanges: CustomStringConvertible {
  @usableFromInline package var description: String {
    let moveText = moves.map { "\($0.from)→\($0.to)" }
    return "IndexChanges(inserts: \(inserts), deletes: \(deletes), updates: \(updates), moves: \(moveText))"
  }
}

/// The changes between two arrays whose elements are already paired: `newToOld[j]` is the index
/// in the old array of new element `j`, or -1 when it is new. For callers that know the pairing
/// already (a list adapter finds it while resolving controllers); it skips the diff's symbol
/// table and hashes nothing.
///
/// An old index out of range, or one that an earlier new element already took, makes that
/// element an insert, as the keyed diffs treat duplicates.
///
/// ```swift
/// // old [a, b, c] → new [c, a, d]
/// let changes = diff(oldCount: 3, newToOld: [2, 0, -1]) { _, _ in true }
/// // changes.deletes == [1], changes.inserts == [2], changes.moves == [IndexMove(from: 2, to: 0)]
/// ```
///
/// - Complexity: O(n + m) plus O(k log k) for k elements out of order, and one `isEqual` call per
///   pair.
@usableFromInline
package func diff(oldCount: Int, newToOld: [Int], isEqual: (_ old: Int, _ new: Int) -> Bool) -> IndexChanges {
  let count = max(0, oldCount)
  checkIndexWidth(oldCount: count, newCount: newToOld.count)
  var oldToNew = [Int32](repeating: -1, count: count)
  var pairs = [Int32](repeating: -1, count: newToOld.count)
  var updated = [Bool](repeating: false, count: count)
  var updateCount = 0
  for j in newToOld.indices {
    let i = newToOld[j]
    guard i >= 0, i < count, oldToNew[i] < 0 else { continue }
    oldToNew[i] = Int32(truncatingIfNeeded: j)
    pairs[j] = Int32(truncatingIfNeeded: i)
    if !isEqual(i, j) {
      updated[i] = true
      updateCount &+= 1
    }
  }
  return pairedChanges(oldToNew: oldToNew, newToOld: pairs, updated: updated, updateCount: updateCount)
}

/// Stops with a clear message when a side has more elements than the diff's 32-bit indexes hold.
/// The diffs keep their indexes in 32 bits: half the fresh memory a diff touches, which in a
/// process whose allocator hands out new pages costs as much as the diff's own work.
@inlinable
func checkIndexWidth(oldCount: Int, newCount: Int) {
  precondition(
    oldCount < Int(Int32.max) && newCount < Int(Int32.max), "diff: more than 2^31 - 1 elements on one side")
}

/// Passes 3 and 4 of Heckel's diff, once elements are paired: deletes and updates in old order,
/// then inserts, and moves for the survivors off the longest increasing run of old indexes (they
/// stay). Indexes are 32-bit, -1 for none.
@inlinable
func pairedChanges(
  oldToNew: consuming [Int32], newToOld: [Int32], updated: [Bool], updateCount: Int
) -> IndexChanges {
  let oldCount = oldToNew.count
  let newCount = newToOld.count
  var deletes: [Int] = []
  var updates: [Int] = []
  updates.reserveCapacity(updateCount)
  // The pass that finds the deletes also ranks each survivor among the old survivors, in place
  // of its new index (no longer needed): the moves need the ranks, and a second array of them
  // would be as many fresh pages again.
  var rank: Int32 = 0
  oldToNew.withUnsafeMutableBufferPointer { oldRank in
    for i in 0..<oldCount {
      if oldRank[i] < 0 {
        deletes.append(i)
        continue
      }
      if updated[i] { updates.append(i) }
      oldRank[i] = rank
      rank &+= 1
    }
  }

  var inserts: [Int] = []
  for j in 0..<newCount where newToOld[j] < 0 { inserts.append(j) }
  let moves = fewestMoves(newToOld: newToOld, oldRank: oldToNew)
  return IndexChanges(inserts: inserts, deletes: deletes, updates: updates, moves: moves)
}

func mergeSorted(_ a: [Int], _ b: [Int]) -> [Int] {
  var merged: [Int] = []
  merged.reserveCapacity(a.count + b.count)
  var i = 0
  var j = 0
  while i < a.count && j < b.count {
    if a[i] <= b[j] {
      merged.append(a[i])
      i += 1
    } else {
      merged.append(b[j])
      j += 1
    }
  }
  merged.append(contentsOf: a[i...])
  merged.append(contentsOf: b[j...])
  return merged
}
