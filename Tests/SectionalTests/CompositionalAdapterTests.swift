import Sectional
import SectionalTerminal
import SectionalTesting
import Testing

/// The compositional layout under a list adapter: controllers that vend their own section and
/// controllers that take the layout's, badges from a supplementary source, self-sizing through
/// the collection view, updates, and the text front drawing it.
@MainActor
@Suite struct CompositionalAdapterTests {
  /// A grid of numbered tiles, `columns` wide, each with a badge.
  final class Grid: SectionController, SupplementaryViewSource {
    var count = 0
    let columns: Int
    init(columns: Int) {
      self.columns = columns
      super.init()
      supplementaryViewSource = self
    }
    override func didUpdate(to object: any ListDiffable) { count = (object as? Tiles)?.count ?? 0 }
    override func numberOfItems() -> Int { count }
    override func cellForItem(at index: Int) -> CellDescriptor {
      .text("tile \(index)", role: .body, width: 0, height: 2)
    }
    override func layoutSection(environment: LayoutEnvironment) -> LayoutSection? {
      let badge = LayoutSupplementaryItem(
        layoutSize: LayoutSize(widthDimension: .absolute(3), heightDimension: .absolute(1)),
        elementKind: .badge,
        containerAnchor: LayoutAnchor(edges: [.top, .trailing]))
      let item = LayoutItem(
        layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .fractionalHeight(1)),
        supplementaryItems: [badge])
      return LayoutSection(
        group: .horizontal(
          layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(2)),
          repeatingSubitem: item,
          count: columns))
    }
    var supportedElementKinds: [ElementKind] { [.badge] }
    func supplementary(ofKind kind: ElementKind, at index: Int, for controller: SectionController)
      -> SupplementaryDescriptor?
    {
      SupplementaryDescriptor(height: 1, content: .text("#\(index)", role: .caption))
    }
  }

  /// Text that takes the layout's own section (a self-sizing list), under a header as tall as its
  /// text.
  final class Note: SectionController, SupplementaryViewSource {
    var title: String?
    override init() {
      super.init()
      supplementaryViewSource = self
    }
    var supportedElementKinds: [ElementKind] { [.header] }
    func supplementary(ofKind kind: ElementKind, at index: Int, for controller: SectionController)
      -> SupplementaryDescriptor?
    {
      title.map { SupplementaryDescriptor(height: 1, content: .text($0, role: .header)) }
    }
    override func layoutSection(environment: LayoutEnvironment) -> LayoutSection? {
      guard title != nil else { return nil }
      var section = LayoutSection.list()
      section.boundarySupplementaryItems = [
        LayoutBoundarySupplementaryItem(
          layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(1)),
          elementKind: .header, alignment: .top)
      ]
      return section
    }
    var text = ""
    override func didUpdate(to object: any ListDiffable) {
      text = (object as? String) ?? ""
      title = text.hasPrefix("titled") ? "A header long enough to wrap over two lines" : nil
    }
    override func cellForItem(at index: Int) -> CellDescriptor {
      .text(text, role: .body, width: 0, height: 1)
    }
  }

  struct Tiles: ListDiffable, Hashable {
    var id: String
    var count: Int
    var diffIdentifier: String { id }
  }

  func harness(_ objects: [any ListDiffable]) throws -> ListHarness {
    try ListHarness(
      objects: objects, size: Size(width: 30, height: 20), layout: CompositionalLayout(section: .list())
    ) { object in
      object is Tiles ? Grid(columns: 3) : Note()
    }
  }

  @Test func controllersVendSectionsAndOthersGetTheLayoutsOwn() throws {
    let note = "A note long enough to wrap onto a second line"
    let list = try harness([Tiles(id: "grid", count: 4), note])
    let grid = list.frames(inSectionOf: Tiles(id: "grid", count: 4))
    #expect(
      grid == [
        Rect(x: 0, y: 0, width: 10, height: 2), Rect(x: 10, y: 0, width: 10, height: 2),
        Rect(x: 20, y: 0, width: 10, height: 2), Rect(x: 0, y: 2, width: 10, height: 2),
      ])
    // The list section's item was estimated one line and measured by the collection view: two.
    #expect(list.frames(inSectionOf: note) == [Rect(x: 0, y: 4, width: 30, height: 2)])
    let badges = list.visibleElements.filter { $0.kind == .badge }
    #expect(badges.map(\.frame.minX) == [7, 17, 27, 7])
    let screen = try list.render()
    #expect(screen.contains("#0") && screen.contains("#3") && screen.contains("tile 3"))
  }

  @Test func estimatedHeadersAreMeasuredByTheCollectionView() throws {
    let list = try harness(["titled note", "end"])
    let header = try #require(
      list.visibleElements.first { $0.kind == .header && $0.indexPath.section == 0 })
    // 43 characters in 30 columns: two lines, then the note under it.
    #expect(header.frame == Rect(x: 0, y: 0, width: 30, height: 2))
    #expect(list.frames(inSectionOf: "titled note") == [Rect(x: 0, y: 2, width: 30, height: 1)])
    #expect(try list.render().contains("over two lines"))
  }

  @Test func updatesRecomputeOnlyTheirSections() throws {
    let list = try harness([Tiles(id: "a", count: 3), Tiles(id: "b", count: 2), "end"])
    let layout = try #require(list.collectionView.collectionViewLayout as? CompositionalLayout)
    let before = layout.sectionComputations
    try list.update(to: [Tiles(id: "a", count: 3), Tiles(id: "b", count: 5), "end"])
    #expect(list.frames(inSectionOf: Tiles(id: "b", count: 5)).count == 5)
    let end = list.frames(inSectionOf: "end").first?.minY
    #expect(end == 6)
    // Section b changed; a and the note were not laid out again (the note is measured again:
    // it moved into view at a new offset, not a new width).
    #expect(layout.sectionComputations - before <= 2)
    try list.update(to: ["end", Tiles(id: "a", count: 1)])
    #expect(list.frames(inSectionOf: Tiles(id: "a", count: 1)) == [Rect(x: 0, y: 1, width: 10, height: 2)])
  }
}
