import Foundation
// BEGIN guide example
import Sectional
import SectionalTesting
import Testing

// The complete example of Documentation/Testing.md, compiled and run here; the test at the end
// of this file checks that the guide shows exactly this code.

struct Question: ListDiffable, Hashable {
  var id: Int
  var text: String
  var answer: String

  var diffIdentifier: Int { id }
  func isEqual(toDiffableObject other: Question) -> Bool { self == other }
}

/// A question that opens to show its answer: one component collapsed, one more expanded, and
/// the "View more" / "View less" button the base class adds.
@MainActor
final class QuestionController: ExpandableSectionController<Question, QuestionController.Part> {
  enum Part: Hashable, Sendable { case question, answer }

  override init() {
    super.init()
    // Room for the harness's card around the items: its border, its shadow, a gap between cards.
    inset = CardGeometry.standard.sectionInset
  }

  override func collapsedComponents(for question: Question) -> [Part] { [.question] }
  override func expandedComponents(for question: Question) -> [Part] { [.answer] }

  override func cell(for part: Part, of question: Question) -> CellDescriptor {
    switch part {
    case .question: textCell(question.text, role: .title)
    case .answer: textCell(question.answer, role: .body)
    }
  }
}

@MainActor
@Test func aQuestionOpensToShowItsAnswer() throws {
  let questions = [
    Question(id: 1, text: "What is a section?", answer: "The part of the list one object owns."),
    Question(id: 2, text: "Who measures cells?", answer: "The collection view, through its front."),
  ]
  let harness = try ListHarness(objects: questions, size: Size(width: 44, height: 16)) { _ in
    QuestionController()
  }
  #expect(harness.numberOfItems(inSectionOf: questions[0]) == 2)  // the question, "View more"
  let next = harness.frames(inSectionOf: questions[1])[0]

  try harness.select(item: 1, inSectionOf: questions[0])  // press "View more"
  #expect(harness.numberOfItems(inSectionOf: questions[0]) == 3)
  #expect(
    harness.descriptors(inSectionOf: questions[0])[1].content
      == .text("The part of the list one object owns.", role: .body))
  #expect(harness.frames(inSectionOf: questions[1])[0] == next.offsetBy(dx: 0, dy: 1))
  #expect(try harness.render().contains("│ The part of the list one object owns."))  // in its card

  try harness.select(item: 2, inSectionOf: questions[0])  // press "View less"
  #expect(harness.frames(inSectionOf: questions[1])[0] == next)
}
// END guide example

// BEGIN guide animation
@MainActor
@Test func theAnswerSlidesOpen() throws {
  let question = Question(id: 1, text: "What is a section?", answer: "The part of the list one object owns.")
  let harness = try ListHarness(objects: [question], size: Size(width: 44, height: 10)) { _ in
    QuestionController()
  }
  try harness.select(item: 1, inSectionOf: question, animated: true)  // keeps the transition
  let transition = try #require(harness.transition)
  #expect(transition.elements.contains { $0.phase == .appearing && $0.end.indexPath.item == 1 })
  let closed = try harness.render(atProgress: 0)  // any progress, in any order
  let open = try harness.render(atProgress: 1)
  #expect(!closed.contains("The part of the list") && open.contains("The part of the list"))
  #expect(try harness.render(atProgress: 0.5) != closed)  // on its way
  #expect(harness.numberOfItems(inSectionOf: question) == 3)  // the layout is at the end already
}
// END guide animation

// BEGIN guide state
/// A question that shows its answer at once after a hint: the component lists read state of
/// the controller's own.
@MainActor
final class HintedQuestionController: ExpandableSectionController<Question, QuestionController.Part> {
  private(set) var hinted = false

  override init() {
    super.init()
    inset = CardGeometry.standard.sectionInset
  }

  override func collapsedComponents(for question: Question) -> [QuestionController.Part] {
    hinted ? [.question, .answer] : [.question]
  }
  override func expandedComponents(for question: Question) -> [QuestionController.Part] {
    hinted ? [] : [.answer]
  }
  override func cell(for part: QuestionController.Part, of question: Question) -> CellDescriptor {
    part == .question ? textCell(question.text, role: .title) : textCell(question.answer, role: .body)
  }

  /// Changes the state the lists read, then tells the list: its section is read again.
  func hint() {
    hinted = true
    collectionContext?.reload(self)
  }
}

@MainActor
@Test func aHintShowsTheAnswer() throws {
  let question = Question(id: 1, text: "Why reload?", answer: "The lists read the hint.")
  let harness = try ListHarness(objects: [question]) { _ in HintedQuestionController() }
  let controller = try #require(harness.controller(for: question, as: HintedQuestionController.self))
  #expect(controller.items == [.component(.question), .toggle])  // the toggle reads "View more"
  try harness.perform { _ in controller.hint() }  // your code; what it asked for is applied
  #expect(controller.items == [.component(.question), .component(.answer)])  // nothing more: no toggle
  #expect(
    harness.descriptors(inSectionOf: question)[1].content == .text("The lists read the hint.", role: .body))
}
// END guide state

