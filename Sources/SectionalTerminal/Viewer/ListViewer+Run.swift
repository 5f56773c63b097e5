#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// The run loop: one thread, one poll. Keys, resizes, timers, descriptors and work posted from
// other threads all wake the same wait, and each turn ends with one frame, so whatever a turn
// changed (a key, a card that arrived, a tick) is drawn together.

extension ListViewer {
  /// Runs the viewer in `session` until a quit key or the end of input: takes the terminal over,
  /// draws, reads keys and resizes, and always gives the terminal back — on return, on a thrown
  /// error, and (through the session's handlers) on the signals that end a program. Ctrl-Z and
  /// SIGTSTP give it back until the program is continued, then take it over and redraw.
  ///
  /// Keys that arrive together are handled together and drawn once; resizes are drained and
  /// drawn once, so a storm of either costs one frame. The viewer's event sources
  /// (``addTimer(every:_:)``, ``addReader(_:_:)``, ``mailbox``) run on this loop, between keys,
  /// and what they change is drawn in the same turn.
  public func run(in session: TerminalSession) throws {
    try session.start()
    isLive = true
    wantsToQuit = false
    sources.start(at: .now)
    defer {
      isLive = false
      session.stop()
    }
    let size = TerminalSession.size(of: session.output)
    resize(columns: size.columns, rows: size.rows)
    invalidateScreen()
    try session.write(frameBytes())
    var decoder = InputDecoder()
    // When the decoder last read a byte while it waits for a sequence's rest: a lone ESC is the
    // Esc key if nothing follows within 30 ms, however often a timer or a frame wakes the loop.
    var pendingSince: ContinuousClock.Instant?
    let clock = ContinuousClock()
    while !wantsToQuit {
      var timeout: Int32 = -1
      if let pendingSince {
        timeout = Self.milliseconds(clock.now.duration(to: pendingSince + Self.escapeWait))
      }
      if let due = sources.nextDue {
        timeout = Self.shorter(timeout, Self.milliseconds(clock.now.duration(to: due)))
      }
      // A transition playing: the next frame in a sixtieth of a second. Keys that arrive
      // meanwhile wake the loop at once and are handled before that frame.
      if isPlayingTransition { timeout = Self.shorter(timeout, Self.frameIntervalMilliseconds) }
      let events = try session.wait(timeout: timeout, watching: sources.descriptors)
      if events.resized {
        let size = TerminalSession.size(of: session.output)
        resize(columns: size.columns, rows: size.rows)
        invalidateScreen()
      }
      sources.run(readable: events.readable, now: clock.now)
      var keys: [Key] = []
      if !events.bytes.isEmpty {
        keys = decoder.feed(events.bytes)
        pendingSince = decoder.hasPendingInput ? clock.now : nil
      } else if let since = pendingSince, since.duration(to: clock.now) >= Self.escapeWait {
        keys = decoder.flush()
        pendingSince = decoder.hasPendingInput ? clock.now : nil
      }
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
      if isPlayingTransition && frameStarted.duration(to: clock.now) > animation.frameBudget {
        skipTransition()
        try session.write(frameBytes())
      }
    }
  }

  /// How long the decoder waits for the rest of a sequence before it reads what it has (a lone
  /// ESC as the Esc key).
  static let escapeWait = Duration.milliseconds(30)

  /// Milliseconds between two frames of a transition.
  static let frameIntervalMilliseconds: Int32 = 16

  /// The shorter of two poll timeouts, -1 being forever.
  static func shorter(_ a: Int32, _ b: Int32) -> Int32 { a < 0 ? b : b < 0 ? a : min(a, b) }

  /// A duration as a poll timeout: whole milliseconds, rounded up so a timer is never woken
  /// early, 0 for a time past.
  static func milliseconds(_ duration: Duration) -> Int32 {
    guard duration > .zero else { return 0 }
    let (seconds, attoseconds) = duration.components
    let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
    return Int32(clamping: milliseconds)
  }

  // MARK: - Event sources

  /// Runs `action` every `interval` on the run loop (a clock, a poll of a file), first one
  /// interval after the loop starts or the timer is added. A tick the loop was too busy for is
  /// not made up: the next one is an interval after the late one ran. An interval under a
  /// millisecond is a millisecond.
  @discardableResult
  public func addTimer(every interval: Duration, _ action: @escaping @MainActor () -> Void) -> EventSource {
    let source = EventSource()
    let interval = max(interval, .milliseconds(1))
    sources.timers.append(.init(source: source, interval: interval, due: .now + interval, action: action))
    return source
  }

  /// Runs `action` on the run loop whenever `descriptor` is readable or closed: a pipe, a
  /// socket, standard input when the keys come from `/dev/tty`. The action reads it (without
  /// blocking: make it `O_NONBLOCK`, or read only what one `read` returns) and returns whether
  /// to keep watching, false at its end. The viewer never closes the descriptor.
  @discardableResult
  public func addReader(_ descriptor: Int32, _ action: @escaping @MainActor () -> Bool) -> EventSource {
    let source = EventSource()
    sources.readers.append(.init(source: source, descriptor: descriptor, action: action))
    return source
  }

