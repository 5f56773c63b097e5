import Sectional

// What every command-line program that shows a list does: take over the terminal when it has
// one, print the list once when its output goes to a pipe or a file.

extension ListViewer {
  /// Shows the list as a command-line program should: interactively when `input` and `output`
  /// are both terminals (returning when the user quits, the terminal restored), otherwise printed
  /// once to `output` — all of its content, `columns` wide, a line per row, in the renderer's
  /// colours (pass `ColorSupport.depth(choice:output:)` to them so a pipe gets plain text).
  ///
  /// A reader that goes away (`myapp | head`) ends the printing quietly; any other failure to
  /// write, or to take over the terminal, is thrown with the system's reason.
  public func present(input: Int32 = 0, output: Int32 = 1) async throws(TerminalError) {
    if renderer.detectsColors { use(colors: ColorSupport.depth(output: output)) }
    if TerminalSession.isTerminal(input) && TerminalSession.isTerminal(output) {
      do {
        try await run(in: TerminalSession(input: input, output: output))
      } catch let error as TerminalError {
        throw error
      } catch {
        throw TerminalError(description: "running the viewer: \(error)")
      }
      return
    }
    do {
      try printContent { bytes throws(TerminalError) in try TerminalSession.write(bytes, to: output) }
    } catch  where error.isBrokenPipe {
      return
    }
  }

  /// Draws in `colors` from the next frame on.
  func use(colors: ColorDepth) {
    guard colors != renderer.environment.colors else { return }
    renderer.environment.colors = colors
    replaceEncoder()
  }

  /// Writes all of the list's content as lines, `columns` wide, through `output` (the empty view
  /// when the list has no sections).
  func printContent(_ output: ([UInt8]) throws(TerminalError) -> Void) throws(TerminalError) {
    adapter?.flushPendingUpdates()
    try renderer.printContent(
      of: collectionView, emptyView: adapter?.emptyView, columns: columns, output: output)
  }
}

extension TextRenderer {
  /// Writes all of `collectionView`'s content as lines, `columns` wide, in this renderer's colours,
  /// through `output`, a page at a time; `emptyView` when it has no sections. A running
  /// transition is ended first: printed at its progress, an animated update that had just
  /// started would print as blank rows where its new elements go.
  public func printContent(
    of collectionView: CollectionView, emptyView: CellDescriptor?, columns: Int,
    output: ([UInt8]) throws(TerminalError) -> Void
  ) throws(TerminalError) {
    collectionView.finishTransition()
    let encoder = LineEncoder(colors: environment.colors)
    if collectionView.numberOfSections == 0, let empty = emptyView {
      var canvas = Canvas(width: columns, height: 3)
      draw(empty, in: CellRect(x: 1, y: 1, width: max(0, columns - 2), height: 1), into: &canvas)
      try output(encoder.encode(canvas))
      return
    }
    let page = 256
    let total = Int(collectionView.contentSize.height.rounded(.up))
    var canvas = Canvas(width: columns, height: page)
    var top = 0
    while top < total {
      let rows = min(page, total - top)
      render(
        collectionView, rect: Rect(x: 0, y: Double(top), width: Double(columns), height: Double(rows)),
        into: &canvas)
      try output(encoder.encode(canvas, rows: 0..<rows))
      top += rows
    }
  }
}
