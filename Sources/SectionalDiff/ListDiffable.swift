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
