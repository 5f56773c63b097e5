/// A section whose items are view models: when the object changes, the controller asks for
/// the new view models, diffs them against the old ones, and applies the differences as item
/// inserts, deletes, moves and reloads — never a reload of the whole section (IGListKit's
/// `IGListBindingSectionController`). View models whose identifier repeats an earlier one's are
/// dropped and reported, as the adapter does with objects.
///
/// Override ``viewModels(for:)`` and ``cell(for:at:)``; call ``updateAnimated(completion:)``
/// when the view models change without a new object (state the controller keeps itself).
@MainActor
open class BindingSectionController<Object: ListDiffable>: GenericSectionController<Object> {
  /// The view models on screen, one per item.
  public var viewModels: [any ListDiffable] { shownViewModels }
  /// What ``viewModels`` returns; only this file changes it.
  private var shownViewModels: [any ListDiffable] = [] {
    didSet { viewModelsVersion &+= 1 }
  }
  /// Counts the changes of `viewModels`: a batch that waited (for the list's pending update)
  /// diffs again when they changed meanwhile.
  private var viewModelsVersion = 0

  /// Told when an item is selected or deselected, with its view model; nil (the default) for
  /// nobody. Held weakly.
  public weak var selectionDelegate: (any BindingSelectionDelegate)?

  /// The view models for `object`, one per item. Called on every ``didUpdate(to:)`` and
  /// ``updateAnimated(completion:)``. The default returns none. Calling super is not required.
  open func viewModels(for object: Object) -> [any ListDiffable] { [] }

  /// The cell for a view model at item `index`. The default is the base class's empty cell.
  /// Calling super is not required.
  open func cell(for viewModel: any ListDiffable, at index: Int) -> CellDescriptor {
    super.cellForItem(at: index)
  }

  /// The number of view models.
  public override func numberOfItems() -> Int { viewModels.count }

  /// ``cell(for:at:)`` for the view model at `index`; past the view models, an empty cell of
  /// size zero (IGListKit's size there).
  public override func cellForItem(at index: Int) -> CellDescriptor {
    viewModels.indices.contains(index)
      ? cell(for: viewModels[index], at: index) : .text("", role: .body, width: 0, height: 0)
  }

  /// Stores the object, then applies the new view models as ``updateAnimated(completion:)``
  /// does. Call super when overriding.
  open override func didUpdate(to object: any ListDiffable) {
    super.didUpdate(to: object)
    updateAnimated(completion: nil)
  }

  /// Asks ``viewModels(for:)`` again for the current object, diffs them against those on screen
  /// and applies the changes as one item batch (moved view models whose content changed become
  /// a delete and an insert). Before the controller is in a list, the view models are just
  /// replaced. `completion` gets whether a batch applied as given (true when nothing changed;
  /// false without an object).
  public func updateAnimated(completion: ((Bool) -> Void)?) {
    guard let object else {
      completion?(false)
      return
    }
    let new = withoutRepeats(viewModels(for: object))
    guard let context = collectionContext, context.section(for: self) != nil else {
      shownViewModels = new
      completion?(true)
      return
    }
    let result = diff(old: viewModels, new: new).forBatchUpdates()
    let version = viewModelsVersion
    // Asked for even when nothing changed: inside the adapter's update, the batch (empty or not)
    // is what says this section is not to be reloaded. Not animated then: nothing moves.
    context.performBatch(
      for: self, animated: result.hasChanges,
      updates: { updates in
        var new = new
        var result = result
        if self.viewModelsVersion != version {
          // The list's update gave this controller its object, and so view models, first.
          guard let object = self.object else { return }
          new = self.withoutRepeats(self.viewModels(for: object))
          result = diff(old: self.viewModels, new: new).forBatchUpdates()
        }
        self.shownViewModels = new
        updates.delete(result.deletes)
        updates.insert(result.inserts)
        updates.reload(result.updates)
        for move in result.moves { updates.move(from: move.from, to: move.to) }
      }, completion: completion)
  }

  /// `viewModels` as the user left them: the one at `sourceIndex` now at `destinationIndex`.
  /// Call super when overriding.
  open override func moveObject(from sourceIndex: Int, to destinationIndex: Int) {
    guard viewModels.indices.contains(sourceIndex), viewModels.indices.contains(destinationIndex) else {
      return
    }
    shownViewModels.insert(shownViewModels.remove(at: sourceIndex), at: destinationIndex)
  }

  /// `models` without those whose identifier repeats an earlier one's, which are reported.
  private func withoutRepeats(_ models: [any ListDiffable]) -> [any ListDiffable] {
    var seen = Set<AnyDiffIdentifier>(minimumCapacity: models.count)
    var repeats: [Int] = []
    for (index, model) in models.enumerated() where !seen.insert(AnyDiffIdentifier(model)).inserted {
      repeats.append(index)
    }
    guard !repeats.isEmpty else { return models }
    var kept = models
    for index in repeats.reversed() { kept.remove(at: index) }
    (collectionContext as? AdapterContext)?.collectionView.report(
      Diagnostic(
        .duplicateIdentifiers,
        "duplicate view-model identifiers dropped (first occurrence kept): "
          + repeats.map { AnyDiffIdentifier(models[$0]).description }.joined(separator: ", ")))
    return kept
  }

  /// Tells the ``selectionDelegate``. Call super when overriding.
  open override func didSelectItem(at index: Int) {
    guard viewModels.indices.contains(index) else { return }
    selectionDelegate?.bindingSectionController(self, didSelectItemAt: index, viewModel: viewModels[index])
  }

  /// Tells the ``selectionDelegate``. Call super when overriding.
  open override func didDeselectItem(at index: Int) {
    guard viewModels.indices.contains(index) else { return }
    selectionDelegate?.bindingSectionController(self, didDeselectItemAt: index, viewModel: viewModels[index])
  }
}

/// Told when an item of a ``BindingSectionController`` is selected or deselected, with the
/// item's view model (IGListKit's `IGListBindingSectionControllerSelectionDelegate`). Both
/// methods default to doing nothing.
@MainActor
public protocol BindingSelectionDelegate: AnyObject {
  /// Item `index`, showing `viewModel`, was selected.
  func bindingSectionController(
    _ controller: SectionController, didSelectItemAt index: Int, viewModel: any ListDiffable)
  /// Item `index`, showing `viewModel`, was deselected.
  func bindingSectionController(
    _ controller: SectionController, didDeselectItemAt index: Int, viewModel: any ListDiffable)
}

extension BindingSelectionDelegate {
  /// The default does nothing.
  public func bindingSectionController(
    _ controller: SectionController, didSelectItemAt index: Int, viewModel: any ListDiffable
  ) {}
  /// The default does nothing.
  public func bindingSectionController(
    _ controller: SectionController, didDeselectItemAt index: Int, viewModel: any ListDiffable
  ) {}
}
