import Sectional
import SectionalTerminal

/// A list a sample shows: its collection view and whatever keeps its data source alive (an
/// adapter, a diffable data source), the views it draws with, and a title.
@MainActor
package final class SampleList {
  /// The collection view shown.
  package let collectionView: CollectionView
  /// The adapter, when the sample is built on one (the viewer then follows its controllers).
  package let adapter: ListAdapter?
  /// The views the sample draws with.
  package let registry: ViewRegistry
  /// The status line's title.
  package let title: String
  /// Holds the data source (a collection view holds its own weakly).
  let owner: AnyObject?

  /// A list driven by an adapter over `layout`: cells measured by `registry`'s views, updates
  /// applied at once, `source` giving objects and controllers.
  package convenience init(
    layout: any CollectionViewLayout, columns: Int, rows: Int, registry: ViewRegistry, title: String,
    source: some ListAdapterDataSource
  ) {
    let collectionView = CollectionView(
      layout: layout, size: Size(width: Double(columns), height: Double(rows)))
    collectionView.measurer = TextRenderer(registry: registry).measurer()
    let adapter = ListAdapter(collectionView: collectionView)
    adapter.dataSource = source
    adapter.reloadData()
    self.init(
      collectionView: collectionView, adapter: adapter, registry: registry, title: title, owner: source)
  }

  package init(
    collectionView: CollectionView, adapter: ListAdapter? = nil, registry: ViewRegistry, title: String,
    owner: AnyObject? = nil
  ) {
    self.collectionView = collectionView
    self.adapter = adapter
    self.registry = registry
    self.title = title
    self.owner = owner
  }
}

/// What a sample program is: its name, what it shows, the flags of its own, and how to build its
/// list at a size.
@MainActor
package struct Sample {
  /// The program's name, as `swift run NAME` runs it.
  package var name: String
  /// One paragraph for `--help`: what the sample shows and which technique it reproduces.
  package var summary: String
  /// Whether its list has buttons to focus (Tab) and press (Enter); the status line and `--help`
  /// offer those keys only then.
  package var hasButtons: Bool
  /// Flags of its own (name, help), such as `--trace`.
  package var flags: [(name: String, help: String)]
  /// Builds the list `columns` wide and `rows` tall, with the flags given and somewhere to write
  /// a trace.
  package var build:
    (_ columns: Int, _ rows: Int, _ flags: Set<String>, _ trace: @escaping (String) -> Void) -> SampleList

  package init(
    name: String, summary: String, flags: [(name: String, help: String)] = [], hasButtons: Bool = false,
    build: @escaping (Int, Int, Set<String>, @escaping (String) -> Void) -> SampleList
  ) {
    self.name = name
    self.summary = summary
    self.hasButtons = hasButtons
    self.flags = flags
    self.build = build
  }

  /// `--help`'s text.
  package var usage: String {
    var text = "Usage: \(name) [options]\n\n\(summary)\n\nOptions:\n"
    text += "  --width N          print N columns wide and exit\n"
    text += "  --height N         print one frame of N rows (with --width, of that size) and exit\n"
    text += "  --color WHEN       auto (default), always or never; NO_COLOR and FORCE_COLOR are honoured\n"
    for flag in flags { text += "  " + flag.name.padding(to: 19) + flag.help + "\n" }
    if hasButtons { text += "  --no-animation     show each change at once (it always is when printing)\n" }
    text += "  -h, --help         show this help\n\n"
    text += "Keys: ↑↓/jk scroll, PgUp/PgDn/space page, Home/End/g/G ends, ←→/hl or Shift-wheel scroll a\n"
    text +=
      hasButtons
      ? "sideways row, Tab/Shift-Tab focus a button, Enter press it, q/Esc/Ctrl-C quit.\n"
      : "sideways row, q/Esc/Ctrl-C quit.\n"
    return text
  }
}

extension String {
  fileprivate func padding(to width: Int) -> String {
    count >= width ? self + " " : self + String(repeating: " ", count: width - count)
  }
}

