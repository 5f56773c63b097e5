import SectionalTesting
import SeededRandom
import Testing

@testable import Sectional

/// A collection view fed by a diffable data source whose items may all be reordered, laid out
/// by a flow layout of items of several widths (several to a line), and what it was told.
@MainActor
private final class ReorderableList {
  let view: CollectionView
  let dataSource: DiffableDataSource<Int, Int>
  var reorders: [DiffableDataSource<Int, Int>.Transaction] = []

  init(_ sections: [[Int]], size: Size = Size(width: 24, height: 12)) {
    view = CollectionView(layout: FlowLayout(), size: size)
    dataSource = Self.dataSource(for: view)
    dataSource.apply(Self.snapshot(sections), animatingDifferences: false)
    dataSource.reorderingHandlers.canReorderItem = { $0 % 7 != 3 }
    dataSource.reorderingHandlers.didReorder = { [unowned self] in reorders.append($0) }
  }

  static func dataSource(for view: CollectionView) -> DiffableDataSource<Int, Int> {
    DiffableDataSource<Int, Int>(collectionView: view) { _, item in
      .text("\(item)", role: .body, width: Double(3 + item % 9), height: Double(1 + item % 3))
    }
  }

  static func snapshot(_ sections: [[Int]]) -> DiffableSnapshot<Int, Int> {
    var snapshot = DiffableSnapshot<Int, Int>()
    snapshot.appendSections(Array(sections.indices))
    for (section, items) in sections.enumerated() { snapshot.appendItems(items, toSection: section) }
    return snapshot
  }

  /// What the view shows: each section's items, read through the view (translated while an item
  /// is moved).
  var shown: [[Int]] {
    (0..<view.numberOfSections).map { section in
      (0..<view.numberOfItems(inSection: section)).map { item in
        guard
          case .text(let text, _) = view.cellDescriptor(at: IndexPath(item: item, section: section))?.content
        else { return -1 }
        return Int(text) ?? -1
      }
    }
  }

  /// Every attribute of the whole content.
  var everything: [LayoutAttributes] {
    view.collectionViewLayout.layoutAttributesForElements(
      in: Rect(x: 0, y: 0, width: view.bounds.width, height: max(1, view.contentSize.height)))
  }
}

