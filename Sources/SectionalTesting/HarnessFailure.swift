import SectionalDiff

/// Why a harness call or a snapshot assertion failed. Thrown, so a test written with Swift
/// Testing or XCTest fails with this message when it `try`s the call; nothing here depends on
/// either framework.
public struct HarnessFailure: Error, CustomStringConvertible, Sendable {
  /// What failed and why, with the diagnostics or the line diff concerned.
  public var description: String

  /// A failure saying `description`.
  public init(_ description: String) { self.description = description }

  /// Diagnostics raised that the call did not say it expected, and expected kinds that were not
  /// raised; nil when the two agree.
  static func checking(_ raised: [Diagnostic], expected: Set<Diagnostic.Kind>, during action: String)
    -> HarnessFailure?
  {
    let unexpected = raised.filter { !expected.contains($0.kind) }
    let missing = expected.subtracting(raised.map(\.kind))
    guard !unexpected.isEmpty || !missing.isEmpty else { return nil }
    var lines: [String] = []
    if !unexpected.isEmpty {
      lines.append(
        "\(action) raised \(unexpected.count) unexpected diagnostic\(unexpected.count == 1 ? "" : "s"):")
      lines += unexpected.prefix(10).map { "  [\($0.kind)] \($0.message)" }
      if unexpected.count > 10 { lines.append("  … and \(unexpected.count - 10) more") }
    }
    if !missing.isEmpty {
      let names = missing.map(\.rawValue).sorted().joined(separator: ", ")
      lines.append("\(action) was expected to raise \(names), and did not")
    }
    lines.append("(pass `expecting:` the kinds a call should raise)")
    return HarnessFailure(lines.joined(separator: "\n"))
  }
}
