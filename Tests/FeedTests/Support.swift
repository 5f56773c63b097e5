import FeedKit
import Foundation
import SectionalTerminal

/// What a run of `feed` wrote and returned.
struct FeedRun {
  var status: Int32
  var output: String
  var errors: String
}

/// Runs the feed command in-process with a fixed world: not a terminal unless asked, no colour
/// variables unless given.
@MainActor
func runFeed(
  _ arguments: [String], environment: [String: String] = ["TERM": "xterm-256color"], terminal: Bool = false
) -> FeedRun {
  var output: [UInt8] = []
  var errors = ""
  let outcome = withUnsafeMutablePointer(to: &output) { pointer in
    FeedCommand.run(
      arguments: arguments, environment: { environment[$0] }, stdinIsTerminal: terminal,
      stdoutIsTerminal: terminal,
      output: { bytes throws(TerminalError) in pointer.pointee += bytes },
      errorOutput: { errors += $0 })
  }
  // Never a terminal here: every run is done when it returns.
  guard case .exit(let status) = outcome else { fatalError("a run in the tests showed the viewer") }
  return FeedRun(status: status, output: String(decoding: output, as: UTF8.self), errors: errors)
}

/// Removes a file ``temporaryFile(_:name:)`` made, and its directory.
func removeTemporaryFile(_ path: String) {
  try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent)
}

/// Writes `text` to a new temporary file (in a directory of its own) and returns its path; remove
/// it with ``removeTemporaryFile(_:)``.
func temporaryFile(_ text: String, name: String = "feed.json") throws -> String {
  let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
    "sectional-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  let url = directory.appendingPathComponent(name)
  try text.write(to: url, atomically: true, encoding: .utf8)
  return url.path
}

/// Every escape sequence in `text` is an SGR (`ESC [ … m`): nothing else reached the output.
func onlySGR(_ text: String) -> Bool {
  var scalars = text.unicodeScalars[...]
  while let index = scalars.firstIndex(of: "\u{1B}") {
    scalars = scalars[scalars.index(after: index)...]
    guard scalars.first == "[" else { return false }
    guard let end = scalars.firstIndex(where: { (0x40...0x7E).contains($0.value) && $0 != "[" }) else {
      return false
    }
    guard scalars[end] == "m",
      scalars[scalars.index(after: scalars.startIndex)..<end].allSatisfy({
        ("0"..."9").contains($0) || $0 == ";"
      })
    else { return false }
    scalars = scalars[scalars.index(after: end)...]
  }
  return !text.unicodeScalars.contains {
    ($0.value < 0x20 && $0 != "\n" && $0 != "\u{1B}") || (0x7F..<0xA0).contains($0.value)
  }
}
