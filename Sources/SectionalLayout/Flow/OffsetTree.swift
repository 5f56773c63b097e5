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
    while leafBase < count { leafBase &<<= 1 }
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

  /// The height of section `index`.
  func height(at index: Int) -> Double { nodes[leafBase &+ index] }

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

  /// The first section whose extent `offset ..< offset + height` lies below `y`'s start, that is
  /// the section containing `y`; `count` when `y` is at or past the end.
  ///
  /// - Complexity: O(log n).
  func index(containing y: Double) -> Int {
    guard count > 0, y < nodes[1] else { return count }
    var node = 1
    var offset = 0.0
    while node < leafBase {
      let left = node &* 2
      let leftEnd = offset + nodes[left]
      if y < leftEnd {
        node = left
      } else {
        offset = leftEnd
        node = left &+ 1
      }
    }
    return Swift.min(node &- leafBase, count &- 1)
  }
}
