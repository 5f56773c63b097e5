import Sectional
import Testing

@testable import SectionalTesting

/// The harness's moving calls and its harness over an app's own data source, beyond the guide's
/// example (`aRecipeArrivesAndItsStepsMove`).
@MainActor
@Suite struct HarnessMovementTests {
  let recipe = Recipe(id: 1, steps: ["Chop", "Sear", "Serve"])

  func texts(_ harness: ListHarness, _ object: any ListDiffable) -> [String] {
    harness.descriptors(inSectionOf: object).compactMap {
      if case .text(let text, _) = $0.content { text } else { nil }
    }
  }

  @Test func aCancelPutsTheItemBackAndTellsNoOne() throws {
    let harness = try ListHarness(objects: [recipe]) { _ in StepsController() }
    let controller = try #require(harness.controller(for: recipe, as: StepsController.self))
    try harness.beginInteractiveMovementForItem(2, inSectionOf: recipe)
    try harness.updateInteractiveMovementTarget(0, inSectionOf: recipe)
    #expect(texts(harness, recipe) == ["Serve", "Chop", "Sear"])
    try harness.cancelInteractiveMovement()
    #expect(texts(harness, recipe) == ["Chop", "Sear", "Serve"])
    #expect(controller.steps == ["Chop", "Sear", "Serve"])
    #expect(harness.collectionView.interactivelyMovingItem == nil)
  }

