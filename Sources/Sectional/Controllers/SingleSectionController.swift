/// A section of one cell built from closures, typed on its object: for a model that is one row
/// (IGListKit's `IGListSingleSectionController`, without the casts).
///
/// ```swift
/// SingleSectionController<User>(
///   configure: { user, width in .text(user.name, role: .title, width: width, height: 1) },
///   onSelect: { user in open(user) })
/// ```
///
/// A section that should stand apart from the cards around it (a banner) leaves out the layout's
/// decorations by kind: `SingleSectionController<Banner>(hiding: [.sectionCard]) { … }`.
///
/// `Object` is the model's type; an object of another type leaves the section empty (0 items)
/// and is reported as an `unexpected-object-type` diagnostic. Use `any ListDiffable` as `Object`
/// to take every object.
@MainActor
public final class SingleSectionController<Object>: SectionController {
  private let configure: (Object, Double) -> CellDescriptor
  private let onSelect: ((Object) -> Void)?
  private let onDeselect: ((Object) -> Void)?
  /// The current model, nil until the first ``didUpdate(to:)`` gives one of type `Object`.
  public private(set) var object: Object?
  /// The decorations the layout gives every section that this section goes without, such as
  /// `.sectionCard` for a banner. Empty by default: the layout's decorations.
  public let hiddenDecorations: Set<ElementKind>

  /// - Parameters:
  ///   - configure: the cell for the object at the width available to it (the container's width
  ///     less ``SectionController/inset``), called whenever the list asks for the cell.
  ///   - onSelect: called with the object when the cell is selected; nil (the default) for
  ///     nothing.
  ///   - onDeselect: called with the object when the user deselects the cell (another selection
  ///     in a list of single selection, say), so a row that showed it was picked can stop;
  ///     IGListKit's `didDeselectSectionController:withObject:`. Nil (the default) for nothing.
  ///   - hidden: decorations of the layout this section goes without (see
  ///     ``hiddenDecorations``); none by default.
  public init(
    hiding hidden: Set<ElementKind> = [],
    configure: @escaping (Object, _ width: Double) -> CellDescriptor,
    onSelect: ((Object) -> Void)? = nil,
    onDeselect: ((Object) -> Void)? = nil
  ) {
    hiddenDecorations = hidden
    self.configure = configure
    self.onSelect = onSelect
    self.onDeselect = onDeselect
  }

  /// None for a kind in ``hiddenDecorations``; otherwise the layout's style.
  public override func decorationStyle(ofKind kind: ElementKind, default style: DecorationStyle?)
    -> DecorationStyle?
  {
    hiddenDecorations.contains(kind) ? nil : style
  }

  /// 1 once the controller has an object, else 0.
  public override func numberOfItems() -> Int { object == nil ? 0 : 1 }

  /// The `configure` closure's cell for the object.
  public override func cellForItem(at index: Int) -> CellDescriptor {
    guard let object else { return super.cellForItem(at: index) }
    return configure(object, availableWidth)
  }

  /// Keeps the object when it is an `Object`; else none (the section is empty), and an
  /// `unexpected-object-type` diagnostic says so.
  public override func didUpdate(to object: any ListDiffable) {
    self.object = object as? Object
    guard self.object == nil, let adapter = (collectionContext as? AdapterContext)?.adapter else { return }
    adapter.report(
      Diagnostic(
        .unexpectedObjectType,
        "SingleSectionController<\(Object.self)> was given a \(type(of: object)) "
          + "(\(AnyDiffIdentifier(object))); its section is empty",
        indexPaths: section.map { [IndexPath(item: 0, section: $0)] } ?? []))
  }

  /// Calls `onSelect` with the object.
  public override func didSelectItem(at index: Int) {
    if let object { onSelect?(object) }
  }

  /// Calls `onDeselect` with the object.
  public override func didDeselectItem(at index: Int) {
    if let object { onDeselect?(object) }
  }
}
