import FeedKit
import Sectional
import SectionalTerminal

/// The screen of the article on iOS 13's compositional layout ("Advanced Collection View Layout
/// in iOS 13 - Supplementary Views"): four sections of 1, 3, 5 and 6 columns holding the numbers 1–75, a badge
/// on every item's top-right corner, a pinned header and a footer per section — a compositional
/// layout filled from a diffable snapshot.
@MainActor
package enum BadgesSample {
  /// The article's sections: their names, column counts and numbers.
  package static let sections: [(name: String, columns: Int, numbers: ClosedRange<Int>)] = [
    ("main", 1, 1...10), ("header", 3, 11...30), ("body", 5, 31...50), ("innerBody", 6, 51...75),
  ]

  /// The article's layout, in terminal cells: items fill their slot less a column each side (room
  /// for the badge that sticks out), a badge 4×1 on the top-right corner moved by (0.3, -0.3) of
  /// its size, rows of 3 (one column) or 5 cells, a pinned header and a footer as tall as their
  /// text, insets of a row and two columns.
  package static func layout() -> CompositionalLayout {
    CompositionalLayout { index, _ in
      sections.indices.contains(index) ? section(columns: sections[index].columns) : nil
    }
  }

  /// One of the article's sections, `columns` wide.
  nonisolated package static func section(columns: Int) -> LayoutSection {
    let badge = LayoutSupplementaryItem(
      layoutSize: LayoutSize(widthDimension: .absolute(4), heightDimension: .absolute(1)),
      elementKind: .badge,
      containerAnchor: LayoutAnchor(edges: [.top, .trailing], fractionalOffset: Point(x: 0.3, y: -0.3)))
    var item = LayoutItem(
      layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)),
      supplementaryItems: [badge])
    item.contentInsets = EdgeInsets(top: 0, left: 1, bottom: 0, right: 1)
    let group = LayoutGroup.horizontal(
      layoutSize: LayoutSize(
        widthDimension: .fractionalWidth(1), heightDimension: .absolute(columns == 1 ? 3 : 5)),
      repeatingSubitem: item, count: columns)
    // As the article's: full width, as tall as their text (estimated, then measured).
    let boundarySize = LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(1))
    var header = LayoutBoundarySupplementaryItem(
      layoutSize: boundarySize, elementKind: .header, alignment: .top)
    header.pinToVisibleBounds = true
    let footer = LayoutBoundarySupplementaryItem(
      layoutSize: boundarySize, elementKind: .footer, alignment: .bottom)
    var section = LayoutSection(group: group)
    section.boundarySupplementaryItems = [header, footer]
    section.contentInsets = EdgeInsets(top: 1, left: 2, bottom: 1, right: 2)
    return section
  }

  package static let registry: ViewRegistry = {
    var registry = ViewRegistry.standard
    registry.register(TileCellView(), forCellKind: "tile")
    registry.register(BadgeView(), forSupplementaryKind: .badge)
    return registry
  }()

  /// The list at a size: a collection view with the layout, fed by a diffable data source from
  /// one snapshot.
  package static func make(columns: Int, rows: Int) -> SampleList {
    let collectionView = CollectionView(
      layout: layout(), size: Size(width: Double(columns), height: Double(rows)))
    // A screen to read: nothing is pressed, so nothing takes the focus.
    collectionView.allowsSelection = false
    let dataSource = DiffableDataSource<String, Int>(collectionView: collectionView) { _, number in
      CellDescriptor(
        reuseKind: "tile", size: .exact(Size(width: 0, height: 3)), content: .text("\(number)", role: .title))
    }
    dataSource.supplementaryViewProvider = { [unowned dataSource] kind, indexPath in
      switch kind {
      case .header:
        let section = sections[indexPath.section]
        return SupplementaryDescriptor(
          height: 1,
          content: .text(
            "\(section.name) · \(section.columns) column\(section.columns == 1 ? "" : "s")", role: .header))
      case .footer:
        let section = sections[indexPath.section]
        return SupplementaryDescriptor(
          height: 1,
          content: .text(
            "\(section.numbers.count) items, \(section.numbers.lowerBound)–\(section.numbers.upperBound)",
            role: .footer))
      case .badge:
        guard let number = dataSource.itemIdentifier(for: indexPath) else { return nil }
        return SupplementaryDescriptor(height: 1, content: .text("\(number)", role: .caption))
      default:
        return nil
      }
    }
    var snapshot = DiffableSnapshot<String, Int>()
    snapshot.appendSections(sections.map(\.name))
    for section in sections { snapshot.appendItems(Array(section.numbers), toSection: section.name) }
    dataSource.apply(snapshot, animatingDifferences: false)
    return SampleList(collectionView: collectionView, registry: registry, title: "Badges", owner: dataSource)
  }

  /// The `badges` program.
  package static let sample = Sample(
    name: "badges",
    summary: """
      The compositional layout of the article on iOS 13's collection view layout (its
      supplementary views): four sections of 1, 3, 5 and 6 columns numbered 1 to 75,
      a badge on every item's corner, pinned headers and footers, filled from a diffable snapshot.
      """
  ) { columns, rows, _, _ in make(columns: columns, rows: rows) }
}

/// A badge: its text between spaces, bold on red where the terminal has colour, in reverse video
/// where it does not.
package struct BadgeView: SupplementaryView {
  package init() {}

  package func draw(
    _ descriptor: SupplementaryDescriptor, kind: ElementKind, in frame: CellRect, canvas: inout Canvas,
    environment: DrawEnvironment
  ) {
    let style =
      environment.colors == .none
      ? TextStyle(attributes: .reverse)
      : TextStyle(
        foreground: .rgb(Color(hex: 0xFFFFFF)), background: .rgb(Color(hex: 0xD14D41)), attributes: .bold)
    canvas.fill(frame, style: style)
    guard case .text(let text, _) = descriptor.content else { return }
    let width = DisplayWidth.of(text)
    canvas.drawText(
      text, x: frame.x + max(0, (frame.width - width) / 2), y: frame.y, style: style, maxWidth: frame.width)
  }
}
