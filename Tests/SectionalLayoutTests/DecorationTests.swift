import SectionalDiff
import Testing

@testable import SectionalLayout

/// Every failure in seed 000 ("Decorating UICollectionViewCells"), as a regression test.
@Suite struct SectionCardRegressionTests {
  /// Three sections of cells of different widths, and an empty one.
  func feed() -> (GridSource, FlowLayout) {
    let source = GridSource(exact: [
      [size(30, 2), size(50, 3), size(10, 1), size(44, 2), size(20, 1)],
      [],
      [size(12, 1), size(60, 4)],
      [size(5, 1), size(70, 2), size(33, 1)],
    ])
    let layout = makeLayout(source, width: 80, height: 10)
    layout.sectionInset = EdgeInsets(top: 1, left: 2, bottom: 1, right: 2)
    layout.decorationStyles = [.sectionCard: .card]
    layout.cardOutset = EdgeInsets(all: 1)
    layout.prepare()
    return (source, layout)
  }

  func cards(_ attributes: [LayoutAttributes]) -> [LayoutAttributes] {
    attributes.filter { $0.kind == .sectionCard }
  }

  @Test func exactlyOneCardPerSectionWithItems() {
    let (_, layout) = feed()
    let all = everything(layout)
    #expect(cards(all).map(\.indexPath.section) == [0, 2, 3])
    #expect(cards(all).allSatisfy { $0.category == .decoration && $0.style == .card })
  }

  @Test func cardCoversEveryCellWhateverTheirWidths() {
    let (_, layout) = feed()
    let all = everything(layout)
    for card in cards(all) {
      let cells = all.filter { $0.category == .cell && $0.indexPath.section == card.indexPath.section }
      let union = cells.dropFirst().reduce(cells[0].frame) { $0.union($1.frame) }
      #expect(card.frame == union.outset(by: EdgeInsets(all: 1)))
      // Seed 000's "first and last item" version takes the first cell's width: it would be 30
      // wide here while the section is 50 wide.
      #expect(cells.allSatisfy { card.frame.minX <= $0.frame.minX && card.frame.maxX >= $0.frame.maxX })
    }
  }

  @Test func cardIsBehindTheCellsInZAndInOrder() {
    let (_, layout) = feed()
    let all = everything(layout)
    let lastCard = all.lastIndex { $0.kind == .sectionCard }!
    let firstCell = all.firstIndex { $0.category == .cell }!
    #expect(lastCard < firstCell)
    #expect(cards(all).allSatisfy { $0.zIndex < ZIndex.cell })
    #expect(all == all.sorted(by: LayoutAttributes.drawsBefore))
  }

