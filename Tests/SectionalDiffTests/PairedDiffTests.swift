import SectionalDiff
import SeededRandom
import TestTags
import Testing

@Suite struct PairedDiffTests {
  /// The diff over a known pairing gives exactly what the keyed diff gives when the pairing is
  /// the keyed diff's own (the k-th occurrences of each identifier).
  @Test(.slow) func agreesWithTheKeyedDiff() {
    var rng = SplitMix64(seed: 7_001)
    for caseIndex in 0..<2_000 {
      let alphabet = Int.random(in: 1...40, using: &rng)
      func randomArray() -> [Item] {
        (0..<Int.random(in: 0...120, using: &rng)).map { _ in
          Item(id: Int.random(in: 0..<alphabet, using: &rng), value: Int.random(in: 0..<3, using: &rng))
        }
      }
      let old = randomArray()
      let new = randomArray()
      // The keyed diff's pairing: the k-th occurrences of an identifier on the two sides.
      var occurrences: [Int: [Int]] = [:]
      for (i, item) in old.enumerated() { occurrences[item.id, default: []].append(i) }
      var seen: [Int: Int] = [:]
      let newToOld = new.map { item -> Int in
        let k = seen[item.id, default: 0]
        seen[item.id] = k + 1
        return occurrences[item.id].flatMap { k < $0.count ? $0[k] : nil } ?? -1
      }
      let paired = diff(oldCount: old.count, newToOld: newToOld) { old[$0].value == new[$1].value }
      let keyed = diff(old: old, new: new)
      #expect(paired == keyed.changes, "case \(caseIndex)")
      #expect(paired.forBatchUpdates() == keyed.forBatchUpdates().changes, "case \(caseIndex)")
    }
  }

  @Test func aBadPairingIsReadAsInserts() {
    // Old index 5 does not exist, -7 is not -1, and old index 0 is claimed twice: the later
    // claims are inserts, the unclaimed old elements deletes.
    let changes = diff(oldCount: 3, newToOld: [0, 5, 0, -7, 2]) { _, _ in true }
    #expect(changes.inserts == [1, 2, 3])
    #expect(changes.deletes == [1])
    #expect(changes.moves.isEmpty && changes.updates.isEmpty)
    let empty = diff(oldCount: -4, newToOld: [0]) { _, _ in true }
    #expect(empty.inserts == [0] && empty.deletes.isEmpty)
  }

  @Test func movesAndUpdatesFromAPairing() {
    // old [a, b, c] → new [c, a', d]: c moves to the front, a changed, b deleted, d inserted.
    let changes = diff(oldCount: 3, newToOld: [2, 0, -1]) { old, _ in old != 0 }
    #expect(changes.deletes == [1] && changes.inserts == [2])
    #expect(changes.moves == [IndexMove(from: 2, to: 0)])
    #expect(changes.updates == [0])
  }
}

@Suite struct AnyDiffIdentifierTests {
  struct Point: Hashable {
    var x: Int
    var y: Int
  }
  struct Pin: ListDiffable {
    var at: Point
    var diffIdentifier: Point { at }
    func isEqual(toDiffableObject other: Pin) -> Bool { true }
  }

  @Test func identityIsTypeAndIdentifier() {
    // Int, String and any other Hashable identifier; equal values of one type are one identity.
    #expect(AnyDiffIdentifier(Item(id: 7)) == AnyDiffIdentifier(Item(id: 7, value: 3)))
    #expect(AnyDiffIdentifier(Item(id: 7)) != AnyDiffIdentifier(Item(id: 8)))
    #expect(AnyDiffIdentifier(Person("Ann", age: 1)) == AnyDiffIdentifier(Person("Ann", age: 2)))
    #expect(AnyDiffIdentifier(Person("Ann", age: 1)) != AnyDiffIdentifier(Person("Bo", age: 1)))
    #expect(AnyDiffIdentifier(Pin(at: Point(x: 1, y: 2))) == AnyDiffIdentifier(Pin(at: Point(x: 1, y: 2))))
    #expect(AnyDiffIdentifier(Pin(at: Point(x: 1, y: 2))) != AnyDiffIdentifier(Pin(at: Point(x: 2, y: 1))))
    // The same identifier value under two model types is two identities.
    #expect(AnyDiffIdentifier(Person("7", age: 1)) != AnyDiffIdentifier(Tag(id: "7", colour: 0)))
    // Equal identities hash alike; a set keeps one of each.
    let identities = [
      AnyDiffIdentifier(Item(id: 1)), AnyDiffIdentifier(Item(id: 1)),
      AnyDiffIdentifier(Tag(id: "1", colour: 0)),
      AnyDiffIdentifier(Person("1", age: 0)), AnyDiffIdentifier(Pin(at: Point(x: 1, y: 1))),
      AnyDiffIdentifier(Pin(at: Point(x: 1, y: 1))),
    ]
    #expect(Set(identities).count == 4)
    #expect(identities[0].hashValue == identities[1].hashValue)
    #expect(identities[0].base == AnyHashable(1))
    #expect(identities[2].base == AnyHashable("1"))
    #expect(identities[4].base == AnyHashable(Point(x: 1, y: 1)))
    #expect(identities.map(\.description) == ["1", "1", "1", "1", "Point(x: 1, y: 1)", "Point(x: 1, y: 1)"])
  }

  @Test func contentEqualityAcrossTypes() {
    #expect(isEqualDiffable(Item(id: 1, value: 2), Item(id: 1, value: 2)))
    #expect(!isEqualDiffable(Item(id: 1, value: 2), Item(id: 1, value: 3)))
    #expect(!isEqualDiffable(Person("1", age: 2), Tag(id: "1", colour: 2)))
    let ann = Person("Ann", age: 3)
    #expect(isEqualDiffable(ann, Person("Ann", age: 3)))
  }
}
