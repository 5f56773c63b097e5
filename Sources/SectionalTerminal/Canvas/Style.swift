import SectionalLayout

/// A cell's colour: the terminal's default, or 24-bit RGB that the output maps down to the
/// colours the terminal has.
public enum TerminalColor: Hashable, Sendable {
  case `default`
  case rgb(Color)

  public init(hex: UInt32) { self = .rgb(Color(hex: hex)) }
}

/// Bold, dim, italic, underline, reverse.
public struct TextAttributes: OptionSet, Hashable, Sendable {
  public let rawValue: UInt8
  public init(rawValue: UInt8) { self.rawValue = rawValue }

  public static let bold = TextAttributes(rawValue: 1 << 0)
  public static let dim = TextAttributes(rawValue: 1 << 1)
  public static let italic = TextAttributes(rawValue: 1 << 2)
  public static let underline = TextAttributes(rawValue: 1 << 3)
  public static let reverse = TextAttributes(rawValue: 1 << 4)
}

/// How a cell is drawn: foreground, background and attributes.
public struct TextStyle: Hashable, Sendable {
  public var foreground: TerminalColor
  public var background: TerminalColor
  public var attributes: TextAttributes

  public init(
    foreground: TerminalColor = .default, background: TerminalColor = .default,
    attributes: TextAttributes = []
  ) {
    self.foreground = foreground
    self.background = background
    self.attributes = attributes
  }

  public static let plain = TextStyle()
}
