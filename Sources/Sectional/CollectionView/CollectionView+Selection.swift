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

  /// Whether a user may select the item (and so focus it), as the delegate says; without a
  /// delegate, whether its cell is a button. Unlike UIKit, where every cell is selectable until
  /// the delegate says otherwise, only buttons are by default: a list's text is read, not
  /// pressed, and a keyboard should not stop on every line of it. A controller that wants its
  /// rows selectable says so (`SectionController.shouldSelectItem(at:)`). ``tapItem(at:)`` and
  /// ``selectItem(at:)`` do not ask: they are what a front does once it has.
  public func shouldSelectItem(at indexPath: IndexPath) -> Bool {
    guard contains(indexPath) else { return false }
    guard let delegate else { return isButton(at: indexPath) }
    return delegate.collectionView(self, shouldSelectItemAt: dataIndexPath(forDisplayed: indexPath))
  }

  /// Whether the item's cell is a button.
  func isButton(at indexPath: IndexPath) -> Bool {
    if case .button = cellDescriptor(at: indexPath)?.content { return true }
    return false
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
    if notifying { delegate?.collectionView(self, didSelectItemAt: dataIndexPath(forDisplayed: indexPath)) }
  }

  func deselect(_ indexPath: IndexPath, notifying: Bool) {
    guard indexPathsForSelectedItems.remove(indexPath) != nil else { return }
    setNeedsDisplay()
    if notifying { delegate?.collectionView(self, didDeselectItemAt: dataIndexPath(forDisplayed: indexPath)) }
  }
}
