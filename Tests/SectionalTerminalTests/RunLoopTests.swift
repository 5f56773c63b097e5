import FeedKit
import Foundation
import Sectional
import SectionalTerminal
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A pseudo-terminal: the viewer runs on its terminal side; the test types on the other side and
/// reads what the viewer draws there, from a thread of its own so that no write ever blocks.
final class PseudoTerminal: @unchecked Sendable {
  let controller: Int32
  let terminal: Int32
  private let lock = NSLock()
  private var received: [UInt8] = []
  private var reading = true
  private var reader: Thread?

  init(columns: UInt16 = 40, rows: UInt16 = 12) throws {
    controller = Self.posixOpenpt(O_RDWR | O_NOCTTY)
    guard controller >= 0, Self.grantpt(controller) == 0, Self.unlockpt(controller) == 0,
      let name = Self.ptsname(controller)
    else { throw PseudoTerminalError() }
    terminal = open(name, O_RDWR | O_NOCTTY)
    guard terminal >= 0 else { throw PseudoTerminalError() }
    var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(controller, UInt(TIOCSWINSZ), &size)
    let thread = Thread { [self] in
      var chunk = [UInt8](repeating: 0, count: 4096)
      while lock.withLock({ reading }) {
        var fds = [pollfd(fd: controller, events: Int16(POLLIN), revents: 0)]
        guard poll(&fds, 1, 20) > 0 else { continue }
        let count = read(controller, &chunk, chunk.count)
        if count > 0 { lock.withLock { received += chunk[0..<count] } }
      }
    }
    reader = thread
    thread.start()
  }

  // Glibc's module map leaves the pseudo-terminal functions out (they need _XOPEN_SOURCE):
  // they are looked up by name in the C library instead.
  private static func function<Function>(_ name: String, as type: Function.Type) -> Function {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else {
      fatalError("the C library has no \(name)")
    }
    return unsafeBitCast(symbol, to: type)
  }
  private static let posixOpenpt = function("posix_openpt", as: (@convention(c) (Int32) -> Int32).self)
  private static let grantpt = function("grantpt", as: (@convention(c) (Int32) -> Int32).self)
  private static let unlockpt = function("unlockpt", as: (@convention(c) (Int32) -> Int32).self)
  private static let ptsname = function(
    "ptsname", as: (@convention(c) (Int32) -> UnsafeMutablePointer<CChar>?).self)

  /// Types `text` as a user would.
  func type(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { write(controller, $0.baseAddress, $0.count) }
  }

  /// Everything the viewer wrote so far, as text.
  var output: String { lock.withLock { String(decoding: received, as: UTF8.self) } }

  deinit {
    lock.withLock { reading = false }
    while reader?.isFinished == false { usleep(1000) }
    close(terminal)
    close(controller)
  }
}

struct PseudoTerminalError: Error {}

/// What an app does with a viewer's run loop: its own keys, a timer, a descriptor it reads, and
/// work handed over from another thread, all on one real (pseudo) terminal.
@Suite(.serialized) @MainActor struct RunLoopTests {
  @Test func anAppsKeysTimersReadersAndPostedWorkRunOnTheLoop() throws {
    let pty = try PseudoTerminal()
    let harness = Harness(cards: 3)
    let viewer = harness.viewer
    viewer.keyHelp = "r refresh · q quit"

    var appKeys: [Key] = []
    viewer.onKeyPress = { key in
      guard key == .character("r") else { return .ignored }
      appKeys.append(key)
      return .handled
    }
    var ticks = 0
    viewer.addTimer(every: .milliseconds(10)) { ticks += 1 }

    var pipeEnds: [Int32] = [-1, -1]
    #expect(pipe(&pipeEnds) == 0)
    var lines = ""
    var readerEnded = false
    viewer.addReader(pipeEnds[0]) {
      var chunk = [UInt8](repeating: 0, count: 64)
      let count = read(pipeEnds[0], &chunk, chunk.count)
      guard count > 0 else {
        readerEnded = true
        return false
      }
      lines += String(decoding: chunk[0..<count], as: UTF8.self)
      return true
    }

    // Another thread: a card arrives through the mailbox, a line through the pipe, keys through
    // the terminal, and at last a quit through the mailbox.
    let mailbox = viewer.mailbox
    let source = harness.source
    let adapter = harness.adapter
    let writeEnd = pipeEnds[1]
    let other = Thread {
      usleep(50_000)
      mailbox.post {
        MainActor.assertIsolated("posted work runs on the main actor")
        source.cards.insert(testCard("posted"), at: 0)
        adapter.performUpdates()
      }
      let line = Array("a line\n".utf8)
      _ = line.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
      close(writeEnd)
      usleep(50_000)
      pty.type("r")
      pty.type("j")
      usleep(100_000)
      mailbox.post { [weak viewer] in viewer?.quit() }
    }
    other.start()

    try viewer.run(in: TerminalSession(input: pty.terminal, output: pty.terminal, mouse: false))
    close(pipeEnds[0])

    #expect(appKeys == [.character("r")], "the app took r, and declined j")
    #expect(viewer.collectionView.contentOffset.y == 1, "the viewer scrolled on the j the app declined")
    #expect(ticks >= 3, "the timer ticked while the loop ran")
    #expect(lines == "a line\n" && readerEnded, "the reader read its line, then its end")
    #expect(harness.source.cards.first?.id == "posted")
    #expect(pty.output.contains("posted"), "the posted card was drawn")
    #expect(pty.output.contains("r refresh"), "the app's key help is on the status line")
  }

