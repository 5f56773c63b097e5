// The run loop: the viewer waits on one stream of wake-ups, the terminal's events and its own
// requests for a frame, so the main actor is free while it waits. Whatever changes the list
// (a key, a main-actor task's update, a timer's tick) asks for a frame, and the frames asked
// for before the loop comes round are one.

extension ListViewer {
  /// What wakes the run loop.
  enum WakeUp: Sendable {
    case event(TerminalEvent)
    case frame
    case inputEnded
  }

  /// Runs the viewer in `session` until a quit key, ``quit()`` or the end of input: takes the
  /// terminal over, draws, handles keys and resizes, and always gives the terminal back — on
  /// return, on a thrown error, and (through the session's handlers) on the signals that end a
  /// program. Ctrl-Z and SIGTSTP give it back until the program is continued, then take it
  /// over and redraw.
  ///
  /// The main actor is free while the viewer waits: a `Task { @MainActor in … }`, a timer that
  /// sleeps, an `AsyncSequence` the app reads all run meanwhile, and what they change is drawn
  /// in the next frame without being asked (see ``setNeedsDisplay()``). Keys that arrive
  /// together are handled before one frame; a storm of resizes is one redraw.
  public func run(in session: TerminalSession) async throws {
    let (wakeUps, wake) = AsyncStream.makeStream(of: WakeUp.self)
    // The terminal's events come straight into the loop's stream, with nothing between that
    // would wait for a thread of the task pool.
    try session.start(sink: { wake.yield(.event($0)) }, end: { wake.yield(.inputEnded) })
    isLive = true
    wantsToQuit = false
    loop = wake
    defer {
      loop = nil
      framePending = false
      animationTick?.cancel()
      animationTick = nil
      isLive = false
      session.stop()
    }
    let size = TerminalSession.size(of: session.output)
    resize(columns: size.columns, rows: size.rows)
    invalidateScreen()
    try drawFrame(in: session)
    for await wakeUp in wakeUps {
      switch wakeUp {
      case .event(let event):
        if !wantsToQuit && !wantsToSuspend { handle(event) }
      case .frame:
        try drawFrame(in: session)
      case .inputEnded:
        return
      }
      if wantsToQuit { return }
      if wantsToSuspend {
        // Stops here until continued; the session then takes the screen again and reports a
        // resize, which redraws everything.
        wantsToSuspend = false
        session.suspend()
      }
    }
  }

  /// Draws the frame and writes it; while a transition plays, asks for the next one a
  /// sixtieth of a second later.
  private func drawFrame(in session: TerminalSession) throws {
    framePending = false
    let clock = ContinuousClock()
    let started = clock.now
    try session.write(frameBytes())
    guard isPlayingTransition else { return }
    if started.duration(to: clock.now) > animation.frameBudget {
      // The terminal cannot keep up: the end at once rather than a slide in slow motion.
      skipTransition()
      try session.write(frameBytes())
      return
    }
    guard animationTick == nil else { return }
    animationTick = Task { [weak self] in
      try? await Task.sleep(for: ListViewer.frameInterval)
      self?.animationTick = nil
      self?.setNeedsDisplay()
    }
  }

  /// Asks for a frame: while the viewer runs, one is drawn when the main actor next comes round
  /// to the loop, however many times this was called meanwhile, as `setNeedsDisplay()` in
  /// UIKit. Every change the viewer can see asks for itself — an update of the adapter or the
  /// collection view, a scroll, the focus, a selection, the status line — so an app calls this
  /// only after changing what a cell draws outside any update (a theme, say).
  public func setNeedsDisplay() {
    guard let loop, !framePending, !isDrawing else { return }
    framePending = true
    loop.yield(.frame)
  }

  /// Milliseconds between two frames of a transition.
  static let frameIntervalMilliseconds = 16
}
