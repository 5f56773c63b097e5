#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// Running each scenario in fresh processes and summarising their lines.
//
// A scenario timed after others inherits their heap: its first allocations reuse their freed
// blocks or fault in new pages, depending on which ran before it. In a process of its own, each
// scenario starts from the same state whatever else was selected, and several processes show how
// far a ratio moves from one process to the next (address-space layout, huge pages, the
// neighbours' load) rather than hiding it in one lucky run.

struct BenchOptions {
  static let usage = """
    usage: sectional-bench [--processes N] [--instructions] [--in-process] [--list] [name-prefix]
      name-prefix     run the scenarios whose names start with it (default: all)
      --processes N   run each scenario in N fresh processes (default 1); the line gives the
                      median of every figure and each ratio's min and max (<ratio>_min,
                      <ratio>_max) and max_spread_pct, the largest distance of a ratio's min or
                      max from its median, in percent
      --instructions  also count each side's instructions for one run under callgrind (valgrind
                      on the PATH, SWIFT_DETERMINISTIC_HASHING=1): measured_instructions,
                      baseline_instructions and instructions_speedup beside the time ratio
      --in-process    run the scenarios one after another in this process (for a profiler)
      --list          print the selected scenarios' names
    """

  var prefix = ""
  var processes = 1
  var inProcess = false
  var instructions = false
  /// A child asked what its scenario compares (for `--instructions`) rather than to time it.
  var describe = false
  var list = false
  var help = false
  var scenario: String?

  struct Invalid: Error, CustomStringConvertible {
    var description: String
  }

  init<Arguments: Sequence<String>>(_ arguments: Arguments) throws {
    var iterator = arguments.makeIterator()
    var prefixes: [String] = []
    while let argument = iterator.next() {
      switch argument {
      case "--processes":
        guard let value = iterator.next(), let count = Int(value), count >= 1 else {
          throw Invalid(description: "--processes takes a whole number of at least 1")
        }
        processes = count
      case "--scenario":
        guard let value = iterator.next() else { throw Invalid(description: "--scenario takes a name") }
        scenario = value
      case "--in-process": inProcess = true
      case "--instructions": instructions = true
      case "--describe": describe = true
      case "--list": list = true
      case "-h", "--help": help = true
      default:
        guard !argument.hasPrefix("-") else { throw Invalid(description: "unknown option \(argument)") }
        prefixes.append(argument)
      }
    }
    guard prefixes.count <= 1 else { throw Invalid(description: "give at most one name prefix") }
    prefix = prefixes.first ?? ""
  }
}

/// Runs this executable on one scenario and returns the JSON line it printed.
func runChild(scenario: String, describe: Bool = false) -> Result<String, ChildFailure> {
  #if os(Linux)
    let executable = "/proc/self/exe"
  #else
    let executable = CommandLine.arguments[0]
  #endif
  var pipeEnds: [Int32] = [0, 0]
  guard pipe(&pipeEnds) == 0 else { return .failure(ChildFailure("pipe failed: errno \(errno)")) }
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
  posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
  posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
  let arguments = [executable, "--scenario", scenario] + (describe ? ["--describe"] : [])
  let argv = arguments.map { strdup($0) } + [nil]
  defer { argv.forEach { free($0) } }
  var pid = pid_t()
  let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
  close(pipeEnds[1])
  defer { close(pipeEnds[0]) }
  guard spawned == 0 else { return .failure(ChildFailure("could not start \(executable): error \(spawned)")) }
  var output: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 4096)
  while true {
    let count = read(pipeEnds[0], &buffer, buffer.count)
    if count > 0 {
      output += buffer[0..<count]
    } else if count < 0 && errno == EINTR {
      continue
    } else {
      break
    }
  }
  var status: Int32 = 0
  while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
  let text = String(decoding: output, as: UTF8.self)
  // WIFEXITED and WEXITSTATUS are macros Swift does not import: the low 7 bits are the
  // signal (0 for an exit), the next 8 the exit status.
  guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
    return .failure(ChildFailure("the process ended with status \(status)"))
  }
  guard let line = text.split(separator: "\n").last(where: { $0.hasPrefix("{") }) else {
    return .failure(ChildFailure("the process printed no result"))
  }
  return .success(String(line))
}

