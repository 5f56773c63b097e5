import SectionalLayout

/// A cell's colour: the terminal's default, or 24-bit RGB that the output maps down to the
/// colours the terminal has.
public enum TerminalColor: Hashable, Sendable {
  /// The terminal's own colour (for a background: transparent on a canvas).
  case `default`
  /// A 24-bit colour.
  case rgb(Color)

  /// The 24-bit colour `0xRRGGBB`.
  public init(hex: UInt32) { self = .rgb(Color(hex: hex)) }
}

/// Bold, dim, italic, underline, reverse.
public struct TextAttributes: OptionSet, Hashable, Sendable {
  /// The attributes as bits.
  public let rawValue: UInt8
  /// The attributes whose bits are set in `rawValue`.
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  /// Bold (SGR 1).
  public static let bold = TextAttributes(rawValue: 1 << 0)
  /// Dim (SGR 2).
  public static let dim = TextAttributes(rawValue: 1 << 1)
  /// Italic (SGR 3).
  public static let italic = TextAttributes(rawValue: 1 << 2)
  /// Underlined (SGR 4).
  public static let underline = TextAttributes(rawValue: 1 << 3)
  /// Foreground and background swapped (SGR 7).
  public static let reverse = TextAttributes(rawValue: 1 << 4)
}

/// How a cell is drawn: foreground, background and attributes.
public struct TextStyle: Hashable, Sendable {
  /// The text's colour; `.default` for the terminal's own.
  public var foreground: TerminalColor
  /// The cell's colour; `.default` is transparent on a canvas (what is below shows).
  public var background: TerminalColor
  /// Bold, dim, italic, underline, reverse.
  public var attributes: TextAttributes

  /// A style; the terminal's colours and no attributes by default.
  public init(
    foreground: TerminalColor = .default, background: TerminalColor = .default,
    attributes: TextAttributes = []
  ) {
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
  }

  /// The terminal's colours, no attributes.
  public static let plain = TextStyle()
}
