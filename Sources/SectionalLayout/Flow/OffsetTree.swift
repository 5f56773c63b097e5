/// Section heights in a sum segment tree: the offset of any section, the section at any y, and a
/// height change, each in O(log n).
///
/// Every inner node is recomputed as `left + right` from its children, never adjusted by a delta,
/// and every query adds the same nodes in the same order. So after any sequence of updates the
/// tree holds exactly the numbers a fresh build would — bit for bit, fractional heights included —
/// which a Fenwick tree updated by deltas does not promise.
struct OffsetTree {
  private(set) var count = 0
  private var leafBase = 1
  /// log2(leafBase): the number of levels below the root.
  private var depth = 0
  private var nodes: [Double] = [0, 0]

  init() {}

  init(heights: [Double]) {
    rebuild(heights: heights)
  }

  /// Replaces every height.
  ///
  /// - Complexity: O(n).
  mutating func rebuild(heights: [Double]) {
    count = heights.count
    leafBase = 1
    depth = 0
    while leafBase < count {
      leafBase &<<= 1
      depth &+= 1
    }
    nodes = [Double](repeating: 0, count: leafBase &* 2)
    for (index, height) in heights.enumerated() { nodes[leafBase &+ index] = height }
    var node = leafBase &- 1
    while node >= 1 {
      nodes[node] = nodes[node &* 2] + nodes[node &* 2 &+ 1]
      node &-= 1
    }
  }

  /// The sum of all heights.
  var total: Double { nodes[1] }

  /// Sets one section's height.
  ///
  /// - Complexity: O(log n).
  mutating func setHeight(_ height: Double, at index: Int) {
    var node = leafBase &+ index
    nodes[node] = height
    node &>>= 1
    while node >= 1 {
      nodes[node] = nodes[node &* 2] + nodes[node &* 2 &+ 1]
      node &>>= 1
    }
  }

  /// The sum of the heights of the sections before `index`: where section `index` starts.
  ///
  /// - Complexity: O(log n).
  func offset(of index: Int) -> Double {
    var node = 1
    var low = 0
    var span = leafBase
    var offset = 0.0
    while span > 1 {
      span &>>= 1
      if index >= low &+ span {
        offset += nodes[node &* 2]
        node = node &* 2 &+ 1
        low &+= span
      } else {
        node = node &* 2
      }
    }
    return offset
  }

  /// The sections whose extent `offset ..< offset + height` reaches `[minY, maxY)`, in order:
  /// their offsets are appended to `offsets`, and the range of their indexes returned.
  ///
  /// One descent finds the first section; each next offset comes from the previous one's path
  /// (the sum above the level where the two paths part, plus one node), so a run of k sections
  /// costs O(log n + k) rather than k descents. The additions are the ones ``offset(of:)`` makes,
  /// in the same order, so the offsets are bit for bit the same.
  func sections(from minY: Double, to maxY: Double, offsets: inout [Double]) -> Range<Int> {
    guard count > 0, minY.isFinite, maxY.isFinite, maxY > 0, maxY > minY, minY < nodes[1] else {
      return 0..<0
    }
    let y = Swift.max(0, minY)
    return nodes.withUnsafeBufferPointer { nodes in
      withUnsafeTemporaryAllocation(of: Double.self, capacity: depth &+ 1) { prefix in
        // prefix[d]: the sum added above level d on the current path; prefix[depth] is the
        // current section's offset.
        var node = 1
        var offset = 0.0
        prefix[0] = 0
        var level = 0
        while node < leafBase {
          let left = node &* 2
          let leftEnd = offset + nodes[left]
          if y < leftEnd {
            node = left
          } else {
            offset = leftEnd
            node = left &+ 1
          }
          level &+= 1
          prefix[level] = offset
        }
        let first = Swift.min(node &- leafBase, count &- 1)
        if first != node &- leafBase {
          // y lies in the zero-height padding past the last section: start at the last one.
          let start = self.offset(of: first)
          guard start < maxY else { return first..<first }
          offsets.append(start)
          return first..<(first &+ 1)
        }
        var index = first
        while true {
          let current = prefix[depth]
          guard current < maxY else { break }
          offsets.append(current)
          index &+= 1
          guard index < count else { break }
          // The previous index's lowest zero bit is where the paths part: above it nothing
          // changes; there the path turns right past the left sibling; below it, all left.
          let previous = index &- 1
          let trailingOnes = (~previous).trailingZeroBitCount
          let partLevel = depth &- 1 &- trailingOnes
          let next = prefix[partLevel] + nodes[(leafBase &+ previous) &>> trailingOnes]
          var level = partLevel &+ 1
          while level <= depth {
            prefix[level] = next
            level &+= 1
          }
        }
        return first..<index
      }
    }
  }
}
