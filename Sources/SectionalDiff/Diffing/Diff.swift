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

/// The changes that turn `old` into `new` for `Identifiable & Equatable` elements: identity is
/// `id`, content is `==`. No ``ListDiffable`` conformance needed.
///
/// - Complexity: O(n + m) expected.
@inlinable
public func diff<Element: Identifiable & Equatable>(old: [Element], new: [Element]) -> DiffResult<
  Element.ID
> {
  heckelDiff(old: old, new: new, identifier: { $0.id }, isEqual: { $0 == $1 })
}

/// The changes that turn `old` into `new` for an element that is ``ListDiffable`` as well as
/// `Identifiable & Equatable`: its ``ListDiffable`` conformance decides.
///
/// - Complexity: O(n + m) expected.
@inlinable
public func diff<Element: ListDiffable & Identifiable & Equatable>(
  old: [Element], new: [Element]
) -> DiffResult<Element.DiffIdentifier> {
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
