/// Gives a ``CollectionView`` its counts and what each cell and supplementary shows.
@MainActor
public protocol CollectionViewDataSource: AnyObject {
  /// The number of sections.
  func numberOfSections(in collectionView: CollectionView) -> Int
  /// The number of items in `section`.
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  /// The number of items in every section, in section order (so also the number of sections):
  /// what the collection view reads after `reloadData` and after each batch that changes
  /// sections. The default asks ``numberOfSections(in:)`` and then each section; a data source
  /// that holds its sections in an array can answer in one pass, as the list adapter does.
  func itemCounts(in collectionView: CollectionView) -> [Int]
  /// What the item shows, and how big it is.
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CellDescriptor
  /// What the supplementary of `kind` (a header, a footer, any kind a layout places) at
  /// `indexPath` shows, or nil for none: `indexPath.section` is its section and
  /// `indexPath.item` its index among that section's supplementaries of the kind (0 for a header
  /// or footer). The default returns nil.
  func collectionView(
    _ collectionView: CollectionView, supplementaryOfKind kind: ElementKind, at indexPath: IndexPath
  ) -> SupplementaryDescriptor?
  /// Whether the item may be picked up and moved (UIKit's `collectionView(_:canMoveItemAt:)`).
  /// The default says no.
  func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool
  /// An interactive movement ended with the item at `source` moved to `destination`: update the
  /// model to match (UIKit's `collectionView(_:moveItemAt:to:)`). Called once per movement, with
  /// its first and last index paths; the view already shows the new order. The default does
  /// nothing.
  func collectionView(
    _ collectionView: CollectionView, moveItemAt source: IndexPath, to destination: IndexPath)
}

extension CollectionViewDataSource {
  /// The default: ``numberOfSections(in:)``, then each section's count.
  public func itemCounts(in collectionView: CollectionView) -> [Int] {
    // A loop, not `map`: a main-actor closure handed to the standard library is checked for its
    // executor on every call.
    let count = max(0, numberOfSections(in: collectionView))
    var counts = [Int](repeating: 0, count: count)
    for section in 0..<count {
      counts[section] = self.collectionView(collectionView, numberOfItemsInSection: section)
    }
    return counts
  }

  /// The default: no supplementary of any kind.
  public func collectionView(
    _ collectionView: CollectionView, supplementaryOfKind kind: ElementKind, at indexPath: IndexPath
  ) -> SupplementaryDescriptor? { nil }

  /// The default: no item moves.
  public func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool {
    false
  }

  /// The default: nothing to update.
  public func collectionView(
    _ collectionView: CollectionView, moveItemAt source: IndexPath, to destination: IndexPath
  ) {}
}

/// Told about selection and scrolling. The collection view's layout also casts it to its own
/// delegate protocol (`FlowLayoutDelegate`) to ask for sizes, as `UICollectionViewLayout`
/// does. Every method defaults to doing nothing.
@MainActor
public protocol CollectionViewDelegate: AnyObject {
  /// Whether a user may select the item, and so focus it with the keyboard (UIKit's
  /// `collectionView(_:shouldSelectItemAt:)`): a front asks before it focuses or taps an item.
  /// The default allows every item, as UIKit's.
  func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath) -> Bool
  /// The item was selected.
  func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath)
  /// The item was deselected.
  func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath)
  /// The content offset or the size changed.
  func collectionViewDidScroll(_ collectionView: CollectionView)
  /// Where an item being moved from `original` goes when the layout proposes `proposed`
  /// (UIKit's `collectionView(_:targetIndexPathForMoveOfItemFromOriginalIndexPath:…)`): return
  /// `proposed`, or another index path to keep the item within bounds you choose (its own
  /// section, say). The default allows every proposal.
  func collectionView(
    _ collectionView: CollectionView, targetIndexPathForMoveFromItemAt original: IndexPath,
    toProposedIndexPath proposed: IndexPath
  ) -> IndexPath
}

extension CollectionViewDelegate {
  /// The default: every item, as UIKit's.
  public func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath)
    -> Bool
  { true }
  /// The default does nothing.
  public func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {}
  /// The default does nothing.
  public func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {}
  /// The default does nothing.
  public func collectionViewDidScroll(_ collectionView: CollectionView) {}
  /// The default: the proposal.
  public func collectionView(
    _ collectionView: CollectionView, targetIndexPathForMoveFromItemAt original: IndexPath,
    toProposedIndexPath proposed: IndexPath
  ) -> IndexPath { proposed }
}

/// A data source told of a user's selections, whoever the view's delegate is: the diffable data
/// source's `selectionHandler` hears of them even when a client sets a delegate of its own (as
/// UIKit keeps the data source and the delegate apart). Called after the delegate's
/// `didSelectItemAt`, with the data's index path.
@MainActor
package protocol SelectionObservingDataSource: AnyObject {
  func collectionView(_ collectionView: CollectionView, dataSourceDidSelectItemAt indexPath: IndexPath)
}
