import Sectional
import SectionalTerminal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// What identifies one version of a file without reading it: its size, modification time and
/// inode (an editor that saves by renaming a new file over the old one changes the inode).
package struct FileStamp: Hashable, Sendable {
  package var size: Int64
  package var seconds: Int
  package var nanoseconds: Int
  package var inode: UInt64

  /// The file's stamp, or why it has none (it is missing, say).
  package static func of(_ path: String) -> Result<FileStamp, FeedFileError> {
    var info = stat()
    guard stat(path, &info) == 0 else {
      return .failure(FeedFileError(String(cString: strerror(errno)), at: nil))
    }
    #if canImport(Darwin)
      let time = info.st_mtimespec
    #else
      let time = info.st_mtim
    #endif
    return .success(
      FileStamp(
        size: Int64(info.st_size), seconds: Int(time.tv_sec), nanoseconds: Int(time.tv_nsec),
        inode: UInt64(info.st_ino)))
  }
}

/// `feed --watch`: polls a feed file and, when it changes, shows the new feed as the difference
/// from the one on screen. A save that does not parse (or a file gone for a moment) keeps the
/// last good feed on screen and says why in ``message`` (naming the file, not its whole path); the next good save clears it.
@MainActor
package final class FeedFileWatcher {
  package let path: String
  package let list: FeedList
  /// Why the feed on screen is not the file's current content, or nil when it is.
  package private(set) var message: String?
  private var stamp: FileStamp?

  /// Watches `path`, whose content `list` shows now (read when the file had `stamp`).
  /// The file's name, as messages call it (a status line has no room for a long path).
  package let name: String

  /// The largest file read, in bytes.
  package let limit: Int

  /// Reads the file (at most `limit` bytes): `FeedCommand.readFile`, or a test's stand-in for
  /// a refusal that root never meets (`chmod 000` does not stop it).
  package var readFile: (_ path: String, _ limit: Int) -> FeedCommand.ReadResult = {
    FeedCommand.readFile($0, limit: $1)
  }

  package init(
    path: String, list: FeedList, stamp: FileStamp?, limit: Int = FeedOptions.defaultMaximumMegabytes << 20
  ) {
    self.path = path
    self.limit = limit
    name = path.split(separator: "/").last.map(String.init) ?? path
    self.list = list
    self.stamp = stamp
    // The file is the truth: a version saved while a card is moved is shown as saved.
    list.replacementsOverrideMoves = true
  }

  /// Looks at the file once; reloads it when its stamp changed. Returns whether the feed or the
  /// message changed.
  @discardableResult
  package func poll() -> Bool {
    guard !parsing else { return false }
    let previousMessage = message
    switch FileStamp.of(path) {
    case .failure(let error):
      stamp = nil
      message = "\(name): \(error.message); the last good feed stays"
    case .success(let current):
      guard current != stamp else { return false }
      stamp = current
      switch readFile(path, limit) {
      case .failure(let reason):
        // No version was read: the next poll tries again. Kept, the stamp left a file made
        // readable again with the same content (after `chmod 000`) unread until it changed.
        stamp = nil
        message = "\(name): \(reason); the last good feed stays"
      case .success(let bytes):
        if parsesInBackground {
          // Parsed on a task of its own: a large file keeps the keys answered meanwhile. A
          // version saved while one is parsed waits for the next poll after it is shown.
          parsing = true
          Task {
            let result = await Task.detached(priority: .userInitiated) {
              Result { () throws(FeedFileError) in try FeedDocument.parse(bytes) }
            }.value
            apply(result)
          }
          return false
        }
        apply(Result { () throws(FeedFileError) in try FeedDocument.parse(bytes) })
        return true
      }
    }
    return message != previousMessage
  }

  /// When set, a changed file is parsed on a task of its own and shown when its result comes
  /// back to the main actor (``onChange`` says so); unset, ``poll()`` parses it at once.
  package var parsesInBackground = false
  /// Called when a version parsed on a task was shown or refused.
  package var onChange: (() -> Void)?
  /// Whether a version is being parsed on a task.
  package private(set) var parsing = false

  private func apply(_ result: Result<FeedDocument, FeedFileError>) {
    parsing = false
    switch result {
    case .success(let document):
      message = nil
      list.replace(with: document)
    case .failure(let error):
      message = "\(FeedCommand.describe(error, in: name)); the last good feed stays"
    }
    onChange?()
  }
}

