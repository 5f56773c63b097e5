import SectionalDiff
import SeededRandom
import Testing

@Suite struct DiffPropertyTests {
  /// 6,000 seeded cases of up to 200 elements: half drawn from small alphabets, so duplicates,
  /// moves and updates are common; half with unique old identifiers, edited.
  @Test func applyingTheResultYieldsTheNewArray() {
    var rng = SplitMix64(seed: 20_261_122)
    for caseIndex in 0..<6_000 {
      let alphabet = Int.random(in: 1...60, using: &rng)
      func randomArray() -> [Item] {
        (0..<Int.random(in: 0...200, using: &rng)).map { _ in
          Item(id: Int.random(in: 0..<alphabet, using: &rng), value: Int.random(in: 0..<3, using: &rng))
        }
      }
      let old: [Item]
      let new: [Item]
      if caseIndex.isMultiple(of: 2) {
        old = randomArray()
        new = randomArray()
      } else {
        // Unique old identifiers and a new list that is mostly the old one in order (the case
        // the diff pairs without looking up), edited by deletes, inserts (some repeating an
        // identifier), moves and value changes.
        old = (0..<Int.random(in: 0...200, using: &rng)).shuffled(using: &rng).map {
          Item(id: $0, value: Int.random(in: 0..<3, using: &rng))
        }
        var edited = old
        for _ in 0..<Int.random(in: 0...20, using: &rng) {
          switch Int.random(in: 0..<4, using: &rng) {
          case 0 where !edited.isEmpty:
            edited.remove(at: Int.random(in: edited.indices, using: &rng))
          case 1:
            let id = Int.random(in: 0..<260, using: &rng)
            edited.insert(Item(id: id, value: 0), at: Int.random(in: 0...edited.count, using: &rng))
          case 2 where !edited.isEmpty:
            let moved = edited.remove(at: Int.random(in: edited.indices, using: &rng))
            edited.insert(moved, at: Int.random(in: 0...edited.count, using: &rng))
          case 3 where !edited.isEmpty:
            edited[Int.random(in: edited.indices, using: &rng)].value += 1
          default:
            break
          }
        }
        new = edited
      }
      let result = diff(old: old, new: new)

      // Applying deletes, inserts and moves to `old` gives `new`, identifier for identifier.
      guard let applied = apply(result, old: old, new: new) else {
        Issue.record("case \(caseIndex): the result does not apply: \(result)")
        return
      }
      #expect(applied.map(\.id) == new.map(\.id), "case \(caseIndex)")

      // The k-th old occurrence of an identifier pairs with its k-th new occurrence.
      var oldOccurrences: [Int: [Int]] = [:]
      for (i, item) in old.enumerated() { oldOccurrences[item.id, default: []].append(i) }
      var seen: [Int: Int] = [:]
      var newToOld = [Int](repeating: -1, count: new.count)
      for (j, item) in new.enumerated() {
        let k = seen[item.id, default: 0]
        seen[item.id] = k + 1
        if let occurrences = oldOccurrences[item.id], k < occurrences.count { newToOld[j] = occurrences[k] }
      }
      let expectedUpdates = new.indices.compactMap { j -> Int? in
        let i = newToOld[j]
        return i >= 0 && old[i].value != new[j].value ? i : nil
      }.sorted()
      #expect(result.updates == expectedUpdates, "case \(caseIndex)")
      let paired = Set(newToOld)
      #expect(result.deletes == old.indices.filter { !paired.contains($0) }, "case \(caseIndex)")
      #expect(result.inserts == new.indices.filter { newToOld[$0] < 0 }, "case \(caseIndex)")

      // Duplicates are every later occurrence.
      var firstOld: [Int: Int] = [:]
      for (i, item) in old.enumerated() where firstOld[item.id] == nil { firstOld[item.id] = i }
      var firstNew: [Int: Int] = [:]
      for (j, item) in new.enumerated() where firstNew[item.id] == nil { firstNew[item.id] = j }
      #expect(result.duplicateOldIndexes == old.indices.filter { firstOld[old[$0].id] != $0 })
      #expect(result.duplicateNewIndexes == new.indices.filter { firstNew[new[$0].id] != $0 })

      // Lookups answer the first occurrence.
      for id in 0..<alphabet {
        #expect(result.oldIndex(for: id) == firstOld[id] && result.newIndex(for: id) == firstNew[id])
      }

      // Moves are the fewest possible: everything off a longest increasing run of old indexes.
      let survivors = newToOld.filter { $0 >= 0 }
      #expect(result.moves.count == survivors.count - longestIncreasingRun(survivors), "case \(caseIndex)")

      // An array diffed with itself has no changes, duplicates or not.
      #expect(!diff(old: old, new: old).hasChanges, "case \(caseIndex)")

      // The batch form passes a batch-update validator: counts add up, and no element is both
      // moved and reloaded.
      let batch = result.forBatchUpdates()
      #expect(old.count - batch.deletes.count + batch.inserts.count == new.count)
      #expect(Set(batch.moves.map(\.from)).isDisjoint(with: batch.updates))
      #expect(Set(batch.moves.map(\.from)).isDisjoint(with: batch.deletes))
      #expect(Set(batch.moves.map(\.to)).isDisjoint(with: batch.inserts))
      #expect(batch.deletes == batch.deletes.sorted() && batch.inserts == batch.inserts.sorted())
      #expect(apply(batch, old: old, new: new)?.map(\.id) == new.map(\.id), "case \(caseIndex)")
    }
  }

  /// Among the longest runs that could stay, the diff keeps one with the most elements whose
  /// position inserts and deletes already explain (same rank among the survivors on both
  /// sides). Checked against every increasing run of small permutations with inserts and
  /// deletes.
  @Test func movesSpareElementsAlreadyInPlace() {
    var rng = SplitMix64(seed: 77)
    for caseIndex in 0..<3_000 {
      let count = Int.random(in: 0...8, using: &rng)
      let old = Array(0..<count)
      var new = old.filter { _ in Int.random(in: 0..<4, using: &rng) != 0 }.shuffled(using: &rng)
      for _ in 0..<Int.random(in: 0...2, using: &rng) {
        new.insert(100 + new.count, at: Int.random(in: 0...new.count, using: &rng))
      }
      let oldItems: [Item] = old.map { Item(id: $0, value: 0) }
      let newItems: [Item] = new.map { Item(id: $0, value: 0) }
      let result = diff(old: oldItems, new: newItems)
      let survivors = new.filter { $0 < 100 }  // old indexes, in new order
      let oldRank = Dictionary(uniqueKeysWithValues: survivors.sorted().enumerated().map { ($1, $0) })
      let inPlace = survivors.enumerated().map { oldRank[$1] == $0 }
      // The best (length, in place) over every increasing subsequence.
      var best = (length: 0, inPlace: 0)
      for mask in 0..<(1 << survivors.count) {
        let chosen = survivors.indices.filter { mask & (1 << $0) != 0 }
        guard zip(chosen, chosen.dropFirst()).allSatisfy({ survivors[$0] < survivors[$1] }) else { continue }
        let candidate = (chosen.count, chosen.filter { inPlace[$0] }.count)
        if candidate > best { best = candidate }
      }
      let moved = Set(result.moves.map { $0.from })
      let stays = survivors.indices.filter { !moved.contains(survivors[$0]) }
      #expect(stays.count == best.length, "case \(caseIndex): \(old) → \(new)")
      #expect(stays.filter { inPlace[$0] }.count == best.inPlace, "case \(caseIndex): \(old) → \(new)")
    }
  }
}
