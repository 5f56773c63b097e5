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
  /// What the reader thread shares with the terminal: the thread holds this, not the terminal,
  /// so the terminal's deinit runs (and stops the thread) when the test lets go of it.
  private final class Shared: @unchecked Sendable {
    let lock = NSLock()
    var received: [UInt8] = []
    var reading = true
  }
  private let shared = Shared()
  private var reader: Thread?
  private var hungUp = false

  init(columns: UInt16 = 40, rows: UInt16 = 12) throws {
    controller = Self.posixOpenpt(O_RDWR | O_NOCTTY)
    guard controller >= 0, Self.grantpt(controller) == 0, Self.unlockpt(controller) == 0,
      let name = Self.ptsname(controller)
    else { throw PseudoTerminalError() }
    terminal = open(name, O_RDWR | O_NOCTTY)
    guard terminal >= 0 else { throw PseudoTerminalError() }
    var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(controller, UInt(TIOCSWINSZ), &size)
    let (shared, controller) = (shared, controller)
    let thread = Thread {
      var chunk = [UInt8](repeating: 0, count: 4096)
      while shared.lock.withLock({ shared.reading }) {
        var fds = [pollfd(fd: controller, events: Int16(POLLIN), revents: 0)]
        guard poll(&fds, 1, 20) > 0 else { continue }
        let count = read(controller, &chunk, chunk.count)
        if count > 0 { shared.lock.withLock { shared.received += chunk[0..<count] } }
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

  /// Closes the controlling side, as a terminal window closed: the terminal side reads its end.
  func hangUp() {
    shared.lock.withLock { shared.reading = false }
    while reader?.isFinished == false { usleep(1000) }
    close(controller)
    hungUp = true
  }

  /// Everything the viewer wrote so far, as text.
  var output: String { shared.lock.withLock { String(decoding: shared.received, as: UTF8.self) } }

  deinit {
    shared.lock.withLock { shared.reading = false }
    while reader?.isFinished == false { usleep(1000) }
    close(terminal)
    if !hungUp { close(controller) }
  }
}

struct PseudoTerminalError: Error {}

/// What an app does while a viewer runs: its own keys, main-actor tasks, a timer that sleeps and
/// lines it reads, all on one real (pseudo) terminal, with the main actor free meanwhile.
@Suite(.serialized) @MainActor struct RunLoopTests {
  @Test func anAppsKeysTasksTimersAndLinesRunWhileTheViewerWaits() async throws {
    let pty = try PseudoTerminal()
    let harness = Harness(cards: 3)
    let viewer = harness.viewer
    viewer.statusLine.keyHelp = .fixed("r refresh · q quit")

    var appKeys: [Key] = []
    viewer.onKeyPress = { key in
      guard key == .character("r") else { return .ignored }
      appKeys.append(key)
      return .handled
    }
    var ticks = 0
    let timer = Task {
      while !Task.isCancelled {
        try? await Task.sleep(for: .milliseconds(10))
        ticks += 1
      }
    }

    var pipeEnds: [Int32] = [-1, -1]
    #expect(pipe(&pipeEnds) == 0)
    var lines: [String] = []
    let reading = Task {
      for try await line in DescriptorReader(pipeEnds[0]).lines { lines.append(line) }
    }

    // A main-actor task, as SwiftUI's `.task` runs one: it inserts a card with the adapter's
    // default scheduler, which runs because the viewer does not hold the main actor.
    let source = harness.source
    let adapter = harness.adapter
    let app = Task {
      try await Task.sleep(for: .milliseconds(50))
      source.cards.insert(testCard("posted"), at: 0)
      adapter.performUpdates()
    }
    // Another thread: a line through the pipe, keys through the terminal once the task's card
    // is drawn (keys typed before raw mode are the line discipline's, and flushed; a scroll
    // before the card arrived above would keep what was in view on its row).
    let writeEnd = pipeEnds[1]
    let other = Thread {
      for _ in 0..<12_000 where !pty.output.contains("posted") { usleep(10_000) }
      let line = Array("a line\n".utf8)
      _ = line.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
      close(writeEnd)
      pty.type("r")
      pty.type("j")
    }
    other.start()
    let quitter = Task {
      // At most 2 minutes (other suites may hold the main actor for a while): a viewer that
      // never saw the keys fails the expectations below, not the run.
      let deadline = ContinuousClock.now + .seconds(120)
      while !(appKeys.count == 1 && viewer.collectionView.contentOffset.y == 1 && lines.count == 1
        && ticks >= 3 && pty.output.contains("posted")), ContinuousClock.now < deadline
      {
        try await Task.sleep(for: .milliseconds(10))
      }
      try await Task.sleep(for: .milliseconds(50))
      viewer.quit()
    }

    try await viewer.run(in: TerminalSession(input: pty.terminal, output: pty.terminal, mouse: false))
    timer.cancel()
    try await app.value
    try await reading.value
    try await quitter.value
    close(pipeEnds[0])

    #expect(appKeys == [.character("r")], "the app took r, and declined j")
    #expect(viewer.collectionView.contentOffset.y == 1, "the viewer scrolled on the j the app declined")
    #expect(ticks >= 3, "the timer ticked while the viewer ran")
    #expect(lines == ["a line"], "the task read its line, then the end")
    #expect(harness.source.cards.first?.id == "posted")
    #expect(pty.output.contains("posted"), "the task's card was drawn without being asked")
    #expect(pty.output.contains("r refresh"), "the app's key help is on the status line")
  }

  /// Updates made in one turn of the main actor are drawn as one frame: a frame is asked for,
  /// not drawn, on each change.
  @Test func aThousandUpdatesInOneTurnAreOneFrame() async throws {
    let pty = try PseudoTerminal(columns: 40, rows: 12)
    let harness = Harness(cards: 3, columns: 40, rows: 12)
    let viewer = harness.viewer
    let frame = ANSI.beginSynchronizedUpdate
    var framesBefore = 0
    let app = Task {
      // The first frame is out once the title is on the screen (at most 2 minutes).
      let deadline = ContinuousClock.now + .seconds(120)
      while !pty.output.contains("Title c0"), ContinuousClock.now < deadline {
        try await Task.sleep(for: .milliseconds(5))
      }
      try await Task.sleep(for: .milliseconds(50))
      framesBefore = pty.output.components(separatedBy: frame).count
      for number in 0..<1000 {
        harness.source.cards[0].title = "Edit \(number)"
        harness.adapter.performUpdates()
        viewer.statusLine.message = "update \(number)"
      }
      while !pty.output.contains("Edit 999"), ContinuousClock.now < deadline + .seconds(120) {
        try await Task.sleep(for: .milliseconds(5))
      }
      try await Task.sleep(for: .milliseconds(50))
      viewer.quit()
    }
    try await viewer.run(in: TerminalSession(input: pty.terminal, output: pty.terminal, mouse: false))
    try await app.value
    let frames = pty.output.components(separatedBy: frame).count - framesBefore
    #expect(frames == 1, "1,000 updates and status messages in one turn drew \(frames) frames")
    #expect(!pty.output.contains("Edit 998"), "no frame showed an update between the first and the last")
  }

  /// A viewer runs again after a quit; the session it ran in gave the terminal back, so a
  /// second one can take it. Two at once cannot.
  @Test func aViewerRunsAgainAndASecondSessionIsRefused() async throws {
    let pty = try PseudoTerminal()
    let viewer = Harness(cards: 1).viewer
    var turns = 0
    for _ in 0..<2 {
      let quitter = Task {
        try await Task.sleep(for: .milliseconds(30))
        turns += 1
        viewer.quit()
      }
      try await viewer.run(in: TerminalSession(input: pty.terminal, output: pty.terminal, mouse: false))
      try await quitter.value
    }
    #expect(turns == 2, "the second run ran until its own quit")

    let first = TerminalSession(input: pty.terminal, output: pty.terminal, mouse: false)
    try first.start()
    defer { first.stop() }
    let second = TerminalSession(input: pty.terminal, output: pty.terminal, mouse: false)
    let error = #expect(throws: TerminalError.self) { try second.start() }
    #expect(error?.description.contains("another TerminalSession") == true)
    #expect(!second.isActive && first.isActive)
  }

  /// A session's events are the keys typed, in order, read off the main actor; stopping the
  /// session ends them.
  @Test func stoppingASessionEndsItsEvents() async throws {
    let pty = try PseudoTerminal()
    let session = TerminalSession(input: pty.terminal, output: pty.terminal, mouse: false)
    try session.start()
    pty.type("ab")
    var keys: [TerminalEvent] = []
    for await event in session.events {
      keys.append(event)
      if keys.count == 2 { session.stop() }
    }
    #expect(keys == [.key(.character("a")), .key(.character("b"))])
    #expect(!session.isActive)
  }

  /// The terminal going away (its window closed) ends the run, rather than a loop on reads that
  /// return nothing, and the session gives the process's terminal state back.
  @Test func theTerminalGoingAwayEndsTheRun() async throws {
    let pty = try PseudoTerminal()
    let viewer = Harness(cards: 1).viewer
    let hangUp = Task {
      try await Task.sleep(for: .milliseconds(50))
      pty.hangUp()
    }
    // It ends one way or the other: the input's end, or a frame that cannot be written.
    _ = try? await viewer.run(in: TerminalSession(input: pty.terminal, output: pty.terminal, mouse: false))
    try await hangUp.value
    #expect(!viewer.isLive)
    let next = try PseudoTerminal()
    let session = TerminalSession(input: next.terminal, output: next.terminal, mouse: false)
    #expect(throws: Never.self, "the ended session let go of the terminal") { try session.start() }
    session.stop()
  }

  /// The sequence that gives the terminal back (the signal handlers write the same one) ends
  /// synchronized output first: a signal in the middle of a frame left the terminal holding
  /// everything written after it.
  @Test func givingTheTerminalBackEndsSynchronizedOutputFirst() async throws {
    let pty = try PseudoTerminal()
    let session = TerminalSession(input: pty.terminal, output: pty.terminal, mouse: false)
    try session.start()
    // A frame begun and never finished, as a signal leaves it.
    try session.write(Array(ANSI.beginSynchronizedUpdate.utf8))
    let begun = pty.output.count
    session.stop()
    let deadline = ContinuousClock.now + .seconds(10)
    while !pty.output.contains(ANSI.leaveAlternateScreen), ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(5))
    }
    let restore = String(pty.output.dropFirst(begun))
    let end = try #require(restore.range(of: ANSI.endSynchronizedUpdate), "no end of synchronized output")
    let leave = try #require(restore.range(of: ANSI.leaveAlternateScreen))
    #expect(end.lowerBound < leave.lowerBound)
  }

  /// A descriptor that is not open is a clear error, not a silent end.
  @Test func aClosedDescriptorIsAnError() async {
    var ends: [Int32] = [-1, -1]
    #expect(pipe(&ends) == 0)
    close(ends[0])
    close(ends[1])
    await #expect(throws: TerminalError.self) {
      for try await _ in DescriptorReader(ends[0]) {}
    }
  }

  /// Lines split across reads, a carriage return before a line feed, and a last line without
  /// one.
  @Test func linesAreSplitAcrossReads() async throws {
    var ends: [Int32] = [-1, -1]
    #expect(pipe(&ends) == 0)
    let writeEnd = ends[1]
    let writer = Thread {
      for piece in ["one\r\ntw", "o\n", "\nthr", "ee"] {
        let bytes = Array(piece.utf8)
        _ = bytes.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
        usleep(5_000)
      }
      close(writeEnd)
    }
    writer.start()
    var lines: [String] = []
    for try await line in DescriptorReader(ends[0]).lines { lines.append(line) }
    close(ends[0])
    #expect(lines == ["one", "two", "", "three"])
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
