/// The changes that turn an old array into a new one, in the form `UICollectionView` batch
/// updates take: deletes and updates by old index, inserts by new index, moves from an old index
/// to a new one.
///
/// Applying the result to the old array — remove `deletes` and the sources of `moves`, put
/// `inserts` and moved elements at their new indexes, and let every other element keep its
/// relative order in the remaining places — yields the new array. `updates` name the elements
/// present on both sides whose content changed.
public struct DiffResult<Identifier: Hashable> {

  /// The changes by index; ``inserts``, ``deletes``, ``updates`` and ``moves`` read it.
  package internal(set) var changes: IndexChanges

  /// Indexes in the new array of elements that are not in the old one, ascending.
  public var inserts: [Int] { changes.inserts }
  /// Indexes in the old array of elements that are not in the new one, ascending.
  public var deletes: [Int] { changes.deletes }
  /// Indexes in the old array of elements whose identifier survives but whose content changed,
  /// ascending.
  public var updates: [Int] { changes.updates }
  /// Elements that survive at a position the others' inserts and deletes do not explain, by new
  /// index ascending. The diff emits the fewest moves that explain the new order.
  public var moves: [IndexMove] { changes.moves }
  /// Indexes in the old array whose identifier already occurred earlier in the old array. The
  /// k-th occurrence of an identifier pairs with its k-th occurrence in the new array; the ones
  /// beyond the new array's count are deletes.
  public internal(set) var duplicateOldIndexes: [Int]
  /// Indexes in the new array whose identifier already occurred earlier in the new array. The
  /// k-th occurrence pairs with the old array's k-th; the ones beyond its count are inserts.
  public internal(set) var duplicateNewIndexes: [Int]

  @usableFromInline var table: SymbolTable<Identifier>

  @usableFromInline
  init(
    changes: IndexChanges, duplicateOldIndexes: [Int], duplicateNewIndexes: [Int],
    table: SymbolTable<Identifier>
  ) {
    self.changes = changes
    self.duplicateOldIndexes = duplicateOldIndexes
    self.duplicateNewIndexes = duplicateNewIndexes
    self.table = table
  }

  /// Whether the new array differs from the old one in order, membership or content.
  public var hasChanges: Bool { changes.hasChanges }

  /// The number of changes: inserts, deletes, updates and moves together (IGListKit's
  /// `changeCount`). Zero exactly when ``hasChanges`` is false.
  public var changeCount: Int {
    changes.inserts.count + changes.deletes.count + changes.updates.count + changes.moves.count
  }

  /// Whether either side held an identifier more than once.
  public var hasDuplicates: Bool { !duplicateOldIndexes.isEmpty || !duplicateNewIndexes.isEmpty }

  /// The index of the first element with `identifier` in the old array.
  ///
  /// - Complexity: O(1) on average.
  public func oldIndex(for identifier: Identifier) -> Int? {
    table.find(identifier).flatMap {
      let index = table.oldFirstIndex($0); return index < 0 ? nil : index
    }
  }

  /// The index of the first element with `identifier` in the new array.
  ///
  /// - Complexity: O(1) on average.
  public func newIndex(for identifier: Identifier) -> Int? {
    table.find(identifier).flatMap {
      let index = Int(table.newFirst[$0]); return index < 0 ? nil : index
    }
  }

  /// The same changes in the form `performBatchUpdates` accepts: an element cannot be moved and
  /// reloaded in one batch, so each moved element whose content changed becomes a delete at its
  /// old index plus an insert at its new one.
  ///
  /// - Complexity: O(d + i + u + m), the sizes of the four change lists.
  public func forBatchUpdates() -> DiffResult {
    var result = self
    result.changes = changes.forBatchUpdates()
    return result
  }
}

extension DiffResult: Sendable where Identifier: Sendable {}

extension DiffResult: CustomStringConvertible {
  /// The four change lists, as `DiffResult(inserts: [...], deletes: [...], updates: [...], moves:
  /// [...])`.
  public var description: String {
    "DiffResult" + String(changes.description.dropFirst("IndexChanges".count))
  }
}
