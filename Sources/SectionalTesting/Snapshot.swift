#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Compares `text` with the golden file `Snapshots/<name>` in the directory of the calling test
/// file.
///
/// - When the file does not exist, or the environment has `RECORD_SNAPSHOTS=1`, `text` is
///   written to it and the call throws, so a recording is never mistaken for a pass: run the
///   test again to compare.
/// - `name` may hold subdirectories; one that leaves `Snapshots/` (`..`) or holds NUL is
///   refused. Files are compared byte for byte.
/// - When the file differs, the call throws a ``HarnessFailure`` that shows the differing lines
///   with two lines of context around each change (`-` golden, `+` actual).
public func assertSnapshot(_ text: String, named name: String, filePath: StaticString = #filePath) throws {
  let testFile = "\(filePath)"
  let directory = testFile.lastIndex(of: "/").map { String(testFile[..<$0]) } ?? "."
  let record =
    ProcessInfo.processInfo.environment["RECORD_SNAPSHOTS"].map { !$0.isEmpty && $0 != "0" } ?? false
  try assertSnapshot(text, named: name, in: directory + "/Snapshots", record: record)
}

/// ``assertSnapshot(_:named:filePath:)`` with the directory and the recording switch spelled out.
func assertSnapshot(_ text: String, named name: String, in snapshots: String, record: Bool) throws {
  // A name is a relative path of plain components: no `..` or `.` to leave the directory, no
  // NUL (which cuts the path the system sees short of the one read back).
  let components = name.split(separator: "/", omittingEmptySubsequences: false)
  guard !name.isEmpty, !name.contains("\0"),
    components.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." })
  else {
    throw HarnessFailure(
      "the snapshot name \(String(reflecting: name)) is not a file name inside Snapshots/: use plain "
        + "path components, without \"..\", \".\", a leading or trailing \"/\", or NUL")
  }
  let path = snapshots + "/" + name
  let directory = String(path[..<path.lastIndex(of: "/")!])
  let golden = FileManager.default.contents(atPath: path)
  let existing = golden.map { String(decoding: $0, as: UTF8.self) }
  let actual = Data(text.utf8)
  if record || golden == nil {
    do {
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
      try actual.write(to: URL(fileURLWithPath: path))
    } catch {
      throw HarnessFailure("could not record the snapshot \(path): \(error)")
    }
    throw HarnessFailure(
      "recorded the snapshot \(path)\(record ? " (RECORD_SNAPSHOTS is set)" : ""); run the test again to compare"
    )
  }
  // Bytes, not `String ==`: canonically equivalent text (NFD against NFC) is not the same file.
  guard let existing, golden != actual else { return }
  throw HarnessFailure(
    "\(name) differs from its golden file \(path) (-golden +actual):\n"
      + LineDiff.describe(old: existing, new: text)
      + "\n(RECORD_SNAPSHOTS=1 to accept the new output)")
}

/// A readable difference of two texts by lines: a longest common subsequence of lines, the
/// changes shown with two lines of context, hunks headed by their line numbers.
enum LineDiff {
  enum Line: Equatable {
    case same(String)
    case removed(String)
    case added(String)
  }

  /// The edit script from `old` to `new`. Quadratic in lines, so texts of more than 4,000 lines
  /// a side are compared past their common prefix and suffix only.
  static func lines(old: [Substring], new: [Substring]) -> [Line] {
    var prefix = 0
    while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < old.count - prefix, suffix < new.count - prefix,
      old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
    {
      suffix += 1
    }
    let a = Array(old[prefix..<(old.count - suffix)])
    let b = Array(new[prefix..<(new.count - suffix)])
    var middle: [Line] = []
    if a.count > 4_000 || b.count > 4_000 {
      middle = a.map { .removed(String($0)) } + b.map { .added(String($0)) }
    } else {
      // lengths[i][j]: the longest common subsequence of a[i...] and b[j...].
      let width = b.count + 1
      var lengths = [Int](repeating: 0, count: (a.count + 1) * width)
      for i in stride(from: a.count - 1, through: 0, by: -1) {
        for j in stride(from: b.count - 1, through: 0, by: -1) {
          lengths[i * width + j] =
            a[i] == b[j]
            ? lengths[(i + 1) * width + j + 1] + 1
            : max(lengths[(i + 1) * width + j], lengths[i * width + j + 1])
        }
      }
      var i = 0
      var j = 0
      while i < a.count || j < b.count {
        if i < a.count, j < b.count, a[i] == b[j] {
          middle.append(.same(String(a[i])))
          i += 1
          j += 1
        } else if i < a.count && (j == b.count || lengths[(i + 1) * width + j] >= lengths[i * width + j + 1])
        {
          // Removals before additions: a changed line reads as "- old" then "+ new".
          middle.append(.removed(String(a[i])))
          i += 1
        } else {
          middle.append(.added(String(b[j])))
          j += 1
        }
      }
    }
    return old[..<prefix].map { .same(String($0)) } + middle
      + old[(old.count - suffix)...].map { .same(String($0)) }
  }

  /// The changes between `old` and `new` as hunks with `context` lines around them.
  static func describe(old: String, new: String, context: Int = 2) -> String {
    let script = lines(
      old: old.split(separator: "\n", omittingEmptySubsequences: false),
      new: new.split(separator: "\n", omittingEmptySubsequences: false))
    let changed = script.indices.filter {
      if case .same = script[$0] { return false }
      return true
    }
    guard !changed.isEmpty else {
      return "(the texts differ only in line endings or Unicode normalisation: NFC against NFD)"
    }
    // Line numbers on each side where each script line stands.
    var numbers: [(old: Int, new: Int)] = []
    var oldLine = 1
    var newLine = 1
    for line in script {
      numbers.append((oldLine, newLine))
      switch line {
      case .same: oldLine += 1; newLine += 1
      case .removed: oldLine += 1
      case .added: newLine += 1
      }
    }
    var out: [String] = []
    var next = 0  // the first change not yet shown
    while next < changed.count {
      let start = max(changed[next] - context, (out.isEmpty ? 0 : changed[next - 1] + context + 1))
      // A hunk runs on while the next change is within reach of its context.
      var last = next
      while last + 1 < changed.count, changed[last + 1] - changed[last] <= 2 * context + 1 { last += 1 }
      let end = min(script.count - 1, changed[last] + context)
      out.append("@@ golden line \(numbers[start].old), actual line \(numbers[start].new) @@")
      for line in script[start...end] {
        switch line {
        case .same(let text): out.append("  " + visible(text))
        case .removed(let text): out.append("- " + visible(text))
        case .added(let text): out.append("+ " + visible(text))
        }
      }
      next = last + 1
    }
    return out.joined(separator: "\n")
  }

  /// A line as it can be read in a test log: escapes and other controls spelled out.
  private static func visible(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value) {
        out += scalar.value == 0x1B ? "\\e" : "\\u{\(String(scalar.value, radix: 16))}"
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
