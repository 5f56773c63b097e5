import SectionalDiff
import Testing

// IGListKit's IGListDiffTests, translated: the same inputs and expected outputs, under the same
// names. `genTestObject(key, value)` is an `Item`; NSNumber and NSString are Int and String.

@Suite struct IGListDiffTests {
  let paperOld =
    "much writing is like snow , a mass of long words and phrases falls upon the relevant facts covering up the details ."
    .split(separator: " ").map(String.init)
  let paperNew =
    "a mass of latin words falls upon the relevant facts like soft snow , covering up the details ."
    .split(separator: " ").map(String.init)

  @Test func test_whenDiffingEmptyArrays_thatResultHasNoChanges() {
    #expect(!diff(old: [Int](), new: [Int]()).hasChanges)
  }

  @Test func test_whenDiffingFromEmptyArray_thatResultHasChanges() {
    let result = diff(old: [Int](), new: [1])
    #expect(result.inserts == [0])
    #expect(result.changeCount == 1)
  }

  @Test func test_whenDiffingToEmptyArray_thatResultHasChanges() {
    let result = diff(old: [1], new: [Int]())
    #expect(result.deletes == [0])
    #expect(result.changeCount == 1)
  }

  /// IGListKit moves both; here only the fewest moves are reported (Architecture.md, "Fewest
  /// moves"): one.
  @Test func test_whenSwappingObjects_thatResultHasMoves() {
    let result = diff(old: [1, 2], new: [2, 1])
    #expect(result.moves == [IndexMove(from: 1, to: 0)])
    #expect(result.changeCount == 1)
  }

  @Test func test_whenDiffingWordsFromPaper_thatInsertsMatchPaper() {
    #expect(diff(old: paperOld, new: paperNew).inserts == [3, 11])
  }

  @Test func test_whenDiffingWordsFromPaper_thatDeletesMatchPaper() {
    #expect(diff(old: paperOld, new: paperNew).deletes == [0, 1, 2, 9, 11, 12])
  }

  @Test func test_whenDeletingItems_withInserts_withMoves_thatResultHasInsertsMovesAndDeletes() {
    let result = diff(old: [0, 1, 2, 3, 4, 5, 6, 7, 8], new: [0, 2, 3, 4, 7, 6, 9, 5, 10])
    #expect(result.deletes == [1, 8])
    #expect(result.inserts == [6, 8])
    #expect(
      result.moves.sorted { $0.from < $1.from } == [IndexMove(from: 5, to: 7), IndexMove(from: 7, to: 4)])
  }

  @Test func test_whenMovingItems_withEqualityChanges_thatResultsHasMovesAndUpdates() {
    let old = [Item(id: 0, value: 0), Item(id: 1, value: 1), Item(id: 2, value: 2)]
    let new = [Item(id: 2, value: 3), Item(id: 1, value: 1), Item(id: 0, value: 0)]
    let result = diff(old: old, new: new)
    #expect(result.updates == [2])
    #expect(
      result.moves.sorted { $0.from < $1.from } == [IndexMove(from: 0, to: 2), IndexMove(from: 2, to: 0)])
  }

  @Test func test_whenDeletingObjects_withArrayOfEqualObjects_thatChangeCountMatches() {
    let result = diff(old: ["dog", "dog", "dog", "dog"], new: ["dog", "dog"])
    #expect(4 + result.inserts.count - result.deletes.count == 2)
  }

  @Test func test_whenInsertingObjects_withArrayOfEqualObjects_thatChangeCountMatches() {
    let result = diff(old: ["dog", "dog"], new: ["dog", "dog", "dog", "dog"])
    #expect(2 + result.inserts.count - result.deletes.count == 4)
  }

  @Test func test_whenDiffingDuplicatesAtTail_withDuplicateAtHead_thatResultHasNoChanges() {
    #expect(!diff(old: ["cat", "1", "2", "3", "cat"], new: ["cat", "1", "2", "3", "cat"]).hasChanges)
  }

  /// IGListKit also moves 2 and 3; the fewest moves move 4 and 5 in front of them.
  @Test func test_whenMovingObjectShiftsOthers_thatMovesContainRequiredMoves() {
    let result = diff(old: [1, 2, 3, 4, 5, 6, 7], new: [1, 4, 5, 2, 3, 6, 7])
    #expect(result.moves == [IndexMove(from: 3, to: 1), IndexMove(from: 4, to: 2)])
  }

  @Test func test_whenDiffing_thatOldIndexesMatch() {
    let result = diff(old: [1, 2, 3, 4, 5, 6, 7], new: [2, 9, 3, 1, 5, 6, 8])
    #expect((1...9).map { result.oldIndex(for: $0) } == [0, 1, 2, 3, 4, 5, 6, nil, nil])
  }

  @Test func test_whenDiffing_thatNewIndexesMatch() {
    let result = diff(old: [1, 2, 3, 4, 5, 6, 7], new: [2, 9, 3, 1, 5, 6, 8])
    #expect((1...9).map { result.newIndex(for: $0) } == [3, 0, 2, nil, 4, 5, nil, 6, 1])
  }

  /// IGListKit's `resultForBatchUpdates` turns every update into a delete and an insert; here
  /// only a moved element that changed is (a batch cannot move and reload one element), and an
  /// element that changed in place stays a reload: the collection view reloads it where it is,
  /// keeping its selection's place and its transition (see "Coming from IGListKit").
  @Test func test_whenDiffing_withBatchUpdateResult_thatIndexesMatch() {
    let old = (1...6).map { Item(id: $0, value: 1) }
    let new = [
      Item(id: 2, value: 2),  // updated
      Item(id: 5, value: 1),  // moved
      Item(id: 4, value: 1),
      Item(id: 7, value: 1),  // inserted
      Item(id: 6, value: 2),  // updated
      Item(id: 3, value: 2),  // moved+updated
    ]
    let result = diff(old: old, new: new).forBatchUpdates()
    #expect(result.moves == [IndexMove(from: 4, to: 1)])
    #expect(result.deletes == [0, 2])
    #expect(result.inserts == [3, 5])
    #expect(result.updates == [1, 5])
  }
}
