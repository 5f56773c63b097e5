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

  /// The section inserts, deletes and moves, in the layout's form.
  var sectionUpdates: SectionUpdates {
    SectionUpdates(deleted: deletedSections, inserted: insertedSections, moved: movedSections)
  }
}

/// Why a batch was refused, in the words UIKit uses for the same mistake.
package struct BatchUpdateError: Error, Hashable, Sendable, CustomStringConvertible {
  package var description: String
}
