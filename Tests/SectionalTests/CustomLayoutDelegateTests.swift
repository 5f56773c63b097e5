import SeededRandom
import Testing

@testable import Sectional

/// A layout of a client's own, with a delegate protocol of its own: each section is one band of
/// its items side by side, as tall as the section's controller says.
protocol BandLayoutDelegate: AnyObject {
  var bandHeight: Double { get }
}

final class BandLayout: CollectionViewLayout {
  weak var collectionView: (any LayoutCollectionView)?
  var bounds = Rect.zero
  private var bands: [(top: Double, height: Double, count: Int)] = []

  func prepare() {
    guard let collectionView else { return }
    let lookup = collectionView.layoutDelegate as? SectionControllerLookup
    var top = 0.0
    bands = (0..<collectionView.numberOfSections).map { section in
      let delegate = lookup?.sectionController(forSection: section) as? BandLayoutDelegate
      let height = delegate?.bandHeight ?? 1
      defer { top += height }
      return (top, height, collectionView.numberOfItems(inSection: section))
    }
  }

  var contentSize: Size { Size(width: bounds.width, height: bands.last.map { $0.top + $0.height } ?? 0) }

  func layoutAttributesForElements(in rect: Rect) -> [LayoutAttributes] {
    bands.indices.flatMap { section in
      (0..<bands[section].count).compactMap { item in
        layoutAttributesForItem(at: IndexPath(item: item, section: section)).flatMap {
          $0.frame.intersects(rect) ? $0 : nil
        }
      }
    }
  }

  func layoutAttributesForItem(at indexPath: IndexPath) -> LayoutAttributes? {
    guard bands.indices.contains(indexPath.section), indexPath.item >= 0,
      indexPath.item < bands[indexPath.section].count
    else { return nil }
    let band = bands[indexPath.section]
    return .cell(
      at: indexPath, frame: Rect(x: Double(indexPath.item) * 10, y: band.top, width: 10, height: band.height))
  }

  func invalidateLayout(with context: InvalidationContext) {}
}

@MainActor
final class TallController: SectionController, @MainActor BandLayoutDelegate {
  var bandHeight: Double { 3 }
  override func numberOfItems() -> Int { 2 }
}

@MainActor
@Suite struct CustomLayoutDelegateTests {
  @Test func aLayoutOfOneOwnAsksTheSectionControllersThroughItsOwnProtocol() {
    let source = ClosureSource([Note(id: 1), Note(id: 2), Note(id: 3)]) { object in
      (object as? Note)?.id == 2 ? TallController() : SectionController()
    }
    let layout = BandLayout()
    let adapter = ListAdapter(
      collectionView: CollectionView(layout: layout, size: Size(width: 40, height: 10)))
    adapter.scheduler = { _ in }
    adapter.dataSource = source
    adapter.reloadData()
    let frames = adapter.collectionView.visibleElements().map { "\($0.indexPath) \($0.frame)" }
    #expect(
      frames == [
        "[0, 0] \(Rect(x: 0, y: 0, width: 10, height: 1))",
        "[1, 0] \(Rect(x: 0, y: 1, width: 10, height: 3))",
        "[1, 1] \(Rect(x: 10, y: 1, width: 10, height: 3))",
        "[2, 0] \(Rect(x: 0, y: 4, width: 10, height: 1))",
      ])
    // The adapter's layout delegate is the lookup the layout found the controllers through.
    #expect((adapter.collectionView.layoutDelegate as? SectionControllerLookup) != nil)
  }
}