@MainActor
@Suite struct MovementTests {
  @Test func randomMovesAgreeWithAReferenceListAndAFreshLayout() throws {
    var rng = SplitMix64(seed: 91)
    var ended = 0
    var cancelled = 0
    for round in 0..<80 {
      var next = 0
      var reference: [[Int]] = (0..<(1 + rng.next(below: 4))).map { _ in
        (0..<rng.next(below: 7)).map { _ in
          next += 1
          return next
        }
      }
      let list = ReorderableList(reference)
      let all = reference.enumerated().flatMap { section, items in
        items.indices.map { IndexPath(item: $0, section: section) }
      }
      guard let picked = all.randomElement(using: &rng) else { continue }
      let item = reference[picked.section][picked.item]
      let selected = all.randomElement(using: &rng)!
      let selectedItem = reference[selected.section][selected.item]
      list.view.selectItem(at: selected)
      let before = list.everything
      let began = list.view.beginInteractiveMovementForItem(at: picked)
      #expect(began == (item % 7 != 3), "round \(round): only items the handler allows are picked up")
      guard began else { continue }
      var shown = reference
      for _ in 0..<(1 + rng.next(below: 5)) {
        let section = rng.next(below: reference.count)
        list.view.updateInteractiveMovementTarget(
          IndexPath(item: rng.next(below: reference[section].count + 2) - 1, section: section))
        let target = try #require(list.view.interactivelyMovingItem)
        shown = reference
        shown[picked.section].remove(at: picked.item)
        shown[target.section].insert(item, at: target.item)
        // The view shows the order with the item at its target, and lays it out as a fresh list
        // of that order would.
        #expect(list.shown == shown, "round \(round)")
        let fresh = ReorderableList(shown)
        #expect(list.everything == fresh.everything, "round \(round): the layout of the order shown")
        #expect(list.reorders.isEmpty, "round \(round): nobody is told before the drop")
        // The selection follows its item.
        let selectedNow = list.view.indexPathsForSelectedItems.first.map { shown[$0.section][$0.item] }
        #expect(selectedNow == selectedItem, "round \(round)")
      }
      if rng.next(below: 2) == 0 {
        list.view.cancelInteractiveMovement()
        cancelled += 1
        #expect(list.shown == reference, "round \(round): put back")
        #expect(list.everything == before, "round \(round): the layout as before")
        #expect(list.reorders.isEmpty && list.dataSource.snapshot().sectionItems == reference)
        #expect(list.view.indexPathsForSelectedItems == [selected])
      } else {
        list.view.endInteractiveMovement()
        ended += 1
        let moved = shown != reference
        #expect(list.reorders.count == (moved ? 1 : 0), "round \(round): told once")
        #expect(
          list.dataSource.snapshot().sectionItems == shown, "round \(round): the snapshot took the order")
        #expect(list.shown == shown)
        // The layout, no longer translating, is a fresh one's.
        #expect(list.everything == ReorderableList(shown).everything, "round \(round)")
        reference = shown
      }
      #expect(list.view.interactivelyMovingItem == nil)
    }
    #expect(ended > 10 && cancelled > 10, "\(ended) drops, \(cancelled) cancels")
  }

  @Test func theMovingItemIsDrawnInFrontAndTheOthersSlide() throws {
    let list = ReorderableList([[1, 2, 4, 5]], size: Size(width: 6, height: 12))
    #expect(list.view.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))
    list.view.updateInteractiveMovementTarget(IndexPath(item: 2, section: 0))
    let transition = try #require(list.view.transition)
    // Items 2 and 4 slide up a place each; item 1 slides down to its target.
    #expect(transition.elements.filter { $0.phase == .staying && $0.start.frame != $0.end.frame }.count == 3)
    let moving = try #require(
      list.view.displayedElements().map(\.attributes).first { $0.indexPath == IndexPath(item: 2, section: 0) }
    )
    #expect(moving.zIndex == ZIndex.interactivelyMoving)
    list.view.finishTransition()
    let still = try #require(
      list.view.displayedElements().map(\.attributes).first { $0.indexPath == IndexPath(item: 2, section: 0) }
    )
    #expect(still.zIndex == ZIndex.interactivelyMoving)
    list.view.endInteractiveMovement()
    #expect(
      list.view.displayedElements().map(\.attributes).allSatisfy { $0.zIndex < ZIndex.interactivelyMoving })
  }

  @Test func aBatchOrAReloadPutsTheItemBackFirst() throws {
    let list = ReorderableList([[1, 2], [4, 5]])
    #expect(list.view.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))
    list.view.updateInteractiveMovementTarget(IndexPath(item: 1, section: 1))
    #expect(list.shown == [[2], [4, 1, 5]])
    // What a layout delegate of one's own translates with: shown place → the data's.
    #expect(
      list.view.dataIndexPath(forDisplayed: IndexPath(item: 1, section: 1)) == IndexPath(item: 0, section: 0))
    #expect(
      list.view.dataIndexPath(forDisplayed: IndexPath(item: 0, section: 0)) == IndexPath(item: 1, section: 0))
    #expect(
      list.view.dataIndexPath(forDisplayed: IndexPath(item: 2, section: 1)) == IndexPath(item: 1, section: 1))
    var snapshot = list.dataSource.snapshot()
    snapshot.appendItems([8], toSection: 1)
    list.dataSource.apply(snapshot, animatingDifferences: false)
    #expect(list.view.interactivelyMovingItem == nil)
    #expect(list.shown == [[1, 2], [4, 5, 8]] && list.reorders.isEmpty)
  }

  @Test func aControllerMovesItsOwnItemsAndOnlyWithinItsSection() throws {
    let rows = ReorderableRows(rows: ["a", "b", "c", "d"])
    let source = ClosureSource([Tag(id: 1), Tag(id: 2)]) { object in
      (object as! Tag).id == 1 ? rows : ReorderableRows(rows: ["x", "y"])
    }
    let view = CollectionView(size: Size(width: 20, height: 20))
    let adapter = ListAdapter(collectionView: view)
    adapter.scheduler = { _ in }
    adapter.dataSource = source
    adapter.reloadData()
    #expect(view.beginInteractiveMovementForItem(at: IndexPath(item: 1, section: 0)))
    // Another section is not a controller's to take: the item stays in its own, at its end.
    view.updateInteractiveMovementTarget(IndexPath(item: 0, section: 1))
    #expect(view.interactivelyMovingItem == IndexPath(item: 3, section: 0))
    view.updateInteractiveMovementTarget(IndexPath(item: 2, section: 0))
    #expect(
      (0..<4).map { view.cellDescriptor(at: IndexPath(item: $0, section: 0))?.content }
        == ["a", "c", "b", "d"].map { .text($0, role: .body) })
    #expect(rows.moves.isEmpty)
    view.endInteractiveMovement()
    #expect(rows.moves.count == 1 && rows.moves[0] == IndexMove(from: 1, to: 2))
    #expect(rows.rows == ["a", "c", "b", "d"])
  }

  @Test func randomSectionMovesAgreeWithAReferenceListAndAFreshLayout() throws {
    var rng = SplitMix64(seed: 93)
    let content = Rect(x: 0, y: 0, width: 40, height: 10_000)
    func list(_ objects: [Card]) -> (ClosureSource, ListAdapter) {
      let source = ClosureSource(objects) { _ in CardController() }
      let adapter = ListAdapter(
        collectionView: CollectionView(layout: ListHarness.cardLayout(), size: Size(width: 40, height: 30)))
      adapter.scheduler = { _ in }
      adapter.dataSource = source
      adapter.reloadData()
      return (source, adapter)
    }
    var reference = (0..<7).map { card("c\($0)", extras: $0 % 4) }
    let (source, adapter) = list(reference)
    let mover = Mover()
    adapter.moveDelegate = mover
    var drops = 0
    for round in 0..<60 {
      let picked = rng.next(below: reference.count)
      let before = adapter.collectionView.collectionViewLayout.layoutAttributesForElements(in: content)
      #expect(adapter.beginInteractiveMovement(of: reference[picked]))
      var shown = reference
      for _ in 0..<(1 + rng.next(below: 4)) {
        let target = rng.next(below: reference.count + 2) - 1
        adapter.updateInteractiveMovement(toSection: target)
        shown = reference
        shown.insert(shown.remove(at: picked), at: min(max(0, target), reference.count - 1))
        #expect(adapter.objects.map { ($0 as! Card).id } == shown.map(\.id), "round \(round)")
        let (freshSource, fresh) = list(shown)
        withExtendedLifetime(freshSource) {
          #expect(
            adapter.collectionView.collectionViewLayout.layoutAttributesForElements(in: content)
              == fresh.collectionView.collectionViewLayout.layoutAttributesForElements(in: content),
            "round \(round)")
        }
      }
      let told = mover.moves.count
      if rng.next(below: 2) == 0 {
        adapter.cancelInteractiveMovement()
        #expect(adapter.objects.map { ($0 as! Card).id } == reference.map(\.id))
        #expect(
          adapter.collectionView.collectionViewLayout.layoutAttributesForElements(in: content) == before)
        #expect(mover.moves.count == told)
      } else {
        adapter.endInteractiveMovement()
        drops += 1
        #expect(mover.moves.count == told + (shown.map(\.id) == reference.map(\.id) ? 0 : 1))
        reference = shown
        source.objects = shown  // as the delegate's owner does
      }
      // An update after either changes nothing.
      let settled = adapter.collectionView.collectionViewLayout.layoutAttributesForElements(in: content)
      adapter.performUpdates()
      adapter.flushPendingUpdates()
      #expect(adapter.collectionView.collectionViewLayout.layoutAttributesForElements(in: content) == settled)
    }
    #expect(drops > 15 && drops < 45)
  }

  @Test func anUpdateDuringAnItemMoveAsksOnlyForItemsThatExist() throws {
    // Indexes its rows without a guard, as a client's controller may: asked for a row it no
    // longer has, it would trap.
    let rows = ReorderableRows(rows: ["a", "b", "c", "d"])
    let source = ClosureSource([Tag(id: 1)]) { _ in rows }
    let view = CollectionView(size: Size(width: 20, height: 20))
    let adapter = ListAdapter(collectionView: view)
    adapter.scheduler = { _ in }
    adapter.dataSource = source
    adapter.reloadData()
    view.selectItem(at: IndexPath(item: 3, section: 0))
    #expect(view.beginInteractiveMovementForItem(at: IndexPath(item: 3, section: 0)))
    view.updateInteractiveMovementTarget(IndexPath(item: 0, section: 0))
    #expect(view.indexPathsForSelectedItems == [IndexPath(item: 0, section: 0)])
    rows.rows = ["a", "b"]
    adapter.reloadObjects([Tag(id: 1)])
    #expect(view.interactivelyMovingItem == nil && rows.moves.isEmpty)
    #expect(view.numberOfItems(inSection: 0) == 2)
    #expect(view.indexPathsForSelectedItems.isEmpty, "the selection went with its reloaded section")
  }

  @Test func updatesWaitWhileASectionMovesAndApplyAfterTheDrop() throws {
    let cards = (0..<3).map { card("c\($0)") }
    let source = ClosureSource(cards) { _ in CardController() }
    let mover = Mover()
    let view = CollectionView(layout: ListHarness.cardLayout(), size: Size(width: 40, height: 30))
    let adapter = ListAdapter(collectionView: view)
    var scheduled: [() -> Void] = []
    adapter.scheduler = { scheduled.append($0) }
    adapter.dataSource = source
    adapter.moveDelegate = mover
    adapter.reloadData()
    #expect(adapter.beginInteractiveMovement(of: cards[0]))
    adapter.updateInteractiveMovement(toSection: 1)
    source.objects = cards + [card("c3")]
    adapter.performUpdates()
    adapter.flushPendingUpdates()
    #expect(adapter.objects.count == 3, "held while the card is up")
    #expect(adapter.interactivelyMovingObject.map { ($0 as! Card).id } == "c0")
    scheduled = []
    adapter.endInteractiveMovement()
    #expect(mover.moves.count == 1)
    // The delegate is told the data source's objects with the move applied, c3 among them: an
    // owner that takes them as told loses nothing asked for meanwhile.
    #expect(mover.moves.first?.from == ["c0", "c1", "c2", "c3"])
    #expect(mover.moves.first?.to == ["c1", "c0", "c2", "c3"])
    source.objects = [cards[1], cards[0], cards[2], card("c3")]
    for work in scheduled { work() }
    #expect(adapter.objects.map { ($0 as! Card).id } == ["c1", "c0", "c2", "c3"])
  }

  @Test func aSectionMoveTellsTheMoveDelegateOnceAndACancelNobody() throws {
    let cards = (0..<5).map { card("c\($0)") }
    let mover = Mover()
    func list(_ objects: [Card]) -> (ClosureSource, ListAdapter) {
      let source = ClosureSource(objects) { _ in CardController() }
      let view = CollectionView(layout: ListHarness.cardLayout(), size: Size(width: 40, height: 30))
      let adapter = ListAdapter(collectionView: view)
      adapter.scheduler = { _ in }
      adapter.dataSource = source
      adapter.reloadData()
      return (source, adapter)
    }
    let (source, adapter) = list(cards)
    let view = adapter.collectionView
    #expect(!adapter.beginInteractiveMovement(of: cards[1]), "no move delegate, no move")
    adapter.moveDelegate = mover
    adapter.reloadData()
    let controller = try #require(adapter.sectionController(for: cards[1]))
    let before = view.collectionViewLayout.layoutAttributesForElements(
      in: Rect(x: 0, y: 0, width: 40, height: 1_000))

    #expect(adapter.beginInteractiveMovement(of: cards[1]))
    adapter.updateInteractiveMovement(toSection: 3)
    adapter.updateInteractiveMovement(toSection: 9)  // clamped to the last
    #expect(adapter.objects.map { ($0 as! Card).id } == ["c0", "c2", "c3", "c4", "c1"])
    #expect(adapter.section(for: controller) == 4, "the controller goes with its section")
    adapter.cancelInteractiveMovement()
    #expect(adapter.objects.map { ($0 as! Card).id } == cards.map(\.id))
    #expect(
      view.collectionViewLayout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 40, height: 1_000))
        == before)
    #expect(mover.moves.isEmpty)

    #expect(adapter.beginInteractiveMovement(of: cards[1]))
    adapter.updateInteractiveMovement(toSection: 0)
    adapter.endInteractiveMovement()
    #expect(mover.moves.count == 1)
    #expect(mover.moves.first?.to == ["c1", "c0", "c2", "c3", "c4"])
    #expect(mover.moves.first?.from == cards.map(\.id))
    // The data source takes the order, as the delegate is asked to make it: the next update
    // changes nothing, and the layout is a fresh list's of that order.
    source.objects = [cards[1], cards[0], cards[2], cards[3], cards[4]]
    let moved = view.collectionViewLayout.layoutAttributesForElements(
      in: Rect(x: 0, y: 0, width: 40, height: 1_000))
    adapter.performUpdates()
    adapter.flushPendingUpdates()
    #expect(
      view.collectionViewLayout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 40, height: 1_000))
        == moved)
    let (freshSource, fresh) = list(source.objects.map { $0 as! Card })
    withExtendedLifetime(freshSource) {
      #expect(
        fresh.collectionView.collectionViewLayout.layoutAttributesForElements(
          in: Rect(x: 0, y: 0, width: 40, height: 1_000))
          == moved)
    }
  }
}

