/// A rectangle of whole cells: columns across, rows down.
public struct CellRect: Hashable, Sendable {
  /// The left column.
  public var x: Int
  /// The top row.
  public var y: Int
  /// The number of columns.
  public var width: Int
  /// The number of rows.
  public var height: Int

  /// The rect at column `x`, row `y`, `width` columns by `height` rows.
  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = max(0, width)
    self.height = max(0, height)
  }

  /// The column after the last.
  public var maxX: Int { x + width }
  /// The row after the last.
  public var maxY: Int { y + height }
  /// Whether it covers no cell.
  public var isEmpty: Bool { width == 0 || height == 0 }

  /// The cells both cover; empty (zero width and height) when they do not overlap.
  public func intersection(_ other: CellRect) -> CellRect {
    let minX = max(x, other.x)
    let minY = max(y, other.y)
    let maxX = min(self.maxX, other.maxX)
    let maxY = min(self.maxY, other.maxY)
    guard maxX > minX, maxY > minY else { return CellRect(x: minX, y: minY, width: 0, height: 0) }
    return CellRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }

  package func contains(x px: Int, y py: Int) -> Bool { px >= x && px < maxX && py >= y && py < maxY }

  package func offsetBy(dx: Int, dy: Int) -> CellRect {
    CellRect(x: x + dx, y: y + dy, width: width, height: height)
  }
}

/// One cell of the screen: a grapheme, how many columns it takes, and its style. The cell to the
/// right of a wide grapheme is a continuation (width 0) that is never written on its own.
public struct TerminalCell: Hashable, Sendable {
  /// What the cell shows: one grapheme cluster, a space when blank.
  public var grapheme: Character
  /// 1 or 2 for a grapheme's first cell, 0 for the continuation of a wide one.
  public var width: UInt8
  /// Its colours and attributes.
  public var style: TextStyle

  /// A cell showing `grapheme` over `width` columns in `style`; a plain space by default.
  public init(_ grapheme: Character = " ", width: UInt8 = 1, style: TextStyle = .plain) {
    self.grapheme = grapheme
    self.width = width
    self.style = style
  }

  /// A plain space.
  public static let blank = TerminalCell()
  package var isContinuation: Bool { width == 0 }
}

/// A grid of cells that views draw into, clipped to ``clip``. Wide graphemes never straddle the
/// clip's edge (they become a space), and overwriting half of a wide grapheme blanks its other
/// half, so every row always encodes to exactly `width` columns.
///
/// A style whose background is `.default` is transparent: drawing keeps the background already
/// there, so text drawn on a card keeps the card's colour.
public struct Canvas: Sendable {
  /// The number of columns.
  public let width: Int
  /// The number of rows.
  public let height: Int
  package private(set) var cells: [TerminalCell]
  /// Where drawing lands; everything outside is dropped. Always within the canvas.
  public var clip: CellRect {
    didSet { clip = clip.intersection(bounds) }
  }

  /// The most cells a canvas holds (4,000,000: a screen 10,000 columns wide and 400 rows tall,
  /// as many as `feed` prints in one frame); past it a size is a mistake, not a screen. A
  /// viewer holds two canvases of its size (its frame and the screen its encoder diffs against),
  /// 32 bytes a cell: 256 MB at most. At 16,777,216 a 10,000 × 10,000 window took 1 GB.
  package static let maximumCellCount = 4_000_000

  /// The size a canvas asked for `width` by `height` has: no side negative, at most
  /// ``maximumCellCount`` cells, rows cut first.
  package static func size(width: Int, height: Int) -> (width: Int, height: Int) {
    let width = min(max(0, width), maximumCellCount)
    return (width, min(max(0, height), maximumCellCount / max(1, width)))
  }

  /// A canvas of `width` by `height` cells, every cell `fill`, clipped to the whole canvas.
  /// Negative sizes become 0, and a canvas of more than 4,000,000 cells is cut to as many rows
  /// as fit: a size from a bad environment variable is never an overflow or gigabytes.
  public init(width: Int, height: Int, fill: TerminalCell = .blank) {
    (self.width, self.height) = Self.size(width: width, height: height)
    cells = Array(repeating: fill, count: self.width * self.height)
    clip = CellRect(x: 0, y: 0, width: self.width, height: self.height)
  }

  /// The whole canvas.
  public var bounds: CellRect { CellRect(x: 0, y: 0, width: width, height: height) }

  /// The cell at column `x`, row `y`; a blank cell outside the canvas.
  public subscript(x: Int, y: Int) -> TerminalCell {
    get { cells[y * width + x] }
  }

  /// Runs `body` with the clip narrowed to `rect`, then restores it.
  @discardableResult
  public mutating func withClip<R>(_ rect: CellRect, _ body: (inout Canvas) -> R) -> R {
    let saved = clip
    clip = saved.intersection(rect)
    defer { clip = saved }
    return body(&self)
  }

  /// Clears every cell to `cell`.
  public mutating func clear(to cell: TerminalCell = .blank) {
    for index in cells.indices { cells[index] = cell }
  }

  // MARK: - Cells

