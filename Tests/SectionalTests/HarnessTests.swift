import Foundation
import Sectional
import SectionalTerminal
import Testing

@testable import SectionalTesting

/// Draws a client's swatch as a block of shade characters: a custom view registered with the
/// harness, as a client registers its own.
struct SwatchView: CellView {
  func measure(_ descriptor: CellDescriptor, width: Int) -> (width: Int, height: Int) {
    let size = descriptor.size.size
    return (Int(size.width), Int(size.height))
  }

  func draw(
    _ descriptor: CellDescriptor, in frame: CellRect, state: CellState, canvas: inout Canvas,
    environment: DrawEnvironment
  ) {
    canvas.fill(frame, with: "▒", style: .plain)
  }
}

@MainActor
func cardHarness(_ cards: [Card], size: Size = Size(width: 60, height: 60)) throws -> ListHarness {
  var registry = ViewRegistry.standard
  registry.register(SwatchView(), forCellKind: "image")
  registry.register(TextCellView(role: .body), forCellKind: "extra")
  return try ListHarness(objects: cards, size: size, registry: registry) { _ in CardController() }
}

/// The harness itself: its failures, its queries, its snapshots.
@MainActor
@Suite struct HarnessTests {
  @Test func anUnexpectedDiagnosticFailsTheCallThatRaisedIt() throws {
    let a = card("a")
    let harness = try cardHarness([a])
    let failure = #expect(throws: HarnessFailure.self) { try harness.update(to: [a, a]) }
    #expect(failure?.description.contains("[duplicate-identifiers]") == true)
    #expect(failure?.description.contains("update(to:) raised 1 unexpected diagnostic") == true)
    // Said to be expected, it passes; the list kept the first occurrence.
    try harness.update(to: [a, card("b"), a], expecting: [.duplicateIdentifiers])
    #expect(harness.collectionView.numberOfSections == 2)
    // Expected and not raised fails too.
    let missing = #expect(throws: HarnessFailure.self) {
      try harness.update(to: [a], expecting: [.duplicateIdentifiers])
    }
    #expect(missing?.description.contains("was expected to raise duplicate-identifiers") == true)
    #expect(harness.diagnostics.map(\.kind) == [.duplicateIdentifiers, .duplicateIdentifiers])
  }

  /// A card changed off screen waits at its old height in the list, but the harness reports
  /// frames where a fresh list puts them.
  @Test func framesAreAFreshListsAfterAnUpdateOffScreen() throws {
    let cards = (0..<12).map { card("c\($0)") }
    let harness = try cardHarness(cards, size: Size(width: 60, height: 10))
    var changed = cards
    changed[1].description = String(repeating: "A much longer description that wraps. ", count: 6)
    try harness.update(to: changed)
    let fresh = try cardHarness(changed, size: Size(width: 60, height: 10))
    #expect(harness.frames(inSectionOf: changed[8]) == fresh.frames(inSectionOf: changed[8]))
    #expect(harness.decorations(inSectionOf: changed[8]) == fresh.decorations(inSectionOf: changed[8]))
  }

  @Test func renderingAnUnregisteredKindIsAFailureUnlessExpected() throws {
    let harness = try ListHarness(objects: [card("a")], size: Size(width: 50, height: 30)) { _ in
      CardController()
    }
    let failure = #expect(throws: HarnessFailure.self) { _ = try harness.render() }
    #expect(failure?.description.contains("no view registered for cell kind \"image\"") == true)
    let text = try harness.render(expecting: [])  // reported once, then drawn by its content
    #expect(text.contains("Title a"))
  }

  @Test func objectsNotInTheListAreNamedNotCrashedOn() throws {
    let harness = try cardHarness([card("a")])
    let failure = #expect(throws: HarnessFailure.self) {
      try harness.select(item: 0, inSectionOf: card("zz"))
    }
    #expect(failure?.description.contains("zz") == true)
    #expect(harness.numberOfItems(inSectionOf: card("zz")) == 0)
    #expect(harness.frames(inSectionOf: card("zz")).isEmpty)
    #expect(harness.controller(for: card("zz")) == nil)
  }

  @Test func answersAreReadByObject() throws {
    let cards = [card("a"), card("b", extras: 1), card("c")]
    let harness = try cardHarness(cards, size: Size(width: 60, height: 20))
    #expect(harness.section(of: cards[2]) == 2)
    #expect(harness.controller(for: cards[1], as: CardController.self)?.isExpanded == false)
    #expect(
      harness.descriptors(inSectionOf: cards[0]).map(\.reuseKind.rawValue) == [
        "title", "body", "image", "caption", "button",
      ])
    let frames = harness.frames(inSectionOf: cards[1])
    #expect(frames.count == 5)
    #expect(zip(frames, frames.dropFirst()).allSatisfy { $0.maxY <= $1.minY })
    #expect(harness.decorations(inSectionOf: cards[1]).map(\.kind) == [.sectionCard])
    #expect(harness.visibleObjects.map { $0.diffIdentifier as? String } == ["a", "b"])
    try harness.scroll(to: cards[2])
    let visible = harness.visibleObjects.map { $0.diffIdentifier as? String }
    #expect(visible.last == "c" && !visible.contains("a"), "\(visible)")
    #expect(harness.collectionView.contentOffset.y > 0)
  }

  /// With no sections, the harness draws the adapter's empty view where the viewer does: a
  /// test sees what a user would (issue 45, defect 6).
  @Test func anEmptyListDrawsItsEmptyView() throws {
    let source = FeedSource([])
    source.empty = .text("Nothing here yet", role: .body, width: 20, height: 1)
    let harness = try ListHarness(dataSource: source, size: Size(width: 30, height: 5))
    #expect(try harness.render() == "\n Nothing here yet\n\n\n")
    source.objects = [Note(id: 1)]
    try harness.perform { $0.adapter.performUpdates() }
    #expect(!(try harness.render().contains("Nothing here yet")))
  }

  @Test func resizingRewrapsTextAndMovesLaterSections() throws {
    let long = Card(
      id: "long", title: "A title that is long enough to wrap at thirty columns", description: "Short",
      image: Swatch(width: 10, height: 4), caption: "c", detail: "d", extras: [])
    let after = card("after")
    let harness = try cardHarness([long, after], size: Size(width: 80, height: 40))
    let wide = harness.frames(inSectionOf: after)[0].minY
    try harness.resize(to: Size(width: 30, height: 40))
    #expect(harness.frames(inSectionOf: long)[0].height >= 2)
    #expect(harness.frames(inSectionOf: after)[0].minY > wide)
  }

  @Test func snapshotsRecordWhenMissingAndShowALineDiffOnAMismatch() throws {
    let directory = "/tmp/sectional-harness-\(UInt32.random(in: 0...UInt32.max))"
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let recorded = #expect(throws: HarnessFailure.self) {
      try assertSnapshot("one\ntwo\nthree\n", named: "s.txt", in: directory, record: false)
    }
    #expect(recorded?.description.hasPrefix("recorded the snapshot") == true)
    try assertSnapshot("one\ntwo\nthree\n", named: "s.txt", in: directory, record: false)
    let mismatch = #expect(throws: HarnessFailure.self) {
      try assertSnapshot("one\n2\nthree\nfour\n", named: "s.txt", in: directory, record: false)
    }
    #expect(
      mismatch?.description.contains(
        """
        @@ golden line 1, actual line 1 @@
          one
        - two
        + 2
          three
        + four

        """) == true)
  }

  /// A name that leaves `Snapshots/` (`../../x.txt`, an absolute path) wrote outside it; one with
  /// NUL recorded one path and read another, so it never passed. Both are refused, writing
  /// nothing.
  @Test func snapshotNamesThatLeaveTheDirectoryOrHoldNULAreRefused() throws {
    let root = "/tmp/sectional-harness-\(UInt32.random(in: 0...UInt32.max))"
    let directory = root + "/a/b/Snapshots"
    defer { try? FileManager.default.removeItem(atPath: root) }
    for name in ["../../x.txt", "../x.txt", "sub/../../x.txt", "/tmp/x.txt", "x\0.txt", "", ".", "sub/"] {
      let refused = #expect(throws: HarnessFailure.self) {
        try assertSnapshot("one\n", named: name, in: directory, record: true)
      }
      #expect(refused?.description.contains("not a file name inside Snapshots/") == true, "\(name)")
    }
    #expect(!FileManager.default.fileExists(atPath: root + "/a/x.txt"))
    #expect(!FileManager.default.fileExists(atPath: root + "/a/b/x.txt"))
    #expect(!FileManager.default.fileExists(atPath: directory + "/x"))
    // A name in a subdirectory of Snapshots/ is fine.
    _ = #expect(throws: HarnessFailure.self) {
      try assertSnapshot("one\n", named: "sub/x.txt", in: directory, record: false)
    }
    try assertSnapshot("one\n", named: "sub/x.txt", in: directory, record: false)
  }

  /// Compared as `String`s, NFD text equalled its NFC golden file (canonical equivalence): a
  /// golden file is bytes, and only the same bytes pass.
  @Test func aSnapshotComparesBytesNotCanonicallyEquivalentText() throws {
    let directory = "/tmp/sectional-harness-\(UInt32.random(in: 0...UInt32.max))"
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let composed = "caf\u{E9}\n"
    let decomposed = "cafe\u{301}\n"
    #expect(composed == decomposed)
    _ = #expect(throws: HarnessFailure.self) {
      try assertSnapshot(composed, named: "s.txt", in: directory, record: false)
    }
    try assertSnapshot(composed, named: "s.txt", in: directory, record: false)
    let mismatch = #expect(throws: HarnessFailure.self) {
      try assertSnapshot(decomposed, named: "s.txt", in: directory, record: false)
    }
    #expect(mismatch?.description.contains("differs from its golden file") == true)
  }

  @Test func changesFarApartAreSeparateHunksAndNearOnesOne() {
    let old = (1...30).map { "line \($0)" }
    var new = old
    new[2] = "three"
    new[6] = "seven"  // within two lines of context of the first: the same hunk
    new[25] = "twenty-six"
    let diff = LineDiff.describe(old: old.joined(separator: "\n"), new: new.joined(separator: "\n"))
    #expect(
      diff.split(separator: "\n").filter { $0.hasPrefix("@@") } == [
        "@@ golden line 1, actual line 1 @@", "@@ golden line 24, actual line 24 @@",
      ])
    #expect(diff.contains("- line 7\n+ seven"))
  }

  @Test func lineDiffKeepsCommonLinesAndSpellsOutEscapes() {
    let diff = LineDiff.describe(
      old: (1...20).map { "line \($0)" }.joined(separator: "\n"),
      new: (1...20).map { $0 == 10 ? "line 10 \u{1B}[31m" : "line \($0)" }.joined(separator: "\n"))
    #expect(
      diff == """
        @@ golden line 8, actual line 8 @@
          line 8
          line 9
        - line 10
        + line 10 \\e[31m
          line 11
          line 12
        """)
  }
}

