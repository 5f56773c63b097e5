/// A section of one cell built from closures: for a model that is one row.
@MainActor
public final class SingleSectionController: SectionController {
  private let configure: (any ListDiffable, Double) -> CellDescriptor
  private let onSelect: ((any ListDiffable) -> Void)?
  public private(set) var object: (any ListDiffable)?

  /// - Parameters:
  ///   - configure: the cell for the object at an available width.
  ///   - onSelect: called with the object when the cell is selected.
  public init(
    configure: @escaping (any ListDiffable, Double) -> CellDescriptor,
    onSelect: ((any ListDiffable) -> Void)? = nil
  ) {
    self.configure = configure
    self.onSelect = onSelect
  }

  public override func numberOfItems() -> Int { object == nil ? 0 : 1 }

  public override func cellForItem(at index: Int) -> CellDescriptor {
    guard let object else { return super.cellForItem(at: index) }
    return configure(object, availableWidth)
  }

  public override func didUpdate(to object: any ListDiffable) { self.object = object }

  public override func didSelectItem(at index: Int) {
    if let object { onSelect?(object) }
  }
}

/// A section controller typed on its object: ``object`` is the model, already cast.
@MainActor
open class GenericSectionController<Object: ListDiffable>: SectionController {
  /// The current model, nil until the first ``didUpdate(to:)``.
  public private(set) var object: Object?

  /// Stores the object when it is an `Object`. Call super when overriding.
  open override func didUpdate(to object: any ListDiffable) {
    if let object = object as? Object { self.object = object }
  }
}
