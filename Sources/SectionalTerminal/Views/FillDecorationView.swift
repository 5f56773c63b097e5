import Sectional

/// A filled band: shelves behind each line of items, or the background behind a section.
public struct FillDecorationView: DecorationView {
  /// The fill colour, from the theme; a decoration style's background colour wins.
  public var color: @Sendable (Theme) -> Color

  /// A view filling with the theme colour `color` picks.
  public init(color: @escaping @Sendable (Theme) -> Color) { self.color = color }

  /// Fills the frame.
  public func draw(
    _ attributes: LayoutAttributes, in frame: CellRect, canvas: inout Canvas, environment: DrawEnvironment
  ) {
    guard environment.colors != .none else { return }
    let fill = attributes.style?.backgroundColor ?? color(environment.theme)
    canvas.fill(frame, style: TextStyle(background: .rgb(fill)))
  }
}
