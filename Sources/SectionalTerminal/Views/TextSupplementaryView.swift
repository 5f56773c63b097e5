import Sectional

/// A header or footer: wrapped text in the header or footer role.
public struct TextSupplementaryView: SupplementaryView {
  /// The standard header and footer view.
  public init() {}

  /// Draws the text wrapped in the frame, in its role's style (header or footer by default),
  /// over a blank frame: a pinned header hides what scrolls under it.
  public func draw(
    _ descriptor: SupplementaryDescriptor, kind: ElementKind, in frame: CellRect, canvas: inout Canvas,
    environment: DrawEnvironment
  ) {
    var role: TextRole = kind == .footer ? .footer : .header
    if case .text(_, let contentRole) = descriptor.content { role = contentRole }
    let style = environment.theme.style(for: role)
    canvas.fill(frame, style: TextStyle(background: style.background))
    canvas.drawWrappedText(TextCellView.text(of: descriptor.content), in: frame, style: style)
  }
}
