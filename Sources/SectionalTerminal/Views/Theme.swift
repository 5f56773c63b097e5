import Sectional

/// How many colours the output has. Views pick glyphs by it (shade characters for pictures and
/// shadows where there is no colour); the encoder maps 24-bit colours down to it.
public enum ColorDepth: Int, Comparable, Hashable, Sendable, CaseIterable {
  /// No colour: attributes at most, or no escape sequences at all when printing plain text.
  case none = 0
  /// The 16 standard colours.
  case ansi16 = 1
  /// The 256-colour palette.
  case ansi256 = 2
  /// 24-bit colour.
  case trueColor = 3

  /// Whether `lhs` has fewer colours.
  public static func < (lhs: ColorDepth, rhs: ColorDepth) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// The styles views draw with. Every text style on a card sets its own foreground, so a card
/// reads the same on a light or a dark terminal.
public struct Theme: Hashable, Sendable {
  /// The style of each text role.
  public var text: [TextRole: TextStyle]
  /// A button's style.
  public var button: TextStyle
  /// The focused button's style.
  public var focusedButton: TextStyle
  /// A section card's fill, unless its decoration style gives one.
  public var cardBackground: Color
  /// A section card's border, unless its decoration style gives one.
  public var cardBorder: Color
  /// Drop shadows.
  public var shadow: Color
  /// Shelves.
  public var shelf: Color
  /// Section backgrounds, unless their decoration style gives one.
  public var sectionBackground: Color

  /// A theme with every style given.
  public init(
    text: [TextRole: TextStyle], button: TextStyle, focusedButton: TextStyle, cardBackground: Color,
    cardBorder: Color, shadow: Color, shelf: Color, sectionBackground: Color
  ) {
    self.text = text
    self.button = button
    self.focusedButton = focusedButton
    self.cardBackground = cardBackground
    self.cardBorder = cardBorder
    self.shadow = shadow
    self.shelf = shelf
    self.sectionBackground = sectionBackground
  }

  /// The style of text of `role`; plain when the theme has none.
  public func style(for role: TextRole) -> TextStyle { text[role] ?? .plain }

  /// Light text on dark cards, a blue button, a grey shadow.
  public static let standard = Theme(
    text: [
      .title: TextStyle(foreground: TerminalColor(hex: 0xF5F5FA), attributes: .bold),
      .body: TextStyle(foreground: TerminalColor(hex: 0xD0D0DC)),
      .caption: TextStyle(foreground: TerminalColor(hex: 0x9A9AB0), attributes: .italic),
      .detail: TextStyle(foreground: TerminalColor(hex: 0xC8D2FF)),
      .header: TextStyle(attributes: .bold),
      .footer: TextStyle(attributes: .dim),
    ],
    button: TextStyle(foreground: TerminalColor(hex: 0x7AA2F7), attributes: .bold),
    focusedButton: TextStyle(
      foreground: TerminalColor(hex: 0x1A1B26), background: TerminalColor(hex: 0x7AA2F7),
      attributes: .bold),
    cardBackground: Color(hex: 0x24283B),
    cardBorder: Color(hex: 0x565F89),
    shadow: Color(hex: 0x4A4A4A),
    shelf: Color(hex: 0x1F2335),
    sectionBackground: Color(hex: 0x16161E))
}
