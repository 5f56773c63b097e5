import Sectional
import Testing

@testable import SectionalTerminal

@Suite struct CanvasTests {
  /// A size no screen has (from a bad COLUMNS, say) makes a canvas cut to the cell limit, not
  /// an overflow: its rows are the ones that fit.
  @Test func anAbsurdSizeIsCutToTheCellLimit() {
    let limit = Canvas.maximumCellCount
    #expect(Canvas.size(width: 99_999_999_999, height: 256) == (limit, 1))
    #expect(Canvas.size(width: 10_000, height: 10_000) == (10_000, limit / 10_000))
    #expect(Canvas.size(width: .max, height: .max) == (limit, 1))
    #expect(Canvas.size(width: 0, height: .max) == (0, limit))
    #expect(Canvas.size(width: -5, height: -5) == (0, 0))
    #expect(Canvas.size(width: 80, height: 24) == (80, 24))
    let canvas = Canvas(width: -3, height: 2)
    #expect(canvas.width == 0 && canvas.height == 2 && canvas.cells.isEmpty)
  }

  @Test func wideGraphemesTakeTwoCellsAndNeverStraddleTheClip() {
    var canvas = Canvas(width: 5, height: 1)
    let used = canvas.drawText("漢字x", x: 0, y: 0, style: .plain)
    #expect(used == 5)
    #expect(canvas[0, 0].width == 2 && canvas[1, 0].isContinuation)
    #expect(canvas.line(0) == "漢字x")

    var clipped = Canvas(width: 3, height: 1)
    clipped.drawText("漢字", x: 0, y: 0, style: .plain)
    #expect(clipped.line(0) == "漢", "the second ideograph does not fit and is not drawn")
    clipped.put("字", columns: 2, x: 2, y: 0, style: .plain)
    #expect(clipped.line(0, trimmingTrailingSpaces: false) == "漢 ", "cut by the edge: a space")
  }

  /// Words set two spaces apart are drawn two columns apart, so they wrap as wide as they draw:
  /// "b" goes to the next row rather than past the edge.
  @Test func wrappedTextKeepsItsSpacingAndLosesNoWord() {
    var canvas = Canvas(width: 6, height: 3)
    let rows = canvas.drawWrappedText(
      "a  b ccc", in: CellRect(x: 0, y: 0, width: 3, height: 3), style: .plain)
    #expect(rows == 3)
    #expect((0..<3).map { canvas.line($0) } == ["a", "b", "ccc"])
    let wide = canvas.drawWrappedText("a  b", in: CellRect(x: 0, y: 0, width: 4, height: 1), style: .plain)
    #expect(wide == 1 && canvas.line(0) == "a  b")
  }

  @Test func overwritingHalfAWideGraphemeBlanksTheOtherHalf() {
    var canvas = Canvas(width: 4, height: 1)
    canvas.drawText("漢字", x: 0, y: 0, style: .plain)
    canvas.put("a", columns: 1, x: 1, y: 0, style: .plain)
    #expect(canvas.line(0) == " a字")
    canvas.put("b", columns: 1, x: 2, y: 0, style: .plain)
    #expect(canvas.line(0, trimmingTrailingSpaces: false) == " ab ")
    #expect(canvas.cells.allSatisfy { $0.width == 1 })
  }

  @Test func clipDropsEverythingOutside() {
    var canvas = Canvas(width: 6, height: 3)
    canvas.withClip(CellRect(x: 1, y: 1, width: 3, height: 1)) { canvas in
      canvas.fill(CellRect(x: 0, y: 0, width: 6, height: 3), with: "#", style: .plain)
    }
    #expect(canvas.plainText() == "\n ###\n")
  }

  @Test func roundedBoxAndShadow() {
    var canvas = Canvas(width: 7, height: 4)
    let card = CellRect(x: 0, y: 0, width: 5, height: 3)
    canvas.drawShadow(of: card, dx: 1, dy: 1) { $0.grapheme = "░" }
    canvas.drawBox(card, border: .rounded, style: .plain)
    #expect(
      canvas.plainText() == """
        ╭───╮
        │   │░
        ╰───╯░
         ░░░░░
        """)
  }

  @Test func aDefaultBackgroundShowsWhatIsBehind() {
    var canvas = Canvas(width: 3, height: 1)
    let blue = TerminalColor(hex: 0x0000FF)
    canvas.fill(canvas.bounds, style: TextStyle(background: blue))
    canvas.drawText("ab", x: 0, y: 0, style: TextStyle(foreground: TerminalColor(hex: 0xFFFFFF)))
    #expect(canvas[0, 0].style.background == blue)
    canvas.put("c", columns: 1, x: 2, y: 0, style: .plain, opaque: true)
    #expect(canvas[2, 0].style.background == .default)
  }

  @Test func shiftRowsMovesABand() {
    var canvas = Canvas(width: 2, height: 4)
    for y in 0..<4 { canvas.drawText("\(y)", x: 0, y: y, style: .plain) }
    canvas.shiftRows(top: 1, bottom: 4, by: -1)
    #expect(canvas.plainText() == "0\n2\n3\n")
    canvas.shiftRows(top: 0, bottom: 4, by: 2)
    #expect(canvas.plainText() == "\n\n0\n2")
  }

  @Test func tinyCanvasesAreSafe() {
    var empty = Canvas(width: 0, height: 0)
    empty.drawText("hello", x: 0, y: 0, style: .plain)
    empty.drawBox(CellRect(x: 0, y: 0, width: 3, height: 3), border: .rounded, style: .plain)
    #expect(empty.cells.isEmpty)
    var one = Canvas(width: 1, height: 1)
    one.drawBox(CellRect(x: 0, y: 0, width: 5, height: 5), border: .rounded, style: .plain)
    #expect(one.line(0) == "╭")
    one.drawText("漢", x: 0, y: 0, style: .plain)
    #expect(one[0, 0].width == 1)
  }
}
