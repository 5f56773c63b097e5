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

extension CellContent {
  /// The text a text or button cell shows; empty for custom content.
  package var shownText: String {
    switch self {
    case .text(let text, _), .button(let text): text
    case .custom: ""
    }
  }
}