  /// Puts one grapheme of `columns` width (1 or 2) at (x, y), if it fits inside the clip.
  /// With `opaque`, a default background replaces the one there (what a terminal does) instead
  /// of showing it through.
  public mutating func put(
    _ grapheme: Character, columns: Int, x: Int, y: Int, style: TextStyle, opaque: Bool = false
  ) {
    guard clip.contains(x: x, y: y), columns > 0 else { return }
    if columns >= 2 {
      guard x + 1 < clip.maxX else {
        // A wide grapheme cut by the edge: the visible half is a space.
        set(TerminalCell(" ", width: 1, style: style), x: x, y: y, opaque: opaque)
        return
      }
      set(TerminalCell(grapheme, width: 2, style: style), x: x, y: y, opaque: opaque)
      set(TerminalCell(" ", width: 0, style: style), x: x + 1, y: y, opaque: opaque)
    } else {
      set(TerminalCell(grapheme, width: 1, style: style), x: x, y: y, opaque: opaque)
    }
  }

  /// Writes a cell, keeping wide graphemes whole: a wide grapheme half covered is blanked.
  private mutating func set(_ cell: TerminalCell, x: Int, y: Int, opaque: Bool = false) {
    let index = y * width + x
    // The old cell's fields are read one by one: copying it whole would retain its grapheme.
    let oldWidth = cells[index].width
    var cell = cell
    if !opaque && cell.style.background == .default { cell.style.background = cells[index].style.background }
    if oldWidth == 2 && cell.width != 2 && x + 1 < width {
      cells[index + 1] = TerminalCell(" ", width: 1, style: cells[index + 1].style)
    }
    if oldWidth == 0 && !cell.isContinuation && x > 0 {
      cells[index - 1] = TerminalCell(" ", width: 1, style: cells[index - 1].style)
    }
    if cell.width == 2 && x + 2 < width && cells[index + 2].isContinuation && oldWidth != 2 {
      // The cell after our continuation was the continuation of the wide grapheme we cover.
      cells[index + 2] = TerminalCell(" ", width: 1, style: cells[index + 2].style)
    }
    cells[index] = cell
  }

  /// Changes cells in `rect` (clipped) with `body`; it must not change widths.
  package mutating func modify(_ rect: CellRect, _ body: (inout TerminalCell) -> Void) {
    let area = rect.intersection(clip)
    guard !area.isEmpty else { return }
    for y in area.y..<area.maxY {
      let row = y * width
      for x in area.x..<area.maxX {
        let width = cells[row + x].width
        body(&cells[row + x])
        cells[row + x].width = width
      }
    }
  }

  /// Fills `rect` with `grapheme` (a single-column one) in `style`.
  public mutating func fill(_ rect: CellRect, with grapheme: Character = " ", style: TextStyle) {
    let area = rect.intersection(clip)
    guard !area.isEmpty else { return }
    let cell = TerminalCell(grapheme, width: 1, style: style)
    let transparent = style.background == .default
    for y in area.y..<area.maxY {
      for x in area.x..<area.maxX {
        let index = y * width + x
        // Most cells hold a narrow grapheme: overwrite in place, reading only the two fields
        // that matter instead of copying the old cell. Wide graphemes take the careful path.
        guard cells[index].width == 1 else {
          set(cell, x: x, y: y)
          continue
        }
        if transparent {
          let background = cells[index].style.background
          cells[index] = cell
          cells[index].style.background = background
        } else {
          cells[index] = cell
        }
      }
    }
  }

  // MARK: - Text

  /// Draws `text` on one row from `x`, at most `maxWidth` columns; returns the columns used.
  /// Control characters are dropped here too, whatever the caller did: nothing drawn can be an
  /// escape sequence.
  @discardableResult
  public mutating func drawText(
    _ text: some StringProtocol, x: Int, y: Int, style: TextStyle, maxWidth: Int = .max
  ) -> Int {
    var column = x
    let limit = maxWidth == .max ? Int.max : x + max(0, maxWidth)
    for character in text {
      let columns = DisplayWidth.of(character)
      // Controls measure 0 and are dropped; so is a zero-width cluster (a lone combining mark),
      // which has no cell of its own.
      if columns == 0 { continue }
      if column + columns > limit { break }
      put(character, columns: columns, x: column, y: y, style: style)
      column += columns
    }
    return column - x
  }

  /// Draws text wrapped to `rect`'s width, one line a row, clipped to `rect`; returns the rows
  /// the text takes (which may be more than `rect.height`).
  @discardableResult
  public mutating func drawWrappedText(_ text: String, in rect: CellRect, style: TextStyle) -> Int {
    let lines = TextLayout.lines(text, width: rect.width)
    withClip(rect) { canvas in
      // Only the rows the clip shows: a cell far taller than the viewport costs its visible part.
      let first = max(0, canvas.clip.y - rect.y)
      let end = min(lines.count, rect.height, canvas.clip.maxY - rect.y)
      guard first < end else { return }
      for row in first..<end {
        canvas.drawText(lines[row], x: rect.x, y: rect.y + row, style: style, maxWidth: rect.width)
      }
    }
    return lines.count
  }

