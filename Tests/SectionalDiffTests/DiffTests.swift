import SectionalDiff
import Testing

@Suite struct DiffTests {
  @Test func emptyToMany() {
    let result = diff(old: [Item](), new: items([1, 2, 3]))
    #expect(result.inserts == [0, 1, 2])
    #expect(result.deletes.isEmpty && result.moves.isEmpty && result.updates.isEmpty)
    #expect(result.hasChanges)
  }

  @Test func manyToEmpty() {
    let result = diff(old: items([1, 2, 3]), new: [Item]())
    #expect(result.deletes == [0, 1, 2])
    #expect(result.inserts.isEmpty && result.moves.isEmpty)
  }

  @Test func emptyToEmptyAndEqualArraysHaveNoChanges() {
    #expect(!diff(old: [Item](), new: [Item]()).hasChanges)
    #expect(!diff(old: items([1, 2, 3]), new: items([1, 2, 3])).hasChanges)
  }

  @Test func reversedMovesAllButOne() {
    let old = items(Array(0..<6))
    let new = Array(old.reversed())
    let result = diff(old: old, new: new)
    #expect(result.inserts.isEmpty && result.deletes.isEmpty)
    #expect(result.moves.count == 5)
    #expect(apply(result, old: old, new: new)?.map(\.id) == new.map(\.id))
  }

  @Test func oneElementMovedToTheFrontIsOneMove() {
    let result = diff(old: items([1, 2, 3, 4]), new: items([4, 1, 2, 3]))
    #expect(result.moves == [.init(from: 3, to: 0)])
  }

  @Test func oneElementMovedToTheBackIsOneMove() {
    // IGListKit reports three moves here; the longest run of survivors stays put.
    let result = diff(old: items([1, 2, 3, 4]), new: items([2, 3, 4, 1]))
    #expect(result.moves == [.init(from: 0, to: 3)])
  }

  @Test func allMovedByRotation() {
    let old = items(Array(0..<10))
    let new = Array(old[5...] + old[..<5])
    let result = diff(old: old, new: new)
    #expect(result.moves.count == 5)
    #expect(apply(result, old: old, new: new)?.map(\.id) == new.map(\.id))
  }

  @Test func updatesOnly() {
    let old = [Item(id: 1, value: 0), Item(id: 2, value: 0), Item(id: 3, value: 0)]
    let new = [Item(id: 1, value: 0), Item(id: 2, value: 9), Item(id: 3, value: 9)]
    let result = diff(old: old, new: new)
    #expect(result.updates == [1, 2])
    #expect(result.inserts.isEmpty && result.deletes.isEmpty && result.moves.isEmpty)
  }

  @Test func classesDiffLikeStructs() {
    let ann = Person("Ann", age: 30)
    let old = [ann, Person("Bob", age: 40)]
    let new = [Person("Bob", age: 41), Person("Ann", age: 30), Person("Cy", age: 5)]
    let result = diff(old: old, new: new)
    #expect(result.updates == [1])
    #expect(result.inserts == [2])
    #expect(result.moves.count == 1)
    #expect(result.oldIndex(for: "Bob") == 1 && result.newIndex(for: "Bob") == 0)
    #expect(result.newIndex(for: "Zed") == nil && result.oldIndex(for: "Cy") == nil)
  }

  @Test func identifiableAndEquatableNeedsNoCode() {
    let old = [Tag(id: "a", colour: 1), Tag(id: "b", colour: 1)]
    let new = [Tag(id: "b", colour: 2), Tag(id: "c", colour: 1)]
    let result = diff(old: old, new: new)
    #expect(result.deletes == [0] && result.inserts == [1] && result.updates == [1])
  }

  struct Plain: Identifiable, Equatable {
    var id: Int
    var text: String
  }

  @Test func identifiableAndEquatableWithoutConformanceThroughTheClosureForm() {
    // One way to diff a type that does not conform: say what identity and content are.
    let result = diff(
      old: [Plain(id: 1, text: "a")], new: [Plain(id: 1, text: "b")], identifier: \.id, isEqual: ==)
    #expect(result.updates == [0])
  }

  @Test func closureForm() {
    let result = diff(
      old: ["apple", "bob"], new: ["bob", "avocado"], identifier: { $0.first! }, isEqual: ==)
    #expect(result.updates == [0])
    #expect(result.moves.count == 1)
  }

