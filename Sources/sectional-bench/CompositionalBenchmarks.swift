import FeedKit
import SectionalDiff
import SectionalLayout

/// Counts for the compositional scenarios: sections like the badges sample's, cycling 1, 3, 5 and
/// 6 columns with 10, 20, 20 and 25 items.
final class BadgeGridSource: LayoutCollectionView {
  static let kinds: [(columns: Int, items: Int)] = [(1, 10), (3, 20), (5, 20), (6, 25)]
  let sections: Int
  init(sections: Int) { self.sections = sections }
  var numberOfSections: Int { sections }
  func numberOfItems(inSection section: Int) -> Int { Self.kinds[section % 4].items }
  var layoutDelegate: AnyObject? { nil }
  func report(_ diagnostic: Diagnostic) {}
}

/// The section of the compositional article's example for `index`, as the `badges` sample lays
/// it out (the benchmark cannot import a sample's executable): items in `columns` slots less a
/// column each side, a 4×1 badge on each item's top-right corner, rows of 3 or 5 cells, a
/// pinned header and a footer as tall as their text.
func badgeSection(_ index: Int) -> LayoutSection {
  let columns = BadgeGridSource.kinds[index % 4].columns
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

func badgeLayout(sections: Int) -> (BadgeGridSource, CompositionalLayout) {
  let source = BadgeGridSource(sections: sections)
  // Four definitions, made once: a provider that builds a section per call would measure the
  // caller's allocations, not the layout.
  let definitions = (0..<4).map(badgeSection)
  let layout = CompositionalLayout { index, _ in definitions[index % 4] }
  layout.collectionView = source
  layout.bounds = Rect(x: 0, y: 0, width: 80, height: 40)
  layout.prepare()
  return (source, layout)
}

/// A layout without an index, as UIKit's own answers a rect when nothing caches it: every
/// element's attributes in one array, scanned for each query.
struct ElementScan {
  let elements: [LayoutAttributes]

  init(_ layout: CompositionalLayout, source: BadgeGridSource) {
    var elements: [LayoutAttributes] = []
    for section in 0..<source.numberOfSections {
      for kind in [ElementKind.header, .footer] {
        if let boundary = layout.layoutAttributesForSupplementaryElement(
          ofKind: kind, at: IndexPath(item: 0, section: section))
        {
          elements.append(boundary)
        }
      }
      for item in 0..<source.numberOfItems(inSection: section) {
        let path = IndexPath(item: item, section: section)
        if let cell = layout.layoutAttributesForItem(at: path) { elements.append(cell) }
        if let badge = layout.layoutAttributesForSupplementaryElement(ofKind: .badge, at: path) {
          elements.append(badge)
        }
      }
    }
    self.elements = elements
  }

  func query(_ rect: Rect) -> [LayoutAttributes] { elements.filter { $0.frame.intersects(rect) } }
}

func compositionalScenarios() -> [(name: String, make: () -> Scenario)] {
  [
    (
      "compositional.prepare.10k",
      {
        let source = BadgeGridSource(sections: 10_000)
        let definitions = (0..<4).map(badgeSection)
        return Scenario(
          name: "compositional.prepare.10k", n: 10_000, baselineName: nil,
          measured: Sample {
            let layout = CompositionalLayout { index, _ in definitions[index % 4] }
            layout.collectionView = source
            layout.bounds = Rect(x: 0, y: 0, width: 80, height: 40)
            layout.prepare()
            blackHole(layout.contentSize)
          })
      }
    ),
    (
      "compositional.query.10k",
      {
        let (source, layout) = badgeLayout(sections: 10_000)
        let scan = ElementScan(layout, source: source)
        let height = Int(layout.contentSize.height) - 40
        var state: UInt64 = 42
        // 100 viewports: the scan takes about 10 ms each.
        let viewports = (0..<100).map { _ in
          state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
          return Rect(x: 0, y: Double(Int(state >> 33) % height), width: 80, height: 40)
        }
        return Scenario(
          name: "compositional.query.10k", n: 10_000, baselineName: "linear scan of every element's frame",
          measured: Sample {
            withExtendedLifetime(source) {
              for rect in viewports { blackHole(layout.layoutAttributesForElements(in: rect)) }
            }
          },
          baseline: Sample { for rect in viewports { blackHole(scan.query(rect)) } })
      }
    ),
  ]
}