struct ChildFailure: Error {
  var message: String
  init(_ message: String) { self.message = message }
}

/// Whether a field is a ratio whose spread across processes is reported.
func isRatio(_ key: String) -> Bool {
  !key.hasPrefix("goal_") && (key == "speedup" || key.hasSuffix("_speedup") || key.hasSuffix("_ratio"))
}

/// One line from the lines of several processes of one scenario: each number's median, each
/// ratio's min and max after it, and the largest spread of any ratio.
func aggregate(_ lines: [String], processes: Int) -> String {
  let parsed = lines.map(parseFlatObject)
  var fields: [(String, JSONValue)] = []
  var spread = 0.0
  for (key, first) in parsed[0] {
    let values = parsed.compactMap { fields in fields.first { $0.key == key }?.value }
    let numbers = values.compactMap { value -> Double? in
      if case .number(let number) = value { return number }
      if case .integer(let number) = value { return Double(number) }
      return nil
    }
    guard numbers.count == values.count, !numbers.isEmpty else {
      fields.append((key, first))
      if key == "n" { fields.append(("processes", .integer(processes))) }
      continue
    }
    let sorted = numbers.sorted()
    let median =
      sorted.count % 2 == 1
      ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    if case .integer = first, sorted.first == sorted.last {
      fields.append((key, .integer(Int(median))))
    } else {
      fields.append((key, .number(median)))
    }
    if key == "n" { fields.append(("processes", .integer(processes))) }
    if isRatio(key) {
      fields.append(("\(key)_min", .number(sorted.first!)))
      fields.append(("\(key)_max", .number(sorted.last!)))
      if median > 0 {
        spread = max(spread, (sorted.last! - median) / median * 100, (median - sorted.first!) / median * 100)
      }
    }
  }
  fields.append(("max_spread_pct", .number(spread)))
  return "{" + fields.map { "\"\($0.0)\": \($0.1.encoded)" }.joined(separator: ", ") + "}"
}

/// Parses the one-level objects `measure` prints: string, number and null values.
func parseFlatObject(_ line: String) -> [(key: String, value: JSONValue)] {
  var result: [(key: String, value: JSONValue)] = []
  let characters = Array(line.unicodeScalars)
  var index = 0
  func string() -> String {
    // At an opening quote; the harness writes no escapes.
    index += 1
    var text = ""
    while index < characters.count && characters[index] != "\"" {
      text.unicodeScalars.append(characters[index])
      index += 1
    }
    index += 1
    return text
  }
  while index < characters.count {
    guard characters[index] == "\"" else {
      index += 1
      continue
    }
    let key = string()
    while index < characters.count && (characters[index] == ":" || characters[index] == " ") { index += 1 }
    guard index < characters.count else { break }
    if characters[index] == "\"" {
      result.append((key, .string(string())))
      continue
    }
    var token = ""
    while index < characters.count && characters[index] != "," && characters[index] != "}" {
      token.unicodeScalars.append(characters[index])
      index += 1
    }
    token = token.trimmingSpaces()
    if token == "null" {
      result.append((key, .null))
    } else if !token.contains("."), !token.contains("e"), let integer = Int(token) {
      result.append((key, .integer(integer)))
    } else if let number = Double(token) {
      result.append((key, .number(number)))
    }
  }
  return result
}

extension String {
  fileprivate func trimmingSpaces() -> String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}

/// Writes a line to standard error.
func printError(_ message: String) {
  let line = "sectional-bench: " + message + "\n"
  _ = line.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
}
