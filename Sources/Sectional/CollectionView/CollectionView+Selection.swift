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
    if notifying { delegate?.collectionView(self, didSelectItemAt: dataIndexPath(forDisplayed: indexPath)) }
  }

  func deselect(_ indexPath: IndexPath, notifying: Bool) {
    guard indexPathsForSelectedItems.remove(indexPath) != nil else { return }
    if notifying { delegate?.collectionView(self, didDeselectItemAt: dataIndexPath(forDisplayed: indexPath)) }
  }
}
