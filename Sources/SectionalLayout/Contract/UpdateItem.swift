import SectionalDiff

/// One change of an animated batch, as `UICollectionViewUpdateItem`: what a layout is told in
/// ``CollectionViewLayout/prepare(forCollectionViewUpdates:)`` before it is asked where appearing
/// and disappearing elements start and end.
public struct UpdateItem: Hashable, Sendable {
  /// What happened to the item or section.
  public enum Action: Hashable, Sendable {
    case insert, delete, reload, move
  }

  /// What happened.
  public var action: Action
  /// The index path before the update (nil for an insert). For a section change, its item is 0.
  public var indexPathBeforeUpdate: IndexPath?
  /// The index path after the update (nil for a delete). For a section change, its item is 0.
  public var indexPathAfterUpdate: IndexPath?
  /// Whether the change is of a whole section rather than one item.
  public var isSectionChange: Bool

  /// A change; see each property.
  public init(
    action: Action, indexPathBeforeUpdate: IndexPath?, indexPathAfterUpdate: IndexPath?,
    isSectionChange: Bool = false
  ) {
    self.action = action
    self.indexPathBeforeUpdate = indexPathBeforeUpdate
    self.indexPathAfterUpdate = indexPathAfterUpdate
    self.isSectionChange = isSectionChange
  }
}
