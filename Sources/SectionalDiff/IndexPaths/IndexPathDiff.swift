/// The changes to the items of one section, as index paths: what a section controller that diffs
/// its own items hands to its batch updates.
public struct IndexPathDiffResult: Sendable, Equatable {
  /// New index paths of inserted items, ascending.
  public var inserts: [IndexPath]
  /// Old index paths of deleted items, ascending.
  public var deletes: [IndexPath]
  /// Old index paths of items whose content changed, ascending.
  public var updates: [IndexPath]
  /// Items moved, by new index path ascending.
  public var moves: [IndexPathMove]

  /// Whether anything changed.
  public var hasChanges: Bool {
    !inserts.isEmpty || !deletes.isEmpty || !updates.isEmpty || !moves.isEmpty
  }
}

extension DiffResult {
  /// The same changes as index paths: old indexes in `oldSection`, new indexes in `newSection`.
  public func indexPaths(oldSection: Int, newSection: Int) -> IndexPathDiffResult {
    IndexPathDiffResult(
      inserts: inserts.map { IndexPath(item: $0, section: newSection) },
      deletes: deletes.map { IndexPath(item: $0, section: oldSection) },
      updates: updates.map { IndexPath(item: $0, section: oldSection) },
      moves: moves.map {
        IndexPathMove(
          from: IndexPath(item: $0.from, section: oldSection),
          to: IndexPath(item: $0.to, section: newSection))
      })
  }
}

/// The changes to the items of one section, as index paths: `old` items in section `oldSection`
/// become `new` items in section `newSection`.
///
/// - Complexity: O(n + m) expected.
@inlinable
public func diffIndexPaths<Element: ListDiffable>(
  oldSection: Int, newSection: Int, old: [Element], new: [Element]
) -> IndexPathDiffResult {
  diff(old: old, new: new).indexPaths(oldSection: oldSection, newSection: newSection)
}

/// The changes to the items of one section for heterogeneous items, as index paths.
///
/// - Complexity: O(n + m) expected.
public func diffIndexPaths(
  oldSection: Int, newSection: Int, old: [any ListDiffable], new: [any ListDiffable]
) -> IndexPathDiffResult {
  diff(old: old, new: new).indexPaths(oldSection: oldSection, newSection: newSection)
}
