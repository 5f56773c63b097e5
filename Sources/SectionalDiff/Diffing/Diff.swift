/// The changes that turn `old` into `new`, matching elements by ``ListDiffable/diffIdentifier``.
///
/// Specialised by the compiler on the element's type: identifiers are hashed as themselves, never
/// boxed. When an identifier occurs more than once, its k-th occurrence in `old` pairs with its
/// k-th in `new` (so an array diffed with itself has no changes), the repeats are reported in
/// ``DiffResult/duplicateOldIndexes`` / ``DiffResult/duplicateNewIndexes``, and occurrences
/// beyond the other side's count are deletes / inserts: applying the result still yields `new`.
///
/// ```swift
/// let result = diff(old: [a, b, c], new: [c, a, d])
/// // result.deletes == [1], result.inserts == [2], result.moves == [IndexMove(from: 2, to: 0)]
/// ```
///
/// - Complexity: O(n + m) expected, where n and m are the counts of `old` and `new`.
@inlinable
public func diff<Element: ListDiffable>(old: [Element], new: [Element]) -> DiffResult<
  Element.DiffIdentifier
> {
  heckelDiff(
    old: old, new: new, identifier: { $0.diffIdentifier },
    isEqual: { $0.isEqual(toDiffableObject: $1) })
}

/// The changes that turn `old` into `new` with identity and content given by closures, for
/// elements that cannot conform to ``ListDiffable``.
///
/// - Complexity: O(n + m) expected, plus the cost of the closures.
@inlinable
public func diff<Element, Identifier: Hashable>(
  old: [Element],
  new: [Element],
  identifier: (Element) -> Identifier,
  isEqual: (Element, Element) -> Bool
) -> DiffResult<Identifier> {
  heckelDiff(old: old, new: new, identifier: identifier, isEqual: isEqual)
}

/// How a diff decides that an element present on both sides changed: what makes an *update*.
public enum DiffComparison: Hashable, Sendable {
  /// By content: ``ListDiffable/isEqual(toDiffableObject:)``. The default everywhere.
  case equality
  /// By instance, for class objects (IGListKit's pointer personality): an element is updated
  /// when its new version is a different object, whatever its content, and never when it is
  /// the same object, however it was mutated. For models that are replaced, never mutated, this
  /// skips the content check. Value types have no identity and are compared by content.
  case identity
}

/// The changes that turn `old` into `new`, deciding updates by `comparison`: ``DiffComparison/identity``
/// treats the same class instance as unchanged and another instance as updated.
///
/// - Complexity: O(n + m) expected.
@inlinable
public func diff<Element: ListDiffable>(
  old: [Element], new: [Element], comparing comparison: DiffComparison
) -> DiffResult<Element.DiffIdentifier> {
  guard comparison == .identity, Element.self is AnyClass else { return diff(old: old, new: new) }
  return heckelDiff(
    old: old, new: new, identifier: { $0.diffIdentifier },
    isEqual: { ($0 as AnyObject) === ($1 as AnyObject) })
}

/// The changes that turn `old` into `new` for lists that mix model types, deciding updates by
/// `comparison`: under ``DiffComparison/identity`` two class instances are equal only when they
/// are the same object; values are compared by content.
///
/// - Complexity: O(n + m) expected.
@_disfavoredOverload  // a literal of one scalar type is that type
public func diff(
  old: [any ListDiffable], new: [any ListDiffable], comparing comparison: DiffComparison
) -> DiffResult<AnyDiffIdentifier> {
  guard comparison == .identity else { return diff(old: old, new: new) }
  return heckelDiff(
    old: old, new: new, identifier: { AnyDiffIdentifier($0) },
    isEqual: { lhs, rhs in
      guard type(of: lhs) is AnyClass, type(of: rhs) is AnyClass else { return isEqualDiffable(lhs, rhs) }
      return (lhs as AnyObject) === (rhs as AnyObject)
    })
}

/// The changes that turn `old` into `new` for lists that mix model types (what a list adapter
/// holds). Identity is the pair of type and identifier (``AnyDiffIdentifier``).
///
/// - Complexity: O(n + m) expected; each identifier is boxed once.
@_disfavoredOverload  // a literal of one scalar type is that type
public func diff(old: [any ListDiffable], new: [any ListDiffable]) -> DiffResult<AnyDiffIdentifier> {
  heckelDiff(
    old: old, new: new, identifier: { AnyDiffIdentifier($0) }, isEqual: isEqualDiffable)
}
