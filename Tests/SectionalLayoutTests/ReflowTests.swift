import SectionalDiff
import SeededRandom
import TestTags
import Testing

@testable import SectionalLayout

/// A section whose only change is an item batch is re-flowed from its first changed item, from
/// stored sizes: exactly the frames a fresh layout gives, asking only the changed items' sizes.
@Suite struct ReflowTests {
  /// A layout over `sections` with a card, insets and spacing in quarters (stored exactly).
  func layout(_ source: GridSource, width: Double = 40) -> FlowLayout {
    let layout = makeLayout(source, width: width, height: 20)
    layout.lineSpacing = 0.25
    layout.interitemSpacing = 1
    layout.headerHeight = 1.5
    layout.footerHeight = 0.75
    layout.sectionInset = EdgeInsets(top: 0.5, left: 1, bottom: 1.25, right: 2)
    layout.decorationStyles = [.sectionCard: .card, .sectionBackground: DecorationStyle()]
    layout.cardOutset = EdgeInsets(all: 0.5)
    layout.prepare()
    return layout
  }

  func fresh(_ source: GridSource, like layout: FlowLayout) -> FlowLayout {
    let fresh = makeLayout(source, width: layout.bounds.width, height: 20)
    fresh.lineSpacing = layout.lineSpacing
    fresh.interitemSpacing = layout.interitemSpacing
    fresh.headerHeight = layout.headerHeight
    fresh.footerHeight = layout.footerHeight
    fresh.sectionInset = layout.sectionInset
    fresh.decorationStyles = layout.decorationStyles
    fresh.cardOutset = layout.cardOutset
    fresh.prepare()
    return fresh
  }

  @Test func anAppendToALongSectionAsksOneSize() {
    let rows = [ItemSize](repeating: .exact(size(37, 1)), count: 5_000)
    let source = GridSource([[.exact(size(5, 1))], rows, [.exact(size(5, 1))]])
    let layout = layout(source)
    let asked = source.sizeQueries
    source.sections[1].append(.exact(size(37, 2)))
    var context = InvalidationContext()
    context.updateItems(ItemUpdates(inserts: [5_000]), inSection: 1)
    layout.invalidateLayout(with: context)
    layout.prepare()
    #expect(source.sizeQueries - asked == 1)
    #expect(layout.sectionReflows == 1)
    #expect(everything(layout) == everything(fresh(source, like: layout)))
  }

  /// Sizes that single precision rounds (a third) cannot be re-flowed exactly from stored frames:
  /// the section is laid out whole, and is still exact.
  @Test func sizesStoredWithRoundingAreLaidOutWhole() {
    let source = GridSource([(0..<9).map { _ in .exact(size(1.0 / 3, 1)) }])
    let layout = layout(source)
    let computed = layout.sectionComputations
    source.sections[0].insert(.exact(size(2, 1)), at: 4)
    var context = InvalidationContext()
    context.updateItems(ItemUpdates(inserts: [4]), inSection: 0)
    layout.invalidateLayout(with: context)
    layout.prepare()
    #expect(layout.sectionReflows == 0 && layout.sectionComputations == computed + 1)
    #expect(everything(layout) == everything(fresh(source, like: layout)))
  }

  /// Random batches (inserts, deletes, reloads with new sizes, moves), sometimes with a new inset
  /// or header for the section, sometimes two batches or a section update before one prepare:
  /// every frame equals a fresh layout's, and the re-flow does run.
  @Test(.slow) func randomBatchesEqualAFreshLayout() {
    var rng = SplitMix64(seed: 0x4EF1)
    struct Item: Hashable {
      var id: Int
      var size: Size
    }
    var nextID = 0
    func randomItem() -> Item {
      nextID += 1
      // Mostly quarters; now and then a fifth, which single precision rounds.
      let fifth = rng.next(below: 20) == 0
      let width = Double(1 + rng.next(below: 30)) / (fifth ? 5 : 4)
      return Item(id: nextID, size: size(width, Double(1 + rng.next(below: 12)) / 4))
    }
    var reflows = 0
    for trial in 0..<40 {
      var model = (0..<(1 + rng.next(below: 6))).map { _ in
        (0..<rng.next(below: 30)).map { _ in randomItem() }
      }
      let source = GridSource(model.map { $0.map { .exact($0.size) } })
      let layout = layout(source, width: Double(10 + rng.next(below: 50)))
      for step in 0..<30 {
        var context = InvalidationContext()
        let section = rng.next(below: model.count)
        var items = model[section]
        for _ in 0..<(1 + rng.next(below: 3)) {
          switch rng.next(below: 5) {
          case 0: items.insert(randomItem(), at: rng.next(below: items.count + 1))
          case 1 where !items.isEmpty: items.remove(at: rng.next(below: items.count))
          case 2 where !items.isEmpty: items[rng.next(below: items.count)].size = randomItem().size
          case 3 where items.count > 1:
            items.insert(items.remove(at: rng.next(below: items.count)), at: rng.next(below: items.count))
          default: items.append(randomItem())
          }
        }
        let changes = diff(old: model[section], new: items, identifier: \.id, isEqual: ==).forBatchUpdates()
        model[section] = items
        context.updateItems(
          ItemUpdates(
            inserts: changes.inserts, deletes: changes.deletes, reloads: changes.updates, moves: changes.moves
          ),
          inSection: section)
        switch rng.next(below: 8) {
        case 0: source.insets[section] = EdgeInsets(all: Double(rng.next(below: 4)) / 2)
        case 1: source.headers[section] = Double(rng.next(below: 4))
        case 2:
          // A second context naming the section whole before the prepare.
          var whole = InvalidationContext()
          whole.invalidateSections([section])
          layout.invalidateLayout(with: whole)
        default: break
        }
        source.sections = model.map { $0.map { .exact($0.size) } }
        let before = layout.sectionReflows
        layout.invalidateLayout(with: context)
        layout.prepare()
        reflows += layout.sectionReflows - before
        let expected = fresh(source, like: layout)
        #expect(layout.contentSize == expected.contentSize, "trial \(trial) step \(step)")
        #expect(everything(layout) == everything(expected), "trial \(trial) step \(step)")
        if everything(layout) != everything(expected) { return }
      }
    }
    #expect(reflows > 300)
  }
}
