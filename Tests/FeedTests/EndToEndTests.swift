import Foundation
import TestTags
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `feed` in a real terminal: tmux at 100×40, driven by keys, read back from the pane.
/// CI installs tmux; without it these tests fail rather than pass silently.
@Suite(.serialized, .slow) struct EndToEndTests {
  /// The `feed` built beside this test binary.
  static var feedBinary: String? {
    var candidates: [URL] = []
    if let first = CommandLine.arguments.first {
      candidates.append(
        URL(fileURLWithPath: first).deletingLastPathComponent().appendingPathComponent("feed"))
    }
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    candidates.append(root.appendingPathComponent(".build/debug/feed"))
    return candidates.map(\.path).first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  /// Runs a command and returns what it printed, through `system(3)` and a file.
  ///
  /// Not `Process`: `tmux new-session` starts a server that inherits every descriptor without
  /// close-on-exec, including the one Foundation watches to learn that its child exited, so
  /// `waitUntilExit` would wait as long as the tmux server lives. `system` waits for its own
  /// child's pid only.
  @discardableResult
  static func shell(_ arguments: [String]) -> String {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent(
      "sectional-sh-\(UUID().uuidString)"
    ).path
    defer { try? FileManager.default.removeItem(atPath: path) }
    func quoted(_ argument: String) -> String {
      "'" + argument.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
    let command = arguments.map(quoted).joined(separator: " ") + " < /dev/null > \(quoted(path)) 2> /dev/null"
    _ = system(command)
    return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
  }

  /// tmux on a server of the tests' own: the user's sessions (and their names, which tmux
  /// matches by prefix) never meet the tests', whatever else runs tmux on the machine. One name
  /// for every run (each session's name has its process in it): tmux leaves a server's socket
  /// behind when it exits.
  static let tmux = ["tmux", "-L", "sectional-e2e"]

  /// A tmux session for one test, killed at the end.
  final class Pane {
    let name = "sectional-e2e-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"

    init() {
      // Killing the previous test's last session makes the tmux server exit; a session asked
      // for meanwhile can reach the exiting server and never exist. Ask again until it does.
      for _ in 0..<20 {
        EndToEndTests.shell(
          EndToEndTests.tmux + [
            // A clean shell, as a user's new terminal: nothing inherited from the test runner
            // (NO_COLOR, FORCE_COLOR…), whichever process started the tmux server.
            "new-session", "-d", "-x", "100", "-y", "40", "-s", name, "env", "-i",
            "PATH=/usr/local/bin:/usr/bin:/bin", "HOME=/tmp", "PS1=$ ", "TERM=xterm-256color",
            "bash", "--norc", "--noprofile",
          ])
        if EndToEndTests.shell(EndToEndTests.tmux + ["display-message", "-p", "-t", name, "#{session_name}"])
          .contains(
            name)
        {
          break
        }
        usleep(100_000)
      }
    }

    deinit { EndToEndTests.shell(EndToEndTests.tmux + ["kill-session", "-t", name]) }

    func keys(_ keys: String...) {
      EndToEndTests.shell(EndToEndTests.tmux + ["send-keys", "-t", name] + keys)
    }
    func type(_ text: String) {
      EndToEndTests.shell(EndToEndTests.tmux + ["send-keys", "-t", name, "-l", text])
    }
    var screen: String { EndToEndTests.shell(EndToEndTests.tmux + ["capture-pane", "-p", "-t", name]) }
    /// The screen with its colours and attributes as escape sequences: what shows focus.
    var styledScreen: String {
      EndToEndTests.shell(EndToEndTests.tmux + ["capture-pane", "-p", "-e", "-t", name])
    }

    /// The screen once it has stopped changing (the same capture twice, 100 ms apart, after
    /// the keys had 100 ms to arrive).
    func settledScreen() -> String {
      usleep(100_000)
      var last = screen
      for _ in 0..<50 {
        usleep(100_000)
        let now = screen
        if now == last { return now }
        last = now
      }
      Issue.record("the screen never settled:\n\(last)")
      return last
    }

    /// Presses Tab and waits until the focus shows (the styled screen changes).
    func focusNextButton() {
      let before = styledScreen
      keys("Tab")
      var last = before
      for _ in 0..<100 {
        last = styledScreen
        if last != before { return }
        usleep(100_000)
      }
      Issue.record("timed out waiting for Tab to focus a button; the pane shows:\n\(screen)")
    }
    var shellPID: Int32 {
      Int32(
        EndToEndTests.shell(EndToEndTests.tmux + ["display-message", "-p", "-t", name, "#{pane_pid}"])
          .trimmingCharacters(
            in: .whitespacesAndNewlines)) ?? 0
    }

    /// Waits up to 10 s for the screen to satisfy `condition`; returns the last screen.
    @discardableResult
    func wait(for what: String, _ condition: (String) -> Bool) -> String {
      var last = ""
      for _ in 0..<100 {
        last = screen
        if condition(last) { return last }
        usleep(100_000)
      }
      Issue.record("timed out waiting for \(what); the pane shows:\n\(last)")
      return last
    }

    /// The terminal modes the pane's shell has now, written to a file and read back.
    func terminalModes() -> [String] {
      let file = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-stty").path
      try? FileManager.default.removeItem(atPath: file)
      defer { try? FileManager.default.removeItem(atPath: file) }
      // Written aside and renamed, so the file exists only once it is whole. (Waiting for an
      // echoed marker on the screen raced: the typed command line itself ends with it.)
      type("stty -a > \(file).part && mv \(file).part \(file)")
      keys("Enter")
      for _ in 0..<100 {
        if let modes = try? String(contentsOfFile: file, encoding: .utf8) {
          return modes.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" }).map(String.init)
        }
        usleep(100_000)
      }
      Issue.record("timed out waiting for stty; the pane shows:\n\(screen)")
      return []
    }

    func startFeed(_ binary: String, _ arguments: String = "") {
      type("clear; '\(binary)' \(arguments)")
      keys("Enter")
      // Loaded whole: a file's cards arrive a slice at a time, and the status line counts them
      // until the last is shown.
      wait(for: "the feed") { $0.contains("View more") && $0.contains("╭") && !$0.contains("loading…") }
    }
  }

  /// A sample built beside `feed`.
  static func sampleBinary(_ name: String) -> String? {
    guard let feed = feedBinary else { return nil }
    let path = URL(fileURLWithPath: feed).deletingLastPathComponent().appendingPathComponent(name).path
    return FileManager.default.isExecutableFile(atPath: path) ? path : nil
  }

  /// The badges sample in a real terminal: its header stays pinned while its section scrolls
  /// under it, badges never show through it, and q gives the terminal back.
  @Test func theBadgesSamplePinsItsHeadersAndRestoresTheTerminal() throws {
    _ = try Self.requirements()
    let binary = try #require(Self.sampleBinary("badges"), "build the samples first: swift build")
    let pane = Pane()
    pane.type("clear; '\(binary)'")
    pane.keys("Enter")
    let opened = pane.wait(for: "the badges sample") {
      $0.contains("main · 1 column") && $0.contains("Badges")
    }
    // Nothing to focus or press in this sample: the status line offers only what works.
    #expect(opened.contains("↑↓ scroll · q quit") && !opened.contains("Tab focus"), "\(opened)")
    // Into the second section: its header is on the first row, whole, with nothing under it.
    for _ in 0..<45 { pane.keys("j") }
    let screen = pane.wait(for: "the pinned header") { $0.hasPrefix("  header · 3 columns") }
    let first = try #require(screen.split(separator: "\n", omittingEmptySubsequences: false).first)
    #expect(first.trimmingCharacters(in: .whitespaces) == "header · 3 columns", "\(first)")
    pane.keys("q")
    pane.wait(for: "the shell") { !$0.contains("Badges ·") }
    let modes = pane.terminalModes()
    #expect(modes.contains("icanon") && modes.contains("echo"), "cooked mode again: \(modes)")
  }

  /// A large file is shown as it is read, and q quits at once while it loads.
  @Test func aLargeFileShowsItsFirstScreenAtOnceAndQuitsWhileLoading() throws {
    let binary = try Self.requirements()
    let cards = (0..<60_000).map {
      #"{"id": "c\#($0)", "title": "Card \#($0)", "description": "About card \#($0)", "caption": "c"}"#
    }
    let path = try temporaryFile(#"{"title": "Large", "cards": ["# + cards.joined(separator: ",") + "]}")
    defer { removeTemporaryFile(path) }
    let pane = Pane()
    pane.type("clear; '\(binary)' '\(path)'")
    pane.keys("Enter")
    let loading = pane.wait(for: "the first screen while loading") {
      $0.contains("Card 0") && $0.contains("loading…")
    }
    #expect(loading.contains("Large ·"), "\(loading)")
    let pressed = ContinuousClock.now
    pane.keys("q")
    pane.wait(for: "the shell") { !$0.contains("Card 0") }
    #expect(ContinuousClock.now - pressed < .seconds(2), "q is answered while the file loads")
  }

  /// The live sample, an app on the viewer's public API: a message a task posts shows up, the
  /// app's own key adds a note, the timer's clock ticks in the title, and q quits.
  @Test func theLiveSampleShowsPostedWorkItsOwnKeyAndATimer() throws {
    _ = try Self.requirements()
    let binary = try #require(Self.sampleBinary("live"), "build the samples first: swift build")
    let pane = Pane()
    pane.type("clear; '\(binary)'")
    pane.keys("Enter")
    pane.wait(for: "the live sample") { $0.contains("n adds a note") && $0.contains("n note · q quit") }
    pane.wait(for: "a message from the task") { $0.contains("Message 1 from a task") }
    pane.keys("n")
    pane.wait(for: "the app's own key") { $0.contains("A note") }
    pane.wait(for: "the clock") { $0.contains("Live · up ") && !$0.contains("Live · up 0 s") }
    pane.keys("q")
    pane.wait(for: "the shell") { !$0.contains("n note · q quit") }
  }

  static func requirements() throws -> String {
    let tmux = shell(["sh", "-c", "command -v tmux"])
    try #require(!tmux.isEmpty, "tmux is needed for the end-to-end tests (.ci/run installs it)")
    return try #require(feedBinary, "build the feed first: swift build")
  }

  @Test func tabEnterShowsTheDetailInsideTheCardAndQuitRestoresTheTerminal() throws {
    let binary = try Self.requirements()
    let pane = Pane()
    pane.startFeed(binary)
    pane.focusNextButton()
    pane.keys("Enter")
    let screen = pane.wait(for: "the detailed description") { $0.contains("The card you opened grew") }
    let line = try #require(screen.split(separator: "\n").first { $0.contains("The card you opened grew") })
    #expect(line.hasPrefix(" │ "), "inside the card's left border: \(line)")
    #expect(line.trimmingCharacters(in: .whitespaces).hasSuffix("│"), "inside the right border: \(line)")
    #expect(screen.contains("[ View less ]"))
    pane.keys("q")
    pane.wait(for: "the shell") { !$0.contains("View less") }
    let modes = pane.terminalModes()
    #expect(modes.contains("icanon") && modes.contains("echo"), "cooked mode again: \(modes)")
    #expect(!modes.contains("-icanon") && !modes.contains("-echo"))
  }

  /// The screens the pane shows over the next `count` captures, taken as fast as one shell
  /// loop can (a few milliseconds apart): what a person sees of an animation.
  static func frames(of pane: Pane, count: Int) -> [String] {
    let script =
      "for i in $(seq \(count)); do \(tmux.joined(separator: " ")) capture-pane -p -t \(pane.name); "
      + "echo '\u{1}'; sleep 0.004; done"
    return shell(["bash", "-c", script]).components(separatedBy: "\u{1}\n").filter { !$0.isEmpty }
  }

  /// The row of the first line containing `text`.
  static func row(of text: String, in screen: String) -> Int? {
    screen.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(text) }
  }

  @Test func anExpansionSlidesOpenAndEndsAsAFreshDrawing() throws {
    let binary = try Self.requirements()
    // The rows the first card's button passes through on its way down, for a feed started
    // with `arguments`, and the screen it ends on.
    func expand(_ arguments: String) throws -> (passed: Set<Int>, end: String) {
      let pane = Pane()
      pane.startFeed(binary, arguments)
      pane.focusNextButton()
      let start = try #require(Self.row(of: "[ View more ]", in: pane.settledScreen()))
      pane.keys("Enter")
      let frames = Self.frames(of: pane, count: 80)
      let end = pane.settledScreen()
      let stop = try #require(Self.row(of: "[ View less ]", in: end))
      // A frame caught half written can show the button at its old or its new row, never
      // between: a row between is a frame of the slide.
      let passed = Set(
        frames.compactMap { Self.row(of: "[ View less ]", in: $0) }.filter { $0 > start && $0 < stop })
      return (passed, end)
    }
    let animated = try expand("")
    #expect(animated.end.contains("The card you opened grew"))
    #expect(!animated.passed.isEmpty, "the button never showed on its way down")
    let still = try expand("--no-animation")
    #expect(still.passed.isEmpty, "without animation the button jumps: \(still.passed.sorted())")
    #expect(still.end == animated.end)
    // The end is what a feed opened with that card expanded draws.
    let fresh = Pane()
    fresh.startFeed(binary, "--expand 1")
    #expect(fresh.settledScreen() == animated.end)
  }

  /// Text pasted into the feed is not read as keys (tmux pastes between the markers the feed
  /// asked for): a pasted "jjjq" neither scrolls nor quits, and a key typed after it still works.
  @Test func pastedTextIsNotReadAsKeys() throws {
    let binary = try Self.requirements()
    let pane = Pane()
    pane.startFeed(binary, "--no-animation")
    let before = pane.settledScreen()
    Self.shell(Self.tmux + ["set-buffer", "-b", "pasted", "jjjq"])
    Self.shell(Self.tmux + ["paste-buffer", "-p", "-b", "pasted", "-t", pane.name])
    #expect(pane.settledScreen() == before, "the paste changed nothing")
    pane.keys("j")
    pane.wait(for: "a typed j to scroll") { $0 != before }
    pane.keys("q")
    pane.wait(for: "the shell") { !$0.contains("View more") }
  }

  /// Three Enters at once: each toggle starts from where the last one's slide is, none is lost
  /// (the card ends open), and the end is a full redraw's.
  @Test func togglesDuringASlideAreEachHandled() throws {
    let binary = try Self.requirements()
    let pane = Pane()
    pane.startFeed(binary)
    pane.focusNextButton()
    pane.keys("Enter", "Enter", "Enter")
    pane.wait(for: "the card open after three toggles") { $0.contains("[ View less ]") }
    let settled = pane.settledScreen()
    #expect(settled.contains("The card you opened grew"))
    pane.keys("C-l")
    #expect(pane.settledScreen() == settled, "the frame after the toggles is a full redraw's")
    pane.keys("q")
  }

  /// m lifts the focused card, ↓ moves it below the next, Enter drops it: the order holds, and
  /// the screen then equals a full redraw. Esc after another move puts it back.
  @Test func aCardMovedByKeysEndsAsAFullRedraw() throws {
    let binary = try Self.requirements()
    let pane = Pane()
    pane.startFeed(binary)
    pane.focusNextButton()
    pane.keys("m")
    pane.wait(for: "the card lifted, a heavy border") { $0.contains("┏") && $0.contains("Esc cancel") }
    func order(_ screen: String) -> (welcome: Int, diff: Int)? {
      guard let welcome = Self.row(of: "Welcome to Sectional", in: screen),
        let diff = Self.row(of: "One diff, many updates", in: screen)
      else { return nil }
      return (welcome, diff)
    }
    pane.keys("Down")
    pane.keys("Enter")
    let dropped = pane.wait(for: "the card dropped below the next") { screen in
      !screen.contains("┏") && order(screen).map { $0.diff < $0.welcome } == true
    }
    #expect(dropped.contains("m move"), "the feed's key help again")
    let settled = pane.settledScreen()
    pane.keys("C-l")
    #expect(pane.settledScreen() == settled, "the frame after the move is a full redraw's")
    // Picked up again and moved, then Esc: back where it was dropped.
    pane.keys("m")
    pane.wait(for: "the card lifted again") { $0.contains("┏") }
    pane.keys("Down")
    pane.keys("Escape")
    pane.wait(for: "the card put back") { !$0.contains("┏") }
    #expect(pane.settledScreen() == settled)
    pane.keys("q")
  }

  @Test func sigtermRestoresTheTerminal() throws {
    let binary = try Self.requirements()
    let pane = Pane()
    pane.startFeed(binary)
    let children = Self.shell(["pgrep", "-P", "\(pane.shellPID)"]).split(separator: "\n").compactMap {
      Int32($0)
    }
    let feed = try #require(children.first, "the feed's process")
    kill(feed, SIGTERM)
    pane.wait(for: "the shell") { !$0.contains("View more") }
    let modes = pane.terminalModes()
    #expect(modes.contains("icanon") && modes.contains("echo"), "cooked mode again: \(modes)")
    #expect(!modes.contains("-icanon") && !modes.contains("-echo"))
  }

  /// An abort (a failed allocation, `kill -ABRT`) and a signal nothing in the program uses
  /// give the terminal back within a second, before the runtime's crash report (which waits in
  /// a terminal for a key) or the shell writes, and still end the program by the signal.
  @Test(arguments: [(SIGABRT, 134), (SIGUSR1, 138)])
  func anyTerminatingSignalRestoresTheTerminalFirst(signal: Int32, status: Int) throws {
    let binary = try Self.requirements()
    let pane = Pane()
    pane.startFeed(binary, "; echo \"status $?\"")
    let children = Self.shell(["pgrep", "-P", "\(pane.shellPID)"]).split(separator: "\n").compactMap {
      Int32($0)
    }
    let feed = try #require(children.first, "the feed's process")
    func screenAndMouse() -> String {
      Self.shell(Self.tmux + ["display-message", "-p", "-t", pane.name, "#{alternate_on} #{mouse_any_flag}"])
    }
    kill(feed, signal)
    var modes = screenAndMouse()
    for _ in 0..<15 where modes != "0 0\n" {
      usleep(100_000)
      modes = screenAndMouse()
    }
    #expect(modes == "0 0\n", "alternate screen and mouse reporting, 1.5 s after the signal: \(modes)")
    let screen = pane.wait(for: "the shell or the crash report") {
      $0.contains("status \(status)") || $0.contains("any other key to quit")
    }
    if !screen.contains("status") {
      pane.keys("x")
      pane.wait(for: "the shell") { $0.contains("status \(status)") }
    }
    let terminal = pane.terminalModes()
    #expect(terminal.contains("icanon") && terminal.contains("echo"), "cooked mode again: \(terminal)")
  }

  /// Output that fails says so, naming what standard output is; a reader that goes away is
  /// not an error.
  @Test func failingOutputIsNamedAndAClosedPipeIsQuiet() throws {
    let binary = try #require(Self.feedBinary, "build the feed first: swift build")
    func run(_ command: String) -> String {
      Self.shell(["sh", "-c", "{ \(command); } 2>&1; echo \"status $?\""])
    }
    let full = run("'\(binary)' --help > /dev/full")
    #expect(full.contains("feed: writing the help to standard output (a character device): No space left"))
    #expect(full.hasSuffix("status 74\n"))
    let closed = run("'\(binary)' --width 30 >&-")
    #expect(closed.contains("feed: writing the feed to standard output (closed): Bad file descriptor"))
    #expect(closed.hasSuffix("status 74\n"))
    // The feed's own status and error output when its reader leaves after one line.
    let piped = Self.shell([
      "bash", "-c",
      "{ '\(binary)' --sections 2000 | head -1 >/dev/null; echo \"status ${PIPESTATUS[0]}\"; } 2>&1",
    ])
    #expect(piped == "status 0\n", "quiet, status 0: \(piped)")
  }

  /// Graphemes whose width terminals disagree on (flags, emoji with a variation selector or a
  /// skin tone, private use, Devanagari): every incremental frame equals the same frame redrawn
  /// in full with Ctrl-L, whatever widths tmux gives them. Not ZWJ sequences: tmux 3.3a keeps
  /// only the part before the joiner when its read of the pane splits a sequence there, so the
  /// same bytes store differently from run to run (`EncoderTests` checks our frames of them).
  @Test func graphemesOfUncertainWidthLeaveNoStaleCells() throws {
    try expectNoStaleCells([
      "Flags 🇯🇵🇫🇷 and 🇩🇪 ok", "Hearts ❤️ ☀️ ✈️ vs ☀ ✈ plain", "Private \u{E000} and \u{F8FF} use",
      "हिन्दी पाठ क्षत्रिय दिखाएँ", "Skin 👍🏽 👋🏿 tones", "Mixed 東京 ❤️ क्षि 👍🏽 end",
    ])
  }

  /// Graphemes whose width changed between Unicode versions, that terminals measure by
  /// another table than the toolchain's, or that no table knows: recent wide letters, Hangul
  /// jamo extended-B (0 columns in terminals), prepended concatenation marks, the Yijing and
  /// trigram symbols (wide since Unicode 16), CJK extension H, unassigned code points. Each
  /// left stale cells until Ctrl-L (issue 45, defect 11).
  @Test func graphemesWhoseWidthIsInDoubtLeaveNoStaleCells() throws {
    try expectNoStaleCells([
      "Kana \u{1AFF0}\u{1AFF1} tangut \u{18D00} mark \u{16FF0} ok",
      "Jamo x\u{D7B0}y and \u{1100}\u{D7B0} end",
      "Arabic \u{0600}1 and \u{06DD}2 marks ok", "Yijing \u{4DC0}\u{4DC1} trigram \u{2630} \u{1D300} ok",
      "Ext H \u{31350}\u{31351} and \u{0378} \u{2FFFD} unknown", "Mixed 東京 \u{4DFF} x\u{D7FB} \u{0605}z end",
    ])
  }

  /// Every incremental frame of a feed made of `texts`, scrolled and opened by keys, equals the
  /// same frame redrawn in full with Ctrl-L.
  private func expectNoStaleCells(_ texts: [String]) throws {
    let binary = try Self.requirements()
    func text(_ index: Int) -> String { texts[index % texts.count] }
    let cards = (0..<14).map { index in
      #"{"id": "c\#(index)", "title": "\#(text(index))", "description": "\#(text(index + 1)) \#(text(index + 2))", "caption": "\#(text(index + 3))", "detail": "\#(text(index + 4))", "extras": ["\#(text(index + 5))"]}"#
    }
    let path = try temporaryFile("[" + cards.joined(separator: ",") + "]")
    defer { removeTemporaryFile(path) }
    let pane = Pane()
    // Not animated: a screen caught between two frames of a slide (the machine busy for longer
    // than `settledScreen` waits) would differ from its redraw for a reason other than a stale
    // cell. The animation tests check where a slide ends.
    pane.startFeed(binary, "--no-animation '\(path)'")
    var stale: [String] = []
    for key in [
      "j", "j", "j", "J", "Tab", "Enter", "j", "j", "k", "NPage", "NPage", "PPage", "Tab", "Enter", "k", "j",
    ] {
      pane.keys(key)
      let incremental = pane.settledScreen()
      pane.keys("C-l")
      let full = pane.settledScreen()
      if incremental != full { stale.append("after \(key):\n\(incremental)\n--- redrawn:\n\(full)") }
    }
    let staleFrames = stale.count
    #expect(staleFrames == 0, "frames that differ from a full redraw; the first:\n\(stale.first ?? "")")
    pane.keys("q")
  }

  /// 100 resizes in well under a second, down to 1×1 and up to 300×100, then back: the screen
  /// equals a full redraw, and the feed still answers keys.
  @Test func aStormOfResizesEndsInACleanFrame() throws {
    let binary = try Self.requirements()
    let pane = Pane()
    pane.startFeed(binary)
    for index in 1...100 {
      var (width, height) = ((index * 37) % 300 + 1, (index * 13) % 100 + 1)
      if index == 50 { (width, height) = (1, 1) }
      if index == 60 { (width, height) = (300, 100) }
      Self.shell(
        EndToEndTests.tmux + ["resize-window", "-t", pane.name, "-x", "\(width)", "-y", "\(height)"])
    }
    Self.shell(EndToEndTests.tmux + ["resize-window", "-t", pane.name, "-x", "100", "-y", "40"])
    // The feed at its final size (a busy machine may take a while to work through the storm).
    pane.wait(for: "the feed at 100×40") {
      $0.contains("Welcome to Sectional") && $0.contains("─╮") && $0.contains("q quit")
    }
    let settled = pane.settledScreen()
    pane.keys("C-l")
    #expect(settled == pane.settledScreen(), "the frame after the storm is a full redraw's")
    pane.focusNextButton()
    pane.keys("Enter")
    pane.wait(for: "the card opened") { $0.contains("View less") }
    pane.keys("q")
  }

  /// 2,000 keys at once — 1,000 down, 999 up — are every one handled: the feed ends one row
  /// down, as after a single key.
  @Test func twoThousandKeysAtOnceAreEachHandled() throws {
    let binary = try Self.requirements()
    let pane = Pane()
    pane.startFeed(binary, "--sections 400")
    pane.keys("j")
    let oneDown = pane.settledScreen()
    pane.keys("g")
    pane.wait(for: "the top") { $0 != oneDown }
    pane.type(String(repeating: "j", count: 1_000) + String(repeating: "k", count: 999))
    // Ten seconds to end exactly one row down; a lost key leaves it elsewhere.
    pane.wait(for: "one row down after 2,000 keys") { $0 == oneDown }
    pane.keys("q")
  }

  /// Ctrl-Z gives the terminal back to the shell (cooked modes, the main screen, the job
  /// stopped); `fg` takes it over again and redraws, and keys work at once.
  @Test func ctrlZSuspendsAndFgRedraws() throws {
    let binary = try Self.requirements()
    let pane = Pane()
    pane.startFeed(binary)
    pane.keys("C-z")
    pane.wait(for: "the shell's job message") { $0.contains("Stopped") && !$0.contains("View more") }
    let stopped = pane.terminalModes()
    #expect(stopped.contains("icanon") && stopped.contains("echo"), "cooked mode while stopped: \(stopped)")
    pane.type("fg")
    pane.keys("Enter")
    pane.wait(for: "the feed redrawn") {
      $0.contains("View more") && $0.contains("╭") && !$0.contains("Stopped")
    }
    // Raw mode again: Tab and Enter reach the feed without a Return.
    pane.focusNextButton()
    pane.keys("Enter")
    pane.wait(for: "the card opened") { $0.contains("View less") }
    pane.keys("q")
    pane.wait(for: "the shell") { !$0.contains("View less") }
    let modes = pane.terminalModes()
    #expect(modes.contains("icanon") && modes.contains("echo"), "cooked mode again: \(modes)")
  }

  /// Ctrl-Z stops the whole job when the feed was started by a wrapper that does not exec
  /// (`sh -c`, a run script, make): stopping the feed alone left the wrapper waiting and the
  /// shell without its terminal (issue 45, defect 8).
  @Test func ctrlZStopsAWrapperThatDoesNotExecToo() throws {
    let binary = try Self.requirements()
    let pane = Pane()
    // `; true` keeps sh from exec'ing the feed: the feed is its child, in its process group.
    pane.type("clear; sh -c \"'\(binary)'; true\"")
    pane.keys("Enter")
    pane.wait(for: "the feed") { $0.contains("View more") && $0.contains("╭") }
    pane.keys("C-z")
    pane.wait(for: "the shell's job message") { $0.contains("Stopped") && !$0.contains("View more") }
    pane.type("fg")
    pane.keys("Enter")
    pane.wait(for: "the feed redrawn") { $0.contains("View more") && !$0.contains("Stopped") }
    pane.keys("q")
    pane.wait(for: "the shell") { !$0.contains("View more") }
  }

  /// `feed --watch`: the file is rewritten with a changed title, a new card, a deleted one and a
  /// moved one; the screen follows, and the card opened before the change is still open.
  /// The focus follows its item through an update of its card, end to end: a caption added
  /// before the second card's focused "View more" moves the button down a row, and Enter still
  /// opens that card, not the first one on screen. (ItemUpdateTests checks the batch itself; the
  /// viewer would also move a focus left on a caption to the next button.)
  @Test func theFocusFollowsItsButtonThroughAnEditOfItsCard() throws {
    let binary = try Self.requirements()
    func card(_ id: String, caption: String) -> String {
      #"{"id": "\#(id)", "title": "Title \#(id)", "description": "About \#(id)", "caption": "\#(caption)", "detail": "Detail of \#(id)", "image": {"pattern": "circle", "width": 8, "height": 2}}"#
    }
    let path = try temporaryFile(
      "[" + [card("a", caption: ""), card("b", caption: "")].joined(separator: ",") + "]")
    defer { removeTemporaryFile(path) }
    let pane = Pane()
    pane.startFeed(binary, "--no-animation --watch '\(path)'")
    pane.focusNextButton()
    pane.focusNextButton()
    try ("[" + [card("a", caption: ""), card("b", caption: "A new caption")].joined(separator: ",") + "]")
      .write(toFile: path, atomically: true, encoding: .utf8)
    pane.wait(for: "the new caption") { $0.contains("A new caption") }
    pane.keys("Enter")
    let opened = pane.wait(for: "the second card to open") { $0.contains("Detail of b") }
    #expect(opened.contains("Detail of b") && !opened.contains("Detail of a"))
    pane.keys("q")
    pane.wait(for: "the shell") { !$0.contains("Title a") }
  }

  /// Cards that arrive above what is read keep it where it is: the reader's card stays on its
  /// row while the cards above it grow by three.
  @Test func cardsArrivingAboveKeepWhatIsReadInPlace() throws {
    let binary = try Self.requirements()
    func card(_ id: Int, _ title: String? = nil) -> String {
      let title = title ?? "Card \(id)"
      return #"{"id": "c\#(id)", "title": "\#(title)", "description": "About \#(id)", "detail": "More"}"#
    }
    let path = try temporaryFile("[" + (0..<30).map { card($0) }.joined(separator: ",") + "]")
    defer { removeTemporaryFile(path) }
    let pane = Pane()
    pane.startFeed(binary, "--watch --no-animation '\(path)'")
    pane.keys("PageDown")
    pane.keys("PageDown")
    let before = pane.settledScreen()
    let reading = try #require(
      before.split(separator: "\n").first { $0.contains("Card ") }.map(String.init), "a card in view")
    let readingRow = before.split(separator: "\n").firstIndex { String($0) == reading }
    // Three new cards at the top, and the card being read renamed, so the change shows.
    let title = try #require(
      reading.split(separator: "│").dropFirst().first?.trimmingCharacters(in: .whitespaces))
    let id = try #require(Int(title.dropFirst("Card ".count)))
    let cards = (-3..<0).map { card($0) } + (0..<30).map { card($0, $0 == id ? "Renamed \($0)" : nil) }
    try ("[" + cards.joined(separator: ",") + "]").write(toFile: path, atomically: true, encoding: .utf8)
    pane.wait(for: "the renamed card") { $0.contains("Renamed \(id)") }
    let after = pane.settledScreen()
    let row = after.split(separator: "\n").firstIndex { $0.contains("Renamed \(id)") }
    #expect(row == readingRow, "the card being read stayed on its row:\n\(after)")
    pane.keys("q")
    pane.wait(for: "the shell") { !$0.contains("Renamed") }
  }

