/// The identity of an element in a list of mixed model types: its type together with its
/// ``ListDiffable/diffIdentifier``, so a `User` with id 7 and a `Post` with id 7 stay different.
///
/// Boxed once per element per update and then hashed and compared many times (the duplicate
/// check, the diff's symbol table, the controller lookup), so both are made cheap: the hash is
/// computed when the identifier is boxed, and `Int` and `String` identifiers — nearly all of them
/// — are stored as themselves, compared without `AnyHashable`'s dynamic casts.
public struct AnyDiffIdentifier: Hashable, @unchecked Sendable {
  // `@unchecked`: `AnyHashable` is not `Sendable`; identifiers are values that are only read,
  // and this type vends nothing but equality, hashing and a description.
  @usableFromInline enum Value: Hashable {
    case int(Int)
    case string(String)
    case other(Box)
  }

  /// Any other `Hashable` identifier, behind one reference so the common cases stay small.
  @usableFromInline final class Box: Hashable {
    let value: AnyHashable
    init(_ value: AnyHashable) { self.value = value }
    @usableFromInline static func == (lhs: Box, rhs: Box) -> Bool { lhs.value == rhs.value }
    @usableFromInline func hash(into hasher: inout Hasher) { hasher.combine(value) }
  }

  @usableFromInline let type: ObjectIdentifier
  @usableFromInline let value: Value
  /// The hash of `type` and `value`, computed once.
  @usableFromInline let hash: Int

  /// The identity of `element`.
  public init(_ element: some ListDiffable) {
    self.init(Swift.type(of: element), element.diffIdentifier)
  }

  /// The identity of an element of type `type` whose identifier is `identifier`.
  public init<Model: ListDiffable>(_ type: Model.Type, _ identifier: Model.DiffIdentifier) {
    self.type = ObjectIdentifier(type)
    // Metatype comparisons are pointer comparisons; the casts below are then no-ops.
    if Model.DiffIdentifier.self == Int.self {
      value = .int(unsafeBitCast(identifier, to: Int.self))
    } else if Model.DiffIdentifier.self == String.self {
      value = .string(unsafeBitCast(identifier, to: String.self))
    } else {
      value = .other(Box(AnyHashable(identifier)))
    }
    var hasher = Hasher()
    hasher.combine(self.type)
    hasher.combine(value)
    hash = hasher.finalize()
  }

  /// The wrapped ``ListDiffable/diffIdentifier``.
  package var base: AnyHashable {
    switch value {
    case .int(let int): AnyHashable(int)
    case .string(let string): AnyHashable(string)
    case .other(let box): box.value
    }
  }

  /// Whether both are the same model type with equal identifiers.
  @inlinable
  public static func == (lhs: AnyDiffIdentifier, rhs: AnyDiffIdentifier) -> Bool {
    lhs.hash == rhs.hash && lhs.type == rhs.type && lhs.value == rhs.value
  }

  /// Feeds the hash computed when the identifier was boxed.
  @inlinable
  public func hash(into hasher: inout Hasher) { hasher.combine(hash) }
}

extension AnyDiffIdentifier: CustomStringConvertible {
  /// The identifier as text, such as `7` or `post-12`.
  public var description: String {
    switch value {
    case .int(let int): "\(int)"
    case .string(let string): string
    case .other(let box): "\(box.value)"
    }
  }
}
