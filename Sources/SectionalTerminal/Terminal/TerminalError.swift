#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An error writing to or reading from the terminal.
public struct TerminalError: Error, CustomStringConvertible, Sendable {
  /// What failed, and the system's reason.
  public var description: String
  /// The errno behind it; 0 when there is none.
  public var code: Int32

  /// An error saying that `what` failed, with the system's reason for `code` (errno by default).
  public init(_ what: String, code: Int32 = errno) {
    self.code = code
    description = "\(what): \(String(cString: strerror(code)))"
  }

  /// An error with its own description and no errno.
  init(description: String) {
    code = 0
    self.description = description
  }

  /// The reader went away (`feed | head`): not worth a message.
  public var isBrokenPipe: Bool { code == EPIPE }
}
