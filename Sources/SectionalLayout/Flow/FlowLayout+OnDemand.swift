import SectionalDiff

// Frames built on demand for a section whose frames are not stored.

extension FlowLayout {
  /// Calls `body` with the section's geometry and its item and shelf frames (relative to the
  /// section): from the arenas while frames are stored, otherwise from the on-demand cache,
  /// building the section from the delegate when it is not there.
  @inline(__always)
  func withFrames<Result>(
    of section: Int,
    _ body: (SectionGeometry, UnsafeBufferPointer<StoredRect>, UnsafeBufferPointer<StoredRect>) -> Result
  ) -> Result {
    if storesFrames {
      let geometry = geometries[section]
      let itemStart = Int(geometry.itemStart)
      let itemEnd = itemStart + Int(records[section].itemCount)
      let shelfStart = Int(geometry.shelfStart)
      let shelfEnd = shelfStart + Int(geometry.shelfCount)
      return items.storage.withUnsafeBufferPointer { items in
        shelves.storage.withUnsafeBufferPointer { shelves in
          body(
            geometry, UnsafeBufferPointer(rebasing: items[itemStart..<itemEnd]),
            UnsafeBufferPointer(rebasing: shelves[shelfStart..<shelfEnd]))
        }
      }
    }
    let entry = builtOnDemand(section)
    return entry.items.withUnsafeBufferPointer { items in
      entry.shelves.withUnsafeBufferPointer { shelves in body(entry.geometry, items, shelves) }
    }
  }

  /// The most sections kept built on demand; beyond it the least recently used half goes.
  static let onDemandCapacity = 512

  /// The section from the on-demand cache, built from the delegate when missing.
  func builtOnDemand(_ section: Int) -> LazySection {
    lazyClock &+= 1
    if var entry = lazySections[section] {
      entry.lastUse = lazyClock
      lazySections[section] = entry
      return entry
    }
    var itemFrames: [StoredRect] = []
    var shelfFrames: [StoredRect] = []
    suppressesReports = true
    let (_, geometry) = layOutSection(
      section, count: Int(records[section].itemCount), width: sanitizedWidth, delegate: resolvedDelegate,
      items: &itemFrames, shelves: &shelfFrames)
    suppressesReports = false
    if lazySections.count >= Self.onDemandCapacity {
      let uses = lazySections.values.map(\.lastUse).sorted()
      let median = uses[uses.count / 2]
      lazySections = lazySections.filter { $0.value.lastUse > median }
    }
    let entry = LazySection(geometry: geometry, items: itemFrames, shelves: shelfFrames, lastUse: lazyClock)
    lazySections[section] = entry
    return entry
  }
}
