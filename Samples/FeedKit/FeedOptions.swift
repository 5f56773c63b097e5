import SectionalTerminal

/// The command line of `feed`.
package struct FeedOptions: Hashable, Sendable {
  package var help = false
  package var width: Int?
  package var height: Int?
  package var expand = ExpandSelection.none
  package var color = ColorChoice.auto
  package var sections: Int?
  package var seed: UInt64 = 1
  /// The feed file, or "-" for cards as JSON lines on standard input.
  package var file: String?
  /// Whether to reload the file when it changes.
  package var watch = false
  /// Whether updates animate in a terminal (a card opening, the cards below sliding).
  package var animates = true
  /// The largest feed file (or piped stream) read, in megabytes.
  package var maximumMegabytes = FeedOptions.defaultMaximumMegabytes

  /// What ``maximumMegabytes`` is unless `--max-size` says otherwise: many times the largest
  /// feed a person reads, and far below what would exhaust memory while it is parsed.
  package static let defaultMaximumMegabytes = 256

  package init() {}

  package static let usage = """
    Usage: feed [options] [FILE.json | -]

    Shows a feed of expandable cards. In a terminal it is interactive; otherwise (a pipe, a
    file) it prints the whole feed once, as plain text unless colour is asked for.

    Options:
      --width N          print the feed N columns wide and exit
      --height N         print one frame of N rows (with --width, of that size) and exit
      --expand WHAT      all, none, or a comma-separated list of card ids or positions (from 1)
      --color WHEN       auto (default), always or never; NO_COLOR and FORCE_COLOR are honoured
      --sections N       a generated feed of N cards instead of the built-in one
      --seed N           the seed of the generated feed (default 1)
      --watch            reload FILE.json when it changes, sliding what changed into place
      --no-animation     show each change at once (it always is when printing)
      --max-size MB      read a feed file (or a stream piped to print) of up to MB megabytes
                         (default 256)
      -h, --help         show this help

    Keys: ↑↓/jk scroll, PgUp/PgDn/space page, Home/End/g/G ends, Tab/Shift-Tab focus a
    button, Enter open or close the focused card, m pick the focused card up (then ↑↓ move
    it, Enter drop it, Esc put it back), q/Esc/Ctrl-C quit. The mouse wheel scrolls; a click
    on a button presses it.

    FILE.json holds {"title": "…", "cards": [{"id", "title", "description", "caption",
    "detail", "extras": [up to 3], "image": {"pattern", "width", "height", "colors"}}]};
    see Documentation/TextFront.md. With -, cards arrive on standard input as JSON lines
    (one card object a line; a known id replaces its card), as in `tail -f cards.jsonl | feed -`.

    """

  /// `text` as a message shows it: control sequences removed, one line, at most `limit`
  /// characters (the rest cut, with "…").
  static func shown(_ text: some StringProtocol, limit: Int = 40) -> String {
    let clean = visible(text, cleaned: Sanitizer.clean(text, singleLine: true))
    return clean.count <= limit ? clean : String(clean.prefix(limit)) + "…"
  }

  /// `cleaned`, unless cleaning left nothing of `text` (it was all escape sequences and
  /// controls): then `text` with what cleaning drops written as JSON escapes (`\u001b`), as a
  /// feed file spells it. A message quoting `""` names nothing the reader can find.
  static func visible(_ text: some StringProtocol, cleaned: String) -> String {
    guard cleaned.isEmpty, !text.isEmpty else { return cleaned }
    var escaped = ""
    for scalar in text.unicodeScalars {
      if Sanitizer.clean(String(scalar), singleLine: true).isEmpty {
        let hex = String(scalar.value, radix: 16)
        escaped += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
      } else {
        escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }

  /// `text` shown in quotes.
  static func quoted(_ text: some StringProtocol) -> String { "\"" + shown(text) + "\"" }

  /// A bad command line: the message, shown above the usage.
  package struct UsageError: Error, Hashable, Sendable, CustomStringConvertible {
    package var description: String
  }

  package static func parse(_ arguments: [String]) throws(UsageError) -> FeedOptions {
    var options = FeedOptions()
    var index = 0
    var onlyFiles = false
    func value(for name: String, inline: String?) throws(UsageError) -> String {
      if let inline { return inline }
      index += 1
      guard index < arguments.count else { throw UsageError(description: "\(name) needs a value") }
      return arguments[index]
    }
    func number(_ name: String, _ text: String, minimum: Int, maximum: Int) throws(UsageError) -> Int {
      guard let value = Int(text), value >= minimum, value <= maximum else {
        throw UsageError(
          description: "\(name) takes a whole number from \(minimum) to \(maximum), not \(quoted(text))")
      }
      return value
    }
    while index < arguments.count {
      let argument = arguments[index]
      defer { index += 1 }
      if onlyFiles || !argument.hasPrefix("-") || argument == "-" {
        guard options.file == nil else {
          throw UsageError(
            description: "one feed file at a time (got \(quoted(options.file!)) and \(quoted(argument)))")
        }
        options.file = argument
        continue
      }
      if argument == "--" {
        onlyFiles = true
        continue
      }
      let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
      let name = parts[0]
      let inline = parts.count > 1 ? parts[1] : nil
      switch name {
      case "-h", "--help": options.help = true
      case "--watch":
        guard inline == nil else { throw UsageError(description: "--watch takes no value") }
        options.watch = true
      case "--no-animation":
        guard inline == nil else { throw UsageError(description: "--no-animation takes no value") }
        options.animates = false
      case "--max-size":
        options.maximumMegabytes = try number(
          name, try value(for: name, inline: inline), minimum: 1, maximum: 1 << 20)
      case "--width":
        options.width = try number(name, try value(for: name, inline: inline), minimum: 1, maximum: 10_000)
      case "--height":
        options.height = try number(name, try value(for: name, inline: inline), minimum: 1, maximum: 10_000)
      case "--sections":
        options.sections = try number(
          name, try value(for: name, inline: inline), minimum: 0, maximum: 1_000_000)
      case "--seed":
        let text = try value(for: name, inline: inline)
        guard let seed = UInt64(text) else {
          throw UsageError(description: "--seed takes a whole number, not \(quoted(text))")
        }
        options.seed = seed
      case "--color", "--colour":
        let text = try value(for: name, inline: inline)
        guard let choice = ColorChoice(rawValue: text) else {
          throw UsageError(description: "--color takes auto, always or never, not \(quoted(text))")
        }
        options.color = choice
      case "--expand":
        let text = try value(for: name, inline: inline)
        switch text {
        case "all": options.expand = .all
        case "none": options.expand = .none
        default:
          let names = text.split(separator: ",").map { String($0) }.filter { !$0.isEmpty }
          guard !names.isEmpty else {
            throw UsageError(description: "--expand takes all, none or a list of cards")
          }
          options.expand = .list(names)
        }
      default:
        throw UsageError(description: "unknown option \(quoted(argument))")
      }
    }
    if options.watch && (options.file == nil || options.file == "-") {
      throw UsageError(
        description: options.file == nil
          ? "--watch needs a feed file to watch" : "--watch watches a file; with - the feed is already live")
    }
    if options.sections != nil && options.file != nil {
      throw UsageError(description: "--sections generates a feed; it cannot be combined with a feed file")
    }
    return options
  }
}
