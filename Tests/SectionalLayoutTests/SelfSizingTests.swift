import SectionalDiff
import Testing

@testable import SectionalLayout

/// Drives seed 001's loop the way a collection view does: prepare, ask each visible cell for its
/// preferred size, invalidate with the layout's context, until nothing is invalid. Returns the
/// number of passes.
@discardableResult
func settle(_ layout: FlowLayout, maxPasses: Int = 100, measure: (IndexPath, Rect) -> Size) -> Int {
  var passes = 0
  while passes < maxPasses {
    layout.prepare()
    passes += 1
    var changed = false
    for original in layout.layoutAttributesForElements(in: layout.bounds) where original.category == .cell {
      var preferred = original
      preferred.frame.size = measure(original.indexPath, original.frame)
      if layout.shouldInvalidateLayout(forPreferredAttributes: preferred, originalAttributes: original) {
        let context = layout.invalidationContext(
          forPreferredAttributes: preferred, originalAttributes: original)
        #expect(context.contentSizeAdjustment.height == preferred.frame.height - original.frame.height)
        #expect(context.preferredSizes[original.indexPath] == preferred.frame.size)
        layout.invalidateLayout(with: context)
        changed = true
      }
    }
    if !changed { break }
  }
  return passes
}

@Suite struct SelfSizingTests {
  /// Text cells whose height is their text's length wrapped at the width.
  @Test func estimatedCellsSettleInTwoPasses() {
    let lengths = [[30, 75, 10], [200]]
    let source = GridSource(lengths.map { $0.map { _ in .estimated(size(20, 1)) } })
    let layout = makeLayout(source, width: 20, height: 100)
    let passes = settle(layout) { indexPath, _ in
      size(20, Double((lengths[indexPath.section][indexPath.item] + 19) / 20))
    }
    #expect(passes == 2)
    #expect(
      layout.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame
        == Rect(x: 0, y: 2, width: 20, height: 4))
    #expect(
      layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 1))?.frame
        == Rect(x: 0, y: 7, width: 20, height: 10))
    #expect(layout.contentSize.height == 17)
    #expect(source.diagnostics.isEmpty)
  }

  @Test func exactSizesIgnorePreferredSizes() {
    let source = GridSource(exact: [[size(20, 3)]])
    let layout = makeLayout(source, width: 20)
    #expect(settle(layout) { _, _ in size(20, 9) } == 1)
    #expect(layout.contentSize.height == 3)
  }

  @Test func preferredSizeInvalidatesOnlyItsSectionAndShiftsTheRest() {
    let source = GridSource(Array(repeating: [.estimated(size(10, 1))], count: 50))
    let layout = makeLayout(source, width: 10, height: 1000)
    layout.prepare()
    let before = layout.sectionComputations
    let original = layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 20))!
    var preferred = original
    preferred.frame.size.height = 4
    layout.invalidateLayout(
      with: layout.invalidationContext(forPreferredAttributes: preferred, originalAttributes: original))
    layout.prepare()
    #expect(layout.sectionComputations == before + 1)
    #expect(layout.layoutAttributesForItem(at: IndexPath(item: 0, section: 21))?.frame.minY == 24)
    #expect(layout.contentSize.height == 53)
  }

  @Test func aSizeThatGrowsEveryPassStopsWithADiagnostic() {
    let source = GridSource([[.estimated(size(10, 1))]])
    let layout = makeLayout(source, width: 10, height: 1000)
    let passes = settle(layout) { _, frame in size(10, frame.height + 1) }
    #expect(passes == layout.maximumSelfSizingPasses + 1)
    #expect(source.diagnostics.map(\.kind) == [.selfSizingDidNotSettle])
    #expect(layout.contentSize.height == 1 + Double(layout.maximumSelfSizingPasses))
  }

  @Test func aSizeThatAlternatesStopsWithADiagnostic() {
    let source = GridSource([[.estimated(size(10, 1))], [.estimated(size(10, 2))]])
    let layout = makeLayout(source, width: 10, height: 1000)
    layout.maximumSelfSizingPasses = 5
    let passes = settle(layout) { indexPath, frame in
      indexPath.section == 0 ? size(10, frame.height == 3 ? 5 : 3) : size(10, 2)
    }
    #expect(passes == 6)
    #expect(
      source.diagnostics.filter { $0.kind == .selfSizingDidNotSettle }.map(\.indexPaths) == [
        [IndexPath(item: 0, section: 0)]
      ])
  }

  @Test func aNewWidthForgetsPreferredSizes() {
    let source = GridSource([[.estimated(size(10, 1))]])
    let layout = makeLayout(source, width: 10)
    settle(layout) { _, _ in size(10, 6) }
    #expect(layout.contentSize.height == 6)
    layout.bounds.size.width = 12
    layout.prepare()
    #expect(layout.contentSize.height == 1)
  }
}
