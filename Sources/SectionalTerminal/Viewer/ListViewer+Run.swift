extension ListViewer {
  /// Runs the viewer in `session` until a quit key or the end of input: takes the terminal over,
  /// draws, reads keys and resizes, and always gives the terminal back — on return, on a thrown
  /// error, and (through the session's handlers) on SIGINT, SIGTERM and SIGHUP.
  ///
  /// Keys that arrive together are handled together and drawn once; resizes are drained and
  /// drawn once, so a storm of either costs one frame.
  public func run(in session: TerminalSession) throws {
    try session.start()
    defer { session.stop() }
    let size = TerminalSession.size(of: session.output)
    resize(columns: size.columns, rows: size.rows)
    invalidateScreen()
    try session.write(frameBytes())
    var decoder = InputDecoder()
    while !wantsToQuit {
      // A lone ESC is the Esc key if nothing follows within 30 ms.
      let events = try session.wait(timeout: decoder.hasPendingInput ? 30 : -1)
      if events.resized {
        let size = TerminalSession.size(of: session.output)
        resize(columns: size.columns, rows: size.rows)
        invalidateScreen()
      }
      let keys = events.bytes.isEmpty ? decoder.flush() : decoder.feed(events.bytes)
      for key in keys where !wantsToQuit { handle(key) }
      if events.inputClosed { break }
      try session.write(frameBytes())
    }
  }
}