  @Test func watchedFileChangesShowInPlaceAndKeepExpansion() throws {
    let binary = try Self.requirements()
    func card(_ id: String, _ title: String) -> String {
      #"{"id": "\#(id)", "title": "\#(title)", "description": "About \#(id)", "detail": "Detail of \#(id)", "image": {"pattern": "circle", "width": 8, "height": 2}}"#
    }
    let path = try temporaryFile(
      "[" + [card("a", "Alpha"), card("b", "Bravo"), card("c", "Charlie")].joined(separator: ",") + "]")
    defer { removeTemporaryFile(path) }
    let pane = Pane()
    pane.startFeed(binary, "--watch '\(path)'")
    pane.focusNextButton()
    pane.keys("Enter")
    pane.wait(for: "Alpha opened") { $0.contains("Detail of a") }

    // Alpha renamed, Bravo deleted, Delta new, Charlie moved to the top.
    let rewritten =
      "[" + [card("c", "Charlie"), card("a", "Alpha Renamed"), card("d", "Delta")].joined(separator: ",")
      + "]"
    try rewritten.write(toFile: path, atomically: true, encoding: .utf8)
    pane.wait(for: "the rewritten feed") {
      $0.contains("Alpha Renamed") && $0.contains("Delta") && !$0.contains("Bravo")
    }
    // The change slides into place: read the screen once it has.
    let screen = pane.settledScreen()
    #expect(screen.contains("Detail of a"), "the renamed card is still expanded:\n\(screen)")
    let lines = screen.split(separator: "\n")
    let charlie = try #require(lines.firstIndex { $0.contains("Charlie") })
    let alpha = try #require(lines.firstIndex { $0.contains("Alpha Renamed") })
    #expect(charlie < alpha, "Charlie moved above Alpha")

    // A broken save keeps the feed and says why on the status line; a good one clears it.
    try "[{\"id\": ".write(toFile: path, atomically: true, encoding: .utf8)
    let broken = pane.wait(for: "the error on the status line") {
      $0.contains("feed.json:1:9: expected a value")
    }
    #expect(broken.contains("Alpha Renamed") && broken.contains("Delta"))
    try rewritten.write(toFile: path, atomically: true, encoding: .utf8)
    pane.wait(for: "the error to clear") { !$0.contains("feed.json:1:9") && $0.contains("Delta") }
    // A new title shows on the status line as the cards do.
    let titled = #"{"title": "Renamed feed", "cards": "# + rewritten + "}"
    try titled.write(toFile: path, atomically: true, encoding: .utf8)
    pane.wait(for: "the new title") { $0.contains("Renamed feed ·") }
    pane.keys("q")
    pane.wait(for: "the shell") { !$0.contains("Delta") }
  }

