/// Section and item changes applied as one batch, in `UICollectionView`'s form: deletes and
/// reloads by old index, inserts by new index, moves from old to new.
public struct BatchUpdates: Equatable, Sendable {
  /// A move of one section from an old index to a new one (the diff's move).
  public typealias SectionMove = IndexMove

  public struct ItemMove: Hashable, Sendable {
    public var from: IndexPath
    public var to: IndexPath
    public init(from: IndexPath, to: IndexPath) {
      self.from = from
      self.to = to
    }
  }

  public var deletedSections: [Int] = []
  public var insertedSections: [Int] = []
  public var movedSections: [SectionMove] = []
  public var reloadedSections: [Int] = []
  public var deletedItems: [IndexPath] = []
  public var insertedItems: [IndexPath] = []
  public var reloadedItems: [IndexPath] = []
  public var movedItems: [ItemMove] = []

  public init() {}

  public var isEmpty: Bool { self == BatchUpdates() }
}

/// Why a batch was refused, in the words UIKit uses for the same mistake.
public struct BatchUpdateError: Error, Equatable, Sendable, CustomStringConvertible {
  public var description: String
}