  @Test func duplicatesInOldAreDeletedAndReported() {
    let old = items([1, 2, 1, 3])
    let new = items([1, 2, 3])
    let result = diff(old: old, new: new)
    #expect(result.duplicateOldIndexes == [2])
    #expect(result.deletes == [2])
    #expect(result.oldIndex(for: 1) == 0)
    #expect(apply(result, old: old, new: new)?.map(\.id) == new.map(\.id))
  }

  @Test func duplicatesInNewAreInsertedAndReported() {
    let old = items([1, 2])
    let new = items([2, 1, 2, 2])
    let result = diff(old: old, new: new)
    #expect(result.duplicateNewIndexes == [2, 3])
    #expect(result.inserts == [2, 3])
    #expect(result.newIndex(for: 2) == 0)
    #expect(result.hasDuplicates)
    #expect(apply(result, old: old, new: new)?.map(\.id) == new.map(\.id))
  }

  @Test func mixedModelTypesKeepTypesApart() {
    let old: [any ListDiffable] = [Item(id: 7), Tag(id: "x", colour: 0), Person("Ann", age: 1)]
    let new: [any ListDiffable] = [Person("Ann", age: 2), Item(id: 8), Tag(id: "x", colour: 0)]
    let result = diff(old: old, new: new)
    #expect(result.deletes == [0])
    #expect(result.inserts == [1])
    #expect(result.updates == [2])
    #expect(result.oldIndex(for: AnyDiffIdentifier(Person.self, "Ann")) == 2)
    #expect(result.newIndex(for: AnyDiffIdentifier(Tag.self, "x")) == 2)
  }

  @Test func sameIdentifierOnDifferentTypesIsNotAMatch() {
    struct Other: ListDiffable, Equatable {
      var diffIdentifier: Int
    }
    let result = diff(old: [Item(id: 1)] as [any ListDiffable], new: [Other(diffIdentifier: 1)])
    #expect(result.deletes == [0] && result.inserts == [0] && result.updates.isEmpty)
    #expect(!isEqualDiffable(Item(id: 1), Other(diffIdentifier: 1)))
  }

  /// The adapter pairs an object with the one at its predicted place by comparing identities
  /// directly; that must say what comparing their ``AnyDiffIdentifier``s says, for every kind
  /// of identifier (an `Int`, a `String`, another `Hashable`) and across types.
  @Test func sameIdentityAgreesWithTheBoxedIdentifiers() {
    struct Other: ListDiffable, Equatable {
      var diffIdentifier: Int
    }
    struct Pair: ListDiffable, Equatable {
      var diffIdentifier: [Int]
    }
    let elements: [any ListDiffable] = [
      Item(id: 1), Item(id: 1, value: 9), Item(id: 2), Other(diffIdentifier: 1), Other(diffIdentifier: 2),
      Person("Ann", age: 3), Person("Ann", age: 4), Person("Bo", age: 3), Tag(id: "Ann", colour: 1),
      Pair(diffIdentifier: [1, 2]), Pair(diffIdentifier: [1, 2]), Pair(diffIdentifier: [2, 1]), "Ann", 1,
    ]
    var same = 0
    for lhs in elements {
      for rhs in elements {
        let boxed = AnyDiffIdentifier(lhs) == AnyDiffIdentifier(rhs)
        #expect(pairing(lhs, rhs).isSameIdentity == boxed, "\(lhs) and \(rhs)")
        if boxed { same += 1 }
      }
    }
    #expect(same == elements.count + 2 * 3)  // itself, and both orders of the three equal pairs
  }

