// Reordering by the user, as UIKit's diffable data source's `reorderingHandlers`: the collection
// view's interactive movement asks whether an item may move, and when one is dropped the data
// source's snapshot takes the new order and the handlers are told.

extension DiffableDataSource {
  /// What a user's reordering (the collection view's interactive movement) may do and tells.
  public struct ReorderingHandlers {
    /// Whether the item may be picked up; nil (the default): no item may.
    public var canReorderItem: (@MainActor (ItemID) -> Bool)?
    /// Called with the reordering before the snapshot takes it.
    public var willReorder: (@MainActor (Transaction) -> Void)?
    /// Called with the reordering after the snapshot took it: update your model from
    /// `transaction.finalSnapshot`.
    public var didReorder: (@MainActor (Transaction) -> Void)?

    /// No reordering; set the handlers you need.
    public init() {}
  }

  /// One reordering: the snapshot before and after it (UIKit's
  /// `NSDiffableDataSourceTransaction`).
  public struct Transaction {
    /// The snapshot before the item moved.
    public var initialSnapshot: Snapshot
    /// The snapshot after it moved: what the data source shows now.
    public var finalSnapshot: Snapshot
  }

  /// The snapshot with the item at `source` moved to `destination` (index paths of the snapshot
  /// before and after the move), or nil when either does not exist.
  func reordered(from source: IndexPath, to destination: IndexPath) -> Snapshot? {
    guard let item = item(at: source), destination.section >= 0,
      destination.section < current.sectionIdentifiers.count
    else { return nil }
    var final = current
    final.deleteItems([item])
    let section = final.sectionIdentifiers[destination.section]
    let items = final.itemIdentifiers(inSection: section)
    if destination.item < items.count {
      final.insertItems([item], beforeItem: items[max(0, destination.item)])
    } else {
      final.appendItems([item], toSection: section)
    }
    return final
  }

  /// The collection view's interactive movement dropped an item: the snapshot takes the new
  /// order (the view already shows it) and the handlers are told.
  func applyReordering(from source: IndexPath, to destination: IndexPath) {
    guard let final = reordered(from: source, to: destination) else { return }
    let transaction = Transaction(initialSnapshot: current, finalSnapshot: final)
    reorderingHandlers.willReorder?(transaction)
    current = final
    // The cached sizes are by index path: forget them rather than carry them through the move.
    sizes.reset(final.sectionItems.map { $0.count })
    reorderingHandlers.didReorder?(transaction)
  }
}
