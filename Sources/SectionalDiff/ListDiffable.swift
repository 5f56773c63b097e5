/// A model that can be diffed: it has a stable identity and can tell whether its content changed.
///
/// Works for structs and classes alike. Two elements with equal ``diffIdentifier`` are the same
/// model in two versions of a list; ``isEqual(toDiffableObject:)`` then tells whether its content
/// changed (an *update*).
///
/// A type that is `Identifiable & Equatable` needs no code at all: declare the conformance and the
/// defaults use `id` and `==`.
///
/// ```swift
/// struct Post: Identifiable, Equatable, ListDiffable {
///   let id: Int
///   var text: String
/// }
/// ```
public protocol ListDiffable {
  /// The type of the identity; the diff hashes it, so keep it cheap to hash.
  associatedtype DiffIdentifier: Hashable

  /// The identity of the model, stable across versions of the list.
  var diffIdentifier: DiffIdentifier { get }

  /// Whether `other` (an element with the same identifier) has the same content.
  ///
  /// Keep it reflexive: a list adapter does not ask about two values with the same bits (the
  /// same object, or copies sharing all their storage) and takes them as unchanged, as IGListKit
  /// does not ask about the same pointer.
  func isEqual(toDiffableObject other: Self) -> Bool
}

// MARK: - Identifiable & Equatable defaults

extension ListDiffable where Self: Identifiable, DiffIdentifier == ID {
  /// The default identity of an `Identifiable` model: its `id`.
  public var diffIdentifier: ID { id }
}

extension ListDiffable where Self: Equatable {
  /// The default content check of an `Equatable` model: `==`.
  public func isEqual(toDiffableObject other: Self) -> Bool { self == other }
}

// MARK: - Standard scalars

// Plain values diff as themselves, as NSString and NSNumber do in IGListKit: the value is the
// identity, so an element never "changes" — it is deleted and another inserted. Floating-point
// values are identified by their bits (see below), so a list diffed with itself has no changes.

extension String: ListDiffable { public var diffIdentifier: String { self } }
extension Substring: ListDiffable { public var diffIdentifier: Substring { self } }
extension Character: ListDiffable { public var diffIdentifier: Character { self } }
extension Unicode.Scalar: ListDiffable { public var diffIdentifier: Unicode.Scalar { self } }
extension Bool: ListDiffable { public var diffIdentifier: Bool { self } }
extension Int: ListDiffable { public var diffIdentifier: Int { self } }
extension Int8: ListDiffable { public var diffIdentifier: Int8 { self } }
extension Int16: ListDiffable { public var diffIdentifier: Int16 { self } }
extension Int32: ListDiffable { public var diffIdentifier: Int32 { self } }
extension Int64: ListDiffable { public var diffIdentifier: Int64 { self } }
extension UInt: ListDiffable { public var diffIdentifier: UInt { self } }
extension UInt8: ListDiffable { public var diffIdentifier: UInt8 { self } }
extension UInt16: ListDiffable { public var diffIdentifier: UInt16 { self } }
extension UInt32: ListDiffable { public var diffIdentifier: UInt32 { self } }
extension UInt64: ListDiffable { public var diffIdentifier: UInt64 { self } }

/// A `Double` is identified by its bit pattern, not by `==`: a NaN is the same model as a NaN with
/// the same bits (`==` says a NaN equals nothing, itself included, so a list with a NaN diffed
/// with itself would report a delete and an insert), and `-0.0` and `0.0`, equal by `==`, are two
/// models. `diff(a, a)` is then empty for every list of doubles.
extension Double: ListDiffable {
  /// The value's bits (`bitPattern`).
  public var diffIdentifier: UInt64 { bitPattern }
  /// Whether the two have the same bits: the same identity is the same content.
  public func isEqual(toDiffableObject other: Double) -> Bool { bitPattern == other.bitPattern }
}

/// A `Float` is identified by its bit pattern, not by `==`, as a `Double` is: a NaN is the same
/// model as a NaN with the same bits, and `-0.0` and `0.0` are two models.
extension Float: ListDiffable {
  /// The value's bits (`bitPattern`).
  public var diffIdentifier: UInt32 { bitPattern }
  /// Whether the two have the same bits: the same identity is the same content.
  public func isEqual(toDiffableObject other: Float) -> Bool { bitPattern == other.bitPattern }
}
