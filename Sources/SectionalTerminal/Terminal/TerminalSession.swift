#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An error writing to or reading from the terminal.
public struct TerminalError: Error, CustomStringConvertible, Sendable {
  /// What failed, and the system's reason.
  public var description: String
  /// The errno behind it; 0 when there is none.
  public var code: Int32

  init(_ what: String, code: Int32 = errno) {
    self.code = code
    description = "\(what): \(String(cString: strerror(code)))"
  }

  /// An error with its own description and no errno.
  init(description: String) {
    code = 0
    self.description = description
  }

  /// The reader went away (`feed | head`): not worth a message.
  public var isBrokenPipe: Bool { code == EPIPE }
}

// What a signal handler needs to put the terminal back, set before the terminal is changed.
// Signal handlers may only touch plain memory and call async-signal-safe functions (write,
// tcsetattr, signal, raise), so this lives in globals the handlers read.
nonisolated(unsafe) private var savedAttributes = termios()
nonisolated(unsafe) private var attributesSaved = false
nonisolated(unsafe) private var restoreSequence: UnsafeMutableBufferPointer<UInt8>?
nonisolated(unsafe) private var rawAttributes = termios()
nonisolated(unsafe) private var enterSequence: UnsafeMutableBufferPointer<UInt8>?
/// Set while the SIGTSTP handler has the process stopped: SIGCONT leaves the re-entry to it.
nonisolated(unsafe) private var suspendedByHandler = false
/// Set by `suspend()` (Ctrl-Z) for the handler: stop the whole process group, not this process.
nonisolated(unsafe) private var suspendsProcessGroup = false
nonisolated(unsafe) private var sessionInput: Int32 = 0
nonisolated(unsafe) private var sessionOutput: Int32 = 1
nonisolated(unsafe) private var resizePipe: (read: Int32, write: Int32) = (-1, -1)

/// `write(2)`, named apart from the methods called `write`.
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  write(fd, buffer, count)
}

/// Puts the terminal back from a signal handler: the leave sequence, then the saved modes.
/// `TCSADRAIN`, not `TCSAFLUSH`: what the user typed ahead belongs to the shell and is kept.
private func restoreFromSignalHandler() {
  if let sequence = restoreSequence, let base = sequence.baseAddress {
    _ = write(sessionOutput, base, sequence.count)
  }
  if attributesSaved { _ = tcsetattr(sessionInput, TCSADRAIN, &savedAttributes) }
}

/// SIGTSTP (Ctrl-Z, `kill -TSTP`): give the terminal back, stop, and take it over again once
/// continued. The handler's own signal is blocked while it runs, so it is unblocked before the
/// process stops itself with the default action.
private func suspendFromSignalHandler(_ number: Int32) {
  suspendedByHandler = true
  restoreFromSignalHandler()
  _ = signal(SIGTSTP, SIG_DFL)
  var mask = sigset_t()
  sigemptyset(&mask)
  sigaddset(&mask, SIGTSTP)
  _ = pthread_sigmask(SIG_UNBLOCK, &mask, nil)
  // Ctrl-Z stops the job, as vim does, once the terminal is back: a wrapper that does not exec
  // (`sh -c`, a run script, make) would otherwise keep waiting, and the shell never get the
  // terminal. Stopped first, the shell could print its job message on the alternate screen.
  if suspendsProcessGroup {
    suspendsProcessGroup = false
    _ = kill(0, SIGTSTP)
  } else {
    _ = raise(SIGTSTP)
  }
  // Continued (or never stopped: an orphaned process group ignores SIGTSTP).
  suspendedByHandler = false
  resumeFromSignalHandler()
  _ = signal(SIGTSTP, suspendFromSignalHandler)
}

/// SIGCONT after a stop this process did not ask for (SIGSTOP): the shell may have reset the
/// modes and drawn over the screen, so take the terminal over again.
private func continueFromSignalHandler(_ number: Int32) {
  if !suspendedByHandler { resumeFromSignalHandler() }
}

/// Raw mode and the alternate screen again, and a byte down the resize pipe so the loop redraws
/// everything (at whatever size the terminal has now).
private func resumeFromSignalHandler() {
  guard attributesSaved else { return }
  _ = tcsetattr(sessionInput, TCSAFLUSH, &rawAttributes)
  if let sequence = enterSequence, let base = sequence.baseAddress {
    _ = write(sessionOutput, base, sequence.count)
  }
  var byte: UInt8 = 1
  _ = systemWrite(resizePipe.write, &byte, 1)
}