  /// `feed -` piped: cards as JSON lines, a repeated id replacing its card.
  @Test func jsonLinesOnStandardInputArePrinted() throws {
    let binary = try Self.requirements()
    let lines = [
      #"{"id": "a", "title": "First", "description": "one"}"#,
      "",
      #"{"id": "b", "title": "Second", "description": "two"}"#,
      #"{"id": "a", "title": "First, replaced", "description": "one"}"#,
    ].joined(separator: "\n")
    let path = try temporaryFile(lines, name: "cards.jsonl")
    defer { removeTemporaryFile(path) }
    let output = Self.shell(["sh", "-c", "'\(binary)' - --width 40 < '\(path)'"])
    let first = try #require(output.range(of: "First, replaced"))
    let second = try #require(output.range(of: "Second"))
    #expect(first.lowerBound < second.lowerBound)
    #expect(!output.contains("First\n") && !output.contains("│ First "))
    try "{\"id\": \"a\"}\n".write(toFile: path, atomically: true, encoding: .utf8)
    let status = Self.shell(["sh", "-c", "'\(binary)' - --width 40 < '\(path)' 2>&1; echo \"status $?\""])
    #expect(status.contains("stdin:1:1: the card needs \"title\"; nothing printed"))
    #expect(!status.contains("line skipped"), "piped, a bad line fails the whole stream")
    #expect(status.contains("status 65"))
  }
}