/// A settings section as SectionControllers.md shows it: a header from the controller's
/// supplementary source, a row, and a button that changes the row.
@MainActor
final class SoundController: SectionController, SupplementaryViewSource {
  private var muted = false

  override init() {
    super.init()
    inset = CardGeometry.standard.sectionInset
    supplementaryViewSource = self
  }

  override func numberOfItems() -> Int { 2 }

  override func cellForItem(at index: Int) -> CellDescriptor {
    if index == 0 { return textCell(muted ? "Sound is off" : "Sound is on", role: .body) }
    let label = muted ? "Unmute" : "Mute"
    return CellDescriptor(
      reuseKind: "button", size: .exact(Size(width: Double(label.count + 4), height: 1)),
      content: .button(label))
  }

  override func didSelectItem(at index: Int) {
    guard index == 1 else { return }
    muted.toggle()
    collectionContext?.reload(self)
  }

  var supportedElementKinds: [ElementKind] { [.header] }

  func supplementary(ofKind kind: ElementKind, at index: Int, for controller: SectionController)
    -> SupplementaryDescriptor?
  {
    SupplementaryDescriptor(height: 1, content: .text("Sound", role: .header))
  }
}

@MainActor
@Suite struct HeaderAndButtonTests {
  /// The header stands over the card's text, not at the screen's edge; the button is drawn as
  /// one and pressing it changes the row.
  @Test func aHeaderLinesUpWithItsCardAndAButtonPresses() throws {
    let harness = try ListHarness(objects: ["sound"], size: Size(width: 30, height: 8)) { _ in
      SoundController()
    }
    let lines = try harness.render().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let header = try #require(lines.first { $0.contains("Sound") && !$0.contains("│") })
    let row = try #require(lines.first { $0.contains("Sound is on") })
    #expect(
      header.firstIndex(of: "S")?.utf16Offset(in: header) == row.firstIndex(of: "S")?.utf16Offset(in: row))
    #expect(header.hasPrefix("   Sound"))
    #expect(try harness.render().contains("│ [ Mute ]"))
    try harness.select(item: 1, inSectionOf: "sound")
    #expect(try harness.render().contains("│ Sound is off"))
    #expect(try harness.render().contains("│ [ Unmute ]"))
  }
}
