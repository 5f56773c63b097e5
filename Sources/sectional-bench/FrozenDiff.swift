import SectionalDiff

// A frozen copy of the diff engine before its last rework (the Heckel passes, the symbol table
// and the paired passes, doc comments dropped), kept as the in-run baseline `diff.100k`
// reports as `previous`: a change to the engine is judged against it in the same run. Do not
// optimise it: it is the yardstick.

struct FrozenChanges {
  var inserts: [Int]
  var deletes: [Int]
  var updates: [Int]
  var moves: [IndexMove]
}

struct FrozenDiffResult<Key: Hashable> {
  var changes: FrozenChanges
  var duplicateOldIndexes: [Int]
  var duplicateNewIndexes: [Int]
  var table: FrozenSymbolTable<Key>
}

struct FrozenSymbolTable<Key: Hashable> {
  var keys: [Key]
  var oldFirst: [Int]
  var newFirst: [Int]
  var slots: [Int]
  var mask: Int

  init(capacity: Int) {
    var size = 8
    while size < capacity * 2 { size &<<= 1 }
    keys = []
    keys.reserveCapacity(capacity)
    oldFirst = []
    oldFirst.reserveCapacity(capacity)
    newFirst = []
    newFirst.reserveCapacity(capacity)
    slots = Array(repeating: 0, count: size)
    mask = size - 1
  }

  mutating func entry(for key: Key) -> (entry: Int, inserted: Bool) {
    var slot = key.hashValue & mask
    while true {
      let stored = slots[slot]
      if stored == 0 {
        let entry = keys.count
        keys.append(key)
        oldFirst.append(-1)
        newFirst.append(-1)
        slots[slot] = entry &+ 1
        return (entry, true)
      }
      if keys[stored &- 1] == key { return (stored &- 1, false) }
      slot = (slot &+ 1) & mask
    }
  }

  func find(_ key: Key) -> Int? {
    var slot = key.hashValue & mask
    while true {
      let stored = slots[slot]
      if stored == 0 { return nil }
      if keys[stored &- 1] == key { return stored &- 1 }
      slot = (slot &+ 1) & mask
    }
  }
}

func frozenHeckelDiff<Element, Key: Hashable>(
  old: [Element],
  new: [Element],
  identifier: (Element) -> Key,
  isEqual: (Element, Element) -> Bool
) -> FrozenDiffResult<Key> {
  let oldCount = old.count
  let newCount = new.count
  var table = FrozenSymbolTable<Key>(capacity: oldCount + newCount)
  var duplicateOld: [Int] = []
  var duplicateNew: [Int] = []
  // Only once an old identifier repeats: each old occurrence's next one (a chain per entry), and
  // each entry's last occurrence while the chains are built.
  var nextOld: [Int] = []
  var lastOld: [Int] = []

  // Pass 1: every old identifier into the table.
  for i in 0..<oldCount {
    let (entry, inserted) = table.entry(for: identifier(old[i]))
    if inserted {
      table.oldFirst[entry] = i
      if !nextOld.isEmpty { lastOld.append(i) }
    } else {
      if nextOld.isEmpty {
        nextOld = [Int](repeating: -1, count: oldCount)
        lastOld = table.oldFirst  // every entry so far has one occurrence
      }
      nextOld[lastOld[entry]] = i
      lastOld[entry] = i
      duplicateOld.append(i)
    }
  }

  // Pass 2: every new identifier; the k-th occurrences on the two sides pair up.
  var oldToNew = [Int](repeating: -1, count: oldCount)
  var newToOld = [Int](repeating: -1, count: newCount)
  var updated = [Bool](repeating: false, count: oldCount)
  var updateCount = 0
  // Entry → the next old occurrence to pair (only when old identifiers repeat).
  var cursor = nextOld.isEmpty ? [] : table.oldFirst
  for j in 0..<newCount {
    let element = new[j]
    let (entry, inserted) = table.entry(for: identifier(element))
    if inserted {
      table.newFirst[entry] = j
      continue
    }
    let i: Int
    if table.newFirst[entry] < 0 {
      table.newFirst[entry] = j
      i = cursor.isEmpty ? table.oldFirst[entry] : cursor[entry]
    } else {
      duplicateNew.append(j)
      // Without repeated old identifiers the first new occurrence took the only old one; an
      // entry made by the new side has no old occurrence at all.
      guard !cursor.isEmpty, entry < cursor.count else { continue }
      i = cursor[entry]
    }
    guard i >= 0 else { continue }
    if !cursor.isEmpty { cursor[entry] = nextOld[i] }
    oldToNew[i] = j
    newToOld[j] = i
    if !isEqual(old[i], element) {
      updated[i] = true
      updateCount &+= 1
    }
  }

  // Passes 3 and 4: deletes, updates, inserts and the fewest moves.
  let changes = frozenPairedChanges(
    oldToNew: oldToNew, newToOld: newToOld, updated: updated, updateCount: updateCount)
  return FrozenDiffResult(
    changes: changes, duplicateOldIndexes: duplicateOld, duplicateNewIndexes: duplicateNew, table: table)
}

func frozenPairedChanges(oldToNew: [Int], newToOld: [Int], updated: [Bool], updateCount: Int) -> FrozenChanges
{
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
    let stays = frozenPreferredStays(newToOld: newToOld, oldToNew: oldToNew, length: tails.count)
    moves.reserveCapacity(survivorCount - tails.count)
    for j in 0..<newCount where newToOld[j] >= 0 && !stays[j] {
      moves.append(IndexMove(from: newToOld[j], to: j))
    }
  }
  return FrozenChanges(inserts: inserts, deletes: deletes, updates: updates, moves: moves)
}

func frozenPreferredStays(newToOld: [Int], oldToNew: [Int], length: Int) -> [Bool] {
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
