import SectionalDiff
import SeededRandom
import Testing

@testable import SectionalLayout

/// A compositional layout's collection view: item counts per section, and what it reports.
final class CountSource: LayoutCollectionView {
  var counts: [Int]
  var diagnostics = DiagnosticLog()
  init(_ counts: [Int]) { self.counts = counts }
  var numberOfSections: Int { counts.count }
  func numberOfItems(inSection section: Int) -> Int { counts[section] }
  var layoutDelegate: AnyObject? { nil }
  func report(_ diagnostic: Diagnostic) { diagnostics.record(diagnostic) }
}

func compositional(
  _ source: CountSource, width: Double = 60, height: Double = 20,
  provider: @escaping CompositionalLayout.SectionProvider
) -> CompositionalLayout {
  let layout = CompositionalLayout(sectionProvider: provider)
  layout.collectionView = source
  layout.bounds = Rect(x: 0, y: 0, width: width, height: height)
  layout.prepare()
  return layout
}

func dimensions(_ width: LayoutDimension, _ height: LayoutDimension) -> LayoutSize {
  LayoutSize(widthDimension: width, heightDimension: height)
}

func itemFrames(_ layout: CompositionalLayout, section: Int, count: Int) -> [Rect] {
  (0..<count).map { layout.layoutAttributesForItem(at: IndexPath(item: $0, section: section))!.frame }
}

/// Every element, by brute force over the per-element queries the query must agree with.
func allElements(_ layout: CompositionalLayout, _ source: CountSource) -> [LayoutAttributes] {
  var all: [LayoutAttributes] = []
  for section in 0..<source.counts.count {
    for item in 0..<source.counts[section] {
      all.append(layout.layoutAttributesForItem(at: IndexPath(item: item, section: section))!)
      for kind in [ElementKind.badge] {
        if let badge = layout.layoutAttributesForSupplementaryElement(
          ofKind: kind, at: IndexPath(item: item, section: section))
        {
          all.append(badge)
        }
      }
    }
    for kind in [ElementKind.header, .footer] {
      if let boundary = layout.layoutAttributesForSupplementaryElement(
        ofKind: kind, at: IndexPath(item: 0, section: section))
      {
        all.append(boundary)
      }
    }
    if let background = layout.layoutAttributesForDecoration(
      ofKind: .sectionBackground, at: IndexPath(item: 0, section: section))
    {
      all.append(background)
    }
  }
  return all
}