  // MARK: - Boxes and shadows

  /// Draws a border around the inside edge of `rect`.
  public mutating func drawBox(_ rect: CellRect, border: BorderStyle, style: TextStyle) {
    guard rect.width > 0, rect.height > 0 else { return }
    let glyphs = border.glyphs
    let right = rect.maxX - 1
    let bottom = rect.maxY - 1
    if rect.width == 1 || rect.height == 1 {
      // Too thin for corners: a line.
      let glyph = rect.height == 1 ? glyphs.horizontal : glyphs.vertical
      fill(rect, with: glyph, style: style)
      return
    }
    put(glyphs.topLeft, columns: 1, x: rect.x, y: rect.y, style: style)
    put(glyphs.topRight, columns: 1, x: right, y: rect.y, style: style)
    put(glyphs.bottomLeft, columns: 1, x: rect.x, y: bottom, style: style)
    put(glyphs.bottomRight, columns: 1, x: right, y: bottom, style: style)
    fill(
      CellRect(x: rect.x + 1, y: rect.y, width: rect.width - 2, height: 1), with: glyphs.horizontal,
      style: style)
    fill(
      CellRect(x: rect.x + 1, y: bottom, width: rect.width - 2, height: 1), with: glyphs.horizontal,
      style: style)
    fill(
      CellRect(x: rect.x, y: rect.y + 1, width: 1, height: rect.height - 2), with: glyphs.vertical,
      style: style)
    fill(
      CellRect(x: right, y: rect.y + 1, width: 1, height: rect.height - 2), with: glyphs.vertical,
      style: style)
  }

  /// Shades the cells a drop shadow of `rect` covers: `rect` moved by (dx, dy), less `rect`
  /// itself. `shade` changes each covered cell (darken it, or put a shade character).
  public mutating func drawShadow(of rect: CellRect, dx: Int, dy: Int, _ shade: (inout TerminalCell) -> Void)
  {
    guard !rect.isEmpty, dx >= 0, dy >= 0, dx + dy > 0 else { return }
    let shadow = rect.offsetBy(dx: dx, dy: dy)
    // The strip to the right, then the strip below (without their overlap twice).
    if dx > 0 {
      modify(CellRect(x: rect.maxX, y: shadow.y, width: dx, height: shadow.maxY - shadow.y - dy), shade)
    }
    if dy > 0 { modify(CellRect(x: shadow.x, y: rect.maxY, width: shadow.width, height: dy), shade) }
  }

  // MARK: - Reading

  /// Row `y` as text (continuations skipped), trailing spaces trimmed when asked.
  public func line(_ y: Int, trimmingTrailingSpaces: Bool = true) -> String {
    var text = ""
    for x in 0..<width {
      let cell = self[x, y]
      if !cell.isContinuation { text.append(cell.grapheme) }
    }
    if trimmingTrailingSpaces {
      while text.last == " " { text.removeLast() }
    }
    return text
  }

  /// Every row as text, one line each.
  public func plainText(trimmingTrailingSpaces: Bool = true) -> String {
    (0..<height).map { line($0, trimmingTrailingSpaces: trimmingTrailingSpaces) }.joined(separator: "\n")
  }

  /// Moves rows `top..<bottom` by `dy` (positive: down), the vacated rows filled with `fill`:
  /// what a terminal's scroll region does.
  package mutating func shiftRows(top: Int, bottom: Int, by dy: Int, fill: TerminalCell = .blank) {
    let top = max(0, top)
    let bottom = min(height, bottom)
    guard dy != 0, bottom > top else { return }
    let moved = cells
    for y in top..<bottom {
      let source = y - dy
      for x in 0..<width {
        cells[y * width + x] = (source >= top && source < bottom) ? moved[source * width + x] : fill
      }
    }
  }
}

/// The characters a box is drawn with.
public enum BorderStyle: Hashable, Sendable {
  /// `╭─╮`: a card.
  case rounded
  /// `┌─┐`.
  case square
  /// `┏━┓`.
  case heavy
  /// `╔═╗`.
  case double
  /// `+-+`: for terminals without box-drawing characters.
  case ascii

  /// The six characters of one border style.
  public struct Glyphs: Sendable {
    /// The corners clockwise from the top left, then the horizontal and vertical edges.
    public var topLeft, topRight, bottomLeft, bottomRight, horizontal, vertical: Character
  }

  /// The style's characters.
  public var glyphs: Glyphs {
    switch self {
    case .rounded:
      Glyphs(topLeft: "╭", topRight: "╮", bottomLeft: "╰", bottomRight: "╯", horizontal: "─", vertical: "│")
    case .square:
      Glyphs(topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘", horizontal: "─", vertical: "│")
    case .heavy:
      Glyphs(topLeft: "┏", topRight: "┓", bottomLeft: "┗", bottomRight: "┛", horizontal: "━", vertical: "┃")
    case .double:
      Glyphs(topLeft: "╔", topRight: "╗", bottomLeft: "╚", bottomRight: "╝", horizontal: "═", vertical: "║")
    case .ascii:
      Glyphs(topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+", horizontal: "-", vertical: "|")
    }
  }
}