  @Test func pairingAgreesWithTheIdentifiersAndTheContent() {
    // Copies share storage (a long string, an array, an object) or differ in it; a model whose
    // content check always says "changed" is unchanged only against its own bits.
    struct Card: ListDiffable, Equatable {
      var diffIdentifier: String
      var text: String
      var tags: [Int]
    }
    struct Volatile: ListDiffable {
      var diffIdentifier: Int
      func isEqual(toDiffableObject other: Volatile) -> Bool { false }
    }
    let long = String(repeating: "a long identifier ", count: 3)
    let card = Card(diffIdentifier: long, text: "text", tags: [1, 2])
    var edited = card
    edited.tags.append(3)
    let rebuilt = Card(diffIdentifier: String(long.reversed().reversed()), text: "text", tags: [1, 2])
    let ann = Person("Ann", age: 3)
    let elements: [any ListDiffable] = [
      card, card, edited, rebuilt, Card(diffIdentifier: "other", text: "text", tags: [1, 2]),
      ann, ann, Person("Ann", age: 3), Volatile(diffIdentifier: 1), Volatile(diffIdentifier: 1),
      Volatile(diffIdentifier: 2), Item(id: 1), Item(id: 1),
    ]
    var identical = 0
    for lhs in elements {
      for rhs in elements {
        let boxed = AnyDiffIdentifier(lhs) == AnyDiffIdentifier(rhs)
        switch pairing(lhs, rhs) {
        case .different:
          #expect(!boxed, "\(lhs) and \(rhs)")
        case .equal:
          #expect(boxed && isEqualDiffable(lhs, rhs), "\(lhs) and \(rhs)")
        case .changed:
          #expect(boxed && !isEqualDiffable(lhs, rhs), "\(lhs) and \(rhs)")
        case .identical:
          #expect(boxed && isEqualDiffable(lhs, rhs), "\(lhs) and \(rhs)")
          identical += 1
        }
      }
    }
    // Each element against itself; both orders of card/card, ann/ann, the two Item(id: 1) and
    // the two equal volatile values (the same bits, so equal although their check says no).
    #expect(identical == elements.count + 2 * 4)
    #expect(!isEqualDiffable(card, edited) && isEqualDiffable(card, rebuilt))
    #expect(pairing(card, rebuilt) == .equal && pairing(card, edited) == .changed)
    #expect(pairing(Volatile(diffIdentifier: 1), Volatile(diffIdentifier: 1)) == .identical)
  }

  @Test func batchFormTurnsMovedUpdatesIntoDeleteAndInsert() {
    let old = [Item(id: 1), Item(id: 2), Item(id: 3, value: 0)]
    let new = [Item(id: 3, value: 1), Item(id: 1), Item(id: 2)]
    let result = diff(old: old, new: new)
    #expect(result.moves == [.init(from: 2, to: 0)] && result.updates == [2])
    let batch = result.forBatchUpdates()
    #expect(batch.moves.isEmpty && batch.updates.isEmpty)
    #expect(batch.deletes == [2] && batch.inserts == [0])
  }

  @Test func indexPathDiffUsesEachSide() {
    let result = diff(old: items([1, 2, 3]), new: items([3, 1, 4])).indexPaths(oldSection: 2, newSection: 5)
    #expect(result.deletes == [IndexPath(item: 1, section: 2)])
    #expect(result.inserts == [IndexPath(item: 2, section: 5)])
    #expect(result.moves == [.init(from: IndexPath(item: 2, section: 2), to: IndexPath(item: 0, section: 5))])
    #expect(result.hasChanges)
  }

  @Test func indexPathsOrderBySectionThenItem() {
    let paths = [
      IndexPath(item: 0, section: 1), IndexPath(item: 3, section: 0), IndexPath(item: 1, section: 0),
    ]
    #expect(
      paths.sorted() == [
        IndexPath(item: 1, section: 0), IndexPath(item: 3, section: 0), IndexPath(item: 0, section: 1),
      ])
  }
}

@Suite struct ReadmeExampleTests {
  struct Post: Identifiable, Equatable, ListDiffable {
    let id: Int
    var text: String
  }

  /// The example in README.md, checked.
  @Test func readmeDiffExample() {
    let old = [Post(id: 1, text: "a"), Post(id: 2, text: "b"), Post(id: 3, text: "c")]
    let new = [Post(id: 3, text: "c"), Post(id: 1, text: "A"), Post(id: 4, text: "d")]
    let result = diff(old: old, new: new)
    #expect(result.deletes == [1])
    #expect(result.inserts == [2])
    #expect(result.updates == [0])
    #expect(result.moves == [.init(from: 2, to: 0)])
    #expect(result.newIndex(for: 3) == 0)
  }