// BEGIN guide store
struct Recipe: ListDiffable, Hashable {
  var id: Int
  var steps: [String]
  var diffIdentifier: Int { id }
}

/// A recipe's steps, which the user puts in order.
@MainActor
final class StepsController: GenericSectionController<Recipe> {
  private(set) var steps: [String] = []

  override func didUpdate(to object: any ListDiffable) {
    super.didUpdate(to: object)
    steps = self.object?.steps ?? []
  }
  override func numberOfItems() -> Int { steps.count }
  override func cellForItem(at index: Int) -> CellDescriptor { textCell(steps[index], role: .body) }
  override func canMoveItem(at index: Int) -> Bool { true }
  override func moveObject(from sourceIndex: Int, to destinationIndex: Int) {
    steps.insert(steps.remove(at: sourceIndex), at: destinationIndex)
  }
}

/// The app's store: the list's data source, which asks for an update when its data changes.
@MainActor
final class RecipeBook: ListAdapterDataSource {
  weak var adapter: ListAdapter?
  private(set) var recipes: [Recipe] = []

  func add(_ recipe: Recipe) {
    recipes.append(recipe)
    adapter?.performUpdates(animated: true)
  }

  func objects(for adapter: ListAdapter) -> [any ListDiffable] { recipes }
  func listAdapter(_ adapter: ListAdapter, sectionControllerFor object: any ListDiffable) -> SectionController
  {
    StepsController()
  }
}

@MainActor
@Test func aRecipeArrivesAndItsStepsMove() throws {
  let book = RecipeBook()
  let harness = try ListHarness(dataSource: book)
  book.adapter = harness.adapter
  let recipe = Recipe(id: 1, steps: ["Chop", "Sear", "Serve"])
  try harness.perform { _ in book.add(recipe) }  // the store's performUpdates, applied here
  let controller = try #require(harness.controller(for: recipe, as: StepsController.self))
  #expect(try harness.beginInteractiveMovementForItem(0, inSectionOf: recipe))  // picks "Chop" up
  try harness.updateInteractiveMovementTarget(1, inSectionOf: recipe)  // "Sear" makes way
  #expect(controller.steps == ["Chop", "Sear", "Serve"])  // nothing is asked before the drop
  try harness.endInteractiveMovement()  // moveObject(from: 0, to: 1)
  #expect(controller.steps == ["Sear", "Chop", "Serve"])
}
// END guide store

@Test func theGuideShowsThisExample() throws {
  let testFile = URL(fileURLWithPath: #filePath)
  let guide = testFile.deletingLastPathComponent().appendingPathComponent("../../Documentation/Testing.md")
  func region(_ text: String, from start: String, to end: String) -> String? {
    guard let lower = text.range(of: start),
      let upper = text.range(of: end, range: lower.upperBound..<text.endIndex)
    else { return nil }
    return text[lower.upperBound..<upper.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
  }
  let source = try String(contentsOf: testFile, encoding: .utf8)
  let documentation = try String(contentsOf: guide, encoding: .utf8)
  let code = try #require(
    region(source, from: "// BEGIN guide" + " example", to: "// END guide" + " example"))
  let shown = try #require(
    region(documentation, from: "<!-- example: GuideExampleTests.swift -->\n```swift", to: "```"))
  #expect(shown == code, "Documentation/Testing.md's example differs from GuideExampleTests.swift")
  let animation = try #require(
    region(source, from: "// BEGIN guide" + " animation", to: "// END guide" + " animation"))
  let shownAnimation = try #require(
    region(documentation, from: "<!-- example: GuideExampleTests.swift, animation -->\n```swift", to: "```"))
  #expect(shownAnimation == animation, "Documentation/Testing.md's animation example differs")
  let state = try #require(region(source, from: "// BEGIN guide" + " state", to: "// END guide" + " state"))
  let shownState = try #require(
    region(documentation, from: "<!-- example: GuideExampleTests.swift, state -->\n```swift", to: "```"))
  #expect(shownState == state, "Documentation/Testing.md's example of a controller's own state differs")
  let store = try #require(region(source, from: "// BEGIN guide" + " store", to: "// END guide" + " store"))
  let shownStore = try #require(
    region(documentation, from: "<!-- example: GuideExampleTests.swift, store -->\n```swift", to: "```"))
  #expect(shownStore == store, "Documentation/Testing.md's example of an app's own store differs")
}
