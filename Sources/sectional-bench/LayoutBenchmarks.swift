import SectionalDiff
import SectionalLayout
import SeededRandom

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A feed of cards: 5 items each (title, description, image, caption, button), 9 when expanded.
/// It is the layout's collection view (counts) and its delegate (sizes).
final class BenchFeedSource: LayoutCollectionView, FlowLayoutDelegate {
  var counts: [UInt8]

  init(sections: Int) { counts = Array(repeating: 5, count: sections) }

  var numberOfSections: Int { counts.count }
  func numberOfItems(inSection section: Int) -> Int { Int(counts[section]) }
  var layoutDelegate: AnyObject? { self }
  func report(_ diagnostic: Diagnostic) {}
  func layout(_ layout: FlowLayout, sizeForItemAt indexPath: IndexPath) -> ItemSize {
    let count = Int(counts[indexPath.section])
    if indexPath.item == count - 1 { return .exact(Size(width: 14, height: 1)) }  // the button
    switch indexPath.item {
    case 0: return .exact(Size(width: 60, height: 1))
    case 1: return .exact(Size(width: 76, height: Double(2 + indexPath.section % 3)))
    case 2: return .exact(Size(width: 40, height: 8))
    case 3: return .exact(Size(width: 50, height: 1))
    default: return .exact(Size(width: 76, height: 2))
    }
  }
}

func feedLayout(sections: Int, decorations: Bool = true) -> (BenchFeedSource, FlowLayout) {
  let source = BenchFeedSource(sections: sections)
  let layout = FlowLayout()
  layout.collectionView = source
  layout.bounds = Rect(x: 0, y: 0, width: 80, height: 40)
  layout.sectionInset = EdgeInsets(top: 1, left: 2, bottom: 2, right: 2)
  layout.lineSpacing = 0
  if decorations { layout.decorationStyles = [.sectionCard: .card] }
  layout.prepare()
  return (source, layout)
}

func randomViewports(_ layout: FlowLayout, count: Int) -> [Rect] {
  var rng = SplitMix64(seed: 42)
  let height = layout.contentSize.height
  return (0..<count).map { _ in
    Rect(x: 0, y: Double(Int.random(in: 0..<Int(height - 40), using: &rng)), width: 80, height: 40)
  }
}

/// IGListKit's way of answering a rect query: scan every section's frame.
struct LinearScanQuery {
  let layout: FlowLayout
  let sectionFrames: [Rect]

  init(_ layout: FlowLayout) {
    self.layout = layout
    sectionFrames = (0..<layout.numberOfSections).map { section in
      let items = (0..<layout.numberOfItems(inSection: section)).compactMap {
        layout.layoutAttributesForItem(at: IndexPath(item: $0, section: section))?.frame
      }
      return items.dropFirst().reduce(items.first ?? .zero) { $0.union($1) }.outset(
        by: EdgeInsets(top: 1, bottom: 2))
    }
  }

  func query(_ rect: Rect) -> [LayoutAttributes] {
    var result: [LayoutAttributes] = []
    for section in sectionFrames.indices where sectionFrames[section].intersects(rect) {
      let path = IndexPath(item: 0, section: section)
      if let card = layout.layoutAttributesForDecoration(ofKind: .sectionCard, at: path),
        card.frame.intersects(rect)
      {
        result.append(card)
      }
      for item in 0..<layout.numberOfItems(inSection: section) {
        if let cell = layout.layoutAttributesForItem(at: IndexPath(item: item, section: section)),
          cell.frame.intersects(rect)
        {
          result.append(cell)
        }
      }
    }
    return result
  }
}

/// What the section-shadow layout of the article "Decorating UICollectionViewCells" asks of its
/// superclass.
protocol ArticleSuperclass {
  func numberOfItems(inSection section: Int) -> Int
  func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes?
  func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes]
}

extension FlowLayout: ArticleSuperclass {}

/// `UICollectionViewFlowLayout` as the article subclassed it, after PSTCollectionView's open
/// reimplementation of it: prepared section frames and item frames, an item lookup by index,
/// and an element query that tests every section's frame, then the items of those that meet
/// the rect.
final class FlowLayoutAsUIKit: ArticleSuperclass {
  let sectionFrames: [Rect]
  let itemFrames: [[Rect]]

  init(_ layout: FlowLayout) {
    itemFrames = (0..<layout.numberOfSections).map { section in
      (0..<layout.numberOfItems(inSection: section)).map {
        layout.layoutAttributesForItem(at: IndexPath(item: $0, section: section))!.frame
      }
    }
    sectionFrames = itemFrames.map { frames in
      frames.dropFirst().reduce(frames.first ?? .zero) { $0.union($1) }
    }
  }

  func numberOfItems(inSection section: Int) -> Int { itemFrames[section].count }

  func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    .cell(at: indexPath, frame: itemFrames[indexPath.section][indexPath.item])
  }

  func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    var result: [LayoutAttributes] = []
    for (section, frame) in sectionFrames.enumerated() where frame.intersects(rect) {
      for (item, itemFrame) in itemFrames[section].enumerated() where itemFrame.intersects(rect) {
        result.append(.cell(at: IndexPath(item: item, section: section), frame: itemFrame))
      }
    }
    return result
  }
}

/// The article's final algorithm: its superclass's cells, then for each visible cell's section not
/// seen yet in this query, a decoration spanning its first and last item, stored in a cache.
final class ArticleShadowQuery<Superclass: ArticleSuperclass> {
  let cells: Superclass
  var decorationAttributesForSection: [Int: LayoutAttributes] = [:]

  init(cells: Superclass) { self.cells = cells }

