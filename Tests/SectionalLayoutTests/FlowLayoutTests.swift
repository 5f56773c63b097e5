import SectionalDiff
import SeededRandom
import Testing

@testable import SectionalLayout

@Suite struct FlowLayoutFrameTests {
  /// Insets, spacing, wrapping, header and footer, computed by hand.
  @Test func framesOfAKnownSection() {
    let source = GridSource(exact: [[size(6, 2), size(6, 3), size(6, 1), size(10, 2)], [size(16, 1)]])
    source.headers = [0: 2]
    source.footers = [0: 1]
    let layout = makeLayout(source, width: 20)
    layout.sectionInset = EdgeInsets(top: 1, left: 2, bottom: 3, right: 2)
    layout.lineSpacing = 1
    layout.interitemSpacing = 1
    layout.prepare()

    func item(_ item: Int, _ section: Int) -> Rect? {
      layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))?.frame
    }
    #expect(
      layout.layoutAttributesForSupplementaryElement(ofKind: .header, at: IndexPath(item: 0, section: 0))?
        .frame
        == Rect(x: 0, y: 0, width: 20, height: 2))
    #expect(item(0, 0) == Rect(x: 2, y: 3, width: 6, height: 2))
    #expect(item(1, 0) == Rect(x: 9, y: 3, width: 6, height: 3))
    #expect(item(2, 0) == Rect(x: 2, y: 7, width: 6, height: 1))  // wrapped: 16 + 6 > 18
    #expect(item(3, 0) == Rect(x: 2, y: 9, width: 10, height: 2))  // wrapped: 9 + 10 > 18
    #expect(
      layout.layoutAttributesForSupplementaryElement(ofKind: .footer, at: IndexPath(item: 0, section: 0))?
        .frame
        == Rect(x: 0, y: 14, width: 20, height: 1))
    #expect(item(0, 1) == Rect(x: 2, y: 16, width: 16, height: 1))
    #expect(layout.contentSize == size(20, 20))
    #expect(
      layout.layoutAttributesForSupplementaryElement(ofKind: .header, at: IndexPath(item: 0, section: 1))
        == nil)
    #expect(item(4, 0) == nil && item(0, 2) == nil && item(-1, 0) == nil)
  }

  @Test func itemsTooWideAreNarrowedWithADiagnostic() {
    let source = GridSource(exact: [[size(100, 1)]])
    let layout = makeLayout(source, width: 10)
    layout.prepare()
    #expect(
      layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame
        == Rect(x: 0, y: 0, width: 10, height: 1))
    #expect(source.diagnostics.map(\.kind) == [.itemTooWide])
  }

  @Test func badSizesBecomeZeroNeverNaN() {
    let source = GridSource(exact: [[size(.nan, 3), size(-4, .infinity), size(5, 2)]])
    source.headers = [0: -.infinity]
    let layout = makeLayout(source, width: 10)
    layout.decorationStyles = [.sectionCard: .card]
    layout.prepare()
    for attributes in everything(layout) {
      #expect(attributes.frame.minX.isFinite && attributes.frame.minY.isFinite)
      #expect(attributes.frame.width.isFinite && attributes.frame.height.isFinite)
    }
    #expect(layout.contentSize.height == 3)  // one line: 0×3, 0×0, 5×2
    #expect(source.diagnostics.contains { $0.kind == .invalidSize })
  }

  @Test func zeroSectionsEmptySectionsAndQueriesOutsideTheContent() {
    let none = makeLayout(GridSource(exact: []))
    none.decorationStyles = [.sectionCard: .card]
    none.prepare()
    #expect(none.contentSize.height == 0)
    #expect(none.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 80, height: 40)).isEmpty)
    #expect(
      none.layoutAttributesForDecoration(ofKind: .sectionCard, at: IndexPath(item: 0, section: 0)) == nil)

    let source = GridSource(exact: [[], [size(4, 2)], []])
    let layout = makeLayout(source)
    layout.decorationStyles = [
      .sectionCard: .card, .sectionBackground: DecorationStyle(), .shelf: DecorationStyle(),
    ]
    layout.prepare()
    #expect(
      layout.layoutAttributesForDecoration(ofKind: .sectionCard, at: IndexPath(item: 0, section: 0)) == nil)
    #expect(
      layout.layoutAttributesForDecoration(ofKind: .sectionBackground, at: IndexPath(item: 0, section: 2))
        == nil)
    #expect(
      layout.layoutAttributesForDecoration(ofKind: .sectionCard, at: IndexPath(item: 0, section: 1)) != nil)
    #expect(layout.layoutAttributesForElements(in: Rect(x: 0, y: 100, width: 80, height: 40)).isEmpty)
    #expect(layout.layoutAttributesForElements(in: Rect(x: 0, y: -50, width: 80, height: 40)).isEmpty)
    #expect(layout.layoutAttributesForElements(in: Rect(x: 0, y: .nan, width: 80, height: 40)).isEmpty)
    #expect(layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 80, height: 0)).isEmpty)
    #expect(
      layout.layoutAttributesForDecoration(ofKind: "unknown", at: IndexPath(item: 0, section: 1)) == nil)
    #expect(
      layout.layoutAttributesForDecoration(ofKind: .sectionCard, at: IndexPath(item: 0, section: 9)) == nil)
  }

  @Test func queriesReturnExactlyTheIntersectingElements() {
    var rng = SplitMix64(seed: 7)
    let source = GridSource(
      exact: (0..<40).map { _ in
        (0..<Int.random(in: 0...7, using: &rng)).map { _ in
          size(Double(Int.random(in: 1...30, using: &rng)), Double(Int.random(in: 1...4, using: &rng)))
        }
      })
    let layout = makeLayout(source, width: 50)
    layout.lineSpacing = 1
    layout.headerHeight = 1
    layout.decorationStyles = [.sectionCard: .card, .shelf: DecorationStyle()]
    layout.prepare()
    let all = everything(layout)
    for _ in 0..<200 {
      let rect = Rect(
        x: Double(Int.random(in: 0...40, using: &rng)),
        y: Double(Int.random(in: -5...layout.contentSize.height.toInt, using: &rng)),
        width: Double(Int.random(in: 1...40, using: &rng)),
        height: Double(Int.random(in: 1...20, using: &rng)))
      let expected = Set(all.filter { $0.frame.intersects(rect) })
      let answered = layout.layoutAttributesForElements(in: rect)
      #expect(Set(answered) == expected)
      #expect(answered.count == expected.count)
    }
  }
}

