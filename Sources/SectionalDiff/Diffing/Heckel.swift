/// Paul Heckel's diff ("A technique for isolating differences between files", 1978), the
/// algorithm behind IGListKit's `IGListDiff`, with two changes:
///
/// - duplicates are resolved the same way on both sides: the first occurrence of an identifier is
///   the one that matches, later ones are deletes (old side) or inserts (new side), and all of
///   them are reported;
/// - moves are the fewest that explain the new order: the matched elements that lie on a longest
///   increasing run of old indexes stay, the others move (IGListKit and the textbook version
///   report a move for every element whose offset changed).
///
/// - Complexity: O(n + m) expected time and memory for the table and the passes, plus
///   O(k log k) in the worst case for the moves, where k is the number of elements that changed
///   position relative to their neighbours (nearly sorted input takes the O(1) path per element).
@inlinable
func heckelDiff<Element, Key: Hashable>(
  old: [Element],
  new: [Element],
  identifier: (Element) -> Key,
  isEqual: (Element, Element) -> Bool
) -> DiffResult<Key> {
  let oldCount = old.count
  let newCount = new.count
  var table = SymbolTable<Key>(capacity: oldCount + newCount)
  var duplicateOld: [Int] = []
  var duplicateNew: [Int] = []

  // Pass 1: every old identifier into the table.
  for i in 0..<oldCount {
    let (entry, inserted) = table.entry(for: identifier(old[i]))
    if inserted {
      table.oldFirst[entry] = i
    } else {
      duplicateOld.append(i)
    }
  }

  // Pass 2: every new identifier; the first occurrence on each side pair up.
  var oldToNew = [Int](repeating: -1, count: oldCount)
  var newToOld = [Int](repeating: -1, count: newCount)
  var updated = [Bool](repeating: false, count: oldCount)
  var updateCount = 0
  for j in 0..<newCount {
    let element = new[j]
    let (entry, inserted) = table.entry(for: identifier(element))
    if inserted {
      table.newFirst[entry] = j
      continue
    }
    guard table.newFirst[entry] < 0 else {
      duplicateNew.append(j)
      continue
    }
    table.newFirst[entry] = j
    let i = table.oldFirst[entry]
    if i >= 0 {
      oldToNew[i] = j
      newToOld[j] = i
      if !isEqual(old[i], element) {
        updated[i] = true
        updateCount &+= 1
      }
    }
  }

  // Pass 3: deletes and updates in old order.
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

  // Pass 4: inserts, and the longest increasing run of old indexes among survivors (they stay).
  var inserts: [Int] = []
  var tails: [Int] = []  // tails[k]: new index ending the best run of length k + 1
  var previous = [Int](repeating: -1, count: newCount)
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
      previous[j] = low > 0 ? tails[low &- 1] : -1
      tails[low] = j
    } else {
      previous[j] = tails.last ?? -1
      tails.append(j)
    }
  }
  var moves: [DiffResult<Key>.Move] = []
  let survivorCount = newCount - inserts.count
  if tails.count < survivorCount {
    var stays = [Bool](repeating: false, count: newCount)
    var j = tails.last ?? -1
    while j >= 0 {
      stays[j] = true
      j = previous[j]
    }
    moves.reserveCapacity(survivorCount - tails.count)
    for j in 0..<newCount where newToOld[j] >= 0 && !stays[j] {
      moves.append(.init(from: newToOld[j], to: j))
    }
  }

  return DiffResult(
    inserts: inserts, deletes: deletes, updates: updates, moves: moves,
    duplicateOldIndexes: duplicateOld, duplicateNewIndexes: duplicateNew, table: table)
}