/// Runs a ``Sample`` as `feed` runs the feed: interactive in a terminal, printed otherwise, the
/// same options for size and colour, the same exit statuses.
@MainActor
package enum SampleCommand {
  /// Runs `sample` with the process's arguments, environment and standard streams.
  package static func main(_ sample: Sample) async -> Int32 {
    FeedCommand.ignoreBrokenPipes()
    let outputName = "standard output (\(FeedCommand.kindOfDescriptor(1)))"
    let closed = FeedCommand.reserveStandardDescriptors()
    let outcome = run(
      sample, arguments: Array(CommandLine.arguments.dropFirst()), environment: TerminalSession.environment,
      stdinIsTerminal: TerminalSession.isTerminal(0), stdoutIsTerminal: TerminalSession.isTerminal(1),
      output: { bytes throws(TerminalError) in try FeedCommand.write(bytes, to: 1, closed: closed) },
      errorOutput: { message in _ = try? FeedCommand.write(Array(message.utf8), to: 2, closed: closed) },
      outputName: outputName)
    switch outcome {
    case .exit(let status): return status
    case .interactive(let viewer): return await viewer()
    }
  }

  /// The program, with its world passed in so tests can run it: as `FeedCommand.run`, a run
  /// that would show the viewer returns it.
  package static func run(
    _ sample: Sample, arguments: [String], environment: (String) -> String?, stdinIsTerminal: Bool,
    stdoutIsTerminal: Bool, output: ([UInt8]) throws(TerminalError) -> Void,
    errorOutput: @escaping (String) -> Void,
    outputName: String = "standard output"
  ) -> FeedCommand.Outcome {
    var viewer: (@MainActor () async -> Int32)?
    let status = prepare(
      sample, arguments: arguments, environment: environment, stdinIsTerminal: stdinIsTerminal,
      stdoutIsTerminal: stdoutIsTerminal, output: output, errorOutput: errorOutput, outputName: outputName,
      interactive: &viewer)
    return viewer.map { .interactive($0) } ?? .exit(status)
  }

  private static func prepare(
    _ sample: Sample, arguments: [String], environment: (String) -> String?, stdinIsTerminal: Bool,
    stdoutIsTerminal: Bool, output: ([UInt8]) throws(TerminalError) -> Void,
    errorOutput: @escaping (String) -> Void, outputName: String,
    interactive viewerRun: inout (@MainActor () async -> Int32)?
  ) -> Int32 {
    let parsed: (options: FeedOptions, flags: Set<String>)
    do {
      parsed = try parse(arguments, flags: Set(sample.flags.map(\.name)))
    } catch {
      errorOutput(
        "\(sample.name): \(Sanitizer.clean(error.description, singleLine: true))\n\n" + sample.usage)
      return FeedCommand.usageError
    }
    let options = parsed.options
    if options.help {
      do {
        try output(Array(sample.usage.utf8))
      } catch {
        if error.isBrokenPipe { return FeedCommand.ok }
        errorOutput("\(sample.name): writing the help to \(outputName): \(FeedCommand.reason(error))\n")
        return FeedCommand.ioError
      }
      return FeedCommand.ok
    }
    let colors = ColorSupport.depth(
      choice: options.color, isTerminal: stdoutIsTerminal, environment: environment)
    let fixedSize = options.width != nil || options.height != nil
    let interactive =
      stdoutIsTerminal && stdinIsTerminal && !fixedSize && (environment("TERM") ?? "") != "dumb"
    let (columns, rows) = FeedCommand.screenSize(
      options, environment: environment, stdoutIsTerminal: stdoutIsTerminal)
    let list = sample.build(columns, interactive ? rows : (options.height ?? 256), parsed.flags) { line in
      errorOutput(Sanitizer.clean(line) + "\n")
    }
    let renderer = TextRenderer(registry: list.registry, environment: DrawEnvironment(colors: colors))
    if interactive {
      let viewer =
        list.adapter.map {
          ListViewer(adapter: $0, renderer: renderer, columns: columns, rows: rows, title: list.title)
        }
        ?? ListViewer(
          collectionView: list.collectionView, renderer: renderer, columns: columns, rows: rows,
          title: list.title)
      viewer.animation.isEnabled = options.animates
      viewerRun = {
        do {
          try await viewer.run(in: TerminalSession(input: 0))
          // The list owns the data source, which the collection view holds weakly: it lives as
          // long as the viewer runs.
          withExtendedLifetime(list) {}
        } catch {
          errorOutput("\(sample.name): \(Sanitizer.clean("\(error)"))\n")
          return FeedCommand.ioError
        }
        return FeedCommand.ok
      }
      return FeedCommand.ok
    }
    do {
      try withExtendedLifetime(list) { () throws(TerminalError) in
        try FeedCommand.printList(
          list.collectionView, emptyView: list.adapter?.emptyView, renderer: renderer, columns: columns,
          height: options.height, output: output)
      }
    } catch {
      if error.isBrokenPipe { return FeedCommand.ok }
      errorOutput("\(sample.name): writing to \(outputName): \(FeedCommand.reason(error))\n")
      return FeedCommand.ioError
    }
    return FeedCommand.ok
  }

  /// The options `feed` and the samples share (`--width`, `--height`, `--color`, `--help`), plus
  /// the sample's own flags; anything else is a usage error.
  static func parse(_ arguments: [String], flags: Set<String>) throws(FeedOptions.UsageError) -> (
    options: FeedOptions, flags: Set<String>
  ) {
    var shared: [String] = []
    var given: Set<String> = []
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if flags.contains(argument) {
        given.insert(argument)
        continue
      }
      let name = String(argument.split(separator: "=", maxSplits: 1).first ?? "")
      switch name {
      case "-h", "--help", "--no-animation":
        shared.append(argument)
      case "--width", "--height", "--color", "--colour":
        shared.append(argument)
        // The value, when it is the next argument.
        if !argument.contains("="), index < arguments.count {
          shared.append(arguments[index])
          index += 1
        }
      default:
        throw FeedOptions.UsageError(
          description: argument.hasPrefix("-")
            ? "unknown option \(FeedOptions.quoted(argument))"
            : "this sample takes no file (got \(FeedOptions.quoted(argument)))")
      }
    }
    return (try FeedOptions.parse(shared), given)
  }
}
