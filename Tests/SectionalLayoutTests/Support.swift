import SectionalDiff
import SectionalLayout

/// A layout's collection view over plain arrays — one array of item sizes per section — that is
/// also its delegate, and keeps what the layout reports.
final class GridSource: LayoutCollectionView, FlowLayoutDelegate {
  var sections: [[ItemSize]]
  var headers: [Int: Double] = [:]
  var footers: [Int: Double] = [:]
  var insets: [Int: EdgeInsets] = [:]
  var styles: [Int: [ElementKind: DecorationStyle]] = [:]
  var sizeQueries = 0
  var diagnostics = DiagnosticLog()

  init(_ sections: [[ItemSize]]) { self.sections = sections }

  convenience init(exact sections: [[Size]]) { self.init(sections.map { $0.map { .exact($0) } }) }

  var numberOfSections: Int { sections.count }
  func numberOfItems(inSection section: Int) -> Int { sections[section].count }
  var layoutDelegate: AnyObject? { self }
  func report(_ diagnostic: Diagnostic) { diagnostics.record(diagnostic) }
  func layout(_ layout: FlowLayout, sizeForItemAt indexPath: IndexPath) -> ItemSize {
    sizeQueries += 1
    return sections[indexPath.section][indexPath.item]
  }
  func layout(_ layout: FlowLayout, insetForSection section: Int) -> EdgeInsets {
    insets[section] ?? layout.sectionInset
  }
  func layout(_ layout: FlowLayout, headerHeightForSection section: Int) -> Double {
    headers[section] ?? layout.headerHeight
  }
  func layout(_ layout: FlowLayout, footerHeightForSection section: Int) -> Double {
    footers[section] ?? layout.footerHeight
  }
  func layout(_ layout: FlowLayout, decorationStyleOfKind kind: ElementKind, forSection section: Int)
    -> DecorationStyle?
  {
    styles[section]?[kind] ?? layout.decorationStyles[kind]
  }
}

func size(_ width: Double, _ height: Double) -> Size { Size(width: width, height: height) }

func makeLayout(_ source: GridSource, width: Double = 80, height: Double = 40) -> FlowLayout {
  let layout = FlowLayout()
  layout.collectionView = source
  layout.bounds = Rect(x: 0, y: 0, width: width, height: height)
  return layout
}

/// Every attribute of the layout, queried over the whole content.
func everything(_ layout: FlowLayout) -> [LayoutAttributes] {
  layout.layoutAttributesForElements(
    in: Rect(x: 0, y: 0, width: layout.contentSize.width, height: layout.contentSize.height + 1))
}
