/// Something Sectional corrected rather than crash on: a batch whose counts do not add up, a
/// negative size, a duplicate identifier, an index path that does not exist. Every module
/// reports the same type into the same kind of log, so a test or a front reads one list.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
  /// What went wrong. Kinds are strings, so each module adds its own (see the static members).
  public struct Kind: Hashable, Sendable, RawRepresentable, ExpressibleByStringLiteral,
    CustomStringConvertible
  {
    /// The kind's name, such as `"invalid-batch-update"`.
    public var rawValue: String

    /// A kind named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A kind named by a string literal: `let kind: Diagnostic.Kind = "my-kind"`.
    public init(stringLiteral value: String) { rawValue = value }

    /// The kind's name.
    public var description: String { rawValue }
  }

  /// What went wrong, to compare against (see the static members of ``Kind``).
  public var kind: Kind
  /// What happened and what was done instead, in one sentence.
  public var message: String
  /// The items, sections (item 0) or elements concerned; empty when none applies.
  public var indexPaths: [IndexPath]

  /// A diagnostic of `kind` saying `message`, about `indexPaths` (none by default).
  public init(_ kind: Kind, _ message: String, indexPaths: [IndexPath] = []) {
    self.kind = kind
    self.message = message
    self.indexPaths = indexPaths
  }

  /// The message.
  public var description: String { message }
}