/// An object with an identifier only.
private struct Tag: ListDiffable, Hashable {
  var id: Int
  var diffIdentifier: Int { id }
}

/// Rows of text that can be reordered by the user.
@MainActor
private final class ReorderableRows: SectionController {
  var rows: [String]
  var moves: [IndexMove] = []
  init(rows: [String]) {
    self.rows = rows
    super.init()
  }
  override func numberOfItems() -> Int { rows.count }
  override func cellForItem(at index: Int) -> CellDescriptor {
    .text(rows[index], role: .body, width: 10, height: 1)
  }
  override func canMoveItem(at index: Int) -> Bool { true }
  override func moveObject(from sourceIndex: Int, to destinationIndex: Int) {
    moves.append(IndexMove(from: sourceIndex, to: destinationIndex))
    rows.insert(rows.remove(at: sourceIndex), at: destinationIndex)
  }
}

@MainActor
private final class Mover: ListAdapterMoveDelegate {
  var moves: [(from: [String], to: [String])] = []
  func listAdapter(
    _ listAdapter: ListAdapter, move object: any ListDiffable, from previousObjects: [any ListDiffable],
    to objects: [any ListDiffable]
  ) {
    moves.append((previousObjects.map { ($0 as! Card).id }, objects.map { ($0 as! Card).id }))
  }
}