/// The signals that end the program and that a handler may catch (SIGKILL cannot be caught, and
/// SIGSTOP only stops): the terminal is restored, then the signal takes its course (see
/// `endFromSignalHandler`), so the shell sees the program killed by it. SIGILL and SIGTRAP are
/// how Swift runtime traps arrive, SIGABRT an abort (a failed allocation), SIGSEGV, SIGBUS and
/// SIGFPE crashes: a bug must not leave a raw terminal either. One ignored when the session
/// starts (SIGPIPE, by `feed`) cannot end the program, and one with a handler other than a crash
/// report's may not be meant to: both are left alone.
private let terminatingSignals: [Int32] = {
  var numbers: [Int32] = [
    SIGHUP, SIGINT, SIGQUIT, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGUSR1, SIGSEGV, SIGUSR2, SIGPIPE,
    SIGALRM, SIGTERM, SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF, SIGSYS,
  ]
  #if os(Linux)
    numbers += [SIGSTKFLT, SIGIO, SIGPWR]
    #if canImport(Glibc)
      // The real-time signals end a process too, unless something handles them.
      numbers += Array(__libc_current_sigrtmin()...__libc_current_sigrtmax())
    #endif
  #endif
  return numbers
}()

/// Whether `number` is how a crash arrives: a fault of an instruction, or an abort.
private func isCrash(_ number: Int32) -> Bool {
  switch number {
  case SIGILL, SIGTRAP, SIGBUS, SIGFPE, SIGSEGV, SIGSYS, SIGABRT: true
  default: false
  }
}

/// What each terminating signal did before the session, by number, for the handler to hand the
/// signal back to. Allocated once and never freed: a handler may run at any moment.
nonisolated(unsafe) private var previousActions: UnsafeMutablePointer<sigaction>?
/// Which signals the session handles, by number (the others were ignored when it started).
nonisolated(unsafe) private var handledSignals: UnsafeMutablePointer<Bool>?
/// Room for every signal number (Linux has 64, macOS 31).
private let signalSlots = 128

/// The raw value of an action's handler: `SIG_DFL` is 0, `SIG_IGN` 1, anything else a function.
private func handlerBits(_ action: sigaction) -> Int {
  #if canImport(Darwin)
    unsafeBitCast(action.__sigaction_u.__sa_handler, to: Int.self)
  #elseif canImport(Musl)
    unsafeBitCast(action.__sa_handler.sa_handler, to: Int.self)
  #else
    unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
  #endif
}

/// A terminating signal: the terminal is put back first (a crash report or the shell writes
/// next, on a normal screen), then the signal is handed, with its details and the context it
/// interrupted, to the handler that had it before the session (the Swift runtime's crash
/// report), and ends the program by its default action: that report returns after a
/// `kill -ABRT`, and a program going on with its terminal given back would be stuck.
private func endFromSignalHandler(
  _ number: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?
) {
  restoreFromSignalHandler()
  guard let previousActions, number >= 0, Int(number) < signalSlots else {
    _ = signal(number, SIG_DFL)
    _ = raise(number)
    return
  }
  var previous = previousActions[Int(number)]
  _ = sigaction(number, &previous, nil)
  if handlerBits(previous) > 1 {
    #if canImport(Darwin)
      let handler = previous.__sigaction_u
    #elseif canImport(Musl)
      let handler = previous.__sa_handler
    #else
      let handler = previous.__sigaction_handler
    #endif
    if previous.sa_flags & SA_SIGINFO != 0 {
      #if canImport(Darwin)
        handler.__sa_sigaction?(number, info, context)
      #else
        handler.sa_sigaction?(number, info, context)
      #endif
    } else {
      #if canImport(Darwin)
        handler.__sa_handler?(number)
      #else
        handler.sa_handler?(number)
      #endif
    }
  }
  _ = signal(number, SIG_DFL)
  _ = raise(number)
}

