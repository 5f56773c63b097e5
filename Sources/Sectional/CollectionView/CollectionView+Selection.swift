// Selection: a user's tap tells the delegate; a program's selection does not, as in UIKit.

extension CollectionView {
  /// Selects the item from code, as UIKit's `selectItem(at:animated:scrollPosition:)`: the
  /// delegate is not told, of this selection nor of the items it deselects. Unless
  /// ``allowsMultipleSelection``, the items selected before are deselected first. Out-of-range
  /// paths are reported and ignored. A user's tap is ``tapItem(at:)``.
  public func selectItem(at indexPath: IndexPath) { select(indexPath, notifying: false) }

  /// Deselects the item from code, as UIKit's `deselectItem(at:animated:)`: the delegate is not
  /// told. Nothing happens when it was not selected.
  public func deselectItem(at indexPath: IndexPath) { deselect(indexPath, notifying: false) }

  /// Whether a user may select the item (and so focus it), as the delegate says; as in UIKit,
  /// every item may unless the delegate says otherwise (a section controller's
  /// `shouldSelectItem(at:)` under a list adapter). A list whose text is read, not pressed,
  /// says no for its rows, so a keyboard stops only at its buttons. ``tapItem(at:)`` and
  /// ``selectItem(at:)`` do not ask: they are what a front does once it has.
  public func shouldSelectItem(at indexPath: IndexPath) -> Bool {
    guard allowsSelection, contains(indexPath) else { return false }
    guard let delegate else { return true }
    return delegate.collectionView(self, shouldSelectItemAt: dataIndexPath(forDisplayed: indexPath))
  }

  /// What a user's tap on the item does (Enter or a click in the terminal), telling the delegate
  /// as UIKit does: the item is selected (`didSelectItemAt`), and unless
  /// ``allowsMultipleSelection`` the items selected before are deselected first
  /// (`didDeselectItemAt` for each). Under ``allowsMultipleSelection`` a tap on a selected item
  /// deselects it instead (`didDeselectItemAt`). Out-of-range paths are reported and ignored.
  public func tapItem(at indexPath: IndexPath) {
    if allowsMultipleSelection && indexPathsForSelectedItems.contains(indexPath) {
      deselect(indexPath, notifying: true)
    } else {
      select(indexPath, notifying: true)
    }
  }

  /// Selects the item; `notifying` true is a user's selection the delegate hears of, for the
  /// deselected items too.
  func select(_ indexPath: IndexPath, notifying: Bool) {
    guard contains(indexPath) else {
      report(Diagnostic(.noSuchItem, "select item \(indexPath): no such item", indexPaths: [indexPath]))
      return
    }
    if !allowsMultipleSelection {
      for other in indexPathsForSelectedItems.sorted() where other != indexPath {
        deselect(other, notifying: notifying)
      }
    }
    indexPathsForSelectedItems.insert(indexPath)
    setNeedsDisplay()
    guard notifying else { return }
    let path = dataIndexPath(forDisplayed: indexPath)
    delegate?.collectionView(self, didSelectItemAt: path)
    // A data source that hears of selections (the diffable one's `selectionHandler`) does so
    // whoever the delegate is.
    (dataSource as? any SelectionObservingDataSource)?.collectionView(self, dataSourceDidSelectItemAt: path)
  }

  func deselect(_ indexPath: IndexPath, notifying: Bool) {
    guard indexPathsForSelectedItems.remove(indexPath) != nil else { return }
    setNeedsDisplay()
    if notifying { delegate?.collectionView(self, didDeselectItemAt: dataIndexPath(forDisplayed: indexPath)) }
  }
}