  @Test func noDuplicatesAfterRepeatedAndScrollingQueries() {
    let (_, layout) = feed()
    let first = everything(layout)
    for _ in 0..<5 { #expect(everything(layout) == first) }
    // Scroll a 10-row viewport one row at a time over the content.
    var offset = 0.0
    while offset < layout.contentSize.height {
      let visible = layout.layoutAttributesForElements(in: Rect(x: 0, y: offset, width: 80, height: 10))
      let keys = visible.map { "\($0.kind)\($0.indexPath)" }
      #expect(Set(keys).count == keys.count, "duplicates at offset \(offset)")
      #expect(cards(visible).count == Set(visible.map(\.indexPath.section)).subtracting([1]).count)
      offset += 1
    }
  }

  @Test func noDuplicatesAfterInvalidations() {
    let (source, layout) = feed()
    for round in 0..<4 {
      var context = InvalidationContext()
      context.invalidateSections([round % 4])
      context.invalidateDecorationElements(ofKind: .sectionCard, at: [IndexPath(item: 0, section: 2)])
      layout.invalidateLayout(with: context)
      layout.prepare()
      if round == 2 { layout.invalidateLayout() }
      layout.prepare()
      #expect(cards(everything(layout)).map(\.indexPath.section) == [0, 2, 3])
    }
    source.sections[1] = [.exact(size(8, 1))]
    var context = InvalidationContext()
    context.invalidateSections([1])
    layout.invalidateLayout(with: context)
    layout.prepare()
    #expect(cards(everything(layout)).map(\.indexPath.section) == [0, 1, 2, 3])
  }

  @Test func decorationQueryAndRectQueryAgreeAndNothingIsRecomputed() {
    let (source, layout) = feed()
    let computations = layout.sectionComputations
    let sizeQueries = source.sizeQueries
    let fromRect = cards(everything(layout))
    for card in fromRect {
      #expect(layout.layoutAttributesForDecoration(ofKind: .sectionCard, at: card.indexPath) == card)
    }
    for _ in 0..<10 { _ = everything(layout) }
    #expect(layout.sectionComputations == computations)
    #expect(source.sizeQueries == sizeQueries)
  }

  @Test func onlyInvalidatedSectionsAreRecomputed() {
    let (_, layout) = feed()
    let before = layout.sectionComputations
    var context = InvalidationContext()
    context.invalidateItems([IndexPath(item: 1, section: 2)])
    layout.invalidateLayout(with: context)
    layout.prepare()
    #expect(layout.sectionComputations == before + 1)
  }

  @Test func cardCanIncludeHeaderAndFooter() {
    let (source, layout) = feed()
    source.headers = [0: 2]
    source.footers = [0: 1]
    layout.cardOutset = .zero
    layout.cardIncludesHeader = true
    layout.cardIncludesFooter = true
    layout.prepare()
    let card = layout.layoutAttributesForDecoration(ofKind: .sectionCard, at: IndexPath(item: 0, section: 0))!
    let header = layout.layoutAttributesForSupplementaryElement(
      ofKind: .header, at: IndexPath(item: 0, section: 0))!
    let footer = layout.layoutAttributesForSupplementaryElement(
      ofKind: .footer, at: IndexPath(item: 0, section: 0))!
    #expect(card.frame.minY == header.frame.minY && card.frame.maxY == footer.frame.maxY)
  }

  /// A carded section's header and footer span its items' columns, so a header lines up with
  /// the text in the card, with frames stored or built on demand, pinned or not, by either query;
  /// without a card they span the width, as UIKit's do.
  @Test(arguments: [false, true], [false, true])
  func aCardedSectionsHeaderLinesUpWithItsItems(framesOnDemand: Bool, pinned: Bool) {
    let (source, layout) = feed()
    if framesOnDemand { layout.maximumStoredItemFrames = 0 }
    layout.sectionHeadersPinToVisibleBounds = pinned
    source.headers = [0: 1, 3: 2]
    source.footers = [0: 1]
    layout.invalidateLayout()
    layout.prepare()
    let all = everything(layout)
    var spans: [Int: (Double, Double)] = [:]
    for section in [0, 3] {
      let items = all.filter { $0.category == .cell && $0.indexPath.section == section }.map(\.frame)
      let left = items.map(\.minX).min()!
      let right = items.map(\.maxX).max()!
      #expect(left == 2 && right > left)
      let header = layout.layoutAttributesForSupplementaryElement(
        ofKind: .header, at: IndexPath(item: 0, section: section))!
      #expect(header.frame.minX == left && header.frame.maxX == right, "section \(section)")
      spans[section] = (left, right)
    }
    let footer = layout.layoutAttributesForSupplementaryElement(
      ofKind: .footer, at: IndexPath(item: 0, section: 0))!
    #expect(footer.frame.minX == spans[0]?.0 && footer.frame.maxX == spans[0]?.1)
    #expect(
      all.filter { $0.category == .supplementary }.map(\.frame)
        == all.filter { $0.category == .supplementary }.map {
          layout.layoutAttributesForSupplementaryElement(ofKind: $0.kind, at: $0.indexPath)!.frame
        })

    layout.decorationStyles = [:]
    layout.prepare()
    let bare = layout.layoutAttributesForSupplementaryElement(
      ofKind: .header, at: IndexPath(item: 0, section: 0))!
    #expect(bare.frame.minX == 0 && bare.frame.width == 80)
  }

  @Test func perSectionStylesComeFromTheDataSource() {
    let (source, layout) = feed()
    let red = DecorationStyle(cornerRadius: 2, backgroundColor: Color(hex: 0xFF0000))
    source.styles = [2: [.sectionCard: red]]
    layout.invalidateLayout()
    layout.prepare()
    #expect(
      layout.layoutAttributesForDecoration(ofKind: .sectionCard, at: IndexPath(item: 0, section: 2))?.style
        == red)
    #expect(
      layout.layoutAttributesForDecoration(ofKind: .sectionCard, at: IndexPath(item: 0, section: 0))?.style
        == .card)
  }
}

