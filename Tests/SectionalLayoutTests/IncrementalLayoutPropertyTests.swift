import SectionalDiff
import SeededRandom
import TestTags
import Testing

@testable import SectionalLayout

@Suite(.slow) struct IncrementalLayoutPropertyTests {
  /// After any sequence of height changes, item inserts and deletes, and section inserts,
  /// deletes and moves applied incrementally, every attribute equals that of a freshly prepared
  /// layout over the same data — bit for bit, with fractional sizes. With `framesOnDemand`, the
  /// incremental layout builds item frames on demand (as a list past its budget does) and the
  /// fresh one stores them. With `estimates`, changed sections off screen wait at their last
  /// height: scrolling down from the top, every viewport shows what the fresh layout shows, and
  /// once it has passed the end nothing is estimated any more.
  @Test(arguments: [false, true], [false, true])
  func incrementalEqualsFresh(framesOnDemand: Bool, estimates: Bool) {
    var rng = SplitMix64(seed: 0xF10)
    func randomSize() -> ItemSize {
      .exact(
        size(Double(Int.random(in: 1...40, using: &rng)), Double(Int.random(in: 1...50, using: &rng)) / 10))
    }
    func randomSection() -> [ItemSize] { (0..<Int.random(in: 0...9, using: &rng)).map { _ in randomSize() } }

    for trial in 0..<60 {
      let source = GridSource((0..<Int.random(in: 0...30, using: &rng)).map { _ in randomSection() })
      let layout = makeLayout(source, width: 60, height: 20)
      if framesOnDemand { layout.maximumStoredItemFrames = 0 }
      layout.defersOffscreenSectionLayout = estimates
      layout.lineSpacing = 0.5
      layout.interitemSpacing = 1
      layout.headerHeight = 1.5
      layout.footerHeight = 0.7
      layout.sectionInset = EdgeInsets(top: 0.3, left: 1, bottom: 1.1, right: 2)
      layout.decorationStyles = [
        .sectionCard: .card, .shelf: DecorationStyle(), .sectionBackground: DecorationStyle(),
      ]
      layout.cardOutset = EdgeInsets(all: 0.5)
      layout.prepare()

      for step in 0..<40 {
        var context = InvalidationContext()
        let sectionCount = source.sections.count
        switch Int.random(in: 0..<8, using: &rng) {
        case 0 where sectionCount > 0:  // a height change (an expansion)
          let section = Int.random(in: 0..<sectionCount, using: &rng)
          guard !source.sections[section].isEmpty else { continue }
          let item = Int.random(in: 0..<source.sections[section].count, using: &rng)
          source.sections[section][item] = randomSize()
          context.invalidateItems([IndexPath(item: item, section: section)])
        case 1 where sectionCount > 0:  // item inserts and deletes
          let section = Int.random(in: 0..<sectionCount, using: &rng)
          if Bool.random(using: &rng) || source.sections[section].isEmpty {
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
              source.sections[section].insert(
                randomSize(), at: Int.random(in: 0...source.sections[section].count, using: &rng))
            }
          } else {
            source.sections[section].remove(
              at: Int.random(in: 0..<source.sections[section].count, using: &rng))
          }
          context.invalidateSections([section])
        case 2:  // section insert
          let at = Int.random(in: 0...sectionCount, using: &rng)
          source.sections.insert(randomSection(), at: at)
          context.sectionUpdates = SectionUpdates(inserted: [at])
          context.invalidatesDataSourceCounts = true
        case 3 where sectionCount > 0:  // section delete
          let at = Int.random(in: 0..<sectionCount, using: &rng)
          source.sections.remove(at: at)
          context.sectionUpdates = SectionUpdates(deleted: [at])
          context.invalidatesDataSourceCounts = true
        case 4 where sectionCount > 1:  // section move
          let from = Int.random(in: 0..<sectionCount, using: &rng)
          let moved = source.sections.remove(at: from)
          let to = Int.random(in: 0..<sectionCount, using: &rng)
          source.sections.insert(moved, at: to)
          context.sectionUpdates = SectionUpdates(moved: [IndexMove(from: from, to: to)])
          context.invalidatesDataSourceCounts = true
        case 5 where sectionCount > 1:  // a move and content changes in one batch, as the adapter sends
          let from = Int.random(in: 0..<sectionCount, using: &rng)
          let moved = source.sections.remove(at: from)
          let to = Int.random(in: 0..<sectionCount, using: &rng)
          source.sections.insert(moved, at: to)
          let other = Int.random(in: 0..<sectionCount, using: &rng)
          for section in [to, other] { source.sections[section] = randomSection() }
          context.sectionUpdates = SectionUpdates(moved: [IndexMove(from: from, to: to)])
          // Sections named with structural updates are in the updated numbering.
          context.reloadSections([to, other])
        case 6 where sectionCount > 0:  // an invalidation, then an insert before the next prepare
          let section = Int.random(in: 0..<sectionCount, using: &rng)
          source.sections[section] = randomSection()
          var first = InvalidationContext()
          first.invalidateSections([section])
          layout.invalidateLayout(with: first)
          let at = Int.random(in: 0...sectionCount, using: &rng)
          source.sections.insert(randomSection(), at: at)
          context.sectionUpdates = SectionUpdates(inserted: [at])
        default:  // a query between updates, with nothing invalid
          break
        }
        layout.invalidateLayout(with: context)
        layout.prepare()

        let fresh = makeLayout(source, width: 60, height: 20)
        fresh.lineSpacing = 0.5
        fresh.interitemSpacing = 1
        fresh.headerHeight = 1.5
        fresh.footerHeight = 0.7
        fresh.sectionInset = layout.sectionInset
        fresh.decorationStyles = layout.decorationStyles
        fresh.cardOutset = layout.cardOutset
        fresh.prepare()

        if estimates {
          var y = 0.0
          while y <= fresh.contentSize.height {
            let viewport = Rect(x: 0, y: y, width: 60, height: 20)
            let seen = layout.layoutAttributesForElements(in: viewport)
            #expect(
              seen == fresh.layoutAttributesForElements(in: viewport), "trial \(trial) step \(step) y \(y)")
            if seen != fresh.layoutAttributesForElements(in: viewport) { return }
            y += 20
          }
          #expect(layout.estimatedSectionCount == 0, "trial \(trial) step \(step)")
        }
        #expect(layout.contentSize == fresh.contentSize, "trial \(trial) step \(step)")
        let incremental = everything(layout)
        let expected = everything(fresh)
        #expect(incremental == expected, "trial \(trial) step \(step)")
        if incremental != expected { return }
        let y = Double(Int.random(in: 0...Int(fresh.contentSize.height) + 1, using: &rng))
        let viewport = Rect(x: 0, y: y, width: 60, height: 20)
        #expect(
          layout.layoutAttributesForElements(in: viewport) == fresh.layoutAttributesForElements(in: viewport))
      }
    }
  }

  /// A section that keeps outgrowing its block abandons storage until the arena compacts; the
  /// frames survive compaction.
  @Test func growingSectionsSurviveCompaction() {
    let source = GridSource(exact: [[size(4, 1)], [size(3, 1)], [size(2, 1)]])
    let layout = makeLayout(source, width: 10)
    layout.decorationStyles = [.shelf: DecorationStyle()]
    layout.prepare()
    for count in 2...160 {
      source.sections[1] = Array(repeating: .exact(size(3, 1)), count: count)
      var context = InvalidationContext()
      context.invalidateSections([1])
      layout.invalidateLayout(with: context)
      layout.prepare()
    }
    #expect(layout.items.storage.count < 2 * (1 + 160 + 1) + 4096)
    let fresh = makeLayout(source, width: 10)
    fresh.decorationStyles = layout.decorationStyles
    fresh.prepare()
    #expect(everything(layout) == everything(fresh))
  }

  @Test func inconsistentSectionUpdatesFallBackToAFullRebuild() {
    let source = GridSource(exact: [[size(5, 1)], [size(5, 2)]])
    let layout = makeLayout(source)
    layout.prepare()
    source.sections.append([.exact(size(5, 3))])
    var context = InvalidationContext()
    context.sectionUpdates = SectionUpdates(deleted: [0])  // says 1 section, the data source says 3
    context.invalidatesDataSourceCounts = true
    layout.invalidateLayout(with: context)
    layout.prepare()
    #expect(layout.numberOfSections == 3)
    #expect(layout.contentSize.height == 6)
    #expect(source.diagnostics.map(\.kind) == [.inconsistentUpdate])
  }

  /// Thousands of sections with frames built on demand: random viewports, item and decoration
  /// lookups and section changes, far more sections than the on-demand cache keeps, answer
  /// exactly as a layout that stores every frame.
  @Test func framesBuiltOnDemandAnswerAsStoredFramesDo() {
    var rng = SplitMix64(seed: 0xD0_0D)
    let sections = (0..<3_000).map { _ in
      (0..<Int.random(in: 0...6, using: &rng)).map { _ in
        ItemSize.exact(
          size(Double(Int.random(in: 5...70, using: &rng)), Double(Int.random(in: 1...4, using: &rng))))
      }
    }
    let source = GridSource(sections)
    func configured(_ onDemand: Bool) -> FlowLayout {
      let layout = makeLayout(source, width: 80, height: 30)
      if onDemand { layout.maximumStoredItemFrames = 100 }
      layout.headerHeight = 1
      layout.decorationStyles = [.sectionCard: .card, .shelf: DecorationStyle()]
      layout.cardOutset = EdgeInsets(all: 1)
      layout.prepare()
      return layout
    }
    let onDemand = configured(true)
    let stored = configured(false)
    #expect(!onDemand.storesFrames && stored.storesFrames)
    for step in 0..<2_000 {
      if step % 50 == 0 {
        let section = Int.random(in: 0..<source.sections.count, using: &rng)
        source.sections[section].append(.exact(size(30, 2)))
        var context = InvalidationContext()
        context.invalidateSections([section])
        for layout in [onDemand, stored] {
          layout.invalidateLayout(with: context)
          layout.prepare()
        }
      }
      let y = Double(Int.random(in: 0..<Int(stored.contentSize.height), using: &rng))
      let viewport = Rect(x: 0, y: y, width: 80, height: 30)
      #expect(
        onDemand.layoutAttributesForElements(in: viewport) == stored.layoutAttributesForElements(in: viewport)
      )
      let section = Int.random(in: 0..<source.sections.count, using: &rng)
      let path = IndexPath(item: Int.random(in: 0...3, using: &rng), section: section)
      #expect(onDemand.layoutAttributesForItem(at: path) == stored.layoutAttributesForItem(at: path))
      for kind in [ElementKind.sectionCard, .shelf] {
        #expect(
          onDemand.layoutAttributesForDecoration(ofKind: kind, at: path)
            == stored.layoutAttributesForDecoration(ofKind: kind, at: path))
      }
    }
    #expect(onDemand.lazySections.count <= FlowLayout.onDemandCapacity)
    #expect(MemoryLayout<SectionRecord>.stride == 32)
  }
}
