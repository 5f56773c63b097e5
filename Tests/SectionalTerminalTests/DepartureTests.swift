import Sectional
import Testing

@testable import SectionalTerminal

/// Issue 51, defects 5 and 6: during an animated update, what a leaving cell and the badges
/// show at the first frame of the transition.
@MainActor
@Suite struct DepartureTests {
  static func layouts() -> [(String, any CollectionViewLayout)] {
    let row = LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(1))
    return [
      ("flow", FlowLayout()),
      (
        "compositional",
        CompositionalLayout(
          section: LayoutSection(group: .vertical(layoutSize: row, subitems: [LayoutItem(layoutSize: row)])))
      ),
    ]
  }

  /// The first `count` rows the renderer paints of `view` now, as a front draws each frame.
  func rows(_ renderer: TextRenderer, _ view: CollectionView, _ count: Int) -> [String] {
    var canvas = Canvas(width: 10, height: 6)
    renderer.render(view, into: &canvas)
    return Array(canvas.plainText().components(separatedBy: "\n").prefix(count)).map {
      $0.trimmingCharacters(in: .whitespaces)
    }
  }

  /// Delete "ab" from [ab, cd, ef], animated: at progress 0 the rows were "", "cd", "ef" when
  /// the view was not drawn between the two applies (the renderer had no frame to take the
  /// leaving cell's content from). The diffable data source now has the view capture what a
  /// batch removes before the data changes.
  @Test(arguments: [false, true])
  func aDeletedCellShowsItsContentAtTheFirstFrame(drawnBefore: Bool) {
    for (name, layout) in Self.layouts() {
      let view = CollectionView(layout: layout, size: Size(width: 10, height: 6))
      let dataSource = DiffableDataSource<Int, String>(collectionView: view) { _, text in
        .text(text, role: .body, width: 10, height: 1)
      }
      var snapshot = DiffableSnapshot<Int, String>()
      snapshot.appendSections([0])
      snapshot.appendItems(["ab", "cd", "ef"], toSection: 0)
      dataSource.apply(snapshot, animatingDifferences: false)
      let renderer = TextRenderer()
      if drawnBefore { #expect(rows(renderer, view, 3) == ["ab", "cd", "ef"], "\(name)") }
      snapshot.deleteItems(["ab"])
      dataSource.apply(snapshot)
      #expect(view.transition != nil, "\(name)")
      view.transitionProgress = 0
      #expect(rows(renderer, view, 3) == ["ab", "cd", "ef"], "\(name) at 0")
      view.transitionProgress = 1
      #expect(rows(renderer, view, 2) == ["cd", "ef"], "\(name) at 1")
    }
  }
}