@Suite struct CompositionalLayoutTests {
  @Test func repeatedItemsShareTheGroupWidthWithSpacingAndInsets() {
    var section = LayoutSection(
      group: .horizontal(
        layoutSize: dimensions(.fractionalWidth(1), .absolute(3)),
        repeatingSubitem: LayoutItem(layoutSize: dimensions(.absolute(99), .fractionalHeight(1))), count: 3))
    section.group.interItemSpacing = .fixed(3)
    section.interGroupSpacing = 1
    section.contentInsets = EdgeInsets(top: 1, left: 3, bottom: 1, right: 3)
    let source = CountSource([7])
    let layout = compositional(source, width: 66) { _, _ in section }
    // Content width 60: three items of (60 - 2 × 3) / 3 = 18, rows 3 tall one apart.
    #expect(
      itemFrames(layout, section: 0, count: 7) == [
        Rect(x: 3, y: 1, width: 18, height: 3), Rect(x: 24, y: 1, width: 18, height: 3),
        Rect(x: 45, y: 1, width: 18, height: 3), Rect(x: 3, y: 5, width: 18, height: 3),
        Rect(x: 24, y: 5, width: 18, height: 3), Rect(x: 45, y: 5, width: 18, height: 3),
        Rect(x: 3, y: 9, width: 18, height: 3),
      ])
    #expect(layout.contentSize == Size(width: 66, height: 13))
  }

  /// UIKit's everyday grid: `.horizontal(layoutSize:subitems: [item])` repeats the subitems in
  /// order while the next fits along the group's axis (with its spacing), so a third-wide item
  /// gives three a row. UIKit's arithmetic: a fraction is of the group's width, spacing does not
  /// shrink it, and a member that does not fit starts the next group.
  @Test func aGridGroupRepeatsItsSubitemsWhileTheyFitAsUIKitDoes() {
    let third = LayoutItem(layoutSize: dimensions(.fractionalWidth(1.0 / 3), .absolute(3)))
    let grid = LayoutGroup.horizontal(
      layoutSize: dimensions(.fractionalWidth(1), .absolute(3)), subitems: [third])
    let sources = (CountSource([6]), CountSource([3]), CountSource([4]), CountSource([4]))
    defer { withExtendedLifetime(sources) {} }
    let layout = compositional(sources.0, width: 78) { _, _ in LayoutSection(group: grid) }
    // 78 / 3 = 26: item 1 at (26, 0), as UIKit places it; not a row of its own.
    #expect(
      itemFrames(layout, section: 0, count: 6) == [
        Rect(x: 0, y: 0, width: 26, height: 3), Rect(x: 26, y: 0, width: 26, height: 3),
        Rect(x: 52, y: 0, width: 26, height: 3), Rect(x: 0, y: 3, width: 26, height: 3),
        Rect(x: 26, y: 3, width: 26, height: 3), Rect(x: 52, y: 3, width: 26, height: 3),
      ])
    #expect(layout.contentSize.height == 6)

    // With 3 between items, 0 + 26 + 3 + 26 + 3 + 26 = 84 > 78: two a row.
    var spaced = grid
    spaced.interItemSpacing = .fixed(3)
    let two = compositional(sources.1, width: 78) { _, _ in LayoutSection(group: spaced) }
    #expect(
      itemFrames(two, section: 0, count: 3).map(\.origin) == [
        Point(x: 0, y: 0), Point(x: 29, y: 0), Point(x: 0, y: 3),
      ])

    // Two subitems repeat in order, and stop at the first that does not fit: a (39) b (19.5),
    // then a would end at 97.5.
    let a = LayoutItem(layoutSize: dimensions(.fractionalWidth(0.5), .absolute(1)))
    let b = LayoutItem(layoutSize: dimensions(.fractionalWidth(0.25), .absolute(1)))
    let pair = LayoutGroup.horizontal(
      layoutSize: dimensions(.fractionalWidth(1), .absolute(1)), subitems: [a, b])
    let pairs = compositional(sources.2, width: 78) { _, _ in LayoutSection(group: pair) }
    #expect(
      itemFrames(pairs, section: 0, count: 4).map(\.origin) == [
        Point(x: 0, y: 0), Point(x: 39, y: 0), Point(x: 0, y: 1), Point(x: 39, y: 1),
      ])

    // A column repeats down its height: items a third of 6 tall, three a column.
    let cell = LayoutItem(layoutSize: dimensions(.fractionalWidth(1), .fractionalHeight(1.0 / 3)))
    let column = LayoutGroup.vertical(
      layoutSize: dimensions(.fractionalWidth(0.5), .absolute(6)), subitems: [cell])
    let columns = compositional(sources.3, width: 20) { _, _ in LayoutSection(group: column) }
    #expect(
      itemFrames(columns, section: 0, count: 4) == [
        Rect(x: 0, y: 0, width: 10, height: 2), Rect(x: 0, y: 2, width: 10, height: 2),
        Rect(x: 0, y: 4, width: 10, height: 2), Rect(x: 0, y: 6, width: 10, height: 2),
      ])
  }

  /// A count of `Int.max` (or 10⁹) crashed in `Array(repeating:count:)` or ran for minutes: a
  /// placement now costs the items it lays out, each sharing the group's width.
  @Test func aHugeRepeatCountCostsOnlyTheItemsLaidOut() {
    for count in [Int.max, 1_000_000_000] {
      let item = LayoutItem(layoutSize: dimensions(.fractionalWidth(1), .absolute(1)))
      var group = LayoutGroup.horizontal(
        layoutSize: dimensions(.fractionalWidth(1), .absolute(1)), repeatingSubitem: item, count: count)
      group.interItemSpacing = .flexible(0)
      let source = CountSource([50])
      defer { withExtendedLifetime(source) {} }
      let layout = compositional(source) { _, _ in LayoutSection(group: group) }
      let frames = itemFrames(layout, section: 0, count: 50)
      // Each member's share is 60 / count: all fifty in one row, at most 60 × 50 / count apart.
      #expect(frames.allSatisfy { $0.minY == 0 && $0.height == 1 && $0.maxX <= 1e-5 })
      #expect(layout.contentSize.height == 1)
      #expect(layout.memberSteps <= 2 * 50, "\(count): \(layout.memberSteps) steps")
      #expect(source.diagnostics.isEmpty)
    }
  }

  /// Groups nested 10,000 deep overflowed the stack; past `maximumGroupDepth` the section is a
  /// list, with a diagnostic. At the limit it is laid out as written.
  @Test func groupsNestedPastTheLimitAreAListWithADiagnostic() {
    func nested(_ depth: Int) -> LayoutGroup {
      let size = dimensions(.fractionalWidth(1), .absolute(2))
      var group = LayoutGroup.horizontal(layoutSize: size, subitems: [LayoutItem(layoutSize: size)])
      for _ in 1..<depth { group = .horizontal(layoutSize: size, members: [.group(group)]) }
      return group
    }
    for (depth, height, diagnosed) in [
      (CompositionalLayout.maximumGroupDepth, 2.0, false), (10_000, 1, true),
    ] {
      let group = nested(depth)
      let source = CountSource([2])
      defer { withExtendedLifetime(source) {} }
      let layout = compositional(source) { _, _ in LayoutSection(group: group) }
      #expect(itemFrames(layout, section: 0, count: 2).map(\.height) == [height, height], "\(depth)")
      #expect(source.diagnostics.map(\.kind) == (diagnosed ? [.invalidLayoutDefinition] : []), "\(depth)")
      // Released a level at a time, not by a recursion as deep as the groups.
      withExtendedLifetime(group) {}
    }
  }

  /// Each level of a nested estimated row held an item as tall as the row: the row was placed
  /// again whole, nested rows too, 2^depth placements (20 levels: 65 s). Now only the stretched
  /// items are placed again; and N estimated subitems cost N steps, not a scan each.
  @Test func nestedEstimatedRowsAndWideEstimatedGroupsCostTheirMembers() {
    let fill = LayoutItem(layoutSize: dimensions(.absolute(1), .fractionalHeight(1)))
    var group = LayoutGroup.horizontal(
      layoutSize: dimensions(.fractionalWidth(1), .estimated(1)),
      subitems: [LayoutItem(layoutSize: dimensions(.absolute(1), .estimated(3)))])
    for _ in 1..<20 {
      group = .horizontal(
        layoutSize: dimensions(.fractionalWidth(1), .estimated(1)), members: [.item(fill), .group(group)])
    }
    let source = CountSource([20])
    defer { withExtendedLifetime(source) {} }
    let layout = compositional(source) { _, _ in LayoutSection(group: group) }
    // 39 members placed (20 items, 19 groups), and the 19 stretched items placed again.
    #expect(layout.memberSteps == 39 + 19)
    #expect(itemFrames(layout, section: 0, count: 20).allSatisfy { $0.height == 3 })

    let chip = LayoutItem(layoutSize: dimensions(.estimated(1), .absolute(1)))
    let wide = LayoutGroup.horizontal(
      layoutSize: dimensions(.estimated(1), .absolute(1)), subitems: Array(repeating: chip, count: 2_000))
    let many = CountSource([2_000])
    defer { withExtendedLifetime(many) {} }
    let chips = compositional(many, width: 10) { _, _ in LayoutSection(group: wide) }
    #expect(chips.memberSteps == 2_000)
    #expect(itemFrames(chips, section: 0, count: 2_000).last?.minX == 1_999)
  }

  @Test func nestedGroupsFractionsAndItemInsets() {
    let half = LayoutItem(layoutSize: dimensions(.fractionalWidth(0.5), .fractionalHeight(1)))
    var inset = LayoutItem(layoutSize: dimensions(.fractionalWidth(1), .fractionalHeight(0.5)))
    inset.contentInsets = EdgeInsets(top: 0, left: 1, bottom: 0, right: 1)
    let column = LayoutGroup.vertical(
      layoutSize: dimensions(.fractionalWidth(0.5), .fractionalHeight(1)), subitems: [inset, inset])
    let row = LayoutGroup.horizontal(
      layoutSize: dimensions(.fractionalWidth(1), .absolute(4)), members: [.item(half), .group(column)])
    let source = CountSource([5])
    let layout = compositional(source) { _, _ in LayoutSection(group: row) }
    #expect(
      itemFrames(layout, section: 0, count: 5) == [
        Rect(x: 0, y: 0, width: 30, height: 4), Rect(x: 31, y: 0, width: 28, height: 2),
        Rect(x: 31, y: 2, width: 28, height: 2), Rect(x: 0, y: 4, width: 30, height: 4),
        Rect(x: 31, y: 4, width: 28, height: 2),
      ])
    #expect(layout.contentSize.height == 8)
  }

  @Test func flexibleSpacingSharesTheRoomLeft() {
    var group = LayoutGroup.horizontal(
      layoutSize: dimensions(.fractionalWidth(1), .absolute(1)),
      subitems: [LayoutItem(layoutSize: dimensions(.absolute(16), .absolute(1)))])
    group.interItemSpacing = .flexible(2)
    let source = CountSource([4])
    let layout = compositional(source) { _, _ in LayoutSection(group: group) }
    defer { withExtendedLifetime(source) {} }
    // Three fit (3 × 16 + 2 × 2 = 52; a fourth would end at 70): 60 − 52 = 8 left, 4 more per
    // gap. The last row holds one item where a full one is spaced so.
    #expect(itemFrames(layout, section: 0, count: 4).map(\.minX) == [0, 22, 44, 0])
  }

  @Test func badgesAnchorToTheirItemsAsSeed003Builds() {
    let badge = LayoutSupplementaryItem(
      layoutSize: dimensions(.absolute(3), .absolute(1)), elementKind: .badge,
      containerAnchor: LayoutAnchor(edges: [.top, .trailing], fractionalOffset: Point(x: 0.3, y: -0.3)))
    let item = LayoutItem(layoutSize: dimensions(.absolute(20), .absolute(3)), supplementaryItems: [badge])
    // One a row: the group is as wide as its item (a wider one would repeat it).
    var section = LayoutSection(
      group: .horizontal(layoutSize: dimensions(.absolute(20), .absolute(3)), subitems: [item]))
    section.contentInsets = EdgeInsets(top: 2, left: 0, bottom: 0, right: 0)
    let source = CountSource([2])
    let layout = compositional(source) { _, _ in section }
    defer { withExtendedLifetime(source) {} }
    let first = layout.layoutAttributesForSupplementaryElement(
      ofKind: .badge, at: IndexPath(item: 0, section: 0))
    // The item is (0, 2, 20×3): the badge's top-right corner on the item's, then 0.3 of its
    // width right and 0.3 of its height up.
    #expect(first?.frame == Rect(x: 17 + 0.3 * 3, y: 2 - 0.3, width: 3, height: 1))
    #expect(first?.zIndex == ZIndex.badge)
    let second = layout.layoutAttributesForSupplementaryElement(
      ofKind: .badge, at: IndexPath(item: 1, section: 0))
    #expect(second?.frame.minY == 5 - 0.3)
    // A rect that reaches only the badge's overhang above its item still finds it.
    let above = layout.layoutAttributesForElements(in: Rect(x: 0, y: 1.7, width: 60, height: 0.2))
    #expect(above.map(\.kind) == [.badge])
  }

  private func pinnedSections() -> (CountSource, CompositionalLayout) {
    var section = LayoutSection(
      group: .vertical(
        layoutSize: dimensions(.fractionalWidth(1), .absolute(1)),
        subitems: [LayoutItem(layoutSize: dimensions(.fractionalWidth(1), .absolute(1)))]))
    section.boundarySupplementaryItems = [
      LayoutBoundarySupplementaryItem(
        layoutSize: dimensions(.fractionalWidth(1), .absolute(2)), elementKind: .header, alignment: .top,
        pinToVisibleBounds: true),
      LayoutBoundarySupplementaryItem(
        layoutSize: dimensions(.fractionalWidth(1), .absolute(1)), elementKind: .footer, alignment: .bottom),
    ]
    let source = CountSource([10, 10])
    return (source, compositional(source, height: 6) { _, _ in section })
  }

  @Test func pinnedHeadersStayWhileTheirSectionIsVisibleAndArePushedOff() {
    let (source, layout) = pinnedSections()
    defer { withExtendedLifetime(source) {} }
    func headerY(_ section: Int, scrolledTo y: Double) -> Double? {
      let bounds = Rect(x: 0, y: y, width: 60, height: 6)
      if layout.shouldInvalidateLayout(forBoundsChange: bounds) {
        layout.invalidateLayout(with: layout.invalidationContext(forBoundsChange: bounds))
      }
      layout.bounds = bounds
      layout.prepare()
      return layout.layoutAttributesForElements(in: bounds)
        .first { $0.kind == .header && $0.indexPath.section == section }?.frame.minY
    }
    // Each section: header 2, ten items, footer 1 — 13 tall.
    #expect(layout.contentSize.height == 26)
    #expect(headerY(0, scrolledTo: 0) == 0)
    #expect(headerY(0, scrolledTo: 5) == 5)
    #expect(headerY(0, scrolledTo: 12) == 11)  // pushed off by its section's end at 13
    #expect(headerY(1, scrolledTo: 12) == 13)
    #expect(headerY(1, scrolledTo: 16) == 16)
    #expect(headerY(0, scrolledTo: 16) == nil)
    let pinned = layout.layoutAttributesForSupplementaryElement(
      ofKind: .header, at: IndexPath(item: 0, section: 1))
    #expect(pinned?.zIndex == ZIndex.pinnedHeader)
  }

  @Test func aPinnedBoundaryItemKeepsTheZIndexItsDefinitionGave() {
    var section = LayoutSection(
      group: .vertical(
        layoutSize: dimensions(.fractionalWidth(1), .absolute(1)),
        subitems: [LayoutItem(layoutSize: dimensions(.fractionalWidth(1), .absolute(1)))]))
    section.boundarySupplementaryItems = [
      LayoutBoundarySupplementaryItem(
        layoutSize: dimensions(.fractionalWidth(1), .absolute(1)), elementKind: .header, alignment: .top,
        pinToVisibleBounds: true, zIndex: 2),
      LayoutBoundarySupplementaryItem(
        layoutSize: dimensions(.fractionalWidth(1), .absolute(1)), elementKind: .footer, alignment: .bottom,
        pinToVisibleBounds: true, zIndex: -3),
    ]
    let source = CountSource([10])
    let layout = compositional(source, height: 4) { _, _ in section }
    let bounds = Rect(x: 0, y: 3, width: 60, height: 4)
    layout.invalidateLayout(with: layout.invalidationContext(forBoundsChange: bounds))
    layout.bounds = bounds
    layout.prepare()
    let drawn = layout.layoutAttributesForElements(in: bounds)
    let header = drawn.first { $0.kind == .header }
    let footer = drawn.first { $0.kind == .footer }
    // Pinned (at the visible top and bottom), each at its own z-index.
    #expect(header?.frame.minY == 3 && header?.zIndex == 2)
    #expect(footer?.frame.maxY == 7 && footer?.zIndex == -3)
    let one = layout.layoutAttributesForSupplementaryElement(
      ofKind: .header, at: IndexPath(item: 0, section: 0))
    #expect(one?.zIndex == 2)
    // Without one, pinned is in front, unpinned at the supplementary default.
    let defaults = LayoutBoundarySupplementaryItem(
      layoutSize: dimensions(.fractionalWidth(1), .absolute(1)), elementKind: .header, alignment: .top)
    let pinnedDefault = LayoutBoundarySupplementaryItem(
      layoutSize: dimensions(.fractionalWidth(1), .absolute(1)), elementKind: .header, alignment: .top,
      pinToVisibleBounds: true)
    #expect(defaults.zIndex == ZIndex.supplementary && pinnedDefault.zIndex == ZIndex.pinnedHeader)
  }

  @Test func theDefaultZOrderIsItemBadgeBoundaryPinned() {
    let badge = LayoutSupplementaryItem(
      layoutSize: dimensions(.absolute(3), .absolute(1)), elementKind: .badge,
      containerAnchor: LayoutAnchor(edges: [.top, .trailing], fractionalOffset: Point(x: 0, y: -0.5)))
    var section = LayoutSection(
      group: .vertical(
        layoutSize: dimensions(.fractionalWidth(1), .absolute(2)),
        subitems: [
          LayoutItem(layoutSize: dimensions(.fractionalWidth(1), .absolute(2)), supplementaryItems: [badge])
        ]))
    section.boundarySupplementaryItems = [
      LayoutBoundarySupplementaryItem(
        layoutSize: dimensions(.fractionalWidth(1), .absolute(1)), elementKind: .header, alignment: .top,
        pinToVisibleBounds: true),
      LayoutBoundarySupplementaryItem(
        layoutSize: dimensions(.fractionalWidth(1), .absolute(1)), elementKind: .footer, alignment: .bottom),
    ]
    section.decorationItems = [.background()]
    let source = CountSource([6])
    let layout = compositional(source, height: 5) { _, _ in section }
    // Scrolled so the pinned header sits over item 2's badge (the seed's bug: badges over headers).
    let bounds = Rect(x: 0, y: 4.5, width: 60, height: 5)
    layout.invalidateLayout(with: layout.invalidationContext(forBoundsChange: bounds))
    layout.bounds = bounds
    layout.prepare()
    let drawn = layout.layoutAttributesForElements(in: bounds)
    let header = drawn.first { $0.kind == .header }!
    let covered = drawn.filter { $0.kind == .badge && $0.frame.intersects(header.frame) }
    #expect(!covered.isEmpty)
    let order = drawn.map(\.kind)
    for badge in covered {
      #expect(order.lastIndex(of: .badge)! < order.firstIndex(of: .header)!, "\(badge)")
    }
    #expect(order.first == .sectionBackground)
    let rank: [ElementKind: Int] = [.sectionBackground: 0, .cell: 1, .badge: 2, .footer: 3, .header: 4]
    #expect(order.map { rank[$0]! } == order.map { rank[$0]! }.sorted())
  }

  @Test func backgroundsCoverTheirSectionInsideTheirInsetsOncePerSection() {
    var section = LayoutSection(
      group: .horizontal(
        layoutSize: dimensions(.fractionalWidth(1), .absolute(2)),
        repeatingSubitem: LayoutItem(layoutSize: dimensions(.fractionalWidth(1), .fractionalHeight(1))),
        count: 2))
    section.contentInsets = EdgeInsets(all: 2)
    section.decorationItems = [
      .background(style: .card, contentInsets: EdgeInsets(top: 1, left: 1, bottom: 1, right: 1))
    ]
    let source = CountSource([4, 0, 2])
    let layout = compositional(source) { _, _ in section }
    let all = layout.layoutAttributesForElements(
      in: Rect(x: 0, y: 0, width: 60, height: layout.contentSize.height))
    let backgrounds = all.filter { $0.category == .decoration }
    // Section 0: 2 + 2 + 2 + 2 = 8 tall; section 1 (no items) 4 tall; section 2 6 tall.
    #expect(
      backgrounds.map(\.frame) == [
        Rect(x: 1, y: 1, width: 58, height: 6), Rect(x: 1, y: 9, width: 58, height: 2),
        Rect(x: 1, y: 13, width: 58, height: 4),
      ])
    #expect(backgrounds.allSatisfy { $0.zIndex == ZIndex.sectionBackground && $0.style == .card })
    // Cached: querying again computes no section.
    let computed = layout.sectionComputations
    _ = layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 60, height: 20))
    #expect(layout.sectionComputations == computed)
  }

  @Test func estimatedItemsTakeTheirMeasuredHeights() {
    let size = dimensions(.fractionalWidth(1), .estimated(1))
    let section = LayoutSection(group: .vertical(layoutSize: size, subitems: [LayoutItem(layoutSize: size)]))
    let source = CountSource([3, 2])
    let layout = compositional(source) { _, _ in section }
    #expect(layout.selfSizesItem(at: IndexPath(item: 1, section: 0)))
    let original = layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))!
    var preferred = original
    preferred.frame.size.height = 4
    #expect(layout.shouldInvalidateLayout(forPreferredAttributes: preferred, originalAttributes: original))
    layout.invalidateLayout(
      with: layout.invalidationContext(forPreferredAttributes: preferred, originalAttributes: original))
    layout.prepare()
    #expect(itemFrames(layout, section: 0, count: 3).map(\.height) == [1, 4, 1])
    #expect(itemFrames(layout, section: 0, count: 3).map(\.minY) == [0, 1, 5])
    #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 1))?.frame.minY == 6)
    #expect(!layout.shouldInvalidateLayout(forPreferredAttributes: preferred, originalAttributes: preferred))
  }

  @Test func estimatedHeadersTakeTheirMeasuredHeights() {
    var section = LayoutSection(
      group: .vertical(
        layoutSize: dimensions(.fractionalWidth(1), .absolute(1)),
        subitems: [LayoutItem(layoutSize: dimensions(.fractionalWidth(1), .absolute(1)))]))
    section.boundarySupplementaryItems = [
      LayoutBoundarySupplementaryItem(
        layoutSize: dimensions(.fractionalWidth(1), .estimated(1)), elementKind: .header, alignment: .top)
    ]
    let source = CountSource([2, 2])
    let layout = compositional(source) { _, _ in section }
    let header = IndexPath(item: 0, section: 0)
    #expect(layout.selfSizesSupplementary(ofKind: .header, at: header))
    #expect(!layout.selfSizesSupplementary(ofKind: .footer, at: header))
    let original = layout.layoutAttributesForSupplementaryElement(ofKind: .header, at: header)!
    var preferred = original
    preferred.frame.size.height = 3
    #expect(layout.shouldInvalidateLayout(forPreferredAttributes: preferred, originalAttributes: original))
    let context = layout.invalidationContext(forPreferredAttributes: preferred, originalAttributes: original)
    #expect(context.preferredSupplementarySizes[.header]?[header] == preferred.frame.size)
    layout.invalidateLayout(with: context)
    layout.prepare()
    #expect(layout.layoutAttributesForSupplementaryElement(ofKind: .header, at: header)?.frame.height == 3)
    #expect(itemFrames(layout, section: 0, count: 2).map(\.minY) == [3, 4])
    #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 1))?.frame.minY == 6)
  }

  @Test func anEstimatedRowIsAsTallAsItsTallestItemAndFractionalItemsFillIt() {
    let tall = LayoutItem(layoutSize: dimensions(.fractionalWidth(0.5), .estimated(1)))
    let fill = LayoutItem(layoutSize: dimensions(.fractionalWidth(0.5), .fractionalHeight(1)))
    let row = LayoutGroup.horizontal(
      layoutSize: dimensions(.fractionalWidth(1), .estimated(2)), subitems: [tall, fill])
    let source = CountSource([2])
    let layout = compositional(source) { _, _ in LayoutSection(group: row) }
    #expect(itemFrames(layout, section: 0, count: 2).map(\.height) == [1, 1])
    var context = InvalidationContext()
    context.setPreferredSize(Size(width: 30, height: 5), forItemAt: IndexPath(item: 0, section: 0))
    layout.invalidateLayout(with: context)
    layout.prepare()
    #expect(itemFrames(layout, section: 0, count: 2).map(\.height) == [5, 5])
    #expect(layout.contentSize.height == 5)
  }

  /// Chips: items and groups with estimated widths take the widths measured for them, in a row
  /// that scrolls sideways and in a plain horizontal group; heights stay as given.
  @Test func estimatedWidthsTakeTheirMeasuredWidths() {
    let chip = LayoutItem(layoutSize: dimensions(.estimated(8), .absolute(1)))
    var chips = LayoutSection(
      group: .horizontal(layoutSize: dimensions(.estimated(8), .absolute(1)), subitems: [chip]))
    chips.orthogonalScrollingBehavior = .continuous
    chips.interGroupSpacing = 1
    var row = LayoutGroup.horizontal(
      layoutSize: dimensions(.fractionalWidth(1), .absolute(1)), subitems: [chip, chip, chip])
    row.interItemSpacing = .fixed(1)
    let source = CountSource([3, 3])
    let layout = compositional(source) { section, _ in section == 0 ? chips : LayoutSection(group: row) }
    for section in 0..<2 {
      #expect(layout.selfSizesItemWidth(at: IndexPath(item: 2, section: section)))
      #expect(itemFrames(layout, section: section, count: 3).map(\.width) == [8, 8, 8])
    }
    var context = InvalidationContext()
    for section in 0..<2 {
      for (item, width) in [3.0, 10, 5].enumerated() {
        context.setPreferredSize(
          Size(width: width, height: 1), forItemAt: IndexPath(item: item, section: section))
      }
    }
    layout.invalidateLayout(with: context)
    layout.prepare()
    for section in 0..<2 {
      let frames = itemFrames(layout, section: section, count: 3)
      #expect(frames.map(\.width) == [3, 10, 5], "section \(section)")
      #expect(frames.map(\.minX) == [0, 4, 15], "section \(section)")
      #expect(frames.map(\.height) == [1, 1, 1])
    }
    // The chips' row is as wide as its content: 20 columns in a 60-column view, nothing to scroll.
    #expect(!layout.scrollSection(0, sidewaysBy: 5))
    // A width that is not estimated is never the content's; nor is a repeated item's, which is
    // its share of the row (measuring it would never settle).
    let one = CountSource([1, 3])
    let fixed = compositional(one) { section, _ in
      section == 0
        ? .list()
        : LayoutSection(
          group: .horizontal(
            layoutSize: dimensions(.fractionalWidth(1), .absolute(1)), repeatingSubitem: chip, count: 3))
    }
    #expect(!fixed.selfSizesItemWidth(at: IndexPath(item: 0, section: 0)))
    #expect(!fixed.selfSizesItem(at: IndexPath(item: 1, section: 1)))
    let share = fixed.layoutAttributesForItem(at: IndexPath(item: 1, section: 1))!
    var measured = share
    measured.frame.size.width = 3
    #expect(!fixed.shouldInvalidateLayout(forPreferredAttributes: measured, originalAttributes: share))
  }

  @Test func sidewaysSectionsScrollOnTheirOwnAndClipToTheirRow() {
    func layout(_ behavior: OrthogonalScrollingBehavior) -> CompositionalLayout {
      var section = LayoutSection(
        group: .horizontal(
          layoutSize: dimensions(.fractionalWidth(0.5), .absolute(3)),
          subitems: [LayoutItem(layoutSize: dimensions(.fractionalWidth(1), .fractionalHeight(1)))]))
      section.orthogonalScrollingBehavior = behavior
      section.interGroupSpacing = 2
      return compositional(source) { index, _ in index == 0 ? section : .list() }
    }
    let source = CountSource([5, 3])
    defer { withExtendedLifetime(source) {} }
    let continuous = layout(.continuous)
    // Five 30-wide groups 2 apart: 158 wide in a 60-wide row, 3 tall.
    #expect(continuous.contentSize.height == 3 + 3)
    #expect(continuous.scrollsSideways(section: 0) && !continuous.scrollsSideways(section: 1))
    #expect(continuous.scrollSection(0, sidewaysBy: 10))
    let item = continuous.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))!
    #expect(item.frame == Rect(x: -10, y: 0, width: 30, height: 3))
    #expect(item.clip == Rect(x: 0, y: 0, width: 60, height: 3))
    let visible = continuous.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 60, height: 3))
    #expect(visible.map(\.indexPath.item) == [0, 1, 2])
    continuous.scrollSection(0, sidewaysBy: 1000)
    #expect(continuous.orthogonalOffset(forSection: 0) == 98)
    #expect(!continuous.scrollSection(0, sidewaysBy: 1))
    // The other section does not move.
    #expect(continuous.layoutAttributesForItem(at: IndexPath(item: 0, section: 1))?.frame.minX == 0)

    let groups = layout(.groupPaging)
    groups.scrollSection(0, sidewaysBy: 1)
    #expect(groups.orthogonalOffset(forSection: 0) == 32)
    groups.scrollSection(0, sidewaysBy: 1)
    #expect(groups.orthogonalOffset(forSection: 0) == 64)
    groups.scrollSection(0, sidewaysBy: -1)
    #expect(groups.orthogonalOffset(forSection: 0) == 32)

    let pages = layout(.paging)
    pages.scrollSection(0, sidewaysBy: 1)
    #expect(pages.orthogonalOffset(forSection: 0) == 60)
    pages.scrollSection(0, sidewaysBy: 1)
    #expect(pages.orthogonalOffset(forSection: 0) == 98)
  }

  /// Issue 51, defect 7: `.continuousGroupLeadingBoundary` moved to the next group whatever
  /// the amount, as `.groupPaging` does. As UIKit's, it now moves by the amount and comes to
  /// rest on the nearest group's leading edge (at least the next one, never back).
  @Test func continuousGroupLeadingBoundaryMovesByTheAmountAndRestsOnAGroup() {
    let source = CountSource([5])
    defer { withExtendedLifetime(source) {} }
    var section = LayoutSection(
      group: .horizontal(
        layoutSize: dimensions(.fractionalWidth(0.5), .absolute(3)),
        subitems: [LayoutItem(layoutSize: dimensions(.fractionalWidth(1), .fractionalHeight(1)))]))
    section.orthogonalScrollingBehavior = .continuousGroupLeadingBoundary
    section.interGroupSpacing = 2
    // Groups start at 0, 32, 64, 96, 128; the row scrolls at most 98.
    let layout = compositional(source) { _, _ in section }
    #expect(layout.scrollSection(0, sidewaysBy: 60))
    #expect(layout.orthogonalOffset(forSection: 0) == 64, "past one group, to the nearest")
    layout.scrollSection(0, sidewaysBy: 1)
    #expect(layout.orthogonalOffset(forSection: 0) == 96, "a small move: the next group")
    layout.scrollSection(0, sidewaysBy: -50)
    #expect(layout.orthogonalOffset(forSection: 0) == 32, "back to the nearest, 46")
    layout.scrollSection(0, sidewaysBy: 1_000)
    #expect(layout.orthogonalOffset(forSection: 0) == 98)
    #expect(!layout.scrollSection(0, sidewaysBy: 1), "at the end it does not move back")
  }

  @Test func aSectionProviderSeesTheContainerWidth() {
    let source = CountSource([6])
    defer { withExtendedLifetime(source) {} }
    let layout = compositional(source, width: 90) { _, environment in
      let columns = environment.containerSize.width >= 80 ? 3 : 2
      return LayoutSection(
        group: .horizontal(
          layoutSize: dimensions(.fractionalWidth(1), .absolute(1)),
          repeatingSubitem: LayoutItem(layoutSize: dimensions(.fractionalWidth(1), .fractionalHeight(1))),
          count: columns))
    }
    #expect(layout.contentSize.height == 2)
    layout.invalidateLayout(
      with: layout.invalidationContext(forBoundsChange: Rect(x: 0, y: 0, width: 60, height: 20)))
    layout.bounds = Rect(x: 0, y: 0, width: 60, height: 20)
    layout.prepare()
    #expect(layout.contentSize.height == 3)
  }

  @Test func badDefinitionsGetADiagnosticAndADefinedResult() {
    let empty = LayoutSection(
      group: .horizontal(layoutSize: dimensions(.fractionalWidth(1), .absolute(1)), subitems: []))
    let source = CountSource([3])
    let layout = compositional(source) { _, _ in empty }
    #expect(source.diagnostics.contains { $0.kind == .invalidLayoutDefinition })
    #expect(itemFrames(layout, section: 0, count: 3).map(\.minY) == [0, 1, 2])

    let negative = LayoutSection(
      group: .vertical(
        layoutSize: dimensions(.fractionalWidth(1), .absolute(-4)),
        subitems: [LayoutItem(layoutSize: dimensions(.absolute(.nan), .absolute(.infinity)))]))
    let bad = CountSource([2])
    let badLayout = compositional(bad) { _, _ in negative }
    #expect(bad.diagnostics.contains { $0.kind == .invalidSize })
    for frame in itemFrames(badLayout, section: 0, count: 2) {
      #expect(frame.minX.isFinite && frame.width.isFinite && frame.height.isFinite)
    }
  }
}

