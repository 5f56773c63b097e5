/// The changes to the items of one section, as index paths: what a section controller that diffs
/// its own items hands to its batch updates (IGListKit's `IGListIndexPathResult`).
///
/// Old indexes are in ``oldSection``, new ones in ``newSection``. Equal when the changes are
/// equal, whatever the identifiers.
public struct IndexPathDiffResult<Identifier: Hashable> {
  /// The section the old items were in.
  public let oldSection: Int
  /// The section the new items are in.
  public let newSection: Int
  /// The same changes by index, with the identifier lookups.
  public let result: DiffResult<Identifier>

  /// Every change of `result`, old indexes in `oldSection` and new indexes in `newSection`
  /// (``DiffResult/indexPaths(oldSection:newSection:)`` is how a client makes one).
  package init(_ result: DiffResult<Identifier>, oldSection: Int, newSection: Int) {
    self.result = result
    self.oldSection = oldSection
    self.newSection = newSection
  }

  /// New index paths of inserted items, ascending.
  public var inserts: [IndexPath] { result.inserts.map { IndexPath(item: $0, section: newSection) } }
  /// Old index paths of deleted items, ascending.
  public var deletes: [IndexPath] { result.deletes.map { IndexPath(item: $0, section: oldSection) } }
  /// Old index paths of items whose content changed, ascending.
  public var updates: [IndexPath] { result.updates.map { IndexPath(item: $0, section: oldSection) } }
  /// Items moved, by new index path ascending.
  public var moves: [IndexPathMove] {
    result.moves.map {
      IndexPathMove(
        from: IndexPath(item: $0.from, section: oldSection), to: IndexPath(item: $0.to, section: newSection))
    }
  }

  /// Whether anything changed.
  public var hasChanges: Bool { result.hasChanges }
  /// The number of inserts, deletes, updates and moves together.
  public var changeCount: Int { result.changeCount }

  /// The old index path of the first item with `identifier`, or nil when the old items had none.
  ///
  /// - Complexity: O(1) on average.
  public func oldIndexPath(for identifier: Identifier) -> IndexPath? {
    result.oldIndex(for: identifier).map { IndexPath(item: $0, section: oldSection) }
  }

  /// The new index path of the first item with `identifier`, or nil when the new items have none.
  ///
  /// - Complexity: O(1) on average.
  public func newIndexPath(for identifier: Identifier) -> IndexPath? {
    result.newIndex(for: identifier).map { IndexPath(item: $0, section: newSection) }
  }

  /// The same changes in the form `performBatchUpdates` accepts: each moved item whose content
  /// changed becomes a delete at its old index path and an insert at its new one (see
  /// ``DiffResult/forBatchUpdates()``).
  public func forBatchUpdates() -> IndexPathDiffResult {
    IndexPathDiffResult(result.forBatchUpdates(), oldSection: oldSection, newSection: newSection)
  }
}

extension IndexPathDiffResult: Sendable where Identifier: Sendable {}

extension IndexPathDiffResult: Equatable {
  /// Whether both describe the same inserts, deletes, updates and moves.
  public static func == (lhs: IndexPathDiffResult, rhs: IndexPathDiffResult) -> Bool {
    lhs.inserts == rhs.inserts && lhs.deletes == rhs.deletes && lhs.updates == rhs.updates
      && lhs.moves == rhs.moves
  }
}

extension DiffResult {
  /// The same changes as index paths: old indexes in `oldSection`, new indexes in `newSection`.
  public func indexPaths(oldSection: Int, newSection: Int) -> IndexPathDiffResult<Identifier> {
    IndexPathDiffResult(self, oldSection: oldSection, newSection: newSection)
  }
}
