import Sectional
import Testing

@testable import SectionalTerminal

/// Sideways sections in the terminal: the keys and the wheel scroll a compositional layout's
/// orthogonal section, drawn clipped to its row, with a diffable data source and no adapter.
@Suite @MainActor struct SidewaysViewerTests {
  /// A sideways row of ten 12-column tiles above a plain list of twelve lines; with `buttons`,
  /// the tiles are buttons.
  func viewer(buttons: Bool = false) -> (ListViewer, DiffableDataSource<Int, String>) {
    let layout = CompositionalLayout { section, _ in
      guard section == 0 else { return .list() }
      let item = LayoutItem(
        layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
      var row = LayoutSection(
        group: .horizontal(
          layoutSize: LayoutSize(widthDimension: .absolute(12), heightDimension: .absolute(1)),
          subitems: [item]))
      row.orthogonalScrollingBehavior = .continuous
      row.interGroupSpacing = 1
      return row
    }
    let collectionView = CollectionView(layout: layout, size: Size(width: 30, height: 6))
    let dataSource = DiffableDataSource<Int, String>(collectionView: collectionView) { _, text in
      buttons && text.hasPrefix("tile")
        ? CellDescriptor(reuseKind: .cell, size: .exact(Size(width: 12, height: 1)), content: .button(text))
        : .text(text, role: .body, width: 12, height: 1)
    }
    var snapshot = DiffableSnapshot<Int, String>()
    snapshot.appendSections([0, 1])
    snapshot.appendItems((0..<10).map { "tile-\($0)" }, toSection: 0)
    snapshot.appendItems(["first line"] + (2...12).map { "line \($0)" }, toSection: 1)
    dataSource.apply(snapshot, animatingDifferences: false)
    let viewer = ListViewer(collectionView: collectionView, renderer: TextRenderer(), columns: 30, rows: 8)
    return (viewer, dataSource)
  }

  func rows(_ viewer: ListViewer) -> [String] {
    viewer.render().plainText().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  @Test func arrowsScrollTheRowAndNothingElse() {
    let (viewer, dataSource) = viewer()
    withExtendedLifetime(dataSource) {
      #expect(rows(viewer)[0].hasPrefix("tile-0       tile-1       tile"))
      #expect(rows(viewer)[1] == "first line")
      viewer.handle(.right)
      viewer.handle(.right)
      // Eight columns along: tile-0 is cut at the row's left edge; the list below did not move.
      #expect(rows(viewer)[0].hasPrefix("     tile-1       tile-2"))
      #expect(rows(viewer)[1] == "first line")
      viewer.handle(.character("h"))
      #expect(rows(viewer)[0].hasPrefix("-0       tile-1"))
      for _ in 0..<100 { viewer.handle(.right) }
      // At the end of the row: the last tile's right edge at the screen's.
      #expect(rows(viewer)[0].hasSuffix("tile-9"))
      #expect(viewer.collectionView.contentOffset.y == 0)
    }
  }

  @Test func shiftWheelAndTiltScrollTheRowUnderThePointer() {
    let (viewer, dataSource) = viewer()
    withExtendedLifetime(dataSource) {
      viewer.handle(.mouse(MouseEvent(action: .wheelDown, x: 3, y: 0, isShifted: true)))
      #expect(rows(viewer)[0].hasPrefix("-0       tile-1"))
      viewer.handle(.mouse(MouseEvent(action: .wheelLeft, x: 3, y: 0)))
      #expect(rows(viewer)[0].hasPrefix("tile-0"))
      // A plain wheel still scrolls the page.
      viewer.handle(.mouse(MouseEvent(action: .wheelDown, x: 3, y: 0)))
      #expect(viewer.collectionView.contentOffset.y > 0)
    }
  }

  /// Tab through a row of buttons wider than the screen: the row scrolls sideways to each one,
  /// and Shift-Tab brings the first back; the list below never moves.
  @Test func focusScrollsTheRowToTheFocusedButton() {
    let (viewer, dataSource) = viewer(buttons: true)
    withExtendedLifetime(dataSource) {
      for index in 0..<10 {
        viewer.moveFocus(forward: true)
        #expect(viewer.focused == IndexPath(item: index, section: 0))
        let attributes = viewer.collectionView.collectionViewLayout.layoutAttributesForItem(
          at: IndexPath(item: index, section: 0))
        let frame = attributes?.frame ?? .zero
        let clip = attributes?.clip ?? .zero
        #expect(frame.minX >= clip.minX && frame.maxX <= clip.maxX, "button \(index): \(frame) in \(clip)")
        #expect(rows(viewer)[0].contains("tile-\(index)"))
        #expect(viewer.collectionView.contentOffset.y == 0)
      }
      #expect(rows(viewer)[0].hasSuffix("[ tile-9 ]"))
      for _ in 0..<9 { viewer.moveFocus(forward: false) }
      #expect(viewer.focused == IndexPath(item: 0, section: 0))
      #expect(rows(viewer)[0].hasPrefix("[ tile-0 ]"))
    }
  }

  /// Chips whose widths are estimated: the collection view measures each at the container's
  /// width and the row lays them out as wide as their text, one column apart.
  @Test func chipsTakeTheWidthOfTheirText() {
    let layout = CompositionalLayout { _, _ in
      let size = LayoutSize(widthDimension: .estimated(10), heightDimension: .absolute(1))
      var row = LayoutSection(group: .horizontal(layoutSize: size, subitems: [LayoutItem(layoutSize: size)]))
      row.orthogonalScrollingBehavior = .continuous
      row.interGroupSpacing = 1
      return row
    }
    let collectionView = CollectionView(layout: layout, size: Size(width: 30, height: 3))
    collectionView.measurer = TextRenderer().measurer()
    let dataSource = DiffableDataSource<Int, String>(collectionView: collectionView) { _, text in
      CellDescriptor(reuseKind: .cell, size: .estimated(Size(width: 10, height: 1)), content: .button(text))
    }
    var snapshot = DiffableSnapshot<Int, String>()
    snapshot.appendSections([0])
    snapshot.appendItems(["a", "swift", "tui", "compositional"], toSection: 0)
    dataSource.apply(snapshot, animatingDifferences: false)
    let frames = (0..<4).compactMap {
      collectionView.collectionViewLayout.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))?.frame
    }
    // "[ a ]" is 5 columns, "[ swift ]" 9, "[ tui ]" 7, "[ compositional ]" 17.
    #expect(frames.map(\.width) == [5, 9, 7, 17])
    #expect(frames.map(\.minX) == [0, 6, 16, 24])
    let viewer = ListViewer(collectionView: collectionView, renderer: TextRenderer(), columns: 30, rows: 4)
    #expect(rows(viewer)[0] == "[ a ] [ swift ] [ tui ] [ comp")
    withExtendedLifetime(dataSource) {}
  }

