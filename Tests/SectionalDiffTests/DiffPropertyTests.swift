import SectionalDiff
import SeededRandom
import Testing

@Suite struct DiffPropertyTests {
  /// 10,000 seeded cases, up to 200 elements drawn from small alphabets, so duplicates, moves and
  /// updates are common.
  @Test func applyingTheResultYieldsTheNewArray() {
    var rng = SplitMix64(seed: 20_261_122)
    for caseIndex in 0..<10_000 {
      let alphabet = Int.random(in: 1...60, using: &rng)
      func randomArray() -> [Item] {
        (0..<Int.random(in: 0...200, using: &rng)).map { _ in
          Item(id: Int.random(in: 0..<alphabet, using: &rng), value: Int.random(in: 0..<3, using: &rng))
        }
      }
      let old = randomArray()
      let new = randomArray()
      let result = diff(old: old, new: new)

      // Applying deletes, inserts and moves to `old` gives `new`, identifier for identifier.
      guard let applied = apply(result, old: old, new: new) else {
        Issue.record("case \(caseIndex): the result does not apply: \(result)")
        return
      }
      #expect(applied.map(\.id) == new.map(\.id), "case \(caseIndex)")

      // Updates are exactly the first occurrences present on both sides with unequal content.
      var firstOld: [Int: Int] = [:]
      for (i, item) in old.enumerated() where firstOld[item.id] == nil { firstOld[item.id] = i }
      var firstNew: [Int: Int] = [:]
      for (j, item) in new.enumerated() where firstNew[item.id] == nil { firstNew[item.id] = j }
      let expectedUpdates = firstOld.compactMap { id, i in
        firstNew[id].flatMap { old[i].value != new[$0].value ? i : nil }
      }.sorted()
      #expect(result.updates == expectedUpdates, "case \(caseIndex)")

      // Duplicates are every later occurrence.
      #expect(result.duplicateOldIndexes == old.indices.filter { firstOld[old[$0].id] != $0 })
      #expect(result.duplicateNewIndexes == new.indices.filter { firstNew[new[$0].id] != $0 })

      // Lookups answer the first occurrence.
      for id in 0..<alphabet {
        #expect(result.oldIndex(for: id) == firstOld[id] && result.newIndex(for: id) == firstNew[id])
      }

      // Moves are the fewest possible: everything off a longest increasing run of old indexes.
      let survivors = new.indices.filter { firstNew[new[$0].id] == $0 }.compactMap { firstOld[new[$0].id] }
      #expect(result.moves.count == survivors.count - longestIncreasingRun(survivors), "case \(caseIndex)")

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
}
