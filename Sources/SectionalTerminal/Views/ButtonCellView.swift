import Sectional

/// A button: its label in brackets, highlighted when focused.
public struct ButtonCellView: CellView {
  /// The standard button view.
  public init() {}

  /// The label's display width plus four columns (`[ label ]`), at most `width`; one row.
  public func measure(_ descriptor: CellDescriptor, width: Int) -> (width: Int, height: Int) {
    (min(width, DisplayWidth.of(Sanitizer.clean(label(of: descriptor), singleLine: true)) + 4), 1)
  }

  /// Draws `[ label ]` in the theme's button style; focused, in the focused style (reversed
  /// when there is no colour).
  public func draw(
    _ descriptor: CellDescriptor, in frame: CellRect, state: CellState, canvas: inout Canvas,
    environment: DrawEnvironment
  ) {
    let theme = environment.theme
    var style = state.isFocused ? theme.focusedButton : theme.button
    if state.isFocused && environment.colors == .none { style.attributes.insert(.reverse) }
    let text = "[ " + Sanitizer.clean(label(of: descriptor), singleLine: true) + " ]"
    canvas.withClip(frame) { canvas in
      canvas.drawText(text, x: frame.x, y: frame.y, style: style, maxWidth: frame.width)
    }
  }

  private func label(of descriptor: CellDescriptor) -> String {
    if case .button(let label) = descriptor.content { return label }
    return TextCellView.text(of: descriptor.content)
  }
}