  /// Twelve buttons under a header pinned to the top, in a 30×6 view.
  func pinnedButtons() -> (ListViewer, DiffableDataSource<Int, String>, SelectionLog) {
    let layout = CompositionalLayout { _, _ in
      var list = LayoutSection.list()
      list.boundarySupplementaryItems = [
        LayoutBoundarySupplementaryItem(
          layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(1)),
          elementKind: .header, alignment: .top, pinToVisibleBounds: true)
      ]
      return list
    }
    let collectionView = CollectionView(layout: layout, size: Size(width: 30, height: 6))
    let dataSource = DiffableDataSource<Int, String>(collectionView: collectionView) { _, text in
      CellDescriptor(reuseKind: .cell, size: .exact(Size(width: 12, height: 1)), content: .button(text))
    }
    dataSource.supplementaryViewProvider = { kind, _ in
      kind == .header ? SupplementaryDescriptor(height: 1, content: .text("Buttons", role: .header)) : nil
    }
    let log = SelectionLog()
    dataSource.selectionHandler = { _, item in log.selected.append(item) }
    var snapshot = DiffableSnapshot<Int, String>()
    snapshot.appendSections([0])
    snapshot.appendItems((0..<12).map { "b\($0)" }, toSection: 0)
    dataSource.apply(snapshot, animatingDifferences: false)
    let viewer = ListViewer(collectionView: collectionView, renderer: TextRenderer(), columns: 30, rows: 8)
    return (viewer, dataSource, log)
  }

  final class SelectionLog { var selected: [String] = [] }

  /// A click goes to what is drawn on top: on a pinned header over a button, nothing happens;
  /// on a button, it is focused and selected.
  @Test func aClickOnAPinnedHeaderIsNotAClickOnTheButtonUnderIt() {
    let (viewer, dataSource, log) = pinnedButtons()
    withExtendedLifetime(dataSource) {
      viewer.collectionView.setContentOffset(Point(x: 0, y: 3))
      // Row 0 shows the pinned header; the button b2 lies under it.
      #expect(rows(viewer)[0].hasPrefix("Buttons"))
      viewer.handle(.mouse(MouseEvent(action: .press(button: 0), x: 3, y: 0)))
      #expect(viewer.focused == nil && log.selected.isEmpty)
      viewer.handle(.mouse(MouseEvent(action: .press(button: 0), x: 3, y: 1)))
      #expect(viewer.focused == IndexPath(item: 3, section: 0))
      #expect(log.selected == ["b3"])
    }
  }

  /// A button under the pinned header is out of view for Tab, and focusing it scrolls it out
  /// from under the header.
  @Test func focusNeverLandsUnderAPinnedHeader() {
    let (viewer, dataSource, _) = pinnedButtons()
    withExtendedLifetime(dataSource) {
      viewer.collectionView.setContentOffset(Point(x: 0, y: 3))
      viewer.moveFocus(forward: true)
      #expect(viewer.focused == IndexPath(item: 3, section: 0))
      viewer.moveFocus(forward: false)
      #expect(viewer.focused == IndexPath(item: 2, section: 0))
      let screen = rows(viewer)
      let row = screen.firstIndex { $0.contains("[ b2 ]") }
      #expect(screen[0].hasPrefix("Buttons"))
      #expect(row != nil && row! > 0, "\(screen)")
    }
  }

  @Test func theDecoderReadsTiltAndShift() {
    var decoder = InputDecoder()
    let keys = decoder.feed(Array("\u{1B}[<68;2;1M\u{1B}[<66;2;1M\u{1B}[<67;2;1M".utf8)) + decoder.flush()
    #expect(
      keys == [
        .mouse(MouseEvent(action: .wheelUp, x: 1, y: 0, isShifted: true)),
        .mouse(MouseEvent(action: .wheelLeft, x: 1, y: 0)),
        .mouse(MouseEvent(action: .wheelRight, x: 1, y: 0)),
      ])
  }
}
