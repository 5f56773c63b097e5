import FeedKit
import Sectional
import SectionalTerminal

/// Rows that scroll sideways on their own, in the compositional layout under a list adapter: a
/// row of featured cards that pages group by group, a row of chips as wide as their text that
/// scrolls freely, and a row of numbered tiles that pages a screen at a time. Each row's section
/// controller vends its own section; the note below vends none and gets the layout's own (a
/// self-sizing list).
@MainActor
package enum RowsSample {
  /// How a row scrolls and what it holds.
  package enum Kind: Sendable {
    /// Cards most of the width wide; ← and → move a card at a time.
    case featured
    /// Buttons as wide as their text; ← and → move a few columns.
    case chips
    /// Numbered tiles; ← and → move a screen at a time.
    case tiles
  }

  /// One row: its title, how it scrolls and its entries.
  package struct Row: ListDiffable, Hashable, Sendable {
    package var title: String
    package var kind: Kind
    package var entries: [String]
    package var diffIdentifier: String { title }
  }

  package static let rows: [Row] = [
    Row(
      title: "Featured", kind: .featured,
      entries: [
        "Section controllers", "A compositional layout", "Diffable snapshots", "Cards in a terminal",
        "One decoration per section",
      ]),
    Row(
      title: "Topics", kind: .chips,
      entries: [
        "swift", "layout", "diff", "terminal", "compositional", "snapshots", "IGListKit", "UIKit", "badges",
        "shelves", "self-sizing",
      ]),
    Row(title: "Numbers", kind: .tiles, entries: (1...24).map { "\($0)" }),
  ]

  /// The note under the rows.
  package static let note = """
    Each row scrolls on its own: ← and → (or h and l, or Shift with the wheel) move the focused \
    row, else the one under the pointer, else the first in view. Tab focuses the chips one by \
    one and brings each into view; m picks the focused chip up, ← → move it, Enter puts it down.
    """

  /// A row: a header with its title, and the section its kind asks for.
  final class RowController: SectionController, SupplementaryViewSource {
    var row: Row?

    override init() {
      super.init()
      supplementaryViewSource = self
    }

    override func didUpdate(to object: any ListDiffable) { row = object as? Row }
    override func numberOfItems() -> Int { row?.entries.count ?? 0 }

    /// Only chips (buttons) are selected, so Tab stops at them, not at the tiles.
    override func shouldSelectItem(at index: Int) -> Bool { row?.kind == .chips }

    /// Chips can be put in another order (m, then ← →, Enter): the row keeps it.
    override func canMoveItem(at index: Int) -> Bool { row?.kind == .chips }
    override func moveObject(from sourceIndex: Int, to destinationIndex: Int) {
      guard var entries = row?.entries, entries.indices.contains(sourceIndex),
        entries.indices.contains(destinationIndex)
      else { return }
      entries.insert(entries.remove(at: sourceIndex), at: destinationIndex)
      row?.entries = entries
    }

    override func cellForItem(at index: Int) -> CellDescriptor {
      guard let row, row.entries.indices.contains(index) else { return super.cellForItem(at: index) }
      let entry = row.entries[index]
      switch row.kind {
      case .featured, .tiles:
        return CellDescriptor(
          reuseKind: "tile", size: .exact(Size(width: 0, height: 3)), content: .text(entry, role: .title))
      case .chips:
        // Estimated: the collection view measures the button and the row takes its width.
        return CellDescriptor(
          reuseKind: .cell, size: .estimated(Size(width: 8, height: 1)), content: .button(entry))
      }
    }

    override func layoutSection(environment: LayoutEnvironment) -> LayoutSection? {
      guard let row else { return nil }
      // One item per group, filling it; chips are groups (and items) as wide as measured.
      let fill = LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1))
      let chip = LayoutSize(widthDimension: .estimated(8), heightDimension: .absolute(1))
      let (group, item, behavior, spacing): (LayoutSize, LayoutSize, OrthogonalScrollingBehavior, Double) =
        switch row.kind {
        case .featured:
          (
            LayoutSize(widthDimension: .fractionalWidth(0.8), heightDimension: .absolute(3)), fill,
            .groupPaging, 2
          )
        case .chips: (chip, chip, .continuous, 1)
        case .tiles:
          (LayoutSize(widthDimension: .absolute(10), heightDimension: .absolute(3)), fill, .paging, 0)
        }
      var section = LayoutSection(
        group: .horizontal(layoutSize: group, subitems: [LayoutItem(layoutSize: item)]))
      section.orthogonalScrollingBehavior = behavior
      section.interGroupSpacing = spacing
      section.contentInsets = EdgeInsets(top: 0, left: 2, bottom: 1, right: 2)
      section.boundarySupplementaryItems = [
        LayoutBoundarySupplementaryItem(
          layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(1)),
          elementKind: .header, alignment: .top)
      ]
      return section
    }

    var supportedElementKinds: [ElementKind] { [.header] }
    func supplementary(ofKind kind: ElementKind, at index: Int, for controller: SectionController)
      -> SupplementaryDescriptor?
    {
      guard let row else { return nil }
      let how =
        switch row.kind {
        case .featured: "pages card by card"
        case .chips: "scrolls freely"
        case .tiles: "pages a screen at a time"
        }
      return SupplementaryDescriptor(height: 1, content: .text("\(row.title) · \(how)", role: .header))
    }
  }

  /// The note: one text cell in the layout's own section.
  final class NoteController: SectionController {
    var text = ""
    override func didUpdate(to object: any ListDiffable) { text = (object as? String) ?? "" }
    override func shouldSelectItem(at index: Int) -> Bool { false }
    override func cellForItem(at index: Int) -> CellDescriptor {
      CellDescriptor(
        reuseKind: .cell, size: .estimated(Size(width: 0, height: 1)), content: .text(text, role: .caption))
    }
  }

  final class Source: ListAdapterDataSource {
    func objects(for adapter: ListAdapter) -> [any ListDiffable] { rows + [note] }
    func listAdapter(_ adapter: ListAdapter, sectionControllerFor object: any ListDiffable)
      -> SectionController
    {
      object is Row ? RowController() : NoteController()
    }
    func emptyView(for adapter: ListAdapter) -> CellDescriptor? { nil }
  }

  package static let registry: ViewRegistry = {
    var registry = ViewRegistry.standard
    registry.register(TileCellView(), forCellKind: "tile")
    return registry
  }()

  /// The list at a size: a compositional layout whose own section is a list with a row's inset,
  /// under an adapter.
  package static func make(columns: Int, rows: Int) -> SampleList {
    var list = LayoutSection.list()
    list.contentInsets = EdgeInsets(top: 0, left: 2, bottom: 0, right: 2)
    return SampleList(
      layout: CompositionalLayout(section: list), columns: columns, rows: rows, registry: registry,
      title: "Rows", source: Source())
  }

  /// The `rows` program.
  package static let sample = Sample(
    name: "rows",
    summary: """
      Rows that scroll sideways on their own (compositional orthogonal sections): featured cards
      that page a card at a time, chips as wide as their text, tiles that page a screen at a
      time. Each row's section controller vends its own section under a list adapter; the note
      below takes the layout's own.
      """,
    hasButtons: true
  ) { columns, rows, _, _ in make(columns: columns, rows: rows) }
}
