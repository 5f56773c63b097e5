import Sectional

/// Wrapped text in its role's style.
public struct TextCellView: CellView {
  /// The role to draw in when the content does not say.
  public var role: TextRole

  /// A view drawing text in the theme's style for `role` (body by default).
  public init(role: TextRole = .body) { self.role = role }

  /// The wrapped text's size at `width`: its widest line by its number of lines.
  public func measure(_ descriptor: CellDescriptor, width: Int) -> (width: Int, height: Int) {
    TextLayout.size(of: Self.text(of: descriptor.content), width: width)
  }

  /// Draws the text wrapped at the frame's width in its role's style, underlined when selected.
  /// Focused (Tab stops on a row its controller lets the user select or move), the whole frame
  /// is a bar in the focused button's colours, reversed without colour: otherwise the user
  /// cannot see where Enter would go.
  public func draw(
    _ descriptor: CellDescriptor, in frame: CellRect, state: CellState, canvas: inout Canvas,
    environment: DrawEnvironment
  ) {
    var role = self.role
    if case .text(_, let contentRole) = descriptor.content { role = contentRole }
    var style = environment.theme.style(for: role)
    if state.isSelected { style.attributes.insert(.underline) }
    if state.isFocused {
      if environment.colors == .none {
        style.attributes.insert(.reverse)
      } else {
        style.foreground = environment.theme.focusedButton.foreground
        style.background = environment.theme.focusedButton.background
      }
      canvas.fill(frame, style: style)
    }
    canvas.drawWrappedText(Self.text(of: descriptor.content), in: frame, style: style)
  }

  static func text(of content: CellContent) -> String {
    switch content {
    case .text(let text, _), .button(let text): text
    case .custom: ""
    }
  }
}
