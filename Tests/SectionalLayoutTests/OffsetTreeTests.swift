import SeededRandom
import TestTags
import Testing

@testable import SectionalLayout

@Suite(.slow) struct OffsetTreeTests {
  /// Walking sections from a y answers exactly what one descent per section answers — the same
  /// bits, with fractional and zero heights — and exactly the sections that reach the span.
  @Test func walkingMatchesDescentsBitForBit() {
    var rng = SplitMix64(seed: 31_337)
    for caseIndex in 0..<400 {
      // Mostly small trees; every tenth one deep enough for five levels of eight.
      let count = Int.random(in: 1...(caseIndex % 10 == 0 ? 5_000 : 300), using: &rng)
      let heights = (0..<count).map { _ -> Double in
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: 0
        case 1: Double(Int.random(in: 1...9, using: &rng))
        default: Double(Int.random(in: 1...1000, using: &rng)) / 7
        }
      }
      var tree = OffsetTree(heights: heights)
      // Some heights changed in place, as incremental layout does.
      for _ in 0..<Int.random(in: 0...5, using: &rng) {
        tree.setHeight(
          Double(Int.random(in: 0...50, using: &rng)) / 3, at: Int.random(in: 0..<count, using: &rng))
      }
      let total = tree.total
      for _ in 0..<20 {
        let minY = Double.random(in: -20...(total + 20), using: &rng)
        let maxY = minY + Double.random(in: 0...(total / 4 + 1), using: &rng)
        var walked: [Double] = []
        let range = tree.sections(from: minY, to: maxY, offsets: &walked)
        // From the section whose extent passes max(0, minY), every section starting before maxY.
        func end(_ index: Int) -> Double { index + 1 < count ? tree.offset(of: index + 1) : total }
        var expectedRange = 0..<0
        if minY < total, maxY > 0, maxY > minY,
          let first = (0..<count).first(where: { end($0) > Swift.max(0, minY) })
        {
          var end = first
          while end < count && tree.offset(of: end) < maxY { end += 1 }
          expectedRange = first..<end
        }
        #expect(range == expectedRange, "case \(caseIndex): \(minY)..<\(maxY)")
        #expect(walked.count == range.count)
        for (offset, index) in zip(walked, range) {
          #expect(
            offset.bitPattern == tree.offset(of: index).bitPattern, "case \(caseIndex), section \(index)")
        }
      }
    }
  }

  @Test func emptyAndOutOfRangeSpans() {
    let tree = OffsetTree(heights: [3, 0, 4])
    var offsets: [Double] = []
    #expect(tree.sections(from: 7, to: 9, offsets: &offsets).isEmpty)
    #expect(tree.sections(from: -5, to: 0, offsets: &offsets).isEmpty)
    #expect(tree.sections(from: .nan, to: 2, offsets: &offsets).isEmpty)
    #expect(tree.sections(from: 2, to: 2, offsets: &offsets).isEmpty)
    #expect(OffsetTree().sections(from: 0, to: 10, offsets: &offsets).isEmpty)
    #expect(offsets.isEmpty)
    // The zero-height section 1 starts where section 2 does, before 4: it reaches the span.
    #expect(tree.sections(from: 1, to: 4, offsets: &offsets) == 0..<3 && offsets == [0, 3, 3])
  }
}
