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

extension DepartureTests {
  /// Delete "ab" from [ab, cd] with badges, animated: at the first frame ab's row showed cd's
  /// badge and cd had none, since a badge was paired by its index path, not its item.
  @Test func aBadgeGoesWithItsItemThroughAnUpdate() throws {
    let badge = LayoutSupplementaryItem(
      layoutSize: LayoutSize(widthDimension: .absolute(2), heightDimension: .absolute(1)),
      elementKind: .badge, containerAnchor: LayoutAnchor(edges: [.top, .trailing]))
    let row = LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(1))
    let item = LayoutItem(layoutSize: row, supplementaryItems: [badge])
    let layout = CompositionalLayout(
      section: LayoutSection(group: .vertical(layoutSize: row, subitems: [item])))
    let view = CollectionView(layout: layout, size: Size(width: 10, height: 6))
    let dataSource = DiffableDataSource<Int, String>(collectionView: view) { _, text in
      .text(text, role: .body, width: 10, height: 1)
    }
    dataSource.supplementaryViewProvider = { [unowned dataSource] kind, path in
      guard kind == .badge, let text = dataSource.itemIdentifier(for: path) else { return nil }
      return SupplementaryDescriptor(height: 1, content: .text(text, role: .caption))
    }
    var snapshot = DiffableSnapshot<Int, String>()
    snapshot.appendSections([0])
    snapshot.appendItems(["ab", "cd"], toSection: 0)
    dataSource.apply(snapshot, animatingDifferences: false)
    snapshot.deleteItems(["ab"])
    dataSource.apply(snapshot)
    _ = try #require(view.transition)
    view.transitionProgress = 0
    let badges = view.displayedElements().filter { $0.attributes.kind == .badge }
    // Row 0: ab's badge, leaving (its content captured before the update); row 1: cd's, staying.
    let leaving = try #require(badges.first { $0.phase == .disappearing })
    #expect(leaving.attributes.frame.minY == 0 && leaving.before == IndexPath(item: 0, section: 0))
    #expect(leaving.departingSupplementary?.content == .text("ab", role: .caption))
    let staying = try #require(badges.first { $0.phase == .staying })
    #expect(staying.attributes.frame.minY == 1, "cd's badge starts on cd's row")
    #expect(
      staying.before == IndexPath(item: 1, section: 0) && staying.after == IndexPath(item: 0, section: 0))
    // What a front reads for it: cd's.
    #expect(
      view.supplementaryDescriptor(ofKind: .badge, at: staying.attributes.indexPath)?.content
        == .text("cd", role: .caption))
    #expect(badges.count == 2)
    view.transitionProgress = 1
    #expect(
      view.displayedElements().filter { $0.attributes.kind == .badge }.map(\.attributes.frame.minY) == [0])
  }
}
