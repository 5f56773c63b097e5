#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A terminal taken over for a full-screen program: raw mode, the alternate screen, a hidden
/// cursor, no autowrap, mouse reporting, bracketed paste. `stop()` undoes all of it, and so does
/// any of the terminating signals; call `stop()` on every exit path (a `defer`).
///
/// While it runs, what the terminal sends arrives as ``events``: keys, the mouse, pastes and
/// resizes, read off the main actor, so the main actor runs other work while the program waits.
/// One session at a time: the terminal and the signals are the process's.
@MainActor
public final class TerminalSession {
  /// The descriptor keys are read from.
  public let input: Int32
  /// The descriptor frames are written to.
  public let output: Int32
  /// Whether the session has the terminal: between ``start()`` and ``stop()``.
  public private(set) var isActive = false
  /// Whether mouse reporting is turned on while the session runs. Default true.
  public var mouse: Bool
  /// What the terminal sends while the session runs, in order: one sequence per ``start()``,
  /// which ends at ``stop()`` or when the input ends (the terminal went away). Read it from one
  /// task. A ``ListViewer`` running in the session takes the events itself: this is then empty.
  public private(set) var events: AsyncStream<TerminalEvent>
  private var reader: TerminalReader?
  /// Whether this session installed the handlers (from ``start()`` until ``stop()``).
  private var ownsTerminal = false

  /// A session on file descriptors `input` (standard input by default) and `output` (standard
  /// output), with mouse reporting unless `mouse` is false. Nothing changes until the session is started.
  public init(input: Int32 = 0, output: Int32 = 1, mouse: Bool = true) {
    self.input = input
    self.output = output
    self.mouse = mouse
    events = AsyncStream { $0.finish() }
  }

  /// Whether `fd` is a terminal.
  public nonisolated static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

  /// The size of the terminal on `fd`: `TIOCGWINSZ`, else `COLUMNS` and `LINES`, else 80×24;
  /// each dimension from 1 to 10,000.
  public nonisolated static func size(
    of fd: Int32 = 1, environment: (String) -> String? = TerminalSession.environment
  )
    -> (columns: Int, rows: Int)
  {
    // A value no terminal has (zero, negative, past 10,000) is ignored, as if unset: from the
    // kernel too, where `stty cols 65535 rows 65535` made a canvas of hundreds of megabytes.
    let range = 1...10_000
    var size = winsize()
    if ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, range.contains(Int(size.ws_col)),
      range.contains(Int(size.ws_row))
    {
      return (Int(size.ws_col), Int(size.ws_row))
    }
    func dimension(_ name: String) -> Int? {
      environment(name).flatMap { Int($0) }.flatMap { range.contains($0) ? $0 : nil }
    }
    let columns = dimension("COLUMNS") ?? 80
    let rows = dimension("LINES") ?? 24
    return (columns, rows)
  }

  /// The process environment, read with `getenv`.
  public nonisolated static func environment(_ name: String) -> String? {
    getenv(name).map { String(cString: $0) }
  }

  /// Enters raw mode and the alternate screen, installs the signal handlers and starts reading
  /// ``events``. Throws when the descriptors are not a terminal, or when another session has
  /// the terminal (stop it first).
  public func start() throws {
    let (stream, continuation) = AsyncStream.makeStream(of: TerminalEvent.self)
    try start(sink: { continuation.yield($0) }, end: { continuation.finish() })
    events = stream
  }

  /// Starts the session with its events going to `sink` rather than ``events`` (a viewer's
  /// loop), then `end` once.
  func start(
    sink: @escaping @Sendable (TerminalEvent) -> Void, end: @escaping @Sendable () -> Void
  ) throws {
    guard !isActive else { return }
    // Said plainly, rather than as what tcgetattr makes of a pipe ("Inappropriate ioctl").
    guard Self.isTerminal(input), Self.isTerminal(output) else {
      throw TerminalError(
        description: "a full-screen session needs a terminal on standard input and output "
          + "(ListViewer.present() prints the list instead when they are not)")
    }
    guard !TerminalSignals.isTaken else {
      throw TerminalError(
        description: "another TerminalSession has the terminal: stop it before starting this one")
    }
    var saved = termios()
    guard tcgetattr(input, &saved) == 0 else { throw TerminalError("reading terminal modes") }
    // Raw mode, as cfmakeraw: no echo, no line editing, no signals from keys, 8-bit input.
    var raw = saved
    raw.c_iflag &= ~tcflag_t(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON)
    raw.c_oflag &= ~tcflag_t(OPOST)
    raw.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON | ISIG | IEXTEN)
    raw.c_cflag &= ~tcflag_t(CSIZE | PARENB)
    raw.c_cflag |= tcflag_t(CS8)
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    // A signal may land in the middle of a frame: the leave sequence ends synchronized output
    // first, or the terminal would hold everything written after it.
    let leave =
      ANSI.endSynchronizedUpdate + ANSI.resetStyle + (mouse ? ANSI.disableMouse : "")
      + ANSI.disableBracketedPaste + ANSI.enableAutowrap + ANSI.showCursor + ANSI.leaveAlternateScreen
    let enter =
      ANSI.enterAlternateScreen + ANSI.hideCursor + ANSI.disableAutowrap + (mouse ? ANSI.enableMouse : "")
      + ANSI.enableBracketedPaste + ANSI.clearScreen
    TerminalSignals.isTaken = true
    ownsTerminal = true
    let resizes = TerminalSignals.install(
      input: input, output: output, saved: saved, raw: raw, enter: enter, leave: leave)
    guard tcsetattr(input, TCSAFLUSH, &raw) == 0 else {
      let error = TerminalError("entering raw mode")
      stop()
      throw error
    }
    isActive = true
    reader = TerminalReader.start(input: input, output: output, resizes: resizes, sink: sink, end: end)
    try write(Array(enter.utf8))
  }

  /// Leaves the alternate screen, shows the cursor, restores the terminal's modes and ends
  /// ``events``. Safe to call more than once.
  public func stop() {
    guard ownsTerminal else { return }
    TerminalSignals.restoreTerminal(leave: isActive)
    // The reader lets go of the resize pipe before the handlers close it.
    reader?.stop()
    reader = nil
    TerminalSignals.uninstall()
    TerminalSignals.isTaken = false
    ownsTerminal = false
    isActive = false
  }

  /// Stops the program as Ctrl-Z does in a shell: the terminal is given back, and taken over and
  /// redrawn when the program is continued (`fg`: ``events`` then reports a resize). Nothing
  /// happens when the session is not running.
  public func suspend() {
    guard isActive else { return }
    TerminalSignals.suspendProcessGroup()
  }

  /// Writes all of `bytes`, retrying interrupted and partial writes.
  public func write(_ bytes: [UInt8]) throws(TerminalError) {
    try Self.write(bytes, to: output)
  }

  /// Writes all of `bytes` to `fd`.
  public nonisolated static func write(_ bytes: [UInt8], to fd: Int32) throws(TerminalError) {
    let failure: TerminalError? = bytes.withUnsafeBytes { buffer in
      guard let base = buffer.baseAddress else { return nil }
      var offset = 0
      while offset < buffer.count {
        let written = systemWrite(fd, base + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR || errno == EAGAIN { continue }
          return TerminalError("writing to the terminal")
        }
        offset += written
      }
      return nil
    }
    if let failure { throw failure }
  }
}
