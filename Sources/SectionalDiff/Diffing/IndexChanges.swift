/// A move of one element from an index in the old array to an index in the new one.
///
/// Ordered by ``from``, then ``to``, as IGListKit's `IGListMoveIndex` compares.
public struct IndexMove: Hashable, Comparable, Sendable {
  /// Index in the old array.
  public var from: Int
  /// Index in the new array.
  public var to: Int

  /// A move from old index `from` to new index `to`.
  public init(from: Int, to: Int) {
    self.from = from
    self.to = to
  }

  /// Whether `lhs` comes first: by ``from``, then by ``to``.
  public static func < (lhs: IndexMove, rhs: IndexMove) -> Bool {
    (lhs.from, lhs.to) < (rhs.from, rhs.to)
  }
}

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
    var updated = Set(updates)
    var keptMoves: [IndexMove] = []
    var extraDeletes: [Int] = []
    var extraInserts: [Int] = []
    for move in moves {
      if updated.remove(move.from) != nil {
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
      updates: updates.filter { updated.contains($0) },
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
  var oldToNew = [Int](repeating: -1, count: count)
  var pairs = newToOld
  var updated = [Bool](repeating: false, count: count)
  var updateCount = 0
  for j in pairs.indices {
    let i = pairs[j]
    guard i >= 0, i < count, oldToNew[i] < 0 else {
      pairs[j] = -1
      continue
    }
    oldToNew[i] = j
    if !isEqual(i, j) {
      updated[i] = true
      updateCount &+= 1
    }
  }
  return pairedChanges(oldToNew: oldToNew, newToOld: pairs, updated: updated, updateCount: updateCount)
}

/// Passes 3 and 4 of Heckel's diff, once elements are paired: deletes and updates in old order,
/// then inserts, and moves for the survivors off the longest increasing run of old indexes (they
/// stay).
@inlinable
func pairedChanges(oldToNew: [Int], newToOld: [Int], updated: [Bool], updateCount: Int) -> IndexChanges {
  let oldCount = oldToNew.count
  let newCount = newToOld.count
  var deletes: [Int] = []
  var updates: [Int] = []
  updates.reserveCapacity(updateCount)
  for i in 0..<oldCount {
    if oldToNew[i] < 0 {
      deletes.append(i)
    } else if updated[i] {
      updates.append(i)
    }
  }

  var inserts: [Int] = []
  // The length of a longest increasing run of old indexes (patience sorting); which run stays
  // is chosen below, only when some survivors must move.
  var tails: [Int] = []  // tails[k]: new index ending the best run of length k + 1
  for j in 0..<newCount {
    let i = newToOld[j]
    if i < 0 {
      inserts.append(j)
      continue
    }
    if let last = tails.last, newToOld[last] > i {
      var low = 0
      var high = tails.count - 1
      while low < high {
        let mid = (low &+ high) &>> 1
        if newToOld[tails[mid]] < i { low = mid &+ 1 } else { high = mid }
      }
      tails[low] = j
    } else {
      tails.append(j)
    }
  }
  var moves: [IndexMove] = []
  let survivorCount = newCount - inserts.count
  if tails.count < survivorCount {
    let stays = preferredStays(newToOld: newToOld, oldToNew: oldToNew, length: tails.count)
    moves.reserveCapacity(survivorCount - tails.count)
    for j in 0..<newCount where newToOld[j] >= 0 && !stays[j] {
      moves.append(IndexMove(from: newToOld[j], to: j))
    }
  }
  return IndexChanges(inserts: inserts, deletes: deletes, updates: updates, moves: moves)
}

/// Which survivors stay when some must move: a longest increasing run of old indexes (of
/// `length`, found already) that, among all such runs, keeps the most survivors in place — those
/// whose rank among the old survivors equals their rank among the new ones, whose position the
/// inserts and deletes alone explain. `[0, 1, 2] → [2, 1, 0]` keeps 1 and moves 0 and 2.
///
/// A longest run maximising a second count is a longest path in a dag ordered by old index: one
/// pass in new order with a Fenwick tree of prefix maxima over old indexes, keyed by (run length,
/// survivors in place).
///
/// - Complexity: O(n log n) time, O(n) memory.
@usableFromInline
func preferredStays(newToOld: [Int], oldToNew: [Int], length: Int) -> [Bool] {
  let oldCount = oldToNew.count
  let newCount = newToOld.count
  // Rank of each old survivor among the old survivors.
  var oldRank = [Int](repeating: -1, count: oldCount)
  var rank = 0
  for i in 0..<oldCount where oldToNew[i] >= 0 {
    oldRank[i] = rank
    rank &+= 1
  }
  // Fenwick tree over old indexes: the best (length << 32 | in place) ending at or before an
  // index, and the new index that ends it.
  var best = [Int](repeating: 0, count: oldCount + 1)
  var ending = [Int](repeating: -1, count: oldCount + 1)
  var previous = [Int](repeating: -1, count: newCount)
  var top = 0
  var topEnd = -1
  var newRank = 0
  for j in 0..<newCount {
    let i = newToOld[j]
    guard i >= 0 else { continue }
    var key = 0
    var from = -1
    var position = i  // the prefix of old indexes below i
    while position > 0 {
      if best[position] > key {
        key = best[position]
        from = ending[position]
      }
      position &= position &- 1
    }
    let value = key &+ (1 << 32) &+ (oldRank[i] == newRank ? 1 : 0)
    previous[j] = from
    // Ties go to the later element, as patience sorting's own choice does.
    if value >= top {
      top = value
      topEnd = j
    }
    position = i &+ 1
    while position <= oldCount {
      if value >= best[position] {
        best[position] = value
        ending[position] = j
      }
      position &+= position & -position
    }
    newRank &+= 1
  }
  assert(top >> 32 == length, "the weighted run is a longest one")
  var stays = [Bool](repeating: false, count: newCount)
  var j = topEnd
  while j >= 0 {
    stays[j] = true
    j = previous[j]
  }
  return stays
}

/// Two ascending arrays merged into one ascending array.
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
