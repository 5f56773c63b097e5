import SectionalDiff
import SeededRandom
import TestTags
import Testing

@Suite(.slow) struct DiffPropertyTests {
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

/// A list diffed with itself has no changes, for every type the framework makes `ListDiffable`.
@Suite struct SelfDiffPropertyTests {
  /// `diff(a, a)` reports nothing — no insert, delete, move or update — for `count` seeded
  /// arrays of `make`'s values, often with repeats (drawn from a small pool).
  func expectNoChanges<Element: ListDiffable>(
    _ name: String, seed: UInt64, _ make: (inout SplitMix64) -> Element,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    var rng = SplitMix64(seed: seed)
    for _ in 0..<300 {
      let pool = (0..<Int.random(in: 1...40, using: &rng)).map { _ in make(&rng) }
      let list = (0..<Int.random(in: 0...60, using: &rng)).map { _ in pool[rng.next(below: pool.count)] }
      let result = diff(old: list, new: list)
      #expect(!result.hasChanges, "\(name): \(list) -> \(result)", sourceLocation: sourceLocation)
      let mixed = list.map { $0 as any ListDiffable }
      #expect(
        !diff(old: mixed, new: mixed).hasChanges, "\(name) as any ListDiffable: \(list)",
        sourceLocation: sourceLocation)
    }
  }

  /// Doubles with NaNs (quiet, signalling, with payloads, negative), ±0, ±infinity, subnormals.
  static let specialDoubles: [Double] = [
    .nan, -.nan, .signalingNaN, Double(nan: 7, signaling: false), 0, -0.0, .infinity, -.infinity,
    .leastNonzeroMagnitude, -.leastNormalMagnitude, .greatestFiniteMagnitude, 1, -1,
  ]

  @Test(.slow) func aListDiffedWithItselfHasNoChanges() {
    expectNoChanges("Int", seed: 1) { Int(truncatingIfNeeded: $0.next()) % 50 }
    expectNoChanges("String", seed: 2) { rng in
      String(repeating: "ab", count: rng.next(below: 4)) + "\(rng.next(below: 9))"
    }
    expectNoChanges("Substring", seed: 3) { rng in "xyz\(rng.next(below: 20))".dropFirst(rng.next(below: 3)) }
    expectNoChanges("Character", seed: 4) { rng in
      ["a", "é", "👨‍👩‍👧", "\u{301}", "Z"][rng.next(below: 5)] as Character
    }
    expectNoChanges("Unicode.Scalar", seed: 5) { rng in Unicode.Scalar(UInt8(rng.next(below: 128))) }
    expectNoChanges("Bool", seed: 6) { rng in rng.next(below: 2) == 0 }
    expectNoChanges("Int8", seed: 7) { Int8(truncatingIfNeeded: $0.next()) }
    expectNoChanges("Int16", seed: 8) { Int16(truncatingIfNeeded: $0.next()) }
    expectNoChanges("Int32", seed: 9) { Int32(truncatingIfNeeded: $0.next()) }
    expectNoChanges("Int64", seed: 10) { Int64(truncatingIfNeeded: $0.next()) }
    expectNoChanges("UInt", seed: 11) { UInt(truncatingIfNeeded: $0.next()) }
    expectNoChanges("UInt8", seed: 12) { UInt8(truncatingIfNeeded: $0.next()) }
    expectNoChanges("UInt16", seed: 13) { UInt16(truncatingIfNeeded: $0.next()) }
    expectNoChanges("UInt32", seed: 14) { UInt32(truncatingIfNeeded: $0.next()) }
    expectNoChanges("UInt64", seed: 15) { $0.next() }
    expectNoChanges("Double", seed: 16) { rng in
      switch rng.next(below: 3) {
      case 0: Self.specialDoubles[rng.next(below: Self.specialDoubles.count)]
      case 1: Double(bitPattern: rng.next())  // any bits: NaNs with every payload included
      default: Double(rng.next(below: 10)) / 4
      }
    }
    expectNoChanges("Float", seed: 17) { rng in
      switch rng.next(below: 3) {
      case 0: Float(Self.specialDoubles[rng.next(below: Self.specialDoubles.count)])
      case 1: Float(bitPattern: UInt32(truncatingIfNeeded: rng.next()))
      default: Float(rng.next(below: 10)) / 4
      }
    }
  }

  @Test func floatingPointIdentityIsTheBitPattern() {
    #expect(Double.nan.diffIdentifier == Double.nan.diffIdentifier)
    #expect((0.0).diffIdentifier != (-0.0).diffIdentifier)
    #expect(Double.nan.isEqual(toDiffableObject: .nan) && !(0.0).isEqual(toDiffableObject: -0.0))
    #expect(
      Float.nan.isEqual(toDiffableObject: .nan) && Float(0).diffIdentifier != Float(-0.0).diffIdentifier)
  }
}