/// Cards as JSON lines, one card object a line, merged into a list of cards: a card whose id is
/// new is appended, one whose id is known replaces it in place. A line that does not parse is
/// skipped and reported with its line and column; blank lines are ignored.
package struct CardLines: Sendable {
  /// What a line may hold at most; a longer one is skipped whole (so a stream without newlines
  /// cannot grow memory without end).
  package static let maximumLineBytes = 16 << 20

  /// What the source is called in messages ("stdin").
  package let name: String
  /// The cards so far, in order of first appearance.
  package private(set) var cards: [FeedCard]
  /// Lines read so far, complete ones.
  package private(set) var lineCount = 0
  /// Whether the last line that was not blank made a card (false after a problem).
  package private(set) var lastLineWasGood = false
  private var pending: [UInt8] = []
  private var skippingLongLine = false
  private var indexByID: [String: Int] = [:]

  package init(name: String = "stdin", cards: [FeedCard] = []) {
    self.name = name
    self.cards = cards
    for (index, card) in cards.enumerated() { indexByID[card.id] = index }
  }

  /// Takes bytes from the stream; complete lines become cards. `final` marks the end of the
  /// stream (a last line without a newline counts). Returns whether the cards changed and the
  /// problems found, each with its line and column.
  package mutating func consume(_ bytes: some Collection<UInt8>, final: Bool = false)
    -> (changed: Bool, problems: [String])
  {
    var problems: [String] = []
    var changed = false
    var searchFrom = pending.count
    pending.append(contentsOf: bytes)
    var start = 0
    while let newline = pending[searchFrom...].firstIndex(of: 0x0A) {
      take(pending[start..<newline], problems: &problems, changed: &changed)
      start = newline + 1
      searchFrom = start
    }
    pending.removeFirst(start)
    if final, !pending.isEmpty {
      take(pending[...], problems: &problems, changed: &changed)
      pending = []
    } else if pending.count > Self.maximumLineBytes {
      if !skippingLongLine {
        lineCount += 1
        problems.append("\(name):\(lineCount): a line longer than \(Self.maximumLineBytes >> 20) MB; skipped")
        lastLineWasGood = false
      }
      pending = []
      skippingLongLine = true
    }
    return (changed, problems)
  }

  /// Takes the order the user gave the cards (those in `order` first, as there), so the next
  /// line does not put the old order back. The order only: a card keeps its latest line.
  package mutating func adopt(order: [FeedCard]) {
    let ordered = Set(order.map(\.id))
    cards = order.map { indexByID[$0.id].map { cards[$0] } ?? $0 } + cards.filter { !ordered.contains($0.id) }
    indexByID = [:]
    for (index, card) in cards.enumerated() { indexByID[card.id] = index }
  }

  private mutating func take(_ line: ArraySlice<UInt8>, problems: inout [String], changed: inout Bool) {
    if skippingLongLine {
      // The rest of a line already reported as too long.
      skippingLongLine = false
      return
    }
    lineCount += 1
    guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { return }
    do {
      let card = try FeedDocument.parseCard(Array(line))
      if let index = indexByID[card.id] {
        cards[index] = card
      } else {
        indexByID[card.id] = cards.count
        cards.append(card)
      }
      changed = true
      lastLineWasGood = true
    } catch {
      lastLineWasGood = false
      let place = error.position.map { "\(name):\(lineCount):\($0.column)" } ?? "\(name):\(lineCount)"
      problems.append("\(place): \(error.message); line skipped")
    }
  }
}

/// `feed -` in a terminal: JSON lines read as they arrive and shown as the difference from the
/// feed on screen, one update per read.
@MainActor
package final class CardStream {
  package let list: FeedList
  /// The last problem, or nil.
  package private(set) var message: String?
  package private(set) var lines: CardLines

  package init(list: FeedList, name: String = "stdin") {
    self.list = list
    lines = CardLines(name: name, cards: list.document.cards)
    // A card the user moves keeps its place when the next lines arrive.
    list.onReorder = { [weak self] cards in self?.lines.adopt(order: cards) }
  }

  /// Takes bytes from the stream and updates the list once for all the lines they complete.
  @discardableResult
  package func consume(_ bytes: some Collection<UInt8>, final: Bool = false) -> [String] {
    let (changed, problems) = lines.consume(bytes, final: final)
    // The last problem stays until a good line arrives after it, in this read or a later one:
    // then the feed is what the stream says again.
    if lines.lastLineWasGood {
      if changed { message = nil }
    } else if let last = problems.last {
      message = last
    }
    if changed { list.replace(with: FeedDocument(title: list.document.title, cards: lines.cards)) }
    return problems
  }

  /// Reads `descriptor` to its end, taking what each read returns as it arrives, and calls
  /// `changed` after each; a read that fails ends it, said in ``message``.
  package func read(from descriptor: Int32, changed: () -> Void) async {
    do {
      for try await chunk in DescriptorReader(descriptor) {
        consume(chunk)
        changed()
      }
    } catch let error as TerminalError {
      message = "\(lines.name): \(String(cString: strerror(error.code)))"
    } catch {
      message = "\(lines.name): \(error)"
    }
    consume([UInt8](), final: true)
    changed()
  }
}
