import SectionalDiff
import SeededRandom

/// A model like a feed's: a UUID-sized identifier and some content.
struct BenchModel: Hashable, ListDiffable {
  struct ID: Hashable { var high: UInt64, low: UInt64 }
  var id: ID
  var content: Int

  var diffIdentifier: ID { id }
  func isEqual(toDiffableObject other: BenchModel) -> Bool { content == other.content }
}

/// An old array of `count` unique models and a new one with `deletes` removed, `inserts` added at
/// random places, `shuffles` moved to random places and `updates` given new content.
func diffInput(count: Int, deletes: Int, inserts: Int, shuffles: Int, updates: Int)
  -> (old: [BenchModel], new: [BenchModel])
{
  var rng = SplitMix64(seed: 0x5EC7_10A1)
  func model() -> BenchModel {
    BenchModel(id: .init(high: rng.next(), low: rng.next()), content: 0)
  }
  let old = (0..<count).map { _ in model() }
  var new = old
  for _ in 0..<deletes { new.remove(at: Int.random(in: 0..<new.count, using: &rng)) }
  for _ in 0..<inserts { new.insert(model(), at: Int.random(in: 0...new.count, using: &rng)) }
  for _ in 0..<shuffles {
    let moved = new.remove(at: Int.random(in: 0..<new.count, using: &rng))
    new.insert(moved, at: Int.random(in: 0...new.count, using: &rng))
  }
  for _ in 0..<updates { new[Int.random(in: 0..<new.count, using: &rng)].content += 1 }
  return (old, new)
}

func diffScenario(
  name: String, count: Int, deletes: Int, inserts: Int, shuffles: Int, updates: Int = 0,
  previous: Bool = false
) -> Scenario {
  let (old, new) = diffInput(
    count: count, deletes: deletes, inserts: inserts, shuffles: shuffles, updates: updates)
  var scenario = Scenario(
    name: name, n: count, baselineName: "stdlib.difference",
    measured: Sample { blackHole(diff(old: old, new: new)) },
    baseline: Sample { blackHole(new.difference(from: old).inferringMoves()) })
  if previous {
    let frozen = { (old: [BenchModel], new: [BenchModel]) in
      frozenHeckelDiff(
        old: old, new: new, identifier: { $0.diffIdentifier }, isEqual: { $0.isEqual(toDiffableObject: $1) })
    }
    // The yardstick must give the same answer, or the comparison means nothing.
    let now = diff(old: old, new: new)
    let then = frozen(old, new).changes
    precondition(
      now.inserts == then.inserts && now.deletes == then.deletes && now.updates == then.updates
        && now.moves == then.moves, "\(name): the diff's result differs from the frozen engine's")
    // A ratio of two engines within a few percent: more samples than the default.
    scenario.runs = 21
    scenario.otherBaselines = [
      (
        "previous", "a frozen copy of the diff engine before its last rework",
        Sample { blackHole(frozen(old, new)) }
      )
    ]
  }
  return scenario
}

/// The diffing scenarios: the engine against the standard library's diff.
func diffScenarios() -> [(name: String, make: () -> Scenario)] {
  [
    (
      "diff.5k",
      { diffScenario(name: "diff.5k", count: 5_000, deletes: 1_000, inserts: 1_000, shuffles: 200) }
    ),
    (
      "diff.100k",
      {
        diffScenario(
          name: "diff.100k", count: 100_000, deletes: 10_000, inserts: 10_000, shuffles: 2_000, previous: true
        )
      }
    ),
    (
      "diff.100k.updates",
      {
        diffScenario(
          name: "diff.100k.updates", count: 100_000, deletes: 10_000, inserts: 10_000, shuffles: 2_000,
          updates: 1_000)
      }
    ),
  ]
}
