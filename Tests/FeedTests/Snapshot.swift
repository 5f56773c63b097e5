import Foundation
import Testing

/// Compares `text` with the golden file `Snapshots/<name>` beside this file. With
/// `RECORD_SNAPSHOTS=1` in the environment, or when the file does not exist yet, the file is
/// written and the test fails so that a recording is never mistaken for a pass.
func assertSnapshot(
  _ text: String, named name: String, filePath: String = #filePath,
  sourceLocation: SourceLocation = #_sourceLocation
) {
  let directory = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent(
    "Snapshots")
  let url = directory.appendingPathComponent(name)
  let record =
    ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"].map { !$0.isEmpty && $0 != "0" } ?? false
  let existing = try? String(contentsOf: url, encoding: .utf8)
  if record || existing == nil {
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try? text.write(to: url, atomically: true, encoding: .utf8)
    Issue.record(
      "recorded the snapshot \(name); run again without RECORD_SNAPSHOTS", sourceLocation: sourceLocation)
    return
  }
  guard let existing, existing != text else { return }
  let old = existing.split(separator: "\n", omittingEmptySubsequences: false)
  let new = text.split(separator: "\n", omittingEmptySubsequences: false)
  let line = Array(zip(old, new)).firstIndex { $0 != $1 } ?? min(old.count, new.count)
  let expected = line < old.count ? String(old[line]) : "<end>"
  let actual = line < new.count ? String(new[line]) : "<end>"
  Issue.record(
    """
    \(name) differs from its golden file at line \(line + 1):
      golden: \(expected.debugDescription)
      actual: \(actual.debugDescription)
    (RECORD_SNAPSHOTS=1 swift test to accept the new output)
    """, sourceLocation: sourceLocation)
}
