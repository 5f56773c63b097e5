import SectionalDiff
import Testing

/// What IGListKit users reach for on a diff result: counts, ordered moves, index-path lookups,
/// the batch form of an index-path result, plain values as models, and pointer personality.
@Suite struct DiffSurfaceTests {
  @Test func changeCountAddsEveryKindOfChange() {
    let old = [Item(id: 1), Item(id: 2), Item(id: 3), Item(id: 4, value: 0)]
    let new = [Item(id: 3), Item(id: 1), Item(id: 4, value: 1), Item(id: 5)]
    let result = diff(old: old, new: new)
    #expect(result.inserts == [3] && result.deletes == [1] && result.updates == [3])
    #expect(result.changeCount == result.inserts.count + result.deletes.count + 1 + result.moves.count)
    #expect(result.changeCount == 4)
    #expect(diff(old: old, new: old).changeCount == 0)
  }

  @Test func movesOrderByOldIndexThenNewIndex() {
    let moves = [IndexMove(from: 2, to: 0), IndexMove(from: 0, to: 3), IndexMove(from: 0, to: 1)]
    #expect(
      moves.sorted() == [IndexMove(from: 0, to: 1), IndexMove(from: 0, to: 3), IndexMove(from: 2, to: 0)])
    let a = IndexPath(item: 0, section: 1)
    let b = IndexPath(item: 4, section: 0)
    #expect(IndexPathMove(from: b, to: a) < IndexPathMove(from: a, to: b))
    #expect(IndexPathMove(from: a, to: b) < IndexPathMove(from: a, to: a))
    #expect(!(IndexPathMove(from: a, to: a) < IndexPathMove(from: a, to: a)))
  }

  @Test func indexPathResultFindsEachIdentifierOnItsSide() {
    let result = diff(old: items([1, 2, 3]), new: items([3, 1, 4])).indexPaths(oldSection: 2, newSection: 5)
    #expect(result.oldIndexPath(for: 3) == IndexPath(item: 2, section: 2))
    #expect(result.newIndexPath(for: 3) == IndexPath(item: 0, section: 5))
    #expect(result.oldIndexPath(for: 4) == nil && result.newIndexPath(for: 2) == nil)
    #expect(result.changeCount == 3)
  }

  @Test func heterogeneousIndexPathResultLooksUpByIdentity() {
    let old: [any ListDiffable] = [Item(id: 1), Tag(id: "1", colour: 0)]
    let new: [any ListDiffable] = [Tag(id: "1", colour: 0), Item(id: 1)]
    let result = diff(old: old, new: new).indexPaths(oldSection: 0, newSection: 3)
    #expect(
      result.oldIndexPath(for: AnyDiffIdentifier(Tag(id: "1", colour: 9))) == IndexPath(item: 1, section: 0))
    #expect(result.newIndexPath(for: AnyDiffIdentifier(Item(id: 1))) == IndexPath(item: 1, section: 3))
    #expect(result.newIndexPath(for: AnyDiffIdentifier(Item(id: 2))) == nil)
  }

  @Test func indexPathBatchFormSplitsMovedUpdates() {
    let old = [Item(id: 1), Item(id: 2), Item(id: 3, value: 0)]
    let new = [Item(id: 3, value: 1), Item(id: 1), Item(id: 2)]
    let result = diff(old: old, new: new).indexPaths(oldSection: 1, newSection: 1)
    #expect(result.updates == [IndexPath(item: 2, section: 1)] && result.moves.count == 1)
    let batch = result.forBatchUpdates()
    #expect(batch.moves.isEmpty && batch.updates.isEmpty)
    #expect(
      batch.deletes == [IndexPath(item: 2, section: 1)] && batch.inserts == [IndexPath(item: 0, section: 1)])
    #expect(batch != result)
    #expect(batch.newIndexPath(for: 3) == IndexPath(item: 0, section: 1))
  }

  @Test func standardScalarsAreTheirOwnIdentity() {
    let result = diff(old: ["a", "b", "c"], new: ["c", "a", "d"])
    #expect(result.deletes == [1] && result.inserts == [2] && result.moves == [IndexMove(from: 2, to: 0)])
    #expect(result.updates.isEmpty)
    #expect(!diff(old: [1, 2, 2, 3], new: [1, 2, 2, 3]).hasChanges)
    #expect(diff(old: [true], new: [false]).changeCount == 2)
    let mixed: [any ListDiffable] = [1, "1", UInt8(1), 1.0]
    // Identity is type and value: the four are four different models.
    #expect(diff(old: mixed, new: Array(mixed.reversed())).moves.count == 3)
    // Floating-point values are identified by their bits: a NaN is itself, -0.0 is not 0.0.
    #expect(!diff(old: [1, Double.nan, 3], new: [1, Double.nan, 3]).hasChanges)
    #expect(!diff(old: [Float.nan, -Float.nan], new: [Float.nan, -Float.nan]).hasChanges)
    let zeros = diff(old: [0.0, 1.0], new: [-0.0, 1.0])
    #expect(zeros.deletes == [0] && zeros.inserts == [0])
  }

  @Test func identityComparesClassInstancesNotContent() {
    let ann = Person("ann", age: 30)
    let bob = Person("bob", age: 40)
    let olderAnn = Person("ann", age: 30)
    // Same content, another instance: an update under identity, none under equality.
    #expect(diff(old: [ann, bob], new: [olderAnn, bob]).updates.isEmpty)
    #expect(diff(old: [ann, bob], new: [olderAnn, bob], comparing: .identity).updates == [0])
    // The same instance, mutated: no update under identity, whatever its content says.
    let before = [ann, bob]
    ann.age = 31
    #expect(diff(old: before, new: [ann, bob], comparing: .identity).updates.isEmpty)
    #expect(diff(old: before, new: [ann, bob], comparing: .equality).updates.isEmpty)

    let annAgain = Person("ann", age: 31)
    let old: [any ListDiffable] = [ann, Item(id: 1, value: 0)]
    let new: [any ListDiffable] = [annAgain, Item(id: 1, value: 1)]
    // Values have no identity: the item is compared by content either way.
    #expect(diff(old: old, new: new, comparing: .identity).updates == [0, 1])
    #expect(diff(old: old, new: new).updates == [1])
  }

  @Test func identityOfValueTypesFallsBackToContent() {
    let old = [Item(id: 1, value: 0), Item(id: 2, value: 0)]
    let new = [Item(id: 1, value: 0), Item(id: 2, value: 5)]
    #expect(diff(old: old, new: new, comparing: .identity).updates == [1])
  }
}