  func query(_ rect: Rect) -> [LayoutAttributes] {
    var attributes = cells.layoutAttributesForElements(in: rect)
    var sections = Set<Int>()
    for attribute in attributes where !sections.contains(attribute.indexPath.section) {
      if let decoration = decoration(at: attribute.indexPath) {
        attributes.append(decoration)
        sections.insert(attribute.indexPath.section)
      }
    }
    return attributes
  }

  func decoration(at indexPath: IndexPath) -> LayoutAttributes? {
    let count = cells.numberOfItems(inSection: indexPath.section)
    guard let first = cells.layoutAttributesForItem(at: IndexPath(item: 0, section: indexPath.section)),
      let last = cells.layoutAttributesForItem(at: IndexPath(item: count - 1, section: indexPath.section))
    else { return nil }
    var attributes =
      decorationAttributesForSection[indexPath.section]
      ?? LayoutAttributes(
        indexPath: IndexPath(item: 0, section: indexPath.section), category: .decoration, kind: .sectionCard,
        frame: .zero)
    attributes.frame = Rect(
      x: first.frame.minX, y: first.frame.minY, width: first.frame.width,
      height: last.frame.maxY - first.frame.minY)
    attributes.zIndex = -1
    decorationAttributesForSection[indexPath.section] = attributes
    return attributes
  }
}

/// The layout scenarios: prepare, toggle and rect queries of the flow layout.
func layoutScenarios() -> [(name: String, make: () -> Scenario)] {
  [
    (
      "layout.prepare.100k",
      {
        let source = BenchFeedSource(sections: 100_000)
        let layout = FlowLayout()
        layout.collectionView = source
        layout.bounds = Rect(x: 0, y: 0, width: 80, height: 40)
        layout.decorationStyles = [.sectionCard: .card]
        return Scenario(
          name: "layout.prepare.100k", n: 100_000, baselineName: nil,
          measured: Sample(
            setUp: { layout.invalidateLayout() },
            run: { withExtendedLifetime(source) { layout.prepare() } }))
      }
    ),
    (
      "layout.toggle.100k",
      {
        let (source, layout) = feedLayout(sections: 100_000)
        let middle = 50_000
        func grow() {
          source.counts[middle] = 9
        }
        // Back to 5 items by the same invalidation the measured side uses: a full re-prepare
        // before each run (50 ms) would leave room for only a few runs of 25 µs per sample.
        func reset() {
          source.counts[middle] = 5
          var context = InvalidationContext()
          context.invalidateSections([middle])
          layout.invalidateLayout(with: context)
          layout.prepare()
        }
        func viewport() -> Rect {
          let top = layout.layoutAttributesForItem(at: IndexPath(item: 0, section: middle))!.frame.minY
          return Rect(x: 0, y: top - 5, width: 80, height: 40)
        }
        return Scenario(
          name: "layout.toggle.100k", n: 100_000, baselineName: "full re-prepare",
          measured: Sample(
            setUp: reset,
            run: {
              grow()
              var context = InvalidationContext()
              context.invalidateSections([middle])
              layout.invalidateLayout(with: context)
              layout.prepare()
              blackHole(layout.layoutAttributesForElements(in: viewport()))
            }),
          baseline: Sample(
            setUp: reset,
            run: {
              grow()
              layout.invalidateLayout()
              layout.prepare()
              blackHole(layout.layoutAttributesForElements(in: viewport()))
            }))
      }
    ),
    (
      "layout.query.100k",
      {
        let (source, layout) = feedLayout(sections: 100_000)
        let viewports = randomViewports(layout, count: 1_000)
        let scan = LinearScanQuery(layout)
        return Scenario(
          name: "layout.query.100k", n: 100_000, baselineName: "linear scan of section frames",
          measured: Sample {
            withExtendedLifetime(source) {
              for rect in viewports { blackHole(layout.layoutAttributesForElements(in: rect)) }
            }
          },
          baseline: Sample { for rect in viewports { blackHole(scan.query(rect)) } })
      }
    ),
    (
      "layout.decorations",
      {
        let (source, layout) = feedLayout(sections: 100_000)
        let (cellSource, cellsOnly) = feedLayout(sections: 100_000, decorations: false)
        let article = ArticleShadowQuery(cells: FlowLayoutAsUIKit(cellsOnly))
        let articleOnOurCells = ArticleShadowQuery(cells: cellsOnly)
        let viewports = randomViewports(layout, count: 1_000)
        return Scenario(
          name: "layout.decorations", n: 100_000,
          baselineName:
            "the decoration article's layout as written: first/last item per query over a UIKit-style flow layout",
          measured: Sample {
            withExtendedLifetime(source) {
              for rect in viewports { blackHole(layout.layoutAttributesForElements(in: rect)) }
            }
          },
          baseline: Sample { for rect in viewports { blackHole(article.query(rect)) } },
          otherBaselines: [
            (
              "decorations_only", "the article's decoration step over our own indexed cell query",
              Sample {
                withExtendedLifetime(cellSource) {
                  for rect in viewports { blackHole(articleOnOurCells.query(rect)) }
                }
              }
            )
          ])
      }
    ),
    (
      "layout.prepare.1m",
      {
        resetPeakResident()
        let (source, layout) = feedLayout(sections: 1_000_000)
        return Scenario(
          name: "layout.prepare.1m", n: 1_000_000, baselineName: nil,
          extraFields: { [("peak_rss_mb", .number(peakResidentMegabytes()))] },
          measured: Sample(
            setUp: { layout.invalidateLayout() },
            run: { withExtendedLifetime(source) { layout.prepare() } }),
          runs: 3)
      }
    ),
  ]
}
