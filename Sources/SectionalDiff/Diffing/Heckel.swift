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

  // Passes 3 and 4: deletes, updates, inserts and the fewest moves.
  let changes = pairedChanges(
    oldToNew: oldToNew, newToOld: newToOld, updated: updated, updateCount: updateCount)
  return DiffResult(
    changes: changes, duplicateOldIndexes: duplicateOld, duplicateNewIndexes: duplicateNew, table: table)
}
