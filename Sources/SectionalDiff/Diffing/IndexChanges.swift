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

/// The moves of the survivors that do not stay, in new order. The ones that stay are a longest
/// increasing run of old indexes that, among all such runs, keeps the most survivors in place —
/// those whose rank among the old survivors equals their rank among the new ones, whose position
/// the inserts and deletes alone explain. `[0, 1, 2] → [2, 1, 0]` keeps 1 and moves 0 and 2.
///
/// The survivors first fall into blocks: runs that are consecutive both in new order and in old
/// rank (inserts and deletes between them do not matter). A longest run holds every block it
/// touches whole — a run holding part of one could take the rest and be longer — and a block's
/// survivors are all in place or none are. So the choice is made among blocks, as a longest path
/// in a dag ordered by old rank: one pass in new order with a Fenwick tree of prefix maxima
/// keyed by (survivors, survivors in place), ties to the later block. An edited list has few
/// blocks: one when nothing moved (then nothing does), about three per moved element otherwise.
///
/// `oldRank[i]` is old survivor `i`'s rank among the old survivors (-1 for a delete), and
/// `newToOld[j]` new element `j`'s old index (-1 for an insert).
///
/// - Complexity: O(n + b log b) time for n elements in b blocks, O(b) memory beyond the result.
@usableFromInline
func fewestMoves(newToOld: [Int32], oldRank: [Int32]) -> [IndexMove] {
  let newCount = newToOld.count
  // The blocks, in new order: the old rank and new index of each one's first survivor, the new
  // index of its last, and its weight (survivors << 32 | survivors in place).
  var blockRank: [Int] = []
  var blockStart: [Int] = []
  var blockEnd: [Int] = []
  var blockWeight: [Int] = []
  var newRank = 0
  var lastRank = -2
  for j in 0..<newCount {
    let i = Int(newToOld[j])
    guard i >= 0 else { continue }
    let rank = Int(oldRank[i])
    let weight = (1 << 32) &+ (rank == newRank ? 1 : 0)
    if rank == lastRank &+ 1 {
      blockEnd[blockEnd.count &- 1] = j
      blockWeight[blockWeight.count &- 1] &+= weight
    } else {
      blockRank.append(rank)
      blockStart.append(j)
      blockEnd.append(j)
      blockWeight.append(weight)
    }
    lastRank = rank
    newRank &+= 1
  }
  let blockCount = blockRank.count
  guard blockCount > 1 else { return [] }

  // Each block's place in old order.
  let byRank = (0..<blockCount).sorted { blockRank[$0] < blockRank[$1] }
  var place = [Int](repeating: 0, count: blockCount)
  for (position, block) in byRank.enumerated() { place[block] = position }
  // Fenwick tree over places: the best weight of a run ending at or before one, and the block
  // that ends it.
  var best = [Int](repeating: 0, count: blockCount &+ 1)
  var ending = [Int](repeating: -1, count: blockCount &+ 1)
  var previous = [Int](repeating: -1, count: blockCount)
  var top = 0
  var topEnd = -1
  for block in 0..<blockCount {
    var key = 0
    var from = -1
    var position = place[block]  // the blocks before it in old order
    while position > 0 {
      if best[position] > key || (best[position] == key && ending[position] > from) {
        key = best[position]
        from = ending[position]
      }
      position &= position &- 1
    }
    let value = key &+ blockWeight[block]
    previous[block] = from
    if value >= top {
      top = value
      topEnd = block
    }
    position = place[block] &+ 1
    while position <= blockCount {
      if value >= best[position] {
        best[position] = value
        ending[position] = block
      }
      position &+= position & -position
    }
  }
  var stays = [Bool](repeating: false, count: blockCount)
  var block = topEnd
  while block >= 0 {
    stays[block] = true
    block = previous[block]
  }
  var moves: [IndexMove] = []
  moves.reserveCapacity(newRank &- Int(truncatingIfNeeded: top >> 32))  // survivors less those staying
  for block in 0..<blockCount where !stays[block] {
    for j in blockStart[block]...blockEnd[block] where newToOld[j] >= 0 {
      moves.append(IndexMove(from: Int(newToOld[j]), to: j))
    }
  }
  return moves
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
