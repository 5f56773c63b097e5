/// The sizes a diffable data source's cells had, by section and item, kept beside it. Not generic,
/// so the layout's thousands of questions are answered by plain array reads.
///
/// Its storage is read once per item by every layout pass, and only ever from the main actor,
/// never while being written: the runtime's exclusivity check on each read is turned off.
final class SizeCache {
  /// Sizes by section then item, flattened; nil where not asked yet.
  @exclusivity(unchecked) private var sizes: [ItemSize?] = []
  /// The previous sizes' storage, kept so that carrying sizes through a batch writes into
  /// memory already mapped instead of a fresh array each time (whose pages the allocator may
  /// have to fault in again). Kept only up to
  /// ``spareLimit`` sizes, so a list of millions does not hold its sizes twice.
  private var spare: [ItemSize?] = []
  /// The most sizes ``spare`` keeps (6 MB).
  static let spareLimit = 262_144
  /// Where each section starts in ``sizes``, plus the end.
  @exclusivity(unchecked) private var starts: [Int] = [0]

  /// Forgets every size; sections of `counts` items.
  func reset(_ counts: [Int]) {
    starts.removeAll(keepingCapacity: true)
    starts.append(0)
    starts.reserveCapacity(counts.count + 1)
    for count in counts { starts.append(starts[starts.count - 1] + count) }
    let total = starts[starts.count - 1]
    // The storage is reused, unless the list shrank to well under it (then it is let go).
    if sizes.capacity > 2 * total + 1_024 { sizes = [] } else { sizes.removeAll(keepingCapacity: true) }
    sizes.append(contentsOf: repeatElement(nil, count: total))
  }

  /// The sizes of the items that stay, in sections of `counts` items: `carried[p]` is the old
  /// flat position of the item now at flat position `p`, or -1.
  func carry(_ carried: [Int], counts: [Int]) {
    swap(&sizes, &spare)
    defer { if spare.capacity > Self.spareLimit { spare = [] } }
    reset(counts)
    guard carried.count == sizes.count else { return }
    spare.withUnsafeBufferPointer { old in
      sizes.withUnsafeMutableBufferPointer { sizes in
        for (position, source) in carried.enumerated() where source >= 0 && source < old.count {
          sizes[position] = old[source]
        }
      }
    }
  }

  /// How many sizes the storage has room for, the spare included.
  var retainedCapacity: Int { sizes.capacity + spare.capacity }

  private func position(_ indexPath: IndexPath) -> Int? {
    let section = indexPath.section
    guard section >= 0, section + 1 < starts.count, indexPath.item >= 0,
      indexPath.item < starts[section + 1] - starts[section]
    else { return nil }
    return starts[section] + indexPath.item
  }

  /// The number of items of `section` as last reset or carried (0 for no such section): the
  /// shown snapshot's, read without generic code.
  func itemCount(inSection section: Int) -> Int {
    section >= 0 && section + 1 < starts.count ? starts[section + 1] - starts[section] : 0
  }

  /// The known size of the item, if any.
  func size(at indexPath: IndexPath) -> ItemSize? { position(indexPath).flatMap { sizes[$0] } }

  /// Keeps the item's size.
  func store(_ size: ItemSize, at indexPath: IndexPath) {
    if let position = position(indexPath) { sizes[position] = size }
  }
}
