/// The changes that turn an old array into a new one, in the form `UICollectionView` batch
/// updates take: deletes and updates by old index, inserts by new index, moves from an old index
/// to a new one.
///
/// Applying the result to the old array — remove `deletes` and the sources of `moves`, put
/// `inserts` and moved elements at their new indexes, and let every other element keep its
/// relative order in the remaining places — yields the new array. `updates` name the elements
/// present on both sides whose content changed.
public struct DiffResult<Identifier: Hashable> {
  /// A move of one element from an index in the old array to an index in the new one.
  public struct Move: Hashable, Sendable {
    /// Index in the old array.
    public var from: Int
    /// Index in the new array.
    public var to: Int

    public init(from: Int, to: Int) {
      self.from = from
      self.to = to
    }
  }

  /// Indexes in the new array of elements that are not in the old one, ascending.
  public internal(set) var inserts: [Int]
  /// Indexes in the old array of elements that are not in the new one, ascending.
  public internal(set) var deletes: [Int]
  /// Indexes in the old array of elements whose identifier survives but whose content changed,
  /// ascending.
  public internal(set) var updates: [Int]
  /// Elements that survive at a position the others' inserts and deletes do not explain, by new
  /// index ascending. The diff emits the fewest moves that explain the new order.
  public internal(set) var moves: [Move]
  /// Indexes in the old array whose identifier already occurred earlier in the old array. The
  /// first occurrence wins; these are reported as deletes.
  public internal(set) var duplicateOldIndexes: [Int]
  /// Indexes in the new array whose identifier already occurred earlier in the new array. The
  /// first occurrence wins; these are reported as inserts.
  public internal(set) var duplicateNewIndexes: [Int]

  @usableFromInline var table: SymbolTable<Identifier>

  @usableFromInline
  init(
    inserts: [Int], deletes: [Int], updates: [Int], moves: [Move],
    duplicateOldIndexes: [Int], duplicateNewIndexes: [Int], table: SymbolTable<Identifier>
  ) {
    self.inserts = inserts
    self.deletes = deletes
    self.updates = updates
    self.moves = moves
    self.duplicateOldIndexes = duplicateOldIndexes
    self.duplicateNewIndexes = duplicateNewIndexes
    self.table = table
  }

  /// Whether the new array differs from the old one in order, membership or content.
  public var hasChanges: Bool {
    !inserts.isEmpty || !deletes.isEmpty || !updates.isEmpty || !moves.isEmpty
  }

  /// Whether either side held an identifier more than once.
  public var hasDuplicates: Bool { !duplicateOldIndexes.isEmpty || !duplicateNewIndexes.isEmpty }

  /// The index of the first element with `identifier` in the old array.
  ///
  /// - Complexity: O(1) on average.
  public func oldIndex(for identifier: Identifier) -> Int? {
    table.find(identifier).flatMap {
      let index = table.oldFirst[$0]; return index < 0 ? nil : index
    }
  }

  /// The index of the first element with `identifier` in the new array.
  ///
  /// - Complexity: O(1) on average.
  public func newIndex(for identifier: Identifier) -> Int? {
    table.find(identifier).flatMap {
      let index = table.newFirst[$0]; return index < 0 ? nil : index
    }
  }

  /// The same changes in the form `performBatchUpdates` accepts: an element cannot be moved and
  /// reloaded in one batch, so each moved element whose content changed becomes a delete at its
  /// old index plus an insert at its new one.
  ///
  /// - Complexity: O(d + i + u + m), the sizes of the four change lists.
  public func forBatchUpdates() -> DiffResult {
    guard !moves.isEmpty, !updates.isEmpty else { return self }
    var updated = Set(updates)
    var keptMoves: [Move] = []
    var extraDeletes: [Int] = []
    var extraInserts: [Int] = []
    for move in moves {
      if updated.remove(move.from) != nil {
        extraDeletes.append(move.from)
        extraInserts.append(move.to)
      } else {
        keptMoves.append(move)
      }
    }
    guard !extraDeletes.isEmpty else { return self }
    var result = self
    result.moves = keptMoves
    result.updates = updates.filter { updated.contains($0) }
    result.deletes = mergeSorted(deletes, extraDeletes.sorted())
    result.inserts = mergeSorted(inserts, extraInserts)  // moves are ordered by `to` already
    return result
  }
}

extension DiffResult: Sendable where Identifier: Sendable {}

extension DiffResult: CustomStringConvertible {
  public var description: String {
    let moveText = moves.map { "\($0.from)→\($0.to)" }
    return "DiffResult(inserts: \(inserts), deletes: \(deletes), updates: \(updates), moves: \(moveText))"
  }
}

/// Two ascending arrays merged into one ascending array.
func mergeSorted(_ a: [Int], _ b: [Int]) -> [Int] {
  var merged: [Int] = []
  merged.reserveCapacity(a.count + b.count)
  var i = 0
  var j = 0
  while i < a.count && j < b.count {
    if a[i] <= b[j] {
      merged.append(a[i])
      i += 1
    } else {
      merged.append(b[j])
      j += 1
    }
  }
  merged.append(contentsOf: a[i...])
  merged.append(contentsOf: b[j...])
  return merged
}