  @Test func aRemovedSourceNoLongerRuns() throws {
    let pty = try PseudoTerminal()
    let viewer = Harness(cards: 1).viewer
    final class Handle { var source: ListViewer.EventSource? }
    let timer = Handle()
    var ticks = 0
    timer.source = viewer.addTimer(every: .milliseconds(5)) {
      ticks += 1
      if ticks == 2, let source = timer.source { viewer.removeSource(source) }
    }
    viewer.addTimer(every: .milliseconds(60)) { viewer.quit() }
    try viewer.run(in: TerminalSession(input: pty.terminal, output: pty.terminal, mouse: false))
    #expect(ticks == 2)
  }

  /// A viewer runs again after a quit; a reader whose descriptor the app closed goes away
  /// instead of waking the loop on every turn.
  @Test func aViewerRunsAgainAndAClosedReaderGoesAway() throws {
    let pty = try PseudoTerminal()
    let viewer = Harness(cards: 1).viewer
    var ends: [Int32] = [-1, -1]
    #expect(pipe(&ends) == 0)
    var reads = 0
    viewer.addReader(ends[0]) {
      reads += 1
      return true
    }
    close(ends[0])
    close(ends[1])
    var turns = 0
    let quitter = viewer.addTimer(every: .milliseconds(30)) {
      turns += 1
      viewer.quit()
    }
    try viewer.run(in: TerminalSession(input: pty.terminal, output: pty.terminal, mouse: false))
    #expect(reads == 0, "a closed descriptor is not read")
    try viewer.run(in: TerminalSession(input: pty.terminal, output: pty.terminal, mouse: false))
    #expect(turns == 2, "the second run ran until its own quit")
    viewer.removeSource(quitter)
  }

  /// A loop of the app's own: it decodes the bytes, hands keys and resizes to the viewer and
  /// writes the frames it asks for.
  @Test func anAppsOwnLoopDrivesTheViewer() {
    let harness = Harness(cards: 3, columns: 40, rows: 12)
    let viewer = harness.viewer
    var decoder = InputDecoder()
    var screen = VirtualTerminal(width: 40, height: 12, colors: .none)
    screen.apply(viewer.frameBytes())
    #expect(screen.screen.plainText().contains("Title c0"))
    for key in decoder.feed(Array("\u{1B}[B\u{1B}[B".utf8)) { viewer.handle(key) }
    screen.apply(viewer.frameBytes())
    #expect(viewer.collectionView.contentOffset.y == 2)
    viewer.resize(columns: 30, rows: 12)
    screen = VirtualTerminal(width: 30, height: 12, colors: .none)
    screen.apply(viewer.frameBytes())
    #expect(screen.screen.plainText() == viewer.render().plainText())
    for key in decoder.feed(Array("q".utf8)) { viewer.handle(key) }
    #expect(viewer.wantsToQuit)
  }
}
