import SectionalDiff

/// The item changes of one section in batch form: deletes and reloads by old index, inserts by
/// new index, moves from old to new.
public struct ItemUpdates: Equatable, Sendable {
  /// New indexes of inserted items.
  public var inserts: [Int] = []
  /// Old indexes of deleted items.
  public var deletes: [Int] = []
  /// Old indexes of items whose content was replaced.
  public var reloads: [Int] = []
  /// Items that moved, from their old index to their new one.
  public var moves: [IndexMove] = []

  /// A batch with these changes; each defaults to none.
  public init(inserts: [Int] = [], deletes: [Int] = [], reloads: [Int] = [], moves: [IndexMove] = []) {
    self.inserts = inserts
    self.deletes = deletes
    self.reloads = reloads
    self.moves = moves
  }

  /// Adds inserted items by new index.
  public mutating func insert(_ indexes: [Int]) { inserts += indexes }
  /// Adds deleted items by old index.
  public mutating func delete(_ indexes: [Int]) { deletes += indexes }
  /// Adds reloaded items by old index.
  public mutating func reload(_ indexes: [Int]) { reloads += indexes }
  /// Adds a move from old index `from` to new index `to`.
  public mutating func move(from: Int, to: Int) { moves.append(IndexMove(from: from, to: to)) }

  /// Whether the batch changes nothing.
  public var isEmpty: Bool { inserts.isEmpty && deletes.isEmpty && reloads.isEmpty && moves.isEmpty }

  /// Where each old item goes: its new index, or nil when it is deleted or reloaded (its content
  /// is new). Items that stay and do not move keep their order in the places inserts and moves
  /// leave free, as `performBatchUpdates` applies a batch.
  ///
  /// - Complexity: O((d + m + i) log) to prepare, O(log + i + m) per call.
  package var newIndexMap: (Int) -> Int? {
    let gone = Set(deletes).union(reloads)
    let movedTo = Dictionary(moves.map { ($0.from, $0.to) }, uniquingKeysWith: { first, _ in first })
    let leaving = (deletes + moves.map(\.from)).sorted()
    let taken = Set(inserts + moves.map(\.to)).sorted()
    return { old in
      if gone.contains(old) { return nil }
      if let to = movedTo[old] { return to }
      // Its rank among the items that stay in place, then that rank's free place.
      var rank = old
      var low = 0
      var high = leaving.count
      while low < high {
        let middle = (low + high) / 2
        if leaving[middle] < old { low = middle + 1 } else { high = middle }
      }
      rank -= low
      var index = rank
      for place in taken where place <= index { index += 1 }
      return index
    }
  }
}
