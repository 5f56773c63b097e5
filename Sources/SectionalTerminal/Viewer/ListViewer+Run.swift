extension ListViewer {
  /// Runs the viewer in `session` until a quit key or the end of input: takes the terminal over,
  /// draws, reads keys and resizes, and always gives the terminal back — on return, on a thrown
  /// error, and (through the session's handlers) on SIGINT, SIGTERM and SIGHUP. Ctrl-Z and
  /// SIGTSTP give it back until the program is continued, then take it over and redraw.
  ///
  /// Keys that arrive together are handled together and drawn once; resizes are drained and
  /// drawn once, so a storm of either costs one frame.
  public func run(in session: TerminalSession) throws {
    try run(in: session, wakeup: nil)
  }

  /// What else wakes the viewer: a timer (`interval` milliseconds, -1 for none) and a descriptor
  /// to watch for reading. `action` runs on the main actor when either fires, with whether the
  /// descriptor is readable; it returns whether to keep watching the descriptor (false at its
  /// end). Updates it asks the adapter for are applied and drawn as one frame.
  package struct Wakeup {
    package var interval: Int32
    package var descriptor: Int32?
    package var action: @MainActor (_ readable: Bool) -> Bool

    package init(interval: Int32, descriptor: Int32? = nil, action: @escaping @MainActor (Bool) -> Bool) {
      self.interval = interval
      self.descriptor = descriptor
      self.action = action
    }
  }

  /// ``run(in:)``, woken also by `wakeup` (a feed file to poll, a pipe of cards to read).
  package func run(in session: TerminalSession, wakeup: Wakeup?) throws {
    try session.start()
    isRunning = true
    defer {
      isRunning = false
      session.stop()
    }
    let size = TerminalSession.size(of: session.output)
    resize(columns: size.columns, rows: size.rows)
    invalidateScreen()
    try session.write(frameBytes())
    var decoder = InputDecoder()
    var wakeup = wakeup
    let clock = ContinuousClock()
    var nextTick = clock.now
    while !wantsToQuit {
      // A lone ESC is the Esc key if nothing follows within 30 ms.
      var timeout: Int32 = decoder.hasPendingInput ? 30 : -1
      if let interval = wakeup?.interval, interval >= 0 {
        // Until the next tick (the interval at most), or the ESC wait if that ends sooner.
        let remaining = clock.now.duration(to: nextTick).components
        let untilTick = Int32(
          clamping: max(
            0, min(Int64(interval), remaining.seconds * 1000 + remaining.attoseconds / 1_000_000_000_000_000))
        )
        timeout = timeout < 0 ? untilTick : min(timeout, untilTick)
      }
      // A transition playing: the next frame in a sixtieth of a second. Keys that arrive
      // meanwhile wake the loop at once and are handled before that frame.
      if isPlayingTransition { timeout = timeout < 0 ? Self.frameInterval : min(timeout, Self.frameInterval) }
      // Woken for a transition's frame, a pending ESC has not waited its 30 ms.
      let playedFrame = isPlayingTransition
      let waitStarted = clock.now
      let events = try session.wait(timeout: timeout, also: wakeup?.descriptor)
      if events.resized {
        let size = TerminalSession.size(of: session.output)
        resize(columns: size.columns, rows: size.rows)
        invalidateScreen()
      }
      if let current = wakeup {
        let due = current.interval >= 0 && clock.now >= nextTick
        if due || events.alsoReadable {
          if !current.action(events.alsoReadable) { wakeup?.descriptor = nil }
          if due { nextTick = clock.now.advanced(by: .milliseconds(Int(current.interval))) }
        }
      }
      // Nothing read: a pending ESC is the Esc key once its 30 ms have passed (a timer or a
      // pipe may have woken us sooner).
      let escapeTimedOut = waitStarted.duration(to: clock.now) >= .milliseconds(30)
      let keys =
        !events.bytes.isEmpty
        ? decoder.feed(events.bytes)
        : escapeTimedOut || (wakeup == nil && !playedFrame) ? decoder.flush() : []
      for key in keys where !wantsToQuit && !wantsToSuspend { handle(key) }
      if wantsToSuspend {
        // Stops here until continued; the session then re-enters the screen and wakes this
        // loop through the resize pipe, which redraws everything.
        wantsToSuspend = false
        session.suspend()
        continue
      }
      if events.inputClosed { break }
      let frameStarted = clock.now
      try session.write(frameBytes())
      if isPlayingTransition && frameStarted.duration(to: clock.now) > animationFrameBudget {
        skipTransition()
        try session.write(frameBytes())
      }
    }
  }

  /// Milliseconds between two frames of a transition.
  static let frameInterval: Int32 = 16
}
