import Testing

@testable import SectionalDiff

/// The in-place comparison of list elements agrees with opening them, and finds what it should.
@Suite struct ContainerComparisonTests {
  /// Five 8-byte words: boxed in an existential.
  struct Big: ListDiffable, Equatable {
    var diffIdentifier: Int
    var a = 1, b = 2, c = 3, d = 4
  }
  /// Three bytes used of a 16-byte buffer, the rest padding.
  struct Small: ListDiffable, Equatable {
    var diffIdentifier: UInt8
    var flag = false
    var other: UInt8 = 0
  }
  /// Holds a weak reference: not bitwise-takable, so boxed although it is small.
  struct Watcher: ListDiffable {
    var diffIdentifier: Int
    weak var person: Person?
    func isEqual(toDiffableObject other: Watcher) -> Bool { person === other.person }
  }

  func compare(_ lhs: [any ListDiffable], _ rhs: [any ListDiffable]) -> [[Bool]] {
    var comparison = ContainerComparison()
    return lhs.withUnsafeBytes { left in
      rhs.withUnsafeBytes { right in
        lhs.indices.map { i in rhs.indices.map { j in comparison.holdSameValue(left, i, right, j) } }
      }
    }
  }

  @Test func theLayoutMatchesThisPlatform() {
    #if os(Linux) || os(macOS)
      #expect(ContainerComparison.isAvailable)
    #endif
  }

  @Test func sameValuesAreFoundAndNothingElse() {
    let ann = Person("Ann", age: 3)
    let big = Big(diffIdentifier: 1)
    let values: [any ListDiffable] = [
      7, 8, "short", String(repeating: "long ", count: 9), ann, Person("Ann", age: 3), big,
      Big(diffIdentifier: 1), Small(diffIdentifier: 1), Small(diffIdentifier: 1, flag: true),
      Watcher(diffIdentifier: 1, person: ann), Item(id: 1), Tag(id: "t", colour: 1),
    ]
    // Converted again: new containers for the same values, as a data source that hands out
    // its models anew; and the same containers, as one that keeps its list.
    let again: [any ListDiffable] = [
      7, 8, "short", values[3] as! String, ann, values[5] as! Person, big, values[7] as! Big,
      Small(diffIdentifier: 1), Small(diffIdentifier: 1, flag: true), values[10] as! Watcher, Item(id: 1),
      Tag(id: "t", colour: 1),
    ]
    for (lhs, rhs) in [(values, again), (values, values)] {
      let found = compare(lhs, rhs)
      for i in lhs.indices {
        for j in rhs.indices where found[i][j] {
          #expect(pairing(lhs[i], rhs[j]) == .identical, "\(lhs[i]) and \(rhs[j])")
        }
      }
      // Values held inline are found whatever their containers' unused bytes: the integers,
      // strings, class references, items and tags.
      for i in [0, 1, 2, 3, 4, 5, 11, 12] { #expect(found[i][i], "\(lhs[i])") }
      #expect(!found[0][1] && !found[4][5] && !found[8][9] && !found[0][4])
    }
    // The same containers: boxed values too, since they share their box.
    let same = compare(values, values)
    for i in values.indices { #expect(same[i][i], "\(values[i])") }
  }
}