/// A terminal taken over for a full-screen program: raw mode, the alternate screen, a hidden
/// cursor, no autowrap, mouse reporting, bracketed paste. `stop()` undoes all of it, and so does any of the
/// terminating signals; call `stop()` on every exit path (a `defer`).
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

  /// A session on file descriptors `input` (standard input by default) and `output` (standard
  /// output), with mouse reporting unless `mouse` is false. Nothing changes until the session is started.
  public init(input: Int32 = 0, output: Int32 = 1, mouse: Bool = true) {
    self.input = input
    self.output = output
    self.mouse = mouse
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

  /// Enters raw mode and the alternate screen and installs the signal handlers.
  public func start() throws {
    guard !isActive else { return }
    // Said plainly, rather than as what tcgetattr makes of a pipe ("Inappropriate ioctl").
    guard Self.isTerminal(input), Self.isTerminal(output) else {
      throw TerminalError(
        description: "a full-screen session needs a terminal on standard input and output "
          + "(ListViewer.present() prints the list instead when they are not)")
    }
    var attributes = termios()
    guard tcgetattr(input, &attributes) == 0 else { throw TerminalError("reading terminal modes") }
    savedAttributes = attributes
    attributesSaved = true
    sessionInput = input
    sessionOutput = output
    let leave =
      ANSI.resetStyle + (mouse ? ANSI.disableMouse : "") + ANSI.disableBracketedPaste + ANSI.enableAutowrap
      + ANSI.showCursor + ANSI.leaveAlternateScreen
    let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: leave.utf8.count)
    _ = buffer.initialize(from: leave.utf8)
    restoreSequence = buffer
    installSignalHandlers()

    // Raw mode, as cfmakeraw: no echo, no line editing, no signals from keys, 8-bit input.
    attributes.c_iflag &= ~tcflag_t(IGNBRK | BRKINT | PARMRK | ISTRIP | INLCR | IGNCR | ICRNL | IXON)
    attributes.c_oflag &= ~tcflag_t(OPOST)
    attributes.c_lflag &= ~tcflag_t(ECHO | ECHONL | ICANON | ISIG | IEXTEN)
    attributes.c_cflag &= ~tcflag_t(CSIZE | PARENB)
    attributes.c_cflag |= tcflag_t(CS8)
    withUnsafeMutableBytes(of: &attributes.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    let enter =
      ANSI.enterAlternateScreen + ANSI.hideCursor + ANSI.disableAutowrap + (mouse ? ANSI.enableMouse : "")
      + ANSI.enableBracketedPaste + ANSI.clearScreen
    let enterBuffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: enter.utf8.count)
    _ = enterBuffer.initialize(from: enter.utf8)
    enterSequence = enterBuffer
    rawAttributes = attributes
    guard tcsetattr(input, TCSAFLUSH, &attributes) == 0 else {
      let error = TerminalError("entering raw mode")
      stop()
      throw error
    }
    isActive = true
    try write(Array(enter.utf8))
  }

  /// Leaves the alternate screen, shows the cursor and restores the terminal's modes. Safe to
  /// call more than once.
  public func stop() {
    if let sequence = restoreSequence, let base = sequence.baseAddress, isActive {
      _ = systemWrite(output, base, sequence.count)
    }
    // TCSADRAIN: keys typed after `q` (the next shell command) are the shell's; a flush lost them.
    if attributesSaved { _ = tcsetattr(input, TCSADRAIN, &savedAttributes) }
    attributesSaved = false
    isActive = false
    for number in [SIGWINCH, SIGTSTP, SIGCONT] { _ = signal(number, SIG_DFL) }
    if let previousActions, let handledSignals {
      for number in terminatingSignals where handledSignals[Int(number)] {
        _ = sigaction(number, previousActions + Int(number), nil)
        handledSignals[Int(number)] = false
      }
    }
    if resizePipe.read >= 0 {
      close(resizePipe.read)
      close(resizePipe.write)
      resizePipe = (-1, -1)
    }
    restoreSequence?.deallocate()
    restoreSequence = nil
    enterSequence?.deallocate()
    enterSequence = nil
  }

  /// Stops the program as Ctrl-Z does in a shell: the terminal is given back, and taken over and
  /// redrawn when the program is continued (`fg`). Nothing happens when the session is not
  /// running.
  public func suspend() {
    guard isActive else { return }
    // The handler gives the terminal back, then stops the whole process group.
    suspendsProcessGroup = true
    _ = raise(SIGTSTP)
  }

  private func installSignalHandlers() {
    var fds: [Int32] = [-1, -1]
    if pipe(&fds) == 0 {
      for fd in fds {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        // A program the app starts meanwhile does not inherit the viewer's wake-up.
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
      }
      resizePipe = (fds[0], fds[1])
    }
    _ = signal(SIGWINCH) { _ in
      var byte: UInt8 = 1
      _ = systemWrite(resizePipe.write, &byte, 1)
    }
    if previousActions == nil {
      previousActions = .allocate(capacity: signalSlots)
      previousActions?.initialize(repeating: sigaction(), count: signalSlots)
      handledSignals = .allocate(capacity: signalSlots)
      handledSignals?.initialize(repeating: false, count: signalSlots)
    }
    guard let previousActions, let handledSignals else { return }
    var action = sigaction()
    #if canImport(Darwin)
      action.__sigaction_u.__sa_sigaction = endFromSignalHandler
    #elseif canImport(Musl)
      action.__sa_handler.sa_sigaction = endFromSignalHandler
    #else
      action.__sigaction_handler.sa_sigaction = endFromSignalHandler
    #endif
    // On the alternate signal stack where there is one: a stack overflow is a SIGSEGV too.
    action.sa_flags = SA_SIGINFO | SA_ONSTACK
    sigemptyset(&action.sa_mask)
    for number in terminatingSignals where Int(number) < signalSlots {
      guard sigaction(number, nil, previousActions + Int(number)) == 0 else { continue }
      // Taken over from its default, or from a crash reporter; one ignored cannot end the
      // program, and another handler's signal may not be meant to.
      let handler = handlerBits(previousActions[Int(number)])
      guard handler == 0 || (handler > 1 && (isCrash(number) || number == SIGQUIT)) else { continue }
      handledSignals[Int(number)] = sigaction(number, &action, nil) == 0
    }
    _ = signal(SIGTSTP, suspendFromSignalHandler)
    _ = signal(SIGCONT, continueFromSignalHandler)
    // A blocked mask is inherited through fork and exec: a parent that blocks SIGTERM (a test
    // runner, a supervisor) would otherwise leave these handlers deaf.
    var handled = sigset_t()
    sigemptyset(&handled)
    for number in terminatingSignals + [SIGWINCH, SIGTSTP, SIGCONT] { sigaddset(&handled, number) }
    _ = pthread_sigmask(SIG_UNBLOCK, &handled, nil)
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

  /// What happened while waiting.
  public struct Events: Sendable {
    /// The bytes read from ``input`` (decode them with an ``InputDecoder``).
    public var bytes: [UInt8] = []
    /// Whether the terminal changed size (any number of times) since the last wait.
    public var resized = false
    /// Whether ``input`` reached its end or failed: nothing more will be read.
    public var inputClosed = false
    /// Which of the descriptors passed to ``wait(timeout:watching:)`` are readable (or closed).
    public var readable: [Int32] = []
  }

  /// Waits up to `timeout` milliseconds (-1: forever) for input, a resize, or one of
  /// `descriptors` becoming readable, and reads the input and drains the resizes. The watched
  /// descriptors are not read: their owner reads them (a pipe of JSON lines, say).
  public func wait(timeout: Int32, watching descriptors: [Int32] = []) throws -> Events {
    var events = Events()
    var fds = [pollfd(fd: input, events: Int16(POLLIN), revents: 0)]
    let resizeIndex = resizePipe.read >= 0 ? fds.count : nil
    if resizePipe.read >= 0 { fds.append(pollfd(fd: resizePipe.read, events: Int16(POLLIN), revents: 0)) }
    let watchedStart = fds.count
    for descriptor in descriptors { fds.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)) }
    let ready = poll(&fds, nfds_t(fds.count), timeout)
    if ready < 0 {
      if errno == EINTR { return events }
      throw TerminalError("waiting for input")
    }
    for index in watchedStart..<fds.count
    where fds[index].revents & Int16(POLLIN | POLLHUP | POLLERR | POLLNVAL) != 0 {
      events.readable.append(fds[index].fd)
    }
    if let resizeIndex, fds[resizeIndex].revents & Int16(POLLIN) != 0 {
      // Drain every pending resize: a storm of them is one redraw.
      var sink = [UInt8](repeating: 0, count: 64)
      while read(resizePipe.read, &sink, sink.count) > 0 {}
      events.resized = true
    }
    if fds[0].revents & Int16(POLLIN | POLLHUP | POLLERR) != 0 {
      var chunk = [UInt8](repeating: 0, count: 4096)
      let count = read(input, &chunk, chunk.count)
      if count > 0 {
        events.bytes = Array(chunk[0..<count])
      } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
        events.inputClosed = true
      }
    }
    return events
  }
}
