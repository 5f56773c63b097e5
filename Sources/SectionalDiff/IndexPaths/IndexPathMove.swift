/// A move of one item from an old index path to a new one: in a batch update, in an index-path
/// diff, wherever items move between positions that have sections.
///
/// Ordered by ``from``, then ``to``.
public struct IndexPathMove: Hashable, Comparable, Sendable {
  /// The index path before the update.
  public var from: IndexPath
  /// The index path after the update.
  public var to: IndexPath

  /// A move from old index path `from` to new index path `to`.
  public init(from: IndexPath, to: IndexPath) {
    self.from = from
    self.to = to
  }

  /// Whether `lhs` comes first: by ``from``, then by ``to``.
  public static func < (lhs: IndexPathMove, rhs: IndexPathMove) -> Bool {
    lhs.from != rhs.from ? lhs.from < rhs.from : lhs.to < rhs.to
  }
}