/// Sections whose definitions travel with them: the provider reads the definition stored beside
/// each section's count.
final class DefinedSource: LayoutCollectionView {
  var sections: [(count: Int, definition: LayoutSection)]
  var diagnostics = DiagnosticLog()
  init(_ sections: [(count: Int, definition: LayoutSection)]) { self.sections = sections }
  var numberOfSections: Int { sections.count }
  func numberOfItems(inSection section: Int) -> Int { sections[section].count }
  var layoutDelegate: AnyObject? { nil }
  func report(_ diagnostic: Diagnostic) { diagnostics.record(diagnostic) }

  func makeLayout(width: Double = 50, height: Double = 12) -> CompositionalLayout {
    let layout = CompositionalLayout { [unowned self] section, _ in sections[section].definition }
    layout.collectionView = self
    layout.bounds = Rect(x: 0, y: 0, width: width, height: height)
    layout.prepare()
    return layout
  }
}

@Suite struct CompositionalLayoutPropertyTests {
  static func randomSection(_ rng: inout SplitMix64) -> LayoutSection {
    func fraction() -> Double { Double(Int.random(in: 1...8, using: &rng)) / 8 }
    func length() -> Double { Double(Int.random(in: 1...12, using: &rng)) / 4 }
    let badge = LayoutSupplementaryItem(
      layoutSize: dimensions(.absolute(2), .absolute(1)), elementKind: .badge,
      containerAnchor: LayoutAnchor(edges: [.top, .trailing], fractionalOffset: Point(x: 0.5, y: -0.5)))
    // A quarter of the items are chips: their width is estimated, so a measured width moves them.
    let width: LayoutDimension =
      Int.random(in: 0..<4, using: &rng) == 0 ? .estimated(2 * length()) : .fractionalWidth(fraction())
    var item = LayoutItem(
      layoutSize: dimensions(width, Bool.random(using: &rng) ? .estimated(length()) : .absolute(length())),
      supplementaryItems: Bool.random(using: &rng) ? [badge] : [])
    if Bool.random(using: &rng) { item.contentInsets = EdgeInsets(all: 0.25) }
    let group: LayoutGroup
    switch Int.random(in: 0..<4, using: &rng) {
    case 0:
      group = .horizontal(
        layoutSize: dimensions(.fractionalWidth(1), .absolute(length())), repeatingSubitem: item,
        count: Int.random(in: 1...4, using: &rng))
    case 1:
      group = .vertical(
        layoutSize: dimensions(.fractionalWidth(fraction()), .estimated(length())), subitems: [item, item])
    case 2:
      let column = LayoutGroup.vertical(
        layoutSize: dimensions(.fractionalWidth(0.5), .fractionalHeight(1)), subitems: [item, item])
      group = .horizontal(
        layoutSize: dimensions(.fractionalWidth(1), .estimated(length())),
        members: [.item(item), .group(column)])
    default:
      var row = LayoutGroup.horizontal(
        layoutSize: dimensions(.fractionalWidth(1), .estimated(1)), subitems: [item, item])
      row.interItemSpacing = .fixed(1)
      group = row
    }
    var section = LayoutSection(group: group)
    section.interGroupSpacing = Double(Int.random(in: 0...2, using: &rng)) / 2
    section.contentInsets = EdgeInsets(top: length() / 2, left: 1, bottom: length() / 2, right: 1)
    if Bool.random(using: &rng) {
      section.boundarySupplementaryItems.append(
        LayoutBoundarySupplementaryItem(
          layoutSize: dimensions(.fractionalWidth(1), .absolute(1)), elementKind: .header, alignment: .top,
          pinToVisibleBounds: Bool.random(using: &rng)))
    }
    if Bool.random(using: &rng) {
      section.boundarySupplementaryItems.append(
        LayoutBoundarySupplementaryItem(
          layoutSize: dimensions(.fractionalWidth(0.5), .absolute(1)), elementKind: .footer,
          alignment: .bottomTrailing))
    }
    if Bool.random(using: &rng) {
      section.decorationItems = [.background(contentInsets: EdgeInsets(all: 0.5))]
    }
    if Int.random(in: 0..<4, using: &rng) == 0 {
      section.orthogonalScrollingBehavior = [.continuous, .paging, .groupPaging].randomElement(using: &rng)!
      section.group.layoutSize.widthDimension =
        Bool.random(using: &rng) ? .fractionalWidth(0.75) : .estimated(2 * length())
    }
    return section
  }

