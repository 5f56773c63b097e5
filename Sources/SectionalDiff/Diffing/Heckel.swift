/// Paul Heckel's diff ("A technique for isolating differences between files", 1978), the
/// algorithm behind IGListKit's `IGListDiff`, with two changes:
///
/// - duplicates pair up in order, as every peer diff does (IGListKit's, DifferenceKit's,
///   DeepDiff's, Differ's): the k-th old occurrence of an identifier matches its k-th new
///   occurrence, so `diff(a, a)` has no changes whatever `a` holds; occurrences beyond the other
///   side's count are deletes or inserts, and every repeat is reported;
/// - moves are the fewest that explain the new order: the matched elements that lie on a longest
///   increasing run of old indexes stay, the others move (IGListKit and the textbook version
///   report a move for every element whose offset changed). Among longest runs, the one that
///   keeps the most elements whose position the inserts and deletes already explain is chosen,
///   so such an element is never reported as a move.
///
/// - Complexity: O(n + m) expected time and memory for the table and the passes, plus
///   O(b log b) for the moves, over b blocks of survivors that stay or move together (b is 1
///   without moves, at most about three per moved element, n in the worst case).
@inlinable
func heckelDiff<Element, Key: Hashable>(
  old: [Element],
  new: [Element],
  identifier: (Element) -> Key,
  isEqual: (Element, Element) -> Bool
) -> DiffResult<Key> {
  let oldCount = old.count
  let newCount = new.count
  checkIndexWidth(oldCount: oldCount, newCount: newCount)
  var table = SymbolTable<Key>(capacity: oldCount + newCount)
  var duplicateOld: [Int] = []
  var duplicateNew: [Int] = []
  // Only once an old identifier repeats: each old occurrence's next one (a chain per entry), and
  // each entry's last occurrence while the chains are built.
  var nextOld: [Int32] = []
  var lastOld: [Int32] = []

  // Pass 1: every old identifier into the table. The hashes of a chunk first, in one sequential
  // pass: the table pass then does little between its memory accesses, so the processor
  // overlaps the cache misses of many probes. A chunk at a time, in a buffer on the stack, not
  // an array of every hash, whose pages would be fresh memory in a cold process.
  let chunk = 256
  withUnsafeTemporaryAllocation(of: Int.self, capacity: chunk) { hashes in
    var start = 0
    while start < oldCount {
      let end = min(start &+ chunk, oldCount)
      for i in start..<end { hashes[i &- start] = identifier(old[i]).hashValue }
      for i in start..<end {
        let (entry, inserted) = table.entry(for: identifier(old[i]), hash: hashes[i &- start])
        let index = Int32(truncatingIfNeeded: i)
        if inserted {
          // Until an identifier repeats, entry k is old element k's: no first index to store.
          if !nextOld.isEmpty {
            table.oldFirst[entry] = index
            lastOld.append(index)
          }
        } else {
          if nextOld.isEmpty {
            nextOld = [Int32](repeating: -1, count: oldCount)
            table.storeOldFirstIndexes()
            lastOld = table.oldFirst  // every entry so far has one occurrence
          }
          nextOld[Int(lastOld[entry])] = index
          lastOld[entry] = index
          duplicateOld.append(i)
        }
      }
      start = end
    }
  }
  table.oldEntryCount = table.keys.count

  // Pass 2: every new identifier; the k-th occurrences on the two sides pair up. The pairs are
  // written through buffers: an array write would check the array's uniqueness each time.
  var oldToNew = [Int32](repeating: -1, count: oldCount)
  var newToOld = [Int32](repeating: -1, count: newCount)
  var updated = [Bool](repeating: false, count: oldCount)
  var updateCount = 0
  oldToNew.withUnsafeMutableBufferPointer { oldToNew in
    newToOld.withUnsafeMutableBufferPointer { newToOld in
      updated.withUnsafeMutableBufferPointer { updated in
        // Entry → the next old occurrence to pair (only when old identifiers repeat).
        var cursor = nextOld.isEmpty ? [] : table.oldFirst
        // A new list is mostly the old one in order, so each new identifier is first compared with the
        // entries after the last pair's old index (the next, and the one after it, past a delete): an
        // entry's identifier is unique in the table, so an equal one is this identifier's entry, and
        // with unique old identifiers entry k is old element k. Only a new element that is neither is
        // hashed and looked up (an insert, a move, the first after a run of deletes).
        var predicted = 0
        for j in 0..<newCount {
          let element = new[j]
          let key = identifier(element)
          var entry = -1
          var inserted = false
          let keyCount = table.keys.count
          if predicted < keyCount && table.keys[predicted] == key {
            entry = predicted
          } else if predicted &+ 1 < keyCount && table.keys[predicted &+ 1] == key {
            entry = predicted &+ 1
          }
          if entry < 0 { (entry, inserted) = table.entry(for: key, hash: key.hashValue) }
          let newIndex = Int32(truncatingIfNeeded: j)
          if inserted {
            table.newFirst[entry] = newIndex
            continue
          }
          let i: Int
          if table.newFirst[entry] < 0 {
            table.newFirst[entry] = newIndex
            i = cursor.isEmpty ? table.oldFirstIndex(entry) : Int(cursor[entry])
          } else {
            duplicateNew.append(j)
            // Without repeated old identifiers the first new occurrence took the only old one; an
            // entry made by the new side has no old occurrence at all.
            guard !cursor.isEmpty, entry < cursor.count else { continue }
            i = Int(cursor[entry])
          }
          guard i >= 0 else { continue }
          predicted = i &+ 1
          if !cursor.isEmpty { cursor[entry] = nextOld[i] }
          oldToNew[i] = newIndex
          newToOld[j] = Int32(truncatingIfNeeded: i)
          if !isEqual(old[i], element) {
            updated[i] = true
            updateCount &+= 1
          }
        }
      }
    }
  }

  // Passes 3 and 4: deletes, updates, inserts and the fewest moves.
  let changes = pairedChanges(
    oldToNew: oldToNew, newToOld: newToOld, updated: updated, updateCount: updateCount)
  return DiffResult(
    changes: changes, duplicateOldIndexes: duplicateOld, duplicateNewIndexes: duplicateNew, table: table)
}
