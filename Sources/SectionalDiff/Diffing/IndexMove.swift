/// A move of one element from an index in the old array to an index in the new one.
///
/// Ordered by ``from``, then ``to``, as IGListKit's `IGListMoveIndex` compares.
public struct IndexMove: Hashable, Comparable, Sendable {
  /// Index in the old array.
  public var from: Int
  /// Index in the new array.
  public var to: Int

  /// A move from old index `from` to new index `to`.
  public init(from: Int, to: Int) {
    self.from = from
    self.to = to
  }

  /// Whether `lhs` comes first: by ``from``, then by ``to``.
  public static func < (lhs: IndexMove, rhs: IndexMove) -> Bool {
    (lhs.from, lhs.to) < (rhs.from, rhs.to)
  }
}
