import Sectional
import SectionalTesting
import Testing

/// What stays in view when content arrives or leaves above it: the row a reader is reading, in
/// the test kit as in the terminal; UIKit's kept offset when the app asks for it.
@Suite @MainActor struct AnchoringTests {
  /// A list of one-row messages, 10 rows tall, scrolled to message 20 at the top.
  func messages(_ ids: some Sequence<Int>) throws -> ListHarness {
    let harness = try ListHarness(
      objects: ids.map { Note(id: $0, text: "message \($0)") }, size: Size(width: 30, height: 10),
      layout: FlowLayout()
    ) { _ in
      SingleSectionController<Note>(configure: { note, width in
        .text(note.text, role: .body, width: width, height: 1)
      })
    }
    try harness.scroll(toY: 20)
    return harness
  }

  func top(_ harness: ListHarness) throws -> String {
    try harness.render().split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
  }

  @Test func messagesLoadedAboveKeepTheOneBeingReadOnItsRow() throws {
    let harness = try messages(0..<50)
    #expect(try top(harness).hasPrefix("message 20"))
    // 200 older messages arrive above.
    try harness.update(to: (-200..<50).map { Note(id: $0, text: "message \($0)") })
    #expect(try top(harness).hasPrefix("message 20"), "the message being read stays at the top")
    #expect(harness.collectionView.contentOffset.y == 220)
    // Messages above it go away.
    try harness.update(to: (10..<50).map { Note(id: $0, text: "message \($0)") })
    #expect(try top(harness).hasPrefix("message 20"))
    #expect(harness.collectionView.contentOffset.y == 10)
  }

  @Test func whenTheFirstInViewGoesTheNextKeepsItsRow() throws {
    let harness = try messages(0..<50)
    // Two above it arrive, and the one at the top goes.
    let ids = [-2, -1] + Array(0..<20) + Array(21..<50)
    try harness.update(to: ids.map { Note(id: $0, text: "message \($0)") })
    let rows = try harness.render().split(separator: "\n", omittingEmptySubsequences: false)
    #expect(rows[1].hasPrefix("message 21"), "message 21 stays on its row: \(rows.prefix(3))")
    #expect(harness.collectionView.contentOffset.y == 21)
  }

  @Test func atTheTopWhatArrivesAtTheTopIsShown() throws {
    let harness = try messages(0..<50)
    try harness.scroll(toY: 0)
    try harness.update(to: (-5..<50).map { Note(id: $0, text: "message \($0)") })
    #expect(try top(harness).hasPrefix("message -5"))
    #expect(harness.collectionView.contentOffset.y == 0)
  }

  @Test func anAppMayKeepTheOffsetAsUIKitDoes() throws {
    let harness = try messages(0..<50)
    harness.collectionView.contentAnchoring = .offset
    try harness.update(to: (-5..<50).map { Note(id: $0, text: "message \($0)") })
    #expect(try top(harness).hasPrefix("message 15"), "the content moved down under a kept offset")
    #expect(harness.collectionView.contentOffset.y == 20)
  }
}
