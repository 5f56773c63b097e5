/// A section whose items are view models: when the object changes, the controller asks for
/// the new view models, diffs them against the old ones, and applies the differences as item
/// inserts, deletes, moves and reloads — never a reload of the whole section.
@MainActor
open class BindingSectionController<Object: ListDiffable>: GenericSectionController<Object> {
  /// The view models on screen, one per item.
  public private(set) var viewModels: [any ListDiffable] = []

  /// The view models for `object`. Override it. Calling super is not required.
  open func viewModels(for object: Object) -> [any ListDiffable] { [] }

  /// The cell for a view model. Override it. Calling super is not required.
  open func cell(for viewModel: any ListDiffable, at index: Int) -> CellDescriptor {
    super.cellForItem(at: index)
  }

  public override func numberOfItems() -> Int { viewModels.count }

  public override func cellForItem(at index: Int) -> CellDescriptor {
    viewModels.indices.contains(index)
      ? cell(for: viewModels[index], at: index) : super.cellForItem(at: index)
  }

  /// Diffs the new view models against the old and applies the changes as a batch. Call super
  /// when overriding.
  open override func didUpdate(to object: any ListDiffable) {
    super.didUpdate(to: object)
    guard let typed = self.object else { return }
    let new = viewModels(for: typed)
    guard let context = collectionContext, context.section(for: self) != nil else {
      viewModels = new
      return
    }
    let result = diff(old: viewModels, new: new).forBatchUpdates()
    guard result.hasChanges || result.hasDuplicates else {
      viewModels = new
      return
    }
    context.performBatch(
      for: self,
      updates: { updates in
        self.viewModels = new
        updates.delete(result.deletes)
        updates.insert(result.inserts)
        updates.reload(result.updates)
        for move in result.moves { updates.move(from: move.from, to: move.to) }
      }, completion: nil)
  }
}
