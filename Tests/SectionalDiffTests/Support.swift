import SectionalDiff

/// A struct model: identity `id`, content `value`.
struct Item: ListDiffable, Hashable, CustomStringConvertible {
  var id: Int
  var value: Int = 0

  var diffIdentifier: Int { id }
  func isEqual(toDiffableObject other: Item) -> Bool { value == other.value }
  var description: String { "\(id):\(value)" }
}

/// A class model, to show classes diff like structs.
final class Person: ListDiffable {
  let name: String
  var age: Int

  init(_ name: String, age: Int) {
    self.name = name
    self.age = age
  }

  var diffIdentifier: String { name }
  func isEqual(toDiffableObject other: Person) -> Bool { age == other.age }
}

/// A model that gets its conformance from `Identifiable & Equatable` with no code.
struct Tag: Identifiable, Equatable, ListDiffable {
  var id: String
  var colour: Int
}

func items(_ ids: [Int]) -> [Item] { ids.map { Item(id: $0) } }

/// Applies `result` to `old` the way `UICollectionView` applies a batch: deletes and move sources
/// leave, inserts and move targets take their new places, every other old element keeps its
/// relative order in the places left. Returns nil when the counts cannot add up.
func apply<Identifier>(_ result: DiffResult<Identifier>, old: [Item], new: [Item]) -> [Item]? {
  var slots = [Item?](repeating: nil, count: new.count)
  for j in result.inserts {
    guard slots.indices.contains(j), slots[j] == nil else { return nil }
    slots[j] = new[j]
  }
  for move in result.moves {
    guard slots.indices.contains(move.to), slots[move.to] == nil else { return nil }
    slots[move.to] = old[move.from]
  }
  let leaving = Set(result.deletes).union(result.moves.map(\.from))
  guard leaving.count == result.deletes.count + result.moves.count else { return nil }
  var stayers = old.indices.filter { !leaving.contains($0) }.map { old[$0] }.makeIterator()
  for j in slots.indices where slots[j] == nil {
    guard let next = stayers.next() else { return nil }
    slots[j] = next
  }
  guard stayers.next() == nil else { return nil }
  return slots.map { $0! }
}

/// The length of a longest strictly increasing subsequence, by the quadratic textbook method.
func longestIncreasingRun(_ values: [Int]) -> Int {
  var best = [Int](repeating: 1, count: values.count)
  for i in values.indices {
    for k in 0..<i where values[k] < values[i] { best[i] = max(best[i], best[k] + 1) }
  }
  return best.max() ?? 0
}
