import Sectional
import SectionalTerminal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `feed`: the sample program. Exit status follows sysexits: 0 done, 64 a bad command line, 65 a
/// malformed feed file, 66 a feed file that cannot be read, 74 the terminal or output failed.
@MainActor
package enum FeedCommand {
  package static let ok: Int32 = 0
  package static let usageError: Int32 = 64
  package static let dataError: Int32 = 65
  package static let noInput: Int32 = 66
  package static let ioError: Int32 = 74

  /// Runs the program with the process's arguments, environment and standard streams.
  package static func main() async -> Int32 {
    ignoreBrokenPipes()
    let outputName = "standard output (\(kindOfDescriptor(1)))"
    let closed = reserveStandardDescriptors()
    let outcome = run(
      arguments: Array(CommandLine.arguments.dropFirst()), environment: TerminalSession.environment,
      stdinIsTerminal: TerminalSession.isTerminal(0), stdoutIsTerminal: TerminalSession.isTerminal(1),
      output: { bytes throws(TerminalError) in try write(bytes, to: 1, closed: closed) },
      errorOutput: { message in _ = try? write(Array(message.utf8), to: 2, closed: closed) },
      outputName: outputName)
    switch outcome {
    case .exit(let status): return status
    case .interactive(let viewer): return await viewer()
    }
  }

  /// The most cells a frame printed at `--height` may have.
  static let maximumPrintedCells = 4_000_000

  /// The size to draw at: `--width`/`--height`, else the terminal's, else `COLUMNS` (from 1 to
  /// 10,000, as the terminal's own), else 80×24.
  static func screenSize(_ options: FeedOptions, environment: (String) -> String?, stdoutIsTerminal: Bool)
    -> (columns: Int, rows: Int)
  {
    let terminalSize = stdoutIsTerminal ? TerminalSession.size(of: 1, environment: environment) : nil
    let columns =
      options.width ?? terminalSize?.columns ?? environment("COLUMNS").flatMap { Int($0) }.flatMap {
        (1...10_000).contains($0) ? $0 : nil
      } ?? 80
    return (columns, options.height ?? terminalSize?.rows ?? 24)
  }

  /// Opens `/dev/null` on each of standard input, output and error that was closed when the
  /// program started, and returns which: the runtime behind `async` (Dispatch) opens descriptors
  /// of its own, which take the lowest free numbers, and output meant for a closed standard
  /// output would go into one of them.
  package static func reserveStandardDescriptors() -> Set<Int32> {
    var closed: Set<Int32> = []
    for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) < 0 && errno == EBADF {
      let null = open("/dev/null", O_RDWR)
      if null >= 0 && null != descriptor {
        _ = dup2(null, descriptor)
        close(null)
      }
      closed.insert(descriptor)
    }
    return closed
  }

  /// Writes to a standard descriptor, failing as a write to a closed one does when it was
  /// closed when the program started.
  package static func write(_ bytes: [UInt8], to descriptor: Int32, closed: Set<Int32>) throws(TerminalError)
  {
    if closed.contains(descriptor) { throw TerminalError("writing", code: EBADF) }
    try TerminalSession.write(bytes, to: descriptor)
  }

  /// A closed pipe is an error from write, not a signal that kills us mid-frame.
  static func ignoreBrokenPipes() { _ = signal(SIGPIPE, SIG_IGN) }

  /// What a file descriptor is, for a message: "a terminal", "a pipe", "a file"…
  static func kindOfDescriptor(_ descriptor: Int32) -> String {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return errno == EBADF ? "closed" : "unknown" }
    switch status.st_mode & S_IFMT {
    case S_IFCHR: return TerminalSession.isTerminal(descriptor) ? "a terminal" : "a character device"
    case S_IFIFO: return "a pipe"
    case S_IFREG: return "a file"
    case S_IFSOCK: return "a socket"
    case S_IFDIR: return "a directory"
    default: return "unknown"
    }
  }

  /// Why a write failed, without the session's "writing to the terminal".
  static func reason(_ error: TerminalError) -> String { String(cString: strerror(error.code)) }

  /// What a run comes to: an exit status now, or a viewer to run in the terminal.
  package enum Outcome {
    case exit(Int32)
    case interactive(@MainActor () async -> Int32)
  }

  /// The program, with its world passed in so tests can run it. `outputName` names standard
  /// output in messages ("standard output (a pipe)"). A run that would show the viewer (both
  /// ends terminals) returns it, to run with `await`; every other run is done when this returns.
  package static func run(
    arguments: [String], environment: (String) -> String?, stdinIsTerminal: Bool, stdoutIsTerminal: Bool,
    output: ([UInt8]) throws(TerminalError) -> Void, errorOutput: @escaping (String) -> Void,
    outputName: String = "standard output"
  ) -> Outcome {
    var viewer: (@MainActor () async -> Int32)?
    let status = prepare(
      arguments: arguments, environment: environment, stdinIsTerminal: stdinIsTerminal,
      stdoutIsTerminal: stdoutIsTerminal, output: output, errorOutput: errorOutput, outputName: outputName,
      interactive: &viewer)
    return viewer.map { .interactive($0) } ?? .exit(status)
  }

  /// The run up to the viewer: an exit status, or the viewer left in `interactive`.
  private static func prepare(
    arguments: [String], environment: (String) -> String?, stdinIsTerminal: Bool, stdoutIsTerminal: Bool,
    output: ([UInt8]) throws(TerminalError) -> Void, errorOutput: @escaping (String) -> Void,
    outputName: String, interactive viewerRun: inout (@MainActor () async -> Int32)?
  ) -> Int32 {
    func fail(_ message: String, _ status: Int32) -> Int32 {
      errorOutput("feed: " + Sanitizer.clean(message) + "\n")
      return status
    }
    let options: FeedOptions
    do {
      options = try FeedOptions.parse(arguments)
    } catch {
      errorOutput("feed: \(Sanitizer.clean(error.description, singleLine: true))\n\n" + FeedOptions.usage)
      return usageError
    }
    if options.help {
      do {
        try output(Array(FeedOptions.usage.utf8))
      } catch {
        return error.isBrokenPipe ? ok : fail("writing the help to \(outputName): \(reason(error))", ioError)
      }
      return ok
    }

    if options.file == "-" && stdinIsTerminal {
      return fail(
        "- reads cards as JSON lines from standard input, which is a terminal here; pipe them in", usageError)
    }
    let colors = ColorSupport.depth(
      choice: options.color, isTerminal: stdoutIsTerminal, environment: environment)
    let fixedSize = options.width != nil || options.height != nil
    let terminalOutput = stdoutIsTerminal && !fixedSize && (environment("TERM") ?? "") != "dumb"
    // With -, standard input brings the cards and the keyboard is the controlling terminal.
    var keyboard: Int32 = 0
    if options.file == "-" && terminalOutput {
      keyboard = open("/dev/tty", O_RDWR | O_CLOEXEC)
    }
    // The viewer closes it when it returns; every other path here.
    var keyboardIsTheViewers = false
    defer { if keyboard > 0 && !keyboardIsTheViewers { close(keyboard) } }
    let interactive = terminalOutput && (options.file == "-" ? keyboard > 0 : stdinIsTerminal)

    // A printed frame is drawn whole before it is written: past this many cells it would take
    // gigabytes (100 million cells at the largest --width and --height).
    if !interactive, let height = options.height {
      let columns = screenSize(options, environment: environment, stdoutIsTerminal: stdoutIsTerminal).columns
      if columns * height > maximumPrintedCells {
        return fail(
          "--height \(height) at \(columns) columns is a frame of \(columns * height) cells, more than "
            + "\(maximumPrintedCells); leave --height out to print the whole feed a page at a time",
          usageError)
      }
    }

    // Printed, everything is read before anything is written: a bad file never leaves half a
    // feed behind. In a terminal, a file is shown as it is read (streamed), unless --expand
    // must find its cards first.
    let document: FeedDocument
    var streamed: [UInt8]?
    var stamp: FileStamp?
    if options.file == "-" && interactive {
      document = FeedDocument(title: "stdin", cards: [])
    } else if options.file == "-" {
      // Piped: the whole stream, then the feed once. A bad line is an error, as in a file.
      var lines = CardLines(name: "stdin")
      switch readFile("/dev/stdin", limit: options.maximumMegabytes << 20, stream: true) {
      case .success(let bytes):
        if let problem = lines.consume(bytes, final: true).problems.first {
          // A live feed skips a bad line; printed once, the stream is one document and fails
          // whole, so the message says so instead of "line skipped".
          let skipped = "; line skipped"
          let reason = problem.hasSuffix(skipped) ? String(problem.dropLast(skipped.count)) : problem
          return fail(reason + "; nothing printed", dataError)
        }
      case .failure(let message): return fail("stdin: \(message)", noInput)
      }
      document = FeedDocument(title: "stdin", cards: lines.cards)
    } else if let path = options.file {
      // The stamp before the read: a save during the read is seen by the first poll.
      if options.watch, case .success(let current) = FileStamp.of(path) { stamp = current }
      let bytes: [UInt8]
      switch readFile(path, limit: options.maximumMegabytes << 20) {
      case .success(let read): bytes = read
      case .failure(let message): return fail("\(FeedOptions.shown(path, limit: 200)): \(message)", noInput)
      }
      if interactive && options.expand == .none {
        document = FeedDocument(title: "Feed", cards: [])
        streamed = bytes
      } else {
        do {
          document = try FeedDocument.parse(bytes)
        } catch {
          return fail(describe(error, in: FeedOptions.shown(path, limit: 200)), dataError)
        }
      }
    } else if let count = options.sections {
      document = FeedDocument(
        title: "Generated feed", cards: BuiltInFeed.generated(count: count, seed: options.seed))
    } else {
      document = FeedDocument(title: BuiltInFeed.title, cards: BuiltInFeed.cards())
    }

    let (columns, rows) = screenSize(options, environment: environment, stdoutIsTerminal: stdoutIsTerminal)

    let list = FeedList(
      document: document, width: columns, height: interactive ? rows : (options.height ?? 256))
    let unknown = list.expand(options.expand)
    guard unknown.isEmpty else {
      return fail(
        "--expand: no card \(unknown.prefix(5).map(FeedOptions.quoted).joined(separator: ", "))"
          + (unknown.count > 5 ? " (and \(unknown.count - 5) more)" : "") + " in this feed", usageError)
    }
    let renderer = TextRenderer(registry: FeedList.registry, environment: DrawEnvironment(colors: colors))

    if interactive {
      keyboardIsTheViewers = true
      let keyboard = keyboard
      viewerRun = {
        defer { if keyboard > 0 { close(keyboard) } }
        return await runViewer(
          list: list, renderer: renderer, columns: columns, rows: rows, options: options, streamed: streamed,
          stamp: stamp, keyboard: keyboard, errorOutput: errorOutput)
      }
      return ok
    }

    do {
      try printFeed(list, renderer: renderer, columns: columns, height: options.height, output: output)
    } catch {
      return error.isBrokenPipe ? ok : fail("writing the feed to \(outputName): \(reason(error))", ioError)
    }
    return ok
  }

  /// The viewer in the terminal, with what feeds it while it runs: a file loading, lines from
  /// standard input, a watched file.
  private static func runViewer(
    list: FeedList, renderer: TextRenderer, columns: Int, rows: Int, options: FeedOptions, streamed: [UInt8]?,
    stamp: FileStamp?, keyboard: Int32, errorOutput: (String) -> Void
  ) async -> Int32 {
    let viewer = ListViewer(
      adapter: list.adapter, renderer: renderer, columns: columns, rows: rows, title: list.document.title)
    viewer.animation.isEnabled = options.animates
    // Outside work is main-actor tasks, cancelled when the viewer returns: what they
    // change is drawn without being asked.
    var work: [Task<Void, Never>] = []
    if options.file == "-" {
      let stream = CardStream(list: list)
      work.append(
        Task {
          await stream.read(from: 0) { viewer.statusLine.message = stream.message }
        })
    }
    var loader: FeedLoader?
    if let bytes = streamed, let path = options.file {
      let loading = FeedLoader(
        list: list, name: FeedOptions.shown(path.split(separator: "/").last ?? "", limit: 60))
      loading.start(bytes)
      // While cards wait, a slice of them a turn, keys and frames in between; while none
      // wait, nothing runs until the parsing task hands more over.
      var showing: Task<Void, Never>?
      loading.onArrival = {
        viewer.statusLine.message = loading.message
        guard showing == nil else { return }
        showing = Task {
          while !Task.isCancelled && loading.hasPendingCards {
            loading.showNextSlice()
            viewer.statusLine.message = loading.message
            viewer.statusLine.title = list.document.title
            await Task.yield()
          }
          showing = nil
        }
      }
      loader = loading
    }
    if options.watch, let path = options.file {
      let watcher = FeedFileWatcher(
        path: path, list: list, stamp: stamp, limit: options.maximumMegabytes << 20)
      // A new version is parsed on a task of its own and replaces the feed, even one still
      // loading, when it comes back.
      watcher.parsesInBackground = true
      watcher.onChange = {
        if watcher.message == nil { loader?.cancel() }
        viewer.statusLine.message = watcher.message ?? loader?.message
        viewer.statusLine.title = list.document.title
      }
      work.append(
        Task {
          while !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(250))
            if watcher.poll() { viewer.statusLine.message = watcher.message ?? loader?.message }
          }
        })
    }
    defer { for task in work { task.cancel() } }
    // Quitting while a file loads stops reading it.
    defer { loader?.cancel() }
    do {
      try await viewer.run(in: TerminalSession(input: keyboard))
    } catch let error as TerminalError {
      errorOutput("feed: " + Sanitizer.clean(error.description) + "\n")
      return ioError
    } catch {
      errorOutput("feed: " + Sanitizer.clean("\(error)") + "\n")
      return ioError
    }
    return ok
  }

  /// Prints the feed as lines: one frame of `height` rows, or the whole feed a page at a time.
  package static func printFeed(
    _ list: FeedList, renderer: TextRenderer, columns: Int, height: Int?,
    output: ([UInt8]) throws(TerminalError) -> Void
  ) throws(TerminalError) {
    try printList(
      list.collectionView, emptyView: list.adapter.emptyView, renderer: renderer, columns: columns,
      height: height,
      output: output)
  }

  /// Prints a collection view as lines: one frame of `height` rows, or all of its content a page
  /// at a time (`emptyView` when it has no sections).
  package static func printList(
    _ collectionView: CollectionView, emptyView: CellDescriptor?, renderer: TextRenderer, columns: Int,
    height: Int?, output: ([UInt8]) throws(TerminalError) -> Void
  ) throws(TerminalError) {
    guard let height else {
      try renderer.printContent(of: collectionView, emptyView: emptyView, columns: columns, output: output)
      return
    }
    var canvas = Canvas(width: columns, height: height)
    if collectionView.numberOfSections == 0, let empty = emptyView {
      renderer.draw(empty, in: CellRect(x: 1, y: 1, width: max(0, columns - 2), height: 1), into: &canvas)
    } else {
      collectionView.setSize(Size(width: Double(columns), height: Double(height)))
      renderer.render(collectionView, into: &canvas)
    }
    try output(LineEncoder(colors: renderer.environment.colors).encode(canvas))
  }

  /// "path:line:column: message", or "path: message" when the error has no position.
  static func describe(_ error: FeedFileError, in path: String) -> String {
    guard let position = error.position else { return "\(path): \(error.message)" }
    return "\(path):\(position.line):\(position.column): \(error.message)"
  }

  package enum ReadResult {
    case success([UInt8])
    case failure(String)
  }

  /// The whole file, or why it is not read: it cannot be opened, it is not a regular file
  /// (a pipe, a device, a directory: `/dev/zero` never ends, a FIFO blocks until a writer
  /// comes), or it holds more than `limit` bytes. The open never blocks. `stream` reads a pipe
  /// or a terminal too (standard input), to its end, up to `limit`.
  package static func readFile(_ path: String, limit: Int, stream: Bool = false) -> ReadResult {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else { return .failure(String(cString: strerror(errno))) }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return .failure(String(cString: strerror(errno))) }
    let isRegular = info.st_mode & S_IFMT == S_IFREG
    if !isRegular && !stream {
      return .failure(
        "not a regular file (\(kindOfDescriptor(descriptor))); give a file, or pipe it to feed -")
    }
    func tooLarge() -> ReadResult {
      .failure("larger than \(limit >> 20) MB; --max-size raises the limit")
    }
    if isRegular && Int(info.st_size) > limit { return tooLarge() }
    // Reads block again: a pipe's writer may be slow, a regular file never blocks.
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = read(descriptor, &chunk, chunk.count)
      if count < 0 {
        if errno == EINTR { continue }
        return .failure(String(cString: strerror(errno)))
      }
      if count == 0 { break }
      // A file that grows while it is read is held to the limit too.
      guard bytes.count + count <= limit else { return tooLarge() }
      bytes.append(contentsOf: chunk[0..<count])
    }
    return .success(bytes)
  }
}
