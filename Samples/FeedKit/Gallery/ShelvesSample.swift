import Sectional
import SectionalTerminal

/// Seed 002's grid: books in rows on a flow layout, a shelf (a decoration) under every row, one
/// section per genre with a header.
@MainActor
public enum ShelvesSample {
  /// The genres and their books.
  public static let genres: [(name: String, books: [String])] = [
    ("Fiction", ["Dune", "Emma", "Ulysses", "Beloved", "Lolita", "Rebecca", "Dracula", "Ivanhoe", "Walden"]),
    ("Science", ["Cosmos", "Origin", "Gödel", "Chaos", "Genome"]),
    ("Poetry", ["Odyssey", "Iliad", "Aeneid", "Beowulf", "Inferno", "Leaves", "Ariel", "Howl"]),
  ]

  /// A flow layout of 12×4 books, two columns apart, a shelf row under each line.
  public static func layout() -> FlowLayout {
    let layout = FlowLayout()
    layout.sectionInset = EdgeInsets(top: 1, left: 2, bottom: 1, right: 2)
    layout.interitemSpacing = 2
    layout.lineSpacing = 1
    layout.shelfHeight = 1
    layout.decorationStyles = [.shelf: DecorationStyle()]
    return layout
  }

  public static let registry: ViewRegistry = {
    var registry = ViewRegistry.standard
    registry.register(TileCellView(), forCellKind: "tile")
    registry.register(ShelfView(), forDecorationKind: .shelf)
    return registry
  }()

  public static func make(columns: Int, rows: Int) -> SampleList {
    let collectionView = CollectionView(
      layout: layout(), size: Size(width: Double(columns), height: Double(rows)))
    let dataSource = DiffableDataSource<String, String>(collectionView: collectionView) { _, title in
      CellDescriptor(
        reuseKind: "tile", size: .exact(Size(width: 12, height: 4)), content: .text(title, role: .title))
    }
    dataSource.supplementaryProvider = { kind, indexPath in
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

  public static let sample = Sample(
    name: "shelves",
    summary: """
      Seed 002's bookshelf grid on the flow layout: books flow into rows and a shelf, a
      decoration computed once per row and cached, sits under every row.
      """
  ) { columns, rows, _, _ in make(columns: columns, rows: rows) }
}