  @Test func anItemItsControllerKeepsStillIsNotPickedUp() throws {
    let question = Question(id: 1, text: "Fixed?", answer: "Yes.")
    let harness = try ListHarness(objects: [question]) { _ in QuestionController() }
    #expect(try !harness.beginInteractiveMovementForItem(0, inSectionOf: question))
    #expect(throws: HarnessFailure.self) { try harness.endInteractiveMovement() }
    #expect(throws: HarnessFailure.self) {
      try harness.updateInteractiveMovementTarget(1, inSectionOf: question)
    }
    let stranger = Question(id: 9, text: "Elsewhere?", answer: "")
    #expect(throws: HarnessFailure.self) {
      try harness.beginInteractiveMovementForItem(0, inSectionOf: stranger)
    }
  }

  /// A section dropped elsewhere reorders the harness's objects, which later updates start from.
  @Test func aSectionMovesAndTheObjectsFollow() throws {
    let recipes = (1...3).map { Recipe(id: $0, steps: ["Step of \($0)"]) }
    let harness = try ListHarness(objects: recipes) { _ in StepsController() }
    #expect(try harness.beginInteractiveMovement(of: recipes[0]))
    try harness.updateInteractiveMovement(toSection: 2)
    #expect(harness.section(of: recipes[0]) == 2)
    try harness.endInteractiveMovement()
    #expect(harness.objects.compactMap { ($0 as? Recipe)?.id } == [2, 3, 1])
    try harness.reloadData()  // asks the data source again: the new order holds
    #expect(harness.section(of: recipes[0]) == 2)

    #expect(try harness.beginInteractiveMovement(of: recipes[1]))
    try harness.updateInteractiveMovement(toSection: 2)
    try harness.cancelInteractiveMovement()
    #expect(harness.section(of: recipes[1]) == 0)
    #expect(throws: HarnessFailure.self) { try harness.updateInteractiveMovement(toSection: 1) }
  }

  /// Updates asked for while a section is up wait for the drop, then apply to the order the move
  /// left: a changed object and a new one both show (issue 49, §3). The delegate was told the
  /// objects shown when the section was picked up, and the owner, doing as told, lost them.
  @Test func updatesWhileASectionIsUpApplyToTheOrderTheMoveLeft() throws {
    let recipes = (1...4).map { Recipe(id: $0, steps: ["Step of \($0)"]) }
    let harness = try ListHarness(objects: recipes) { _ in StepsController() }
    func ids() -> [Int] { harness.objects.compactMap { ($0 as? Recipe)?.id } }
    #expect(try harness.beginInteractiveMovement(of: recipes[0]))
    var changed = recipes
    changed[2].steps = ["Changed"]
    changed.append(Recipe(id: 9, steps: ["New"]))
    try harness.update(to: changed)
    #expect(ids() == [1, 2, 3, 4], "held while the section is up")
    try harness.updateInteractiveMovement(toSection: 2)
    try harness.endInteractiveMovement()
    #expect(ids() == [2, 3, 1, 4, 9])
    #expect(texts(harness, changed[2]) == ["Changed"])
    try harness.reloadData()  // the harness's objects are that order too
    #expect(ids() == [2, 3, 1, 4, 9])

    // An app's own store that is the move delegate, changed in perform { … } meanwhile: one
    // section deleted, one inserted at the top.
    final class OrderedBook: ListAdapterDataSource, ListAdapterMoveDelegate {
      var recipes = (1...4).map { Recipe(id: $0, steps: ["Step of \($0)"]) }
      func objects(for adapter: ListAdapter) -> [any ListDiffable] { recipes }
      func listAdapter(_ adapter: ListAdapter, sectionControllerFor object: any ListDiffable)
        -> SectionController
      {
        StepsController()
      }
      func listAdapter(
        _ listAdapter: ListAdapter, move object: any ListDiffable, from previousObjects: [any ListDiffable],
        to objects: [any ListDiffable]
      ) {
        recipes = objects.compactMap { $0 as? Recipe }
      }
    }
    let book = OrderedBook()
    let store = try ListHarness(dataSource: book)
    try store.beginInteractiveMovement(of: book.recipes[3])
    try store.perform { harness in
      book.recipes.remove(at: 1)
      book.recipes.insert(Recipe(id: 0, steps: ["First"]), at: 0)
      harness.adapter.performUpdates()
    }
    try store.updateInteractiveMovement(toSection: 0)
    try store.endInteractiveMovement()
    #expect(book.recipes.map(\.id) == [4, 0, 1, 3])
    #expect(store.objects.compactMap { ($0 as? Recipe)?.id } == [4, 0, 1, 3])
  }

  @Test func aStoreIsKeptAliveAndOwnsItsObjects() throws {
    weak var weakBook: RecipeBook?
    let harness = try {
      let book = RecipeBook()
      weakBook = book
      let harness = try ListHarness(dataSource: book)
      book.adapter = harness.adapter
      return harness
    }()
    let book = try #require(weakBook)
    try harness.perform { _ in book.add(Recipe(id: 1, steps: ["Boil"])) }
    #expect(harness.objects.count == 1)
    let failure = #expect(throws: HarnessFailure.self) { try harness.update(to: []) }
    #expect(failure?.description.contains("perform") == true)
    #expect(harness.adapter.moveDelegate == nil)  // the book is not a move delegate
  }

  /// A store that is also the move delegate hears a section dropped.
  @Test func aStoreThatMovesIsTheMoveDelegate() throws {
    final class OrderedBook: ListAdapterDataSource, ListAdapterMoveDelegate {
      var recipes = (1...2).map { Recipe(id: $0, steps: ["Step of \($0)"]) }
      func objects(for adapter: ListAdapter) -> [any ListDiffable] { recipes }
      func listAdapter(_ adapter: ListAdapter, sectionControllerFor object: any ListDiffable)
        -> SectionController
      {
        StepsController()
      }
      func listAdapter(
        _ listAdapter: ListAdapter, move object: any ListDiffable, from previousObjects: [any ListDiffable],
        to objects: [any ListDiffable]
      ) {
        recipes = objects.compactMap { $0 as? Recipe }
      }
    }
    let book = OrderedBook()
    let harness = try ListHarness(dataSource: book)
    try harness.beginInteractiveMovement(of: book.recipes[1])
    try harness.updateInteractiveMovement(toSection: 0)
    try harness.endInteractiveMovement()
    #expect(book.recipes.map(\.id) == [2, 1])
  }
}