  /// Stops a timer or a reader; nothing happens if it already stopped.
  public func removeSource(_ source: EventSource) {
    sources.timers.removeAll { $0.source === source }
    sources.readers.removeAll { $0.source === source }
  }

  /// Where another thread or task hands work to the run loop: the work runs on the main actor
  /// between keys, and what it changes (an update it applies, say) is drawn in the same turn.
  /// The run loop holds the main thread while it runs, so a `Task { @MainActor in … }` started
  /// elsewhere waits until it returns; post to the mailbox instead.
  public var mailbox: Mailbox {
    if let mailbox = sources.mailbox { return mailbox }
    let mailbox = Mailbox()
    sources.mailbox = mailbox
    return mailbox
  }

  /// A handle on a timer or a reader, to remove it with ``ListViewer/removeSource(_:)``.
  public final class EventSource: Sendable {
    init() {}
  }

  /// Work handed to a viewer's run loop from any thread: see ``ListViewer/mailbox``.
  public final class Mailbox: Sendable {
    /// The read end is polled by the run loop; a byte on it means work is queued. Both ends are
    /// non-blocking: a full pipe already wakes the loop, so a post never waits for it.
    let wakeup: (read: Int32, write: Int32)
    private let queue = Locked<[@MainActor @Sendable () -> Void]>([])

    init() {
      var fds: [Int32] = [-1, -1]
      if pipe(&fds) == 0 {
        for fd in fds {
          _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
          _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
      }
      wakeup = (fds[0], fds[1])
    }

    deinit {
      if wakeup.read >= 0 {
        close(wakeup.read)
        close(wakeup.write)
      }
    }

    /// Queues `work` for the run loop and wakes it. Safe from any thread or task (not from a
    /// signal handler); work posted while the viewer does not run waits until it does.
    public func post(_ work: @escaping @MainActor @Sendable () -> Void) {
      queue.withLock { $0.append(work) }
      var byte: UInt8 = 1
      _ = write(wakeup.write, &byte, 1)
    }

    /// The descriptor that becomes readable when work is posted: what a loop of an app's own
    /// polls, then calls ``performPostedWork()``.
    public var fileDescriptor: Int32 { wakeup.read }

    /// Runs the work posted so far, in order: what ``ListViewer/run(in:)`` does when
    /// ``fileDescriptor`` is readable, for a loop of an app's own.
    @MainActor
    public func performPostedWork() {
      for work in take() { work() }
    }

    /// Takes the queued work, emptying the pipe first so a post made meanwhile wakes the loop.
    func take() -> [@MainActor @Sendable () -> Void] {
      var sink = [UInt8](repeating: 0, count: 64)
      while read(wakeup.read, &sink, sink.count) > 0 {}
      return queue.withLock { queue in
        defer { queue.removeAll() }
        return queue
      }
    }
  }
}

/// The timers, readers and mailbox the run loop waits on besides the terminal. A class: an action
/// may add or remove sources while the loop walks them.
@MainActor
final class EventSources {
  struct Timer {
    let source: ListViewer.EventSource
    let interval: Duration
    var due: ContinuousClock.Instant
    let action: @MainActor () -> Void
  }

  struct Reader {
    let source: ListViewer.EventSource
    let descriptor: Int32
    let action: @MainActor () -> Bool
  }

  var timers: [Timer] = []
  var readers: [Reader] = []
  var mailbox: ListViewer.Mailbox?

  /// Each timer's first tick one interval from `now`: when the loop starts, not when it was added.
  func start(at now: ContinuousClock.Instant) {
    for index in timers.indices { timers[index].due = now + timers[index].interval }
  }

  /// The earliest a timer is due.
  var nextDue: ContinuousClock.Instant? { timers.map(\.due).min() }

  /// What to poll: the readers' descriptors and the mailbox's pipe.
  var descriptors: [Int32] {
    readers.map(\.descriptor) + (mailbox.map { [$0.wakeup.read] } ?? [])
  }

  /// Runs the readers that are readable, the timers that are due and the posted work. An action
  /// may add or remove sources: each is looked up again by its handle before it runs.
  func run(readable: [Int32], now: ContinuousClock.Instant) {
    for reader in readers where readable.contains(reader.descriptor) {
      guard readers.contains(where: { $0.source === reader.source }) else { continue }
      // Closed under the viewer: poll would report it at once on every turn.
      if fcntl(reader.descriptor, F_GETFD) < 0 || !reader.action() {
        readers.removeAll { $0.source === reader.source }
      }
    }
    for timer in timers where timer.due <= now {
      guard let index = timers.firstIndex(where: { $0.source === timer.source }) else { continue }
      timers[index].due = now + timer.interval
      timer.action()
    }
    if let mailbox, readable.contains(mailbox.wakeup.read) { mailbox.performPostedWork() }
  }
}
