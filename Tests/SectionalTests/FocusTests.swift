import Sectional
import Testing

/// The collection view keeps the focus on its item through every batch, as it keeps selections;
/// when the item goes, the focus passes to the nearest item of its section still there.
@Suite @MainActor struct FocusTests {
  @Test func focusFollowsItsItemAndPassesToANeighbourWhenItGoes() {
    let view = CollectionView(layout: FlowLayout(), size: Size(width: 20, height: 10))
    let source = DiffableDataSource<Int, String>(collectionView: view) { _, item in
      .text(item, role: .body, width: 20, height: 1)
    }
    var snapshot = DiffableSnapshot<Int, String>()
    snapshot.appendSections([0, 1])
    snapshot.appendItems(["a", "b", "c"], toSection: 0)
    snapshot.appendItems(["x"], toSection: 1)
    source.apply(snapshot, animatingDifferences: false)
    view.focusedIndexPath = IndexPath(item: 1, section: 0)
    func focusedItem() -> String? { view.focusedIndexPath.flatMap { source.itemIdentifier(for: $0) } }
    #expect(focusedItem() == "b")

    snapshot.insertItems(["new"], beforeItem: "a")
    source.apply(snapshot)
    #expect(view.focusedIndexPath == IndexPath(item: 2, section: 0) && focusedItem() == "b")

    snapshot.moveSection(1, beforeSection: 0)
    source.apply(snapshot)
    #expect(view.focusedIndexPath == IndexPath(item: 2, section: 1) && focusedItem() == "b")

    snapshot.reloadItems(["b"])
    source.apply(snapshot)
    #expect(focusedItem() == "b", "a reloaded item keeps the focus")

    snapshot.deleteItems(["b"])
    source.apply(snapshot)
    #expect(focusedItem() == "c", "the next item takes the focus of a deleted one")

    snapshot.deleteItems(["c"])
    source.apply(snapshot)
    #expect(focusedItem() == "a", "the last item passes it back to the one before")

    snapshot.deleteSections([0])
    source.apply(snapshot)
    #expect(view.focusedIndexPath == nil, "its section went: nothing is left to focus")

    view.focusedIndexPath = IndexPath(item: 5, section: 0)
    #expect(view.focusedIndexPath == nil, "a path that does not exist is not kept")
  }

  /// A section reloaded with fewer items keeps the focus on its place, as far as it reaches.
  @Test func aSectionReloadedSmallerKeepsTheFocusWithinIt() {
    let source = UIKitSemanticsTests.Rows([6, 2])
    let view = CollectionView(size: Size(width: 10, height: 10))
    view.dataSource = source
    view.reloadData()
    view.focusedIndexPath = IndexPath(item: 5, section: 0)
    source.counts[0] = 3
    var reload = BatchUpdates()
    reload.reloadedSections = [0]
    #expect(view.performBatchUpdates(reload))
    #expect(view.focusedIndexPath == IndexPath(item: 2, section: 0))
    source.counts[0] = 0
    #expect(view.performBatchUpdates(reload))
    #expect(view.focusedIndexPath == nil, "an empty section has nothing to focus")
  }

  /// Every item is selectable by default, as in UIKit and IGListKit (issue 51, defect 2: only
  /// buttons were); a controller says which of its items are, and `allowsSelection` turns
  /// selection off for a whole screen.
  @Test func everyItemIsSelectableByDefaultAndAControllerSaysOtherwise() {
    final class Rows: SectionController {
      var buttonsOnly = false
      override func numberOfItems() -> Int { 2 }
      override func cellForItem(at index: Int) -> CellDescriptor {
        index == 0
          ? textCell("row", role: .body)
          : CellDescriptor(
            reuseKind: "button", size: .exact(Size(width: 10, height: 1)), content: .button("Go"))
      }
      override func shouldSelectItem(at index: Int) -> Bool {
        guard buttonsOnly else { return super.shouldSelectItem(at: index) }
        if case .button = cellForItem(at: index).content { return true }
        return false
      }
    }
    let controller = Rows()
    let source = ClosureSource([Note(id: 1, text: "n")]) { _ in controller }
    let adapter = ListAdapter(collectionView: CollectionView(size: Size(width: 20, height: 10)))
    adapter.dataSource = source
    adapter.reloadData()
    let view = adapter.collectionView
    #expect(view.shouldSelectItem(at: IndexPath(item: 0, section: 0)), "a text row, as in UIKit")
    #expect(view.shouldSelectItem(at: IndexPath(item: 1, section: 0)))
    #expect(!view.shouldSelectItem(at: IndexPath(item: 2, section: 0)), "no such item")
    controller.buttonsOnly = true
    #expect(!view.shouldSelectItem(at: IndexPath(item: 0, section: 0)), "the controller says no")
    #expect(view.shouldSelectItem(at: IndexPath(item: 1, section: 0)))
    controller.buttonsOnly = false
    view.allowsSelection = false
    #expect(!view.shouldSelectItem(at: IndexPath(item: 1, section: 0)), "nothing, for the whole view")
    // Selecting from code still works.
    view.selectItem(at: IndexPath(item: 0, section: 0))
    #expect(view.indexPathsForSelectedItems == [IndexPath(item: 0, section: 0)])
  }

}
