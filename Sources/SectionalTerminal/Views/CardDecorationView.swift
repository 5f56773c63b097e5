import Sectional

/// The card behind a section: a drop shadow offset right and down, the background, and a border
/// (rounded when the style has a corner radius). A card being moved (in front of everything,
/// `ZIndex.interactivelyMoving`) is lifted: a heavy border.
public struct CardDecorationView: DecorationView {
  /// The standard card view.
  public init() {}

  /// Draws the card: its shadow, background and border, rounded when the style's corner radius is
  /// above 0.
  public func draw(
    _ attributes: LayoutAttributes, in frame: CellRect, canvas: inout Canvas, environment: DrawEnvironment
  ) {
    let style = attributes.style ?? .card
    let theme = environment.theme
    if let shadow = style.shadow {
      let dx = max(0, Int(shadow.offset.x.rounded()))
      let dy = max(0, Int(shadow.offset.y.rounded()))
      let shadowColor = theme.shadow
      if environment.colors == .none {
        canvas.drawShadow(of: frame, dx: dx, dy: dy) { cell in
          if cell.grapheme == " " { cell.grapheme = "░" }
        }
      } else {
        canvas.drawShadow(of: frame, dx: dx, dy: dy) { cell in
          cell.style.background = .rgb(shadowColor)
          if cell.style.foreground != .default { cell.style.attributes.insert(.dim) }
        }
      }
    }
    let background = style.backgroundColor ?? theme.cardBackground
    if environment.colors != .none {
      canvas.fill(frame, style: TextStyle(background: .rgb(background)))
    } else {
      canvas.fill(frame, style: .plain)
    }
    let border = TextStyle(foreground: .rgb(style.borderColor ?? theme.cardBorder))
    let lifted = attributes.zIndex >= ZIndex.interactivelyMoving
    canvas.drawBox(
      frame, border: lifted ? .heavy : style.cornerRadius > 0 ? .rounded : .square, style: border)
  }
}