@Suite struct ShelfAndBackgroundTests {
  @Test func oneShelfUnderEachLine() {
    // Width 20: lines [8, 8], [8, 8], [8].
    let source = GridSource(exact: [Array(repeating: size(8, 2), count: 5)])
    let layout = makeLayout(source, width: 20)
    layout.lineSpacing = 1
    layout.decorationStyles = [.shelf: DecorationStyle(backgroundColor: Color(hex: 0x996633))]
    layout.prepare()
    let shelves = everything(layout).filter { $0.kind == .shelf }
    #expect(shelves.map(\.indexPath) == (0..<3).map { IndexPath(item: $0, section: 0) })
    #expect(
      shelves.map(\.frame) == [
        Rect(x: 0, y: 2, width: 20, height: 1), Rect(x: 0, y: 5, width: 20, height: 1),
        Rect(x: 0, y: 8, width: 20, height: 1),
      ])
    #expect(shelves.allSatisfy { $0.zIndex < ZIndex.cell })
    #expect(
      layout.layoutAttributesForDecoration(ofKind: .shelf, at: IndexPath(item: 2, section: 0)) == shelves[2])
    #expect(layout.layoutAttributesForDecoration(ofKind: .shelf, at: IndexPath(item: 3, section: 0)) == nil)
  }

  @Test func backgroundSpansTheFullWidthIncludingInsets() {
    let source = GridSource(exact: [[size(10, 2)], [size(10, 3)]])
    source.headers = [1: 2]
    let layout = makeLayout(source, width: 30)
    layout.sectionInset = EdgeInsets(top: 1, left: 4, bottom: 2, right: 4)
    source.styles = [
      0: [.sectionBackground: DecorationStyle(backgroundColor: Color(hex: 0xFFC0CB))],
      1: [.sectionBackground: DecorationStyle(backgroundColor: Color(hex: 0x00FF00))],
    ]
    layout.prepare()
    let backgrounds = everything(layout).filter { $0.kind == .sectionBackground }
    #expect(
      backgrounds.map(\.frame) == [
        Rect(x: 0, y: 0, width: 30, height: 5), Rect(x: 0, y: 7, width: 30, height: 6),
      ])
    #expect(backgrounds.map(\.style?.backgroundColor) == [Color(hex: 0xFFC0CB), Color(hex: 0x00FF00)])
    #expect(backgrounds.allSatisfy { $0.zIndex < ZIndex.sectionCard })
  }
}

/// The card's default geometry: what a newcomer gets from `decorationStyles` alone.
@Suite struct CardGeometryTests {
  /// Sections of cells of different widths, each with the standard card's room around it.
  func layout(sectionInset: EdgeInsets) -> FlowLayout {
    let source = GridSource(exact: [[size(30, 2), size(50, 1)], [size(80, 3)], [size(12, 1), size(8, 1)]])
    let layout = makeLayout(source, width: 90, height: 20)
    layout.decorationStyles = [.sectionCard: .card]
    layout.sectionInset = sectionInset
    layout.prepare()
    return layout
  }

  @Test func theDefaultCardNeverCoversItsItems() {
    let all = everything(layout(sectionInset: .zero))
    let cards = all.filter { $0.kind == .sectionCard }
    #expect(cards.count == 3)
    for card in cards {
      // The border is the card's outermost row and column: every item lies strictly inside it.
      let inside = card.frame.outset(by: EdgeInsets(all: -1))
      for cell in all where cell.category == .cell && cell.indexPath.section == card.indexPath.section {
        #expect(
          inside.union(cell.frame) == inside && cell.frame.minX > inside.minX,
          "card \(card.frame) draws its border over, or right against, \(cell.frame)")
      }
    }
  }

  @Test func theStandardSectionInsetKeepsCardsAndShadowsApart() {
    let geometry = CardGeometry.standard
    let all = everything(layout(sectionInset: geometry.sectionInset))
    let cards = all.filter { $0.kind == .sectionCard }.sorted { $0.indexPath.section < $1.indexPath.section }
    for (upper, lower) in zip(cards, cards.dropFirst()) {
      // The shadow takes one row under the card; a blank row more before the next card.
      #expect(upper.frame.maxY + 1 < lower.frame.minY)
    }
    for card in cards {
      // Its shadow's column stays inside the content width.
      #expect(card.frame.maxX + 1 <= 90)
      #expect(card.frame.minX >= 1)
    }
    #expect(geometry.sectionInset == EdgeInsets(top: 2, left: 3, bottom: 2, right: 4))
  }
}