  /// Heckel's own example (IGListKit's and Differ's tests use it): the sentence's repeated words
  /// pair in order.
  @Test func wordsFromThePaper() {
    let old =
      "much writing is like snow , a mass of long words and phrases falls upon the relevant facts covering up the details ."
      .split(separator: " ").map(String.init)
    let new = "a mass of latin words falls upon the relevant facts like soft snow , covering up the details ."
      .split(separator: " ").map(String.init)
    let result = diff(old: old, new: new, identifier: { $0 }, isEqual: ==)
    #expect(result.deletes == [0, 1, 2, 9, 11, 12])
    #expect(result.inserts == [3, 11])
  }

  /// Duplicates pair in order, so an array with repeats diffed with itself has no changes, and a
  /// repeat that moves is a move, not a delete and an insert.
  @Test func duplicatesPairInOrder() {
    let animals = ["cat", "1", "2", "3", "cat"]
    let same = diff(old: animals, new: animals, identifier: { $0 }, isEqual: ==)
    #expect(!same.hasChanges)
    #expect(same.duplicateOldIndexes == [4] && same.duplicateNewIndexes == [4])
    let shifted = diff(old: [1, 2, 1, 3], new: [1, 1, 2, 3], identifier: { $0 }, isEqual: ==)
    #expect(shifted.inserts.isEmpty && shifted.deletes.isEmpty)
    #expect(shifted.moves.count == 1)
    let fewer = diff(old: [7, 7, 7], new: [7], identifier: { $0 }, isEqual: ==)
    #expect(fewer.deletes == [1, 2] && fewer.inserts.isEmpty && fewer.moves.isEmpty)
  }

  /// `[0, 1, 2] → [2, 1, 0]` needs two moves; 1 is where inserts and deletes (none) leave it, so
  /// it is not one of them.
  @Test func anElementAlreadyInPlaceIsNotMoved() {
    let result = diff(old: [0, 1, 2], new: [2, 1, 0], identifier: { $0 }, isEqual: ==)
    #expect(result.moves == [.init(from: 2, to: 0), .init(from: 0, to: 2)])
    let withInsert = diff(old: [0, 1, 2], new: [9, 2, 1, 0], identifier: { $0 }, isEqual: ==)
    #expect(!withInsert.moves.contains(.init(from: 1, to: 2)))
    #expect(withInsert.moves.count == 2)
  }

  /// An identifier whose hash is the same for every value: every probe of the symbol table
  /// finds its stored hash bits equal, so only the identifiers' `==` can tell entries apart.
  struct Colliding: Hashable {
    var value: Int
    func hash(into hasher: inout Hasher) { hasher.combine(0) }
  }

  @Test func identifiersWithOneHashDiffAsDistinctOnesDo() {
    // Duplicates on both sides, inserts, deletes, moves and updates, with the old side's repeat
    // late enough that the first old indexes are stored only from there on.
    let old = [1, 2, 3, 4, 5, 6, 7, 8, 6, 9].enumerated().map { Item(id: $0.element, value: $0.offset) }
    var new = [9, 6, 2, 10, 3, 4, 6, 6, 11, 1, 7].map { Item(id: $0) }
    new[4].value = 2  // 1 and 3 keep their content; the other survivors changed
    for (ids, hashed) in [(old, new), (Array(old.prefix(8)), Array(new.prefix(5)))] {
      let plain = diff(old: ids, new: hashed, identifier: { $0.id }, isEqual: { $0.value == $1.value })
      let colliding = diff(
        old: ids, new: hashed, identifier: { Colliding(value: $0.id) }, isEqual: { $0.value == $1.value })
      #expect(colliding.inserts == plain.inserts && colliding.deletes == plain.deletes)
      #expect(colliding.updates == plain.updates && colliding.moves == plain.moves)
      #expect(colliding.duplicateOldIndexes == plain.duplicateOldIndexes)
      #expect(colliding.duplicateNewIndexes == plain.duplicateNewIndexes)
      #expect(plain.hasChanges)
      for id in 0...12 {
        #expect(colliding.oldIndex(for: Colliding(value: id)) == plain.oldIndex(for: id), "old \(id)")
        #expect(colliding.newIndex(for: Colliding(value: id)) == plain.newIndex(for: id), "new \(id)")
      }
    }
  }
}
