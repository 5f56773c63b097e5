/// The identity of an element in a list of mixed model types: its type together with its
/// ``ListDiffable/diffIdentifier``, so a `User` with id 7 and a `Post` with id 7 stay different.
public struct AnyDiffIdentifier: Hashable, @unchecked Sendable {
  // `AnyHashable` is not `Sendable`; identifiers are values that are only read, and this type
  // vends nothing but equality and hashing.
  @usableFromInline let type: ObjectIdentifier
  @usableFromInline let identifier: AnyHashable

  /// The identity of `element`.
  public init(_ element: some ListDiffable) {
    type = ObjectIdentifier(Swift.type(of: element))
    identifier = AnyHashable(element.diffIdentifier)
  }

  /// The identity of an element of type `type` whose identifier is `identifier`.
  public init<Model: ListDiffable>(_ type: Model.Type, _ identifier: Model.DiffIdentifier) {
    self.type = ObjectIdentifier(type)
    self.identifier = AnyHashable(identifier)
  }

  /// The wrapped ``ListDiffable/diffIdentifier``.
  public var base: AnyHashable { identifier }
}

extension AnyDiffIdentifier: CustomStringConvertible {
  public var description: String { "\(identifier)" }
}

/// Whether two elements of any ``ListDiffable`` types are the same model with the same content:
/// `false` when their types differ.
public func isEqualDiffable(_ lhs: any ListDiffable, _ rhs: any ListDiffable) -> Bool {
  func open<Model: ListDiffable>(_ lhs: Model) -> Bool {
    guard let rhs = rhs as? Model else { return false }
    return lhs.isEqual(toDiffableObject: rhs)
  }
  return open(lhs)
}

/// The changes that turn `old` into `new` for lists that mix model types (what a list adapter
/// holds). Identity is the pair of type and identifier (``AnyDiffIdentifier``).
///
/// - Complexity: O(n + m) expected; each identifier is boxed once.
public func diff(old: [any ListDiffable], new: [any ListDiffable]) -> DiffResult<AnyDiffIdentifier> {
  heckelDiff(
    old: old, new: new, identifier: { AnyDiffIdentifier($0) }, isEqual: isEqualDiffable)
}
