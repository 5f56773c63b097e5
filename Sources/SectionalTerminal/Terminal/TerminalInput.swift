import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a terminal sends a full-screen program: ``TerminalSession/events``.
public enum TerminalEvent: Hashable, Sendable {
  /// A key, a mouse event or a paste, decoded by an ``InputDecoder``.
  case key(Key)
  /// The terminal's size now: after a resize, and after the program was continued (`fg`), when
  /// whatever the shell drew is on the screen and everything is drawn again.
  case resize(columns: Int, rows: Int)
}

/// Reads a session's input and its resize pipe off the main actor, with dispatch sources that
/// wake only when there is something to read, and hands what it decodes to a sink: the
/// session's `events`, or straight to a viewer's loop (no task in between to wait for a thread).
/// A lone ESC is the Esc key when nothing follows within ``escapeWait``.
// @unchecked: every mutable field is touched on `queue` alone (the sources' handlers, the
// escape timer, `start` and `stop` all run there), which the compiler cannot see through
// Dispatch's closures.
final class TerminalReader: @unchecked Sendable {
  /// How long the decoder waits for the rest of a sequence before it reads what it has.
  static let escapeWait = DispatchTimeInterval.milliseconds(30)

  private let queue = DispatchQueue(label: "SectionalTerminal.TerminalReader")
  private let input: Int32
  private let output: Int32
  /// Where events go, and what is called once at their end.
  private let sink: @Sendable (TerminalEvent) -> Void
  private let end: @Sendable () -> Void
  private var ended = false
  private var decoder = InputDecoder()
  private var sources: [any DispatchSourceRead] = []
  private var escapeTimer: DispatchWorkItem?
  /// Left when a source's cancel handler has run: `stop()` waits for both, so that the resize
  /// pipe is not closed under a source still watching it.
  private let cancelled = DispatchGroup()

  private init(
    input: Int32, output: Int32, sink: @escaping @Sendable (TerminalEvent) -> Void,
    end: @escaping @Sendable () -> Void
  ) {
    self.input = input
    self.output = output
    self.sink = sink
    self.end = end
  }

  /// Starts reading `input` (keys) and `resizes` (a byte per resize; -1 for none), reporting
  /// sizes as `output`'s, each event to `sink` on the reader's queue, then `end` once.
  static func start(
    input: Int32, output: Int32, resizes: Int32, sink: @escaping @Sendable (TerminalEvent) -> Void,
    end: @escaping @Sendable () -> Void
  ) -> TerminalReader {
    let reader = TerminalReader(input: input, output: output, sink: sink, end: end)
    reader.queue.sync {
      reader.watch(input) { reader.readInput() }
      if resizes >= 0 { reader.watch(resizes) { reader.drainResizes(resizes) } }
    }
    return reader
  }

  /// Stops reading and ends the stream; returns once no source watches a descriptor any more.
  func stop() {
    queue.sync {
      for source in sources { source.cancel() }
      sources = []
      escapeTimer?.cancel()
      escapeTimer = nil
      finish()
    }
    cancelled.wait()
  }

  private func watch(_ descriptor: Int32, _ handler: @escaping @Sendable () -> Void) {
    let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
    cancelled.enter()
    source.setEventHandler(handler: handler)
    source.setCancelHandler { [cancelled] in cancelled.leave() }
    source.resume()
    sources.append(source)
  }

  private func readInput() {
    // Everything the terminal has now, its end included (see DescriptorReader).
    var chunk = [UInt8](repeating: 0, count: 4096)
    while isReadable(input) {
      let count = read(input, &chunk, chunk.count)
      if count > 0 {
        deliver(decoder.feed(chunk[0..<count]))
      } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
        // The terminal went away (a hang-up, a closed pseudo-terminal): nothing more will come.
        deliver(decoder.flush())
        for source in sources { source.cancel() }
        sources = []
        finish()
        return
      }
    }
    escapeTimer?.cancel()
    escapeTimer = nil
    guard decoder.hasPendingInput else { return }
    let timer = DispatchWorkItem { [self] in
      escapeTimer = nil
      deliver(decoder.flush())
    }
    escapeTimer = timer
    queue.asyncAfter(deadline: .now() + Self.escapeWait, execute: timer)
  }

  private func finish() {
    guard !ended else { return }
    ended = true
    end()
  }

  private func drainResizes(_ pipe: Int32) {
    // Every pending resize at once: a storm of them is one event.
    var drained = [UInt8](repeating: 0, count: 64)
    while read(pipe, &drained, drained.count) > 0 {}
    let size = TerminalSession.size(of: output)
    sink(.resize(columns: size.columns, rows: size.rows))
  }

  private func deliver(_ keys: [Key]) {
    for key in keys { sink(.key(key)) }
  }
}
