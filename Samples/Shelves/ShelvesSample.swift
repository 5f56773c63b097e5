import FeedKit
import Sectional
import SectionalTerminal

/// The bookshelf of the article "How to Add a Decoration View to a UICollectionView": books in rows on a flow layout, a shelf (a decoration) under every row, one
/// section per genre with a header.
@MainActor
package enum ShelvesSample {
  /// The genres and their books.
  package static let genres: [(name: String, books: [String])] = [
    ("Fiction", ["Dune", "Emma", "Ulysses", "Beloved", "Lolita", "Rebecca", "Dracula", "Ivanhoe", "Walden"]),
    ("Science", ["Cosmos", "Origin", "Gödel", "Chaos", "Genome"]),
    ("Poetry", ["Odyssey", "Iliad", "Aeneid", "Beowulf", "Inferno", "Leaves", "Ariel", "Howl"]),
  ]

  /// A flow layout of 12×4 books, two columns apart, a shelf row under each line.
  package static func layout() -> FlowLayout {
    let layout = FlowLayout()
    layout.sectionInset = EdgeInsets(top: 1, left: 2, bottom: 1, right: 2)
    layout.interitemSpacing = 2
    layout.lineSpacing = 1
    layout.shelfHeight = 1
    layout.decorationStyles = [.shelf: DecorationStyle()]
    return layout
  }

  /// With `--scroll`: each genre on one shelf that scrolls sideways — the same list on a
  /// compositional layout. Books are 12×4, two columns apart; the shelf is a background
  /// decoration inset to the section's last row.
  package static func scrollingLayout() -> CompositionalLayout {
    let book = LayoutItem(
      layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)))
    var section = LayoutSection(
      group: .horizontal(
        layoutSize: LayoutSize(widthDimension: .absolute(12), heightDimension: .absolute(4)), subitems: [book]
      ))
    section.orthogonalScrollingBehavior = .continuous
    section.interGroupSpacing = 2
    section.contentInsets = EdgeInsets(top: 1, left: 2, bottom: 1, right: 2)
    section.boundarySupplementaryItems = [
      LayoutBoundarySupplementaryItem(
        layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(1)),
        elementKind: .header, alignment: .top)
    ]
    // Header 1 + inset 1 + books 4 above the shelf, the bottom inset's row.
    section.decorationItems = [
      .background(elementKind: .shelf, contentInsets: EdgeInsets(top: 6, left: 2, bottom: 0, right: 2))
    ]
    return CompositionalLayout(section: section)
  }

  package static let registry: ViewRegistry = {
    var registry = ViewRegistry.standard
    registry.register(TileCellView(), forCellKind: "tile")
    registry.register(ShelfView(), forDecorationKind: .shelf)
    return registry
  }()

  package static func make(columns: Int, rows: Int, scrolls: Bool = false) -> SampleList {
    let collectionView = CollectionView(
      layout: scrolls ? scrollingLayout() : layout(), size: Size(width: Double(columns), height: Double(rows))
    )
    // A screen to read: nothing is pressed, so nothing takes the focus.
    collectionView.allowsSelection = false
    let dataSource = DiffableDataSource<String, String>(collectionView: collectionView) { _, title in
      CellDescriptor(
        reuseKind: "tile", size: .exact(Size(width: 12, height: 4)), content: .text(title, role: .title))
    }
    dataSource.supplementaryViewProvider = { kind, indexPath in
      guard kind == .header, genres.indices.contains(indexPath.section) else { return nil }
      let genre = genres[indexPath.section]
      return SupplementaryDescriptor(
        height: 1, content: .text("\(genre.name) · \(genre.books.count) books", role: .header))
    }
    var snapshot = DiffableSnapshot<String, String>()
    snapshot.appendSections(genres.map(\.name))
    for genre in genres { snapshot.appendItems(genre.books, toSection: genre.name) }
    dataSource.apply(snapshot, animatingDifferences: false)
    return SampleList(collectionView: collectionView, registry: registry, title: "Shelves", owner: dataSource)
  }

  package static let sample = Sample(
    name: "shelves",
    summary: """
      The bookshelf grid of an article on decoration views, on the flow layout: books flow into rows and a shelf, a
      decoration computed once per row and cached, sits under every row. With --scroll, the
      same list on a compositional layout: one shelf per genre that scrolls sideways.
      """,
    flags: [("--scroll", "one shelf per genre, scrolling sideways (←/→, h/l, Shift-wheel)")]
  ) { columns, rows, flags, _ in make(columns: columns, rows: rows, scrolls: flags.contains("--scroll")) }
}

/// A shelf under a row of books: a heavy line, wood-coloured where the terminal has colour.
package struct ShelfView: DecorationView {
  package init() {}

  package func draw(
    _ attributes: LayoutAttributes, in frame: CellRect, canvas: inout Canvas, environment: DrawEnvironment
  ) {
    let wood = attributes.style?.backgroundColor ?? Color(hex: 0x8B5A2B)
    let style =
      environment.colors == .none
      ? TextStyle.plain : TextStyle(foreground: .rgb(Color(hex: 0xD9A066)), background: .rgb(wood))
    canvas.fill(frame, with: "▀", style: style)
  }
}
