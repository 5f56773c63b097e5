import Sectional
import SectionalTerminal

/// A numbered tile: a rounded box with its number in the middle.
package struct TileCellView: CellView {
  package init() {}

  package func measure(_ descriptor: CellDescriptor, width: Int) -> (width: Int, height: Int) { (width, 3) }

  package func draw(
    _ descriptor: CellDescriptor, in frame: CellRect, state: CellState, canvas: inout Canvas,
    environment: DrawEnvironment
  ) {
    let text = descriptor.content.shownText
    let border = TextStyle(foreground: .rgb(environment.theme.cardBorder))
    canvas.drawBox(frame, border: .rounded, style: border)
    let width = DisplayWidth.of(text)
    let x = frame.x + max(0, (frame.width - width) / 2)
    let y = frame.y + max(0, (frame.height - 1) / 2)
    canvas.drawText(
      text, x: x, y: y, style: environment.theme.style(for: .title), maxWidth: max(0, frame.maxX - x))
  }
}

/// A badge: its text between spaces, bold on red where the terminal has colour, in reverse video
/// where it does not.
package struct BadgeView: SupplementaryView {
  package init() {}

  package func draw(
    _ descriptor: SupplementaryDescriptor, kind: ElementKind, in frame: CellRect, canvas: inout Canvas,
    environment: DrawEnvironment
  ) {
    let style =
      environment.colors == .none
      ? TextStyle(attributes: .reverse)
      : TextStyle(
        foreground: .rgb(Color(hex: 0xFFFFFF)), background: .rgb(Color(hex: 0xD14D41)), attributes: .bold)
    canvas.fill(frame, style: style)
    let text = descriptor.content.shownText
    let width = DisplayWidth.of(text)
    canvas.drawText(
      text, x: frame.x + max(0, (frame.width - width) / 2), y: frame.y, style: style, maxWidth: frame.width)
  }
}

extension CellContent {
  /// The text a text or button cell shows; empty for custom content.
  var shownText: String {
    switch self {
    case .text(let text, _), .button(let text): text
    case .custom: ""
    }
  }
}

/// A shelf under a row of books: a heavy line, wood-coloured where the terminal has colour.
package struct ShelfView: DecorationView {
  package init() {}

  package func draw(
    _ attributes: LayoutAttributes, in frame: CellRect, canvas: inout Canvas, environment: DrawEnvironment
  ) {
    let wood = attributes.style?.backgroundColor ?? Color(hex: 0x8B5A2B)
    let style =
      environment.colors == .none
      ? TextStyle.plain : TextStyle(foreground: .rgb(Color(hex: 0xD9A066)), background: .rgb(wood))
    canvas.fill(frame, with: "▀", style: style)
  }
}

/// A section's background: its colour where the terminal has colour, a dotted outline where it
/// does not (so the sections stay apart in a plain print).
package struct BackgroundView: DecorationView {
  package init() {}

  package func draw(
    _ attributes: LayoutAttributes, in frame: CellRect, canvas: inout Canvas, environment: DrawEnvironment
  ) {
    if environment.colors == .none {
      canvas.drawBox(frame, border: .square, style: .plain)
      return
    }
    let fill = attributes.style?.backgroundColor ?? environment.theme.sectionBackground
    canvas.fill(frame, style: TextStyle(background: .rgb(fill)))
  }
}
