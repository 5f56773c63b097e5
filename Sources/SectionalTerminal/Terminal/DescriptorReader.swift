import Dispatch

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a file descriptor (a pipe, a socket, standard input while keys come from `/dev/tty`)
/// delivers, as it arrives: read off the main actor by a dispatch source that wakes only when
/// there is something to read, so a task can wait for it with `for try await`.
///
/// ```swift
/// Task {
///   for try await line in DescriptorReader(0).lines { messages.add(line) }
/// }
/// ```
///
/// The chunks are what each `read` returned; the sequence ends at the descriptor's end and throws
/// a ``TerminalError`` when a read fails or the descriptor is not open. The descriptor is not
/// closed: it is the caller's. Iterate it once.
public struct DescriptorReader: AsyncSequence, Sendable {
  public typealias Element = [UInt8]
  /// The descriptor read.
  public let descriptor: Int32

  /// A reader of `descriptor`; nothing is read until it is iterated.
  public init(_ descriptor: Int32) { self.descriptor = descriptor }

  public func makeAsyncIterator() -> AsyncThrowingStream<[UInt8], any Error>.Iterator {
    let descriptor = descriptor
    let (stream, continuation) = AsyncThrowingStream.makeStream(of: [UInt8].self)
    guard fcntl(descriptor, F_GETFD) >= 0 else {
      continuation.finish(throwing: TerminalError("reading descriptor \(descriptor)"))
      return stream.makeAsyncIterator()
    }
    let queue = DispatchQueue(label: "SectionalTerminal.DescriptorReader")
    let source = CancellableSource(DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue))
    source.source.setEventHandler {
      // Everything the descriptor has now, its end included: a source may not fire again for
      // an end that came with the last bytes. `poll` says when a read will not block, so the
      // caller's descriptor keeps its blocking mode.
      var chunk = [UInt8](repeating: 0, count: 65_536)
      while isReadable(descriptor) {
        let count = read(descriptor, &chunk, chunk.count)
        if count > 0 {
          continuation.yield(Array(chunk[0..<count]))
        } else if count == 0 {
          continuation.finish()
          source.cancel()
          return
        } else if errno != EINTR && errno != EAGAIN {
          continuation.finish(throwing: TerminalError("reading descriptor \(descriptor)"))
          source.cancel()
          return
        }
      }
    }
    // A reader that stops iterating stops the reading.
    continuation.onTermination = { _ in source.cancel() }
    source.source.resume()
    return stream.makeAsyncIterator()
  }

  /// The lines read, each without its line break (`\n` or `\r\n`), decoded as UTF-8 with
  /// invalid bytes replaced; a last line without a break is a line too.
  public var lines: Lines { Lines(bytes: self) }

  /// The lines of a ``DescriptorReader``: see ``DescriptorReader/lines``.
  public struct Lines: AsyncSequence, Sendable {
    public typealias Element = String
    let bytes: DescriptorReader

    public func makeAsyncIterator() -> Iterator { Iterator(chunks: bytes.makeAsyncIterator()) }

    /// Reads chunks until a line is complete.
    public struct Iterator: AsyncIteratorProtocol {
      var chunks: AsyncThrowingStream<[UInt8], any Error>.Iterator
      /// Bytes read and not yet returned start at `start`: a chunk of many lines is split
      /// without moving its rest for each.
      var pending: [UInt8] = []
      var start = 0
      /// Where the search for the next line break goes on: a long line read in many chunks is
      /// scanned once.
      var scanned = 0
      var ended = false

      public mutating func next() async throws -> String? {
        while true {
          if let newline = pending[Swift.max(start, scanned)...].firstIndex(of: 0x0A) {
            var line = pending[start..<newline]
            if line.last == 0x0D { line = line.dropLast() }
            start = newline + 1
            return String(decoding: line, as: UTF8.self)
          }
          pending.removeFirst(start)
          start = 0
          scanned = pending.count
          if ended {
            guard !pending.isEmpty else { return nil }
            defer {
              pending = []
              scanned = 0
            }
            return String(decoding: pending, as: UTF8.self)
          }
          if let chunk = try await chunks.next() {
            pending += chunk
          } else {
            ended = true
          }
        }
      }
    }
  }
}

/// A read source that any thread may cancel.
// @unchecked: a dispatch source's `cancel()` is safe from any thread (Dispatch documents it so),
// and nothing else of it is touched off its queue once it is resumed.
final class CancellableSource: @unchecked Sendable {
  let source: any DispatchSourceRead
  init(_ source: any DispatchSourceRead) { self.source = source }
  func cancel() { source.cancel() }
}

/// Whether a read of `descriptor` returns at once: bytes, its end or an error wait.
func isReadable(_ descriptor: Int32) -> Bool {
  var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
  return poll(&entry, 1, 0) > 0 && entry.revents != 0
}
