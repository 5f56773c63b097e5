/// Section and item changes applied as one batch, in `UICollectionView`'s form: deletes and
/// reloads by old index, inserts by new index, moves from old to new.
public struct BatchUpdates: Hashable, Sendable {
  /// Old indexes of deleted sections.
  public var deletedSections: [Int] = []
  /// New indexes of inserted sections.
  public var insertedSections: [Int] = []
  /// Sections that moved, from their old index to their new one.
  public var movedSections: [IndexMove] = []
  /// Old indexes of sections whose items were all replaced.
  public var reloadedSections: [Int] = []
  /// Old index paths of deleted items.
  public var deletedItems: [IndexPath] = []
  /// New index paths of inserted items.
  public var insertedItems: [IndexPath] = []
  /// Old index paths of items whose content was replaced.
  public var reloadedItems: [IndexPath] = []
  /// Items that moved, from their old index path to their new one.
  public var movedItems: [IndexPathMove] = []

  /// An empty batch; fill in the changes.
  public init() {}

  /// Whether the batch changes nothing.
  public var isEmpty: Bool { self == BatchUpdates() }

  /// Whether the batch inserts, deletes, moves or reloads sections (not only items).
  var changesSections: Bool {
    !deletedSections.isEmpty || !insertedSections.isEmpty || !movedSections.isEmpty
      || !reloadedSections.isEmpty
  }

  /// The item changes of each section, by its new index (`newSection` maps an old section to
  /// it, nil when it went); a move between two sections is left out (the sections are rebuilt).
  func itemUpdatesBySection(newSection: (Int) -> Int?) -> [Int: ItemUpdates] {
    var batches: [Int: ItemUpdates] = [:]
    for path in insertedItems { batches[path.section, default: ItemUpdates()].inserts.append(path.item) }
    for path in deletedItems {
      if let section = newSection(path.section) {
        batches[section, default: ItemUpdates()].deletes.append(path.item)
      }
    }
    for path in reloadedItems {
      if let section = newSection(path.section) {
        batches[section, default: ItemUpdates()].reloads.append(path.item)
      }
    }
    for move in movedItems where newSection(move.from.section) == move.to.section {
      batches[move.to.section, default: ItemUpdates()].moves.append(
        IndexMove(from: move.from.item, to: move.to.item))
    }
    return batches
  }

  /// The section inserts, deletes and moves, in the layout's form.
  var sectionUpdates: SectionUpdates {
    SectionUpdates(deleted: deletedSections, inserted: insertedSections, moved: movedSections)
  }
}

/// Why a batch was refused, in the words UIKit uses for the same mistake.
package struct BatchUpdateError: Error, Hashable, Sendable, CustomStringConvertible {
  package var description: String
}