  /// After random count changes, definition changes, measured sizes, section inserts, deletes
  /// and moves and sideways scrolls applied incrementally, every element equals a freshly
  /// prepared layout's, and every rect query returns exactly the elements that intersect it.
  @Test func incrementalEqualsFreshAndQueriesEqualAScan() {
    var rng = SplitMix64(seed: 0xC0DE)
    for _ in 0..<40 {
      let source = DefinedSource(
        (0..<Int.random(in: 0...12, using: &rng)).map { _ in
          (Int.random(in: 0...9, using: &rng), Self.randomSection(&rng))
        })
      let layout = source.makeLayout()
      for _ in 0..<30 {
        var context = InvalidationContext()
        let count = source.sections.count
        switch Int.random(in: 0..<7, using: &rng) {
        case 0 where count > 0:
          let section = Int.random(in: 0..<count, using: &rng)
          source.sections[section].count = Int.random(in: 0...9, using: &rng)
          context.invalidateSections([section])
        case 1 where count > 0:
          let section = Int.random(in: 0..<count, using: &rng)
          source.sections[section].definition = Self.randomSection(&rng)
          context.invalidateSections([section])
        case 2 where count > 0:
          let section = Int.random(in: 0..<count, using: &rng)
          guard source.sections[section].count > 0 else { continue }
          let item = Int.random(in: 0..<source.sections[section].count, using: &rng)
          context.setPreferredSize(
            Size(
              width: Double(Int.random(in: 1...24, using: &rng)) / 4,
              height: Double(Int.random(in: 1...16, using: &rng)) / 4),
            forItemAt: IndexPath(item: item, section: section))
        case 3:
          let at = Int.random(in: 0...count, using: &rng)
          source.sections.insert((Int.random(in: 0...9, using: &rng), Self.randomSection(&rng)), at: at)
          context.invalidatesDataSourceCounts = true
          context.sectionUpdates = SectionUpdates(inserted: [at])
        case 4 where count > 0:
          let at = Int.random(in: 0..<count, using: &rng)
          source.sections.remove(at: at)
          context.invalidatesDataSourceCounts = true
          context.sectionUpdates = SectionUpdates(deleted: [at])
        case 5 where count > 1:
          let from = Int.random(in: 0..<count, using: &rng)
          let to = Int.random(in: 0..<count, using: &rng)
          source.sections.insert(source.sections.remove(at: from), at: to)
          context.invalidatesDataSourceCounts = true
          context.sectionUpdates = SectionUpdates(moved: [IndexMove(from: from, to: to)])
        case 6 where count > 0:
          layout.scrollSection(
            Int.random(in: 0..<count, using: &rng), sidewaysBy: Double(Int.random(in: -20...20, using: &rng)))
        default:
          continue
        }
        layout.invalidateLayout(with: context)
        layout.prepare()
      }
      let fresh = source.makeLayout()
      var sizes = InvalidationContext()
      for (path, size) in layout.selfSizing.itemSizes { sizes.setPreferredSize(size, forItemAt: path) }
      fresh.invalidateLayout(with: sizes)
      for section in 0..<source.sections.count {
        fresh.setOrthogonalOffset(layout.orthogonalOffset(forSection: section), forSection: section)
      }
      fresh.prepare()
      let whole = Rect(x: -100, y: -10, width: 300, height: fresh.contentSize.height + 20)
      #expect(layout.contentSize == fresh.contentSize)
      #expect(layout.layoutAttributesForElements(in: whole) == fresh.layoutAttributesForElements(in: whole))

      let countSource = CountSource(source.sections.map(\.count))
      let all = allElements(layout, countSource)
      for _ in 0..<20 {
        let rect = Rect(
          x: Double(Int.random(in: -5...50, using: &rng)),
          y: Double(Int.random(in: -3...Int(layout.contentSize.height) + 2, using: &rng)),
          width: Double(Int.random(in: 1...60, using: &rng)),
          height: Double(Int.random(in: 1...15, using: &rng)) / 2)
        let expected = all.filter { element in
          element.frame.intersects(rect) && (element.clip.map { element.frame.intersects($0) } ?? true)
        }
        let found = layout.layoutAttributesForElements(in: rect)
        let missing = Set(expected).subtracting(found)
        let extra = Set(found).subtracting(expected)
        #expect(missing.isEmpty && extra.isEmpty, "rect \(rect): missing \(missing), extra \(extra)")
        #expect(found.count == Set(found).count)
      }
    }
  }
}
