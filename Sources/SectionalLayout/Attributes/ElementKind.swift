/// What an element is, beyond its category: `header`, `footer`, `sectionCard`…
///
/// Kinds are strings, as in UIKit, so a user can register their own. Short names (15 bytes or
/// fewer) are stored inline, so copying attributes costs no reference counting.
public struct ElementKind: Hashable, Sendable, RawRepresentable, ExpressibleByStringLiteral {
  /// The kind's name, such as `"header"`.
  public var rawValue: String

  /// A kind named `rawValue`.
  public init(rawValue: String) { self.rawValue = rawValue }
  /// A kind named by a string literal: `let badge: ElementKind = "badge"`.
  public init(stringLiteral value: String) { rawValue = value }

  /// The kind of every cell.
  public static let cell: ElementKind = "cell"
  /// A section header (supplementary).
  public static let header: ElementKind = "header"
  /// A section footer (supplementary).
  public static let footer: ElementKind = "footer"
  /// One card behind all of a section's cells: background, rounded border, drop shadow.
  public static let sectionCard: ElementKind = "section-card"
  /// A shelf under each line of items.
  public static let shelf: ElementKind = "shelf"
  /// A full-width background behind the section, insets included.
  public static let sectionBackground: ElementKind = "section-bg"
}

extension ElementKind: CustomStringConvertible {
  /// The kind's name.
  public var description: String { rawValue }
}

/// The three categories of element a layout places.
public enum ElementCategory: UInt8, Hashable, Sendable {
  /// Data-driven, one per item.
  case cell
  /// Data-driven, per section: headers and footers.
  case supplementary
  /// Layout-driven adornment: cards, shelves, backgrounds.
  case decoration
}
