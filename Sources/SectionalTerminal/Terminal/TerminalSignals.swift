#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// The process-wide part of a terminal session: what a signal handler must reach to put the
// terminal back. Signal handlers may only touch plain memory and call async-signal-safe functions
// (write, tcsetattr, signal, raise), so this lives in globals the handlers read, set before the
// terminal is changed; nothing else in the module is process-wide.

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
func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
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

/// Installs and removes the handlers, and holds the one session the process may have at a time:
/// the terminal and the handlers' globals are the process's, so a second session would share
/// them.
@MainActor
enum TerminalSignals {
  /// Whether a session has the terminal (between its `start()` and `stop()`).
  static var isTaken = false

  /// Saves what the handlers need, then installs them: the terminating signals, SIGWINCH (a byte
  /// down the resize pipe), SIGTSTP and SIGCONT. Returns the resize pipe's read end, -1 when
  /// no pipe could be made (resizes are then not reported).
  static func install(
    input: Int32, output: Int32, saved: termios, raw: termios, enter: String, leave: String
  ) -> Int32 {
    savedAttributes = saved
    attributesSaved = true
    rawAttributes = raw
    sessionInput = input
    sessionOutput = output
    restoreSequence = copy(leave)
    enterSequence = copy(enter)
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
    if let previousActions, let handledSignals {
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
    }
    _ = signal(SIGTSTP, suspendFromSignalHandler)
    _ = signal(SIGCONT, continueFromSignalHandler)
    // A blocked mask is inherited through fork and exec: a parent that blocks SIGTERM (a test
    // runner, a supervisor) would otherwise leave these handlers deaf.
    var handled = sigset_t()
    sigemptyset(&handled)
    for number in terminatingSignals + [SIGWINCH, SIGTSTP, SIGCONT] { sigaddset(&handled, number) }
    _ = pthread_sigmask(SIG_UNBLOCK, &handled, nil)
    return resizePipe.read
  }

  /// Puts the terminal back now: the leave sequence (when `leave`), then the saved modes.
  /// TCSADRAIN: keys typed after `q` (the next shell command) are the shell's; a flush lost them.
  static func restoreTerminal(leave: Bool) {
    if leave, let sequence = restoreSequence, let base = sequence.baseAddress {
      _ = systemWrite(sessionOutput, base, sequence.count)
    }
    if attributesSaved { _ = tcsetattr(sessionInput, TCSADRAIN, &savedAttributes) }
    attributesSaved = false
  }

  /// Gives every signal back to what had it before, and closes the resize pipe: call it once
  /// nothing reads the pipe any more.
  static func uninstall() {
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

  /// Stops the process group as Ctrl-Z does: the SIGTSTP handler gives the terminal back first.
  static func suspendProcessGroup() {
    suspendsProcessGroup = true
    // To the process, not this thread: under an async main, the main actor's jobs may run on a
    // thread of Dispatch's that blocks every signal, where a raised one would wait for ever.
    _ = kill(getpid(), SIGTSTP)
  }

  /// `text`'s bytes in memory a signal handler may read at any moment.
  private static func copy(_ text: String) -> UnsafeMutableBufferPointer<UInt8> {
    let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: text.utf8.count)
    _ = buffer.initialize(from: text.utf8)
    return buffer
  }
}
