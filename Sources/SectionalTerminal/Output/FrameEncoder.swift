/// Turns canvases into the bytes that bring the terminal from the last frame to the next.
///
/// - Only cells that changed are written; the cursor takes the cheapest move (nothing when the
///   next change is where the cursor is, a forward move or the few unchanged cells themselves
///   on the same row, `\r\n` to the next row, otherwise an absolute move).
/// - Styles change by the smallest SGR.
/// - When rows moved as a band — a scroll, or a card growing and pushing the rest down — the
///   terminal moves them itself with a scroll region (`CSI t;b r` + `CSI n S`/`CSI n T`), and only
///   the rows that came into view are drawn. The band is found by hashing rows, the way curses
///   finds its scrolls, so it works for any change, not only for scrolling.
/// - A row holding a grapheme whose width terminals disagree on (an emoji sequence, a private-use
///   character, an Indic cluster: ``DisplayWidth/isUncertain(_:)``) is rewritten whole when it
///   changes, each such grapheme over blanks of its width and followed by an absolute cursor
///   move: whatever width the terminal gives it, the row heals instead of keeping stale cells.
/// - A frame is one write, inside synchronized output (`CSI ? 2026 h` … `l`); a frame with no
///   change is no bytes at all.
package struct FrameEncoder: Sendable {
  package let colors: ColorDepth
  /// Whether frames are wrapped in synchronized output.
  package var synchronized = true
  /// Whether bands of moved rows are scrolled by the terminal.
  package var usesScrollRegions = true
  /// What the terminal shows now, as far as this encoder knows.
  package private(set) var screen: Canvas?
  private var screenHashes: [UInt64] = []
  private var styles: StyleWriter

  package init(colors: ColorDepth) {
    self.colors = colors
    styles = StyleWriter(colors: colors)
  }

  /// Forgets the screen: the next frame is drawn in full (after a resize, or when something
  /// else wrote to the terminal).
  package mutating func invalidate() {
    screen = nil
    screenHashes = []
    styles.current = nil
  }

  /// Every cell of `canvas`, without diffing: what a renderer that repaints everything writes.
  /// The screen is cleared first. It becomes the screen the next diff starts from.
  package mutating func encodeFull(_ canvas: Canvas) -> [UInt8] {
    var out = ByteWriter(capacity: canvas.width * canvas.height * 4)
    if synchronized { out.write(ANSI.beginSynchronizedUpdate) }
    styles.current = nil
    out.write(ANSI.resetStyle)
    out.write(ANSI.clearScreen)
    styles.current = TextStyle()
    for y in 0..<canvas.height {
      out.moveCursor(x: 0, y: y)
      for x in 0..<canvas.width {
        let cell = canvas[x, y]
        if cell.isContinuation { continue }
        styles.set(cell.style, into: &out)
        guard DisplayWidth.isUncertain(cell.grapheme) else {
          out.append(grapheme: cell.grapheme)
          continue
        }
        // Over blanks of its width, as an incremental frame writes it: a terminal that draws it
        // narrower shows the cell's own background beside it either way, not what the clear
        // left. Then the terminal may have moved the cursor by another width: say where the
        // next cell is.
        let span = Swift.max(1, Int(cell.width))
        for _ in 0..<span { out.append(grapheme: " ") }
        out.moveCursor(x: x, y: y)
        out.append(grapheme: cell.grapheme)
        if x + span < canvas.width { out.moveCursor(x: x + span, y: y) }
      }
    }
    out.write(ANSI.resetStyle)
    styles.current = TextStyle()
    if synchronized { out.write(ANSI.endSynchronizedUpdate) }
    screen = canvas
    screenHashes = Self.rowHashes(canvas)
    return out.bytes
  }

  /// The bytes from the current screen to `canvas`: changed cells only. A canvas of another
  /// size than the screen is drawn in full.
  package mutating func encode(_ canvas: Canvas) -> [UInt8] {
    guard var old = screen, old.width == canvas.width, old.height == canvas.height else {
      return encodeFull(canvas)
    }
    let newHashes = Self.rowHashes(canvas)
    var out = ByteWriter(capacity: 4096)
    var cursor: (x: Int, y: Int)? = nil
    if usesScrollRegions,
      let shift = Self.findShift(old: old, oldHashes: screenHashes, new: canvas, newHashes: newHashes)
    {
      styles.set(TextStyle(), into: &out)
      if shift.top == 0 && shift.bottom == canvas.height - 1 {
        emitScroll(shift.dy, into: &out)
      } else {
        out.write("\u{1B}[")
        out.append(number: shift.top + 1)
        out.write(";")
        out.append(number: shift.bottom + 1)
        out.write("r")
        emitScroll(shift.dy, into: &out)
        out.write("\u{1B}[r")
      }
      old.shiftRows(top: shift.top, bottom: shift.bottom + 1, by: shift.dy)
      // The hashes move with their rows; vacated rows are blank.
      let blank = Self.rowHashOfBlank(width: canvas.width)
      let moved = screenHashes
      for row in shift.top...shift.bottom {
        let source = row - shift.dy
        screenHashes[row] = source >= shift.top && source <= shift.bottom ? moved[source] : blank
      }
    }
    for y in 0..<canvas.height {
      if newHashes[y] == screenHashes[y] && Self.rowsEqual(old, canvas, y) { continue }
      // A row holding a grapheme of uncertain width is written whole (see the type's notes).
      let wholeRow = Self.hasUncertainWidth(canvas, y) || Self.hasUncertainWidth(old, y)
      var x = 0
      while x < canvas.width {
        let cell = canvas[x, y]
        if cell.isContinuation {
          x += 1
          continue
        }
        let span = Swift.max(1, Int(cell.width))
        var changed = wholeRow || old[x, y] != cell
        if !changed && span == 2 && x + 1 < canvas.width { changed = old[x + 1, y] != canvas[x + 1, y] }
        if !changed {
          x += span
          continue
        }
        move(to: x, y, from: &cursor, canvas: canvas, into: &out)
        styles.set(cell.style, into: &out)
        let next = x + span
        if wholeRow && DisplayWidth.isUncertain(cell.grapheme) {
          // Over blanks of its width, and no trust in where the terminal leaves the cursor.
          for _ in 0..<span { out.append(grapheme: " ") }
          out.moveCursor(x: x, y: y)
          out.append(grapheme: cell.grapheme)
          cursor = nil
        } else {
          out.append(grapheme: cell.grapheme)
          cursor = next < canvas.width ? (next, y) : nil  // the last column leaves a pending wrap
        }
        x = next
      }
    }
    screen = canvas
    screenHashes = newHashes
    guard !out.bytes.isEmpty else { return [] }
    var framed = ByteWriter(capacity: out.bytes.count + 24)
    if synchronized { framed.write(ANSI.beginSynchronizedUpdate) }
    framed.bytes += out.bytes
    if synchronized { framed.write(ANSI.endSynchronizedUpdate) }
    return framed.bytes
  }

  /// Whether row `y` holds a grapheme whose width terminals disagree on.
  static func hasUncertainWidth(_ canvas: Canvas, _ y: Int) -> Bool {
    for x in 0..<canvas.width {
      let grapheme = canvas[x, y].grapheme
      if grapheme.utf8.count > 1 && DisplayWidth.isUncertain(grapheme) { return true }
    }
    return false
  }

  private func emitScroll(_ dy: Int, into out: inout ByteWriter) {
    out.write("\u{1B}[")
    out.append(number: abs(dy))
    out.write(dy < 0 ? "S" : "T")
  }

  /// Moves the cursor to (x, y) the cheapest way.
  private mutating func move(
    to x: Int, _ y: Int, from cursor: inout (x: Int, y: Int)?, canvas: Canvas, into out: inout ByteWriter
  ) {
    if let current = cursor {
      if current.y == y && current.x == x { return }
      if current.y == y && x > current.x {
        let gap = x - current.x
        // Rewriting a few unchanged cells in the current style is cheaper than a move.
        if gap <= 3, let style = styles.current,
          rewritable(canvas, from: current.x, to: x, y: y, style: style)
        {
          for column in current.x..<x { out.append(grapheme: canvas[column, y].grapheme) }
          return
        }
        out.write("\u{1B}[")
        if gap > 1 { out.append(number: gap) }
        out.write("C")
        return
      }
      if current.y + 1 == y && x == 0 {
        out.write("\r\n")
        return
      }
    }
    out.moveCursor(x: x, y: y)
  }

  private func rewritable(_ canvas: Canvas, from start: Int, to end: Int, y: Int, style: TextStyle) -> Bool {
    for column in start..<end {
      let cell = canvas[column, y]
      if cell.width != 1 || styles.effective(cell.style) != style || cell.grapheme.utf8.count != 1 {
        return false
      }
    }
    return true
  }

  // MARK: - Rows

  static func rowsEqual(_ a: Canvas, _ b: Canvas, _ y: Int) -> Bool {
    let start = y * a.width
    return a.cells[start..<(start + a.width)] == b.cells[start..<(start + b.width)]
  }

  /// A cheap hash per row (FNV-1a over the cells' first scalar, width and style); equal rows
  /// hash equal, and collisions are checked cell by cell before anything is trusted.
  static func rowHashes(_ canvas: Canvas) -> [UInt64] {
    var hashes = [UInt64](repeating: 0, count: canvas.height)
    canvas.cells.withUnsafeBufferPointer { cells in
      for y in 0..<canvas.height {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        @inline(__always) func mix(_ value: UInt64) {
          hash = (hash ^ value) &* 0x0000_0100_0000_01B3
        }
        for cell in cells[(y * canvas.width)..<((y + 1) * canvas.width)] {
          let scalar = cell.grapheme.unicodeScalars.first?.value ?? 0
          mix(UInt64(scalar) | UInt64(cell.width) << 32 | UInt64(cell.style.attributes.rawValue) << 40)
          mix(colorKey(cell.style.foreground) << 32 | colorKey(cell.style.background))
        }
        hashes[y] = hash
      }
    }
    return hashes
  }

  @inline(__always)
  static func colorKey(_ color: TerminalColor) -> UInt64 {
    switch color {
    case .default: 1 << 24
    case .rgb(let c): UInt64(c.red) << 16 | UInt64(c.green) << 8 | UInt64(c.blue)
    }
  }

  /// A band of rows `top...bottom` whose content moved by `dy` (negative: up).
  struct Shift: Equatable {
    var top: Int
    var bottom: Int
    var dy: Int
  }

  /// The band move that makes the most rows right, if it makes more right than it breaks.
  static func findShift(old: Canvas, oldHashes: [UInt64], new: Canvas, newHashes: [UInt64]) -> Shift? {
    let height = new.height
    guard height > 2 else { return nil }
    var rowsByHash: [UInt64: [Int]] = [:]
    for (row, hash) in oldHashes.enumerated() { rowsByHash[hash, default: []].append(row) }
    var votes: [Int: Int] = [:]
    for row in 0..<height where newHashes[row] != oldHashes[row] {
      guard let candidates = rowsByHash[newHashes[row]], candidates.count <= 4 else { continue }
      for candidate in candidates where candidate != row { votes[row - candidate, default: 0] += 1 }
    }
    guard
      let dy = votes.max(by: { $0.value != $1.value ? $0.value < $1.value : abs($0.key) > abs($1.key) })?.key
    else { return nil }
    // The matched rows, as new-frame rows.
    var first = -1
    var last = -1
    for row in 0..<height {
      let source = row - dy
      guard source >= 0, source < height, newHashes[row] == oldHashes[source] else { continue }
      if newHashes[row] == oldHashes[row] { continue }  // already right in place
      if first < 0 { first = row }
      last = row
    }
    guard first >= 0 else { return nil }
    let top = dy > 0 ? first - dy : first
    let bottom = dy > 0 ? last : min(height - 1, last - dy)
    guard top >= 0, bottom < height, bottom - top + 1 > abs(dy) else { return nil }
    // Rows right before and after, within the band.
    var before = 0
    var after = 0
    let blank = rowHashOfBlank(width: new.width)
    for row in top...bottom {
      if newHashes[row] == oldHashes[row] && rowsEqual(old, new, row) { before += 1 }
      let source = row - dy
      if source >= top && source <= bottom {
        if newHashes[row] == oldHashes[source] { after += 1 }
      } else if newHashes[row] == blank {
        after += 1
      }
    }
    return after > before ? Shift(top: top, bottom: bottom, dy: dy) : nil
  }

  static func rowHashOfBlank(width: Int) -> UInt64 {
    rowHashes(Canvas(width: width, height: 1))[0]
  }
}
