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