extension Double {
  var toInt: Int { Int(self) }
}

@Suite struct StickyHeaderTests {
  /// Three sections: a 2-row header over three 4-row items, 14 rows each.
  func layout(at offset: Double) -> FlowLayout {
    let source = GridSource(exact: Array(repeating: Array(repeating: size(20, 4), count: 3), count: 3))
    let layout = makeLayout(source, width: 20, height: 10)
    layout.headerHeight = 2
    layout.sectionHeadersPinToVisibleBounds = true
    layout.prepare()
    layout.bounds.origin.y = offset
    return layout
  }

  func headerY(_ layout: FlowLayout, _ section: Int) -> Double? {
    layout.layoutAttributesForElements(in: layout.bounds)
      .first { $0.kind == .header && $0.indexPath.section == section }?.frame.minY
  }

  @Test func pinnedHeadersFollowTheTopUntilPushedOff() {
    #expect(headerY(layout(at: 0), 0) == 0)
    #expect(headerY(layout(at: 5), 0) == 5)
    #expect(headerY(layout(at: 12), 0) == 12)
    let pushed = layout(at: 13)
    #expect(headerY(pushed, 0) == 12)  // pushed up by section 1
    #expect(headerY(pushed, 1) == 14)
    #expect(headerY(layout(at: 20), 1) == 20)
    #expect(headerY(layout(at: 20), 0) == nil)
  }

  @Test func pinnedHeadersAreInFrontOfCells() {
    let attributes = layout(at: 5).layoutAttributesForElements(in: Rect(x: 0, y: 5, width: 20, height: 10))
    let header = attributes.firstIndex { $0.kind == .header }!
    #expect(attributes[header].zIndex == ZIndex.pinnedHeader)
    #expect(attributes[..<header].allSatisfy { $0.zIndex < ZIndex.pinnedHeader })
  }

  @Test func scrollingInvalidatesOnlyHeadersWhenPinning() {
    let layout = layout(at: 0)
    var moved = layout.bounds
    moved.origin.y = 3
    #expect(layout.shouldInvalidateLayout(forBoundsChange: moved))
    let context = layout.invalidationContext(forBoundsChange: moved)
    #expect(!context.invalidatesEverything && context.invalidatedItems.isEmpty)
    #expect(context.invalidatedSupplementaries[.header]?.contains(IndexPath(item: 0, section: 0)) == true)
    layout.sectionHeadersPinToVisibleBounds = false
    #expect(!layout.shouldInvalidateLayout(forBoundsChange: moved))
    moved.size.width = 30
    #expect(layout.invalidationContext(forBoundsChange: moved).invalidatesEverything)
  }
}
