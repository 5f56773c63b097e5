/// A rect stored in single precision, relative to its section's origin: the per-item cache.
///
/// Half the memory of four `Double`s, which keeps a million five-item sections well under
/// 300 MB. Exact for coordinates that are multiples of 1/256 below 65,536 points — terminal
/// cells are whole numbers. Absolute positions (section offsets) stay in `Double`.
struct StoredRect {
  var x: Float
  var y: Float
  var width: Float
  var height: Float

  static let zero = StoredRect(x: 0, y: 0, width: 0, height: 0)

  init(x: Float, y: Float, width: Float, height: Float) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  init(_ rect: Rect) {
    self.init(x: Float(rect.minX), y: Float(rect.minY), width: Float(rect.width), height: Float(rect.height))
  }

  /// The absolute rect for a section starting at `sectionY`.
  @inline(__always)
  func absolute(sectionY: Double) -> Rect {
    Rect(x: Double(x), y: sectionY + Double(y), width: Double(width), height: Double(height))
  }
}

/// Insets in single precision, as `StoredRect` keeps a rect.
struct StoredInsets: Equatable {
  var top: Float = 0
  var left: Float = 0
  var bottom: Float = 0
  var right: Float = 0
}

/// Whether a length (not negative) is a multiple of 1/256 below 2^16. Single precision holds
/// every such value, and every sum of such values below 2^16, without rounding; so does double
/// precision, in any order. A section whose lengths all are, and whose height and width are below
/// 2^16, is stored exactly (see `FlowLayout+Reflow.swift`).
@inline(__always)
func isOnGrid(_ length: Double) -> Bool {
  // The bound first: the scaled length then converts to an integer without trapping.
  guard length >= 0 && length < FlowLayout.gridLimit else { return false }
  let scaled = length * 256
  return Double(Int(scaled)) == scaled
}

/// What the flow layout keeps for every section: enough to place it, its header, footer and
/// background, and which decorations it has. 32 bytes, so a million sections cost 32 MB.
struct SectionRecord {
  /// Header + insets + lines + footer.
  var height: Double = 0
  var itemCount: Int32 = 0
  var headerHeight: Float = 0
  var footerHeight: Float = 0
  /// Indexes into the layout's style palette, or -1 for no decoration of that kind.
  var cardStyle: Int16 = -1
  var backgroundStyle: Int16 = -1
  var shelfStyle: Int16 = -1
  /// Whether the delegate gave any item of the section an estimated size (only such an item can
  /// take a preferred size).
  var hasEstimatedItems = false
  /// Whether every size, inset and spacing of the section is on the grid (`isOnGrid`) and the
  /// section is less than 2^16 tall and wide, so its frames are stored without rounding and a
  /// layout from them is the layout from the delegate's answers: only then is the section
  /// re-flowed from its first changed item.
  var isStoredExactly = false
}

/// Where a section's items, shelves and card are, relative to the section. Kept for every
/// section (with the frames in the layout's arenas) while the frames fit the layout's budget;
/// beyond it, built on demand for the sections a query touches and kept in a small cache.
struct SectionGeometry {
  var itemStart: Int32 = 0
  var itemCapacity: Int32 = 0
  var shelfStart: Int32 = 0
  var shelfCount: Int32 = 0
  var shelfCapacity: Int32 = 0
  /// The tallest line, which bounds the binary search for the first visible item.
  var maxLineHeight: Float = 0
  /// The section card's frame, relative to the section (meaningful when the record's
  /// `cardStyle >= 0`).
  var card = StoredRect.zero
  /// The insets and spacing the section was laid out with, compared with the delegate's answers
  /// when only some items changed (see `FlowLayout+Reflow.swift`).
  var inset = StoredInsets()
  var lineSpacing: Float = 0
  var interitemSpacing: Float = 0
}

/// A section's geometry and frames built on demand, with when it was last used.
struct LazySection {
  var geometry: SectionGeometry
  var items: [StoredRect]
  var shelves: [StoredRect]
  var lastUse: Int
}

/// A growable store of fixed blocks: a section's items stay in one contiguous block, which moves
/// to the end when the section outgrows it. Abandoned blocks are counted and compacted away when
/// they reach half the store.
struct BlockArena<Element> {
  var storage: [Element] = []
  private(set) var abandoned = 0
  let filler: Element

  init(filler: Element) { self.filler = filler }

  /// Empties the store, with room for blocks of `capacity` elements in all (each with its
  /// eighth to spare) plus another eighth, so the first sections to outgrow their blocks after a
  /// rebuild do not copy the whole store.
  mutating func removeAll(reservingCapacity capacity: Int) {
    storage = []
    storage.reserveCapacity(capacity + capacity / 4 + 64)
    abandoned = 0
  }

  /// A block of at least `count` elements for a section that holds `start ..< start + capacity`.
  /// A new block has an eighth more room than asked, so a section of a few dozen items that
  /// gains one or two in a batch — an item moved in — is laid out again in place instead of
  /// moving to the end of the store.
  mutating func block(count: Int, start: inout Int32, capacity: inout Int32) {
    guard count > Int(capacity) else { return }
    abandoned += Int(capacity)
    let room = count + count / 8
    start = Int32(truncatingIfNeeded: storage.count)
    capacity = Int32(truncatingIfNeeded: room)
    storage.append(contentsOf: repeatElement(filler, count: room))
  }

  mutating func release(capacity: Int32) { abandoned += Int(capacity) }

  var needsCompaction: Bool { abandoned > 4096 && abandoned * 2 > storage.count }

  /// Copies every live block into a fresh store, each trimmed to its count.
  mutating func compact(
    _ blocks: inout [SectionGeometry], keyPath: WritableKeyPath<SectionGeometry, Int32>,
    capacityPath: WritableKeyPath<SectionGeometry, Int32>, count: (Int) -> Int
  ) {
    var fresh: [Element] = []
    fresh.reserveCapacity(storage.count - abandoned)
    for index in blocks.indices {
      let start = Int(blocks[index][keyPath: keyPath])
      let count = count(index)
      blocks[index][keyPath: keyPath] = Int32(truncatingIfNeeded: fresh.count)
      blocks[index][keyPath: capacityPath] = Int32(truncatingIfNeeded: count)
      fresh.append(contentsOf: storage[start..<start + count])
    }
    storage = fresh
    abandoned = 0
  }
}
