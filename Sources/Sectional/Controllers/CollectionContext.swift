/// What a section controller can ask of the list it lives in: under a ``ListAdapter``, a context
/// object the adapter owns.
///
/// A controller holds its context weakly; every call on a controller that has left its adapter
/// does nothing.
@MainActor
public protocol CollectionContext: AnyObject {
  /// The size of the visible area.
  var containerSize: Size { get }
  /// The section index of `controller`, or nil when it is not in the list.
  func section(for controller: SectionController) -> Int?
  /// The size `descriptor`'s cell takes at `width`, measured as the front draws it (wrapped
  /// text by display width in the terminal). A controller that wants exact heights asks here.
  func measure(_ descriptor: CellDescriptor, width: Double) -> Size
  /// Changes the items of `controller`'s section as one batch: inside `updates`, change the
  /// model, then say which items were inserted, deleted, reloaded or moved. Inconsistent counts
  /// produce a diagnostic and a reload of the list, never a crash. A batch asked for while an
  /// adapter update is pending joins it, as IGListKit's, and its completion sees both; one asked
  /// for while the adapter applies its update applies right after it, in the new numbering.
  /// `completion` gets whether the batch applied as given.
  func performBatch(
    for controller: SectionController, updates: @escaping (inout ItemUpdates) -> Void,
    completion: ((Bool) -> Void)?)
  /// ``performBatch(for:updates:completion:)``, animated when `animated` says so: the collection
  /// view then builds a transition a front plays (IGListKit's `performBatchAnimated:`). The
  /// default ignores `animated`, so a context of your own needs only the other.
  func performBatch(
    for controller: SectionController, animated: Bool, updates: @escaping (inout ItemUpdates) -> Void,
    completion: ((Bool) -> Void)?)
  /// Recomputes the layout of `controller`'s section (sizes changed, items did not).
  func invalidateLayout(for controller: SectionController)
  /// ``invalidateLayout(for:)``, then `completion` with whether the section was laid out again
  /// (false: the controller is not in the list): IGListKit's
  /// `invalidateLayoutForSectionController:completion:`. The layout is redone before this
  /// returns, so the completion runs before it returns too; it is there for code that waits on
  /// it. The default does just that, so a context of your own needs only the other.
  func invalidateLayout(for controller: SectionController, completion: ((Bool) -> Void)?)
  /// Reloads every item of `controller`'s section.
  func reload(_ controller: SectionController)
  /// Scrolls so that item `index` of `controller`'s section is at the top (for item 0, the
  /// section's header when it has one).
  func scroll(to controller: SectionController, item index: Int)
  /// Scrolls so that item `index` of `controller`'s section is at `position` in the viewport
  /// (IGListKit's `scrollToSectionController:atIndex:scrollPosition:animated:`); at the top, item
  /// 0 brings the section's header along. The default ignores `position`, so a context of your
  /// own needs only the other.
  func scroll(to controller: SectionController, item index: Int, at position: ScrollPosition)
  /// Selects item `index` of `controller`'s section, as a program does: the controller's
  /// ``SectionController/didSelectItem(at:)`` is not called. Unless the collection view allows
  /// multiple selection, other items are deselected (quietly too). A missing item is reported.
  func selectItem(at index: Int, in controller: SectionController)
  /// Deselects item `index` of `controller`'s section without calling
  /// ``SectionController/didDeselectItem(at:)``; nothing happens when it was not selected.
  func deselectItem(at index: Int, in controller: SectionController)
  /// Whether item `index` of `controller`'s section is selected.
  func isSelected(itemAt index: Int, in controller: SectionController) -> Bool
  /// The indexes of `controller`'s items with a cell in the visible area, ascending (empty when
  /// none is, or the controller is not in the list).
  func visibleIndexes(for controller: SectionController) -> [Int]
  /// The indexes of `controller`'s items whose cell lies wholly in the visible area, ascending:
  /// the ones a user can read whole (IGListKit's `fullyVisibleCellsForSectionController:`). The
  /// default is none, as a context of your own cannot know.
  func fullyVisibleIndexes(for controller: SectionController) -> [Int]
}

extension CollectionContext {
  /// The default: the batch, not animated.
  public func performBatch(
    for controller: SectionController, animated: Bool, updates: @escaping (inout ItemUpdates) -> Void,
    completion: ((Bool) -> Void)?
  ) {
    performBatch(for: controller, updates: updates, completion: completion)
  }

  /// The default: the layout is redone, and the completion told whether the controller is in
  /// the list.
  public func invalidateLayout(for controller: SectionController, completion: ((Bool) -> Void)?) {
    invalidateLayout(for: controller)
    completion?(section(for: controller) != nil)
  }

  /// The default: the item at the top, whatever `position` says.
  public func scroll(to controller: SectionController, item index: Int, at position: ScrollPosition) {
    scroll(to: controller, item: index)
  }

  /// The default: none.
  public func fullyVisibleIndexes(for controller: SectionController) -> [Int] { [] }
}
