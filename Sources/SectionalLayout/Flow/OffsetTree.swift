/// Section heights in a sum tree: the offset of any section, the section at any y, and a height
/// change, each in O(log n).
///
/// The tree has eight children per node, one cache line of `Double`s: a descent through 100,000
/// sections reads six small groups instead of seventeen scattered binary nodes, and a query is
/// bound by those reads. Level 0 holds the heights, each level above the sums of eight below, up
/// to one group of at most eight: the root.
///
/// Every inner entry is recomputed as the sum of its eight children, left to right, never
/// adjusted by a delta, and every offset adds the same entries in the same order. So after any
/// sequence of updates the tree holds exactly the numbers a fresh build would — bit for bit,
/// fractional heights included — which a Fenwick tree updated by deltas does not promise.
struct OffsetTree {
  private(set) var count = 0
  /// Where each level starts in ``nodes``: leaves first, the root group last. Every level is a
  /// whole number of groups of eight (zero heights pad the last group).
  private var levelStarts: [Int] = [0]
  private var nodes = [Double](repeating: 0, count: 8)
  /// The sum of all heights: the root group's entries added left to right.
  private(set) var total = 0.0

  init() {}

  init(heights: [Double]) {
    rebuild(heights: heights)
  }

  /// The number of levels, the root group's included.
  private var levels: Int { levelStarts.count }

  /// Replaces every height.
  ///
  /// - Complexity: O(n).
  mutating func rebuild(heights: [Double]) {
    count = heights.count
    func padded(_ count: Int) -> Int { Swift.max(8, (count &+ 7) & ~7) }
    var sizes = [padded(count)]
    while sizes[sizes.count &- 1] > 8 { sizes.append(padded(sizes[sizes.count &- 1] &>> 3)) }
    var starts: [Int] = []
    var end = 0
    for size in sizes {
      starts.append(end)
      end &+= size
    }
    levelStarts = starts
    nodes = [Double](repeating: 0, count: end)
    nodes.withUnsafeMutableBufferPointer { nodes in
      for (index, height) in heights.enumerated() { nodes[index] = height }
      for level in 1..<sizes.count {
        let below = starts[level &- 1]
        for entry in 0..<(sizes[level &- 1] &>> 3) {
          nodes[starts[level] &+ entry] = Self.groupSum(nodes, at: below &+ entry &<< 3)
        }
      }
      total = Self.groupSum(nodes, at: starts[starts.count &- 1])
    }
  }

  /// The eight entries from `start`, added left to right.
  @inline(__always)
  private static func groupSum(_ nodes: UnsafeMutableBufferPointer<Double>, at start: Int) -> Double {
    var sum = nodes[start]
    for index in (start &+ 1)..<(start &+ 8) { sum += nodes[index] }
    return sum
  }

  /// Sets one section's height.
  ///
  /// - Complexity: O(log n).
  mutating func setHeight(_ height: Double, at index: Int) {
    let starts = levelStarts
    nodes.withUnsafeMutableBufferPointer { nodes in
      nodes[index] = height
      var entry = index
      for level in 1..<starts.count {
        let group = entry &>> 3
        nodes[starts[level] &+ group] = Self.groupSum(nodes, at: starts[level &- 1] &+ group &<< 3)
        entry = group
      }
      total = Self.groupSum(nodes, at: starts[starts.count &- 1])
    }
  }

  /// The sum of the heights of the sections before `index`: where section `index` starts.
  ///
  /// - Complexity: O(log n).
  func offset(of index: Int) -> Double {
    nodes.withUnsafeBufferPointer { nodes in
      var offset = 0.0
      var level = levels &- 1
      while level >= 0 {
        let entry = index &>> (3 &* level)
        let groupStart = levelStarts[level] &+ (entry & ~7)
        for sibling in groupStart..<(groupStart &+ (entry & 7)) { offset += nodes[sibling] }
        level &-= 1
      }
      return offset
    }
  }

  /// The sections whose extent `offset ..< offset + height` reaches `[minY, maxY)`, in order:
  /// their offsets are appended to `offsets`, and the range of their indexes returned.
  ///
  /// One descent finds the first section; each next offset comes from the previous one's path
  /// (the sum before the entry where the two paths part, plus that entry), so a run of k
  /// sections costs O(log n + k) rather than k descents. The additions are the ones
  /// ``offset(of:)`` makes, in the same order, so the offsets are bit for bit the same.
  func sections(from minY: Double, to maxY: Double, offsets: inout [Double]) -> Range<Int> {
    guard count > 0, minY.isFinite, maxY.isFinite, maxY > 0, maxY > minY, minY < total else {
      return 0..<0
    }
    let y = Swift.max(0, minY)
    let levels = self.levels
    return nodes.withUnsafeBufferPointer { nodes in
      levelStarts.withUnsafeBufferPointer { starts in
        withUnsafeTemporaryAllocation(of: Double.self, capacity: levels) { run in
          // run[level]: the offset added up to the path's entry at that level (not including
          // it); run[0] is the current section's offset.
          var offset = 0.0
          var entry = 0
          var level = levels &- 1
          while level >= 0 {
            let groupStart = starts[level] &+ entry &<< 3
            var child = 0
            // The last child is taken without a comparison, as a binary descent takes the right.
            while child < 7 {
              let end = offset + nodes[groupStart &+ child]
              if y < end { break }
              offset = end
              child &+= 1
            }
            run[level] = offset
            entry = entry &<< 3 &+ child
            level &-= 1
          }
          let first = Swift.min(entry, count &- 1)
          if first != entry {
            // y lies in the zero-height padding past the last section: start at the last one.
            let start = self.offset(of: first)
            guard start < maxY else { return first..<first }
            offsets.append(start)
            return first..<(first &+ 1)
          }
          var index = first
          while true {
            let current = run[0]
            guard current < maxY else { break }
            offsets.append(current)
            index &+= 1
            guard index < count else { break }
            // The paths part at the lowest level where the previous index's digit (base 8) is
            // not 7: there the path adds the entry it passes; below it, nothing yet.
            let previous = index &- 1
            let partLevel = (~previous).trailingZeroBitCount / 3
            let next = run[partLevel] + nodes[starts[partLevel] &+ previous &>> (3 &* partLevel)]
            var level = 0
            while level <= partLevel {
              run[level] = next
              level &+= 1
            }
          }
          return first..<index
        }
      }
    }
  }
}
