/// The most recent diagnostics, oldest first, bounded so a loop that keeps making the same
/// mistake cannot grow memory without end; ``totalCount`` still counts every one.
///
/// A collection of ``Diagnostic``: `log.isEmpty`, `log.map(\.kind)`, `log.last`.
public struct DiagnosticLog: RandomAccessCollection {
  /// How many diagnostics the log keeps; older ones are dropped, a quarter at a time.
  public static let capacity = 256

  private var entries: [Diagnostic] = []
  /// How many diagnostics were ever recorded, including the ones dropped.
  public private(set) var totalCount = 0
  /// Called with each diagnostic as it is recorded (to print or count it).
  public var handler: ((Diagnostic) -> Void)?

  /// An empty log.
  public init() {}

  /// Keeps `diagnostic` and hands it to ``handler``. The handler runs inside this mutation: an
  /// owner whose handler may reach the log again (a collection view's) keeps the diagnostic with
  /// `keep(_:)` and calls the handler itself, after.
  public mutating func record(_ diagnostic: Diagnostic) {
    keep(diagnostic)
    handler?(diagnostic)
  }

  /// Keeps `diagnostic` without calling ``handler``.
  package mutating func keep(_ diagnostic: Diagnostic) {
    if entries.count == Self.capacity { entries.removeFirst(Self.capacity / 4) }
    entries.append(diagnostic)
    totalCount += 1
  }

  /// Forgets the kept diagnostics (``totalCount`` too); the handler stays.
  public mutating func removeAll() {
    entries.removeAll()
    totalCount = 0
  }

  /// The position of the oldest diagnostic kept.
  public var startIndex: Int { entries.startIndex }
  /// The position after the most recent diagnostic.
  public var endIndex: Int { entries.endIndex }
  /// The diagnostic at `position`, oldest first.
  public subscript(position: Int) -> Diagnostic { entries[position] }
}
