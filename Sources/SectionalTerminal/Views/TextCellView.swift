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
  public func draw(
    _ descriptor: CellDescriptor, in frame: CellRect, state: CellState, canvas: inout Canvas,
    environment: DrawEnvironment
  ) {
    var role = self.role
    if case .text(_, let contentRole) = descriptor.content { role = contentRole }
    var style = environment.theme.style(for: role)
    if state.isSelected { style.attributes.insert(.underline) }
    canvas.drawWrappedText(Self.text(of: descriptor.content), in: frame, style: style)
  }

  static func text(of content: CellContent) -> String {
    switch content {
    case .text(let text, _), .button(let text): text
    case .custom: ""
    }
  }
}
