/// A section that shows some components collapsed, more when expanded, and a toggle item last
/// ("View more" / "View less") when expanding would add something; selecting the toggle expands
/// or collapses it in place.
///
/// Generic over the model (`Object`) and what one item shows (`Component`). Subclass it and
/// say which components the object shows collapsed, which the expansion adds and where, and what
/// cell each component is; the controller derives every index from those lists:
///
/// ```swift
/// final class RecipeController: ExpandableSectionController<Recipe, RecipeRow> {
///   override func collapsedComponents(for recipe: Recipe) -> [RecipeRow] { [.title, .summary] }
///   override func expandedComponents(for recipe: Recipe) -> [RecipeRow] {
///     recipe.steps.indices.map(RecipeRow.step)
///   }
///   override func cell(for row: RecipeRow, of recipe: Recipe) -> CellDescriptor { … }
/// }
/// ```
///
/// The toggle is a batch of item inserts or deletes plus a reload of the toggle — never a
/// reload of the section — so the layout recomputes this section only and moves every later
/// section by exactly the height change. Expansion survives ``didUpdate(to:)`` for the same
/// identifier (the adapter keeps this controller), and ends when the identifier leaves the list.
///
/// A new object is one item batch too: components that appear or go are inserted or deleted,
/// and of those that stay, only the ones ``isUnchanged(_:from:to:)`` does not vouch for are
/// reloaded. The others keep their sizes, selection and focus; override it to say which.
@MainActor
open class ExpandableSectionController<Object: ListDiffable, Component: Hashable & Sendable>:
  GenericSectionController<Object>
{
  /// One item of the section: a component of the object, or the toggle.
  public enum Item: Hashable, Sendable {
    /// A component of the object.
    case component(Component)
    /// The "View more" / "View less" item, last, shown when ``showsToggle(for:)`` says so.
    case toggle
  }

  /// The toggle's label while collapsed. Default "View more".
  open var expandLabel: String { "View more" }
  /// The toggle's label while expanded. Default "View less".
  open var collapseLabel: String { "View less" }

  /// Whether the expansion's components are shown (``setExpanded(_:updatingList:animated:)`` changes it).
  public var isExpanded: Bool { expanded }
  /// What ``isExpanded`` returns; a change forgets the items worked out for the other state.
  private var expanded = false {
    didSet { forgetCachedItems() }
  }
  /// The components shown for the current object and expansion, and whether the toggle follows:
  /// read from the component lists once per change, so the count, the cells, ``items`` and
  /// selection all answer from the same lists until the next change.
  private var shown: (components: [Component], toggle: Bool)?
  /// The cell of each item for the current object and expansion, by index (nil past the last):
  /// one closure over ``shown`` and the object, made once per change, so the component lists
  /// are not asked again on every count and cell the layout asks for.
  ///
  /// A closure, not the components themselves: this class is generic and runs unspecialised, so
  /// every `Optional<Object>` or `[Component]` it reads is a run-time metadata look-up, several
  /// per cell; the closure captured them once. Its type is concrete, so reading this field
  /// costs nothing of the kind. The count goes to the base class's `cachedItemCount` (-1 until
  /// counted), which is not generic at all.
  private var cellLookup: ((Int) -> CellDescriptor?)?

  /// The object changed (``didUpdate(to:)``), the expansion did, or the list reloads this section
  /// or ran a batch of it (the subclass may have changed what its component lists return).
  override func forgetCachedItems() {
    if keepsShown {
      keepsShown = false
      return
    }
    super.forgetCachedItems()
    shown = nil
    cellLookup = nil
  }
  /// Set by the batch of ``didUpdate(to:)``, which has just read the new object's items: the
  /// list's forgetting once the batch is in keeps them.
  private var keepsShown = false
  /// Whether ``didUpdate(to:)`` is inside its `performBatch` call.
  private var batchingNow = false

  /// A collapsed controller; the adapter gives it its object.
  public override init() { super.init() }

  // MARK: - Override points

  /// The components shown while collapsed, in order, before the toggle. The default returns
  /// none. Calling super is not required.
  open func collapsedComponents(for object: Object) -> [Component] { [] }

  /// The components the expansion adds, in order. The default returns none. Calling super is
  /// not required.
  open func expandedComponents(for object: Object) -> [Component] { [] }

  /// Where the expansion's components go among the collapsed ones: the index of the collapsed
  /// component they come before. The default puts them after every collapsed component (just
  /// before the toggle). Calling super is not required.
  open func expansionIndex(for object: Object) -> Int { collapsedComponents(for: object).count }

  /// The cell for `component`. Use ``SectionController/textCell(_:role:kind:)`` for text that
  /// must be exactly as tall as the front wraps it. The default returns an empty text cell.
  /// Calling super is not required.
  open func cell(for component: Component, of object: Object) -> CellDescriptor {
    super.cellForItem(at: 0)
  }

  /// Whether `component` shows the same content for `new` as it did for `old`, so that its cell
  /// and size can stay as they are when the object changes. The default says no, and every
  /// component that stays is reloaded: only the controller knows which fields a component shows.
  /// Calling super is not required.
  ///
  /// ```swift
  /// override func isUnchanged(_ row: RecipeRow, from old: Recipe, to new: Recipe) -> Bool {
  ///   switch row {
  ///   case .title: old.title == new.title
  ///   case .summary: old.summary == new.summary
  ///   case .step(let index): old.steps[index] == new.steps[index]
  ///   }
  /// }
  /// ```
  open func isUnchanged(_ component: Component, from old: Object, to new: Object) -> Bool { false }

  /// Whether the section shows the toggle for `object`. The default: when expanding adds a
  /// component (``expandedComponents(for:)`` is not empty), so a post with nothing more to show
  /// has no "View more" that would only relabel itself. Asked again after each update. Calling
  /// super is not required.
  open func showsToggle(for object: Object) -> Bool { !expandedComponents(for: object).isEmpty }

  /// The toggle's cell: a button with ``expandLabel`` or ``collapseLabel``, as wide as the
  /// front measures it. Calling super is not required.
  open func toggleCell(label: String) -> CellDescriptor {
    let width = availableWidth
    var descriptor = CellDescriptor(
      reuseKind: "button", size: .exact(Size(width: width, height: 1)), content: .button(label))
    if let context = collectionContext {
      let measured = context.measure(descriptor, width: width)
      descriptor.size = .exact(Size(width: min(width, measured.width), height: max(1, measured.height)))
    }
    return descriptor
  }

  // MARK: - Items

  /// The items shown now, in order: components, then the toggle when shown. Empty without an
  /// object. The component lists are read again after ``didUpdate(to:)``, after each toggle, and
  /// when the list reloads this section or applies a batch of it.
  public var items: [Item] {
    let shown = currentlyShown()
    return shown.components.map(Item.component) + (shown.toggle ? [.toggle] : [])
  }

  /// ``shown``, read from the component lists when forgotten; counts it.
  private func currentlyShown() -> (components: [Component], toggle: Bool) {
    if let shown { return shown }
    let read: (components: [Component], toggle: Bool) = object.map(shownItems) ?? ([], false)
    shown = read
    cachedItemCount = read.components.count + (read.toggle ? 1 : 0)
    return read
  }

  private func makeCellLookup() -> (Int) -> CellDescriptor? {
    let (components, toggle) = currentlyShown()
    let lookup: (Int) -> CellDescriptor?
    if let object {
      // Unowned: the closure lives in this controller and nowhere else.
      lookup = { [unowned self] index in
        if index >= 0 && index < components.count { return self.cell(for: components[index], of: object) }
        return toggle && index == components.count ? self.toggleCell(label: self.toggleLabel) : nil
      }
    } else {
      lookup = { _ in nil }
    }
    cellLookup = lookup
    return lookup
  }

  /// The toggle's label now.
  public var toggleLabel: String { isExpanded ? collapseLabel : expandLabel }

  /// The components shown now, plus the toggle when shown.
  open override func numberOfItems() -> Int {
    cachedItemCount >= 0 ? cachedItemCount : countItems()
  }

  /// Not inlined into ``numberOfItems()``, which would then look up the generic metadata this
  /// needs on entry, before reading the cached count.
  @inline(never)
  private func countItems() -> Int {
    listedExpansion = expanded
    let shown = currentlyShown()
    return shown.components.count + (shown.toggle ? 1 : 0)
  }

  /// Stores the object and, in a list, tells it which items changed as one item batch (see
  /// ``isUnchanged(_:from:to:)``). Call super when overriding.
  open override func didUpdate(to object: any ListDiffable) {
    // A reload redoes the section anyway, and outside a list there is nothing to tell: the
    // object is stored and nothing else is read.
    guard !sectionReloads, listedExpansion == expanded, let previous = self.object,
      let context = collectionContext, context.section(for: self) != nil
    else {
      super.didUpdate(to: object)
      forgetCachedItems()
      return
    }
    // What the list shows: the items it last counted, while they are cached.
    let shownBefore = shown
    let labelBefore = toggleLabel
    super.didUpdate(to: object)
    forgetCachedItems()
    objectVersion &+= 1
    let version = objectVersion
    let before = shownBefore ?? shownItems(for: previous)
    let oldComponents = before.components
    let oldToggle = before.toggle
    // Inside the adapter's update the batch runs at once, and says the section is not reloaded.
    // Under a context of the app's own that runs it later, it is empty when the object or the
    // expansion changed meanwhile: the list then finds the counts do not add up and reloads.
    let expansion = expanded
    batchingNow = true
    defer {
      // Kept only for the list's forgetting inside this call (the adapter's fold); a context
      // that runs the batch later, or forgets nothing, keeps nothing past it.
      batchingNow = false
      keepsShown = false
    }
    context.performBatch(
      for: self, animated: false,
      updates: { updates in
        guard let current = self.object, self.objectVersion == version, self.expanded == expansion else {
          return
        }
        let new = self.currentlyShown()
        updates = Self.itemChanges(from: oldComponents, to: new.components) {
          self.isUnchanged($0, from: previous, to: current)
        }
        switch (oldToggle, new.toggle) {
        case (true, true):
          if labelBefore != self.toggleLabel { updates.reloads.append(oldComponents.count) }
        case (true, false): updates.deletes.append(oldComponents.count)
        case (false, true): updates.inserts.append(new.components.count)
        case (false, false): break
        }
        // What was just read is what the list shows next: the list's forgetting right after
        // the batch keeps it.
        if self.batchingNow { self.keepsShown = true }
      }, completion: nil)
  }

  /// Counts the objects ``didUpdate(to:)`` was given, so a batch run later knows whether it is
  /// still the latest.
  private var objectVersion = 0
  /// The expansion the list last counted: a change made with `updatingList: false` leaves the
  /// list showing the other state, and the next new object then reloads the section.
  private var listedExpansion = false

  /// The items `object` shows at the current expansion.
  private func shownItems(for object: Object) -> (components: [Component], toggle: Bool) {
    var components = collapsedComponents(for: object)
    if isExpanded {
      let position = min(max(0, expansionIndex(for: object)), components.count)
      components.insert(contentsOf: expandedComponents(for: object), at: position)
    }
    return (components, showsToggle(for: object))
  }

  /// The batch that turns the `old` components into the `new` ones (the toggle aside): paired by
  /// equality, and those that stay reloaded unless `unchanged` vouches for them. Components that
  /// stay in order, the usual case, are compared one to one; otherwise a pairing by component
  /// finds the moves. The toggle needs no move: it is last on both sides, after every insert.
  ///
  /// - Complexity: O(n) for n components, plus one `unchanged` call per component that stays.
  private static func itemChanges(from old: [Component], to new: [Component], unchanged: (Component) -> Bool)
    -> ItemUpdates
  {
    var updates = ItemUpdates()
    if old == new {
      for index in new.indices where !unchanged(new[index]) { updates.reloads.append(index) }
      return updates
    }
    // The first unpaired occurrence in the old list of each new component (-1: inserted).
    var positions: [Component: [Int]] = [:]
    for index in old.indices.reversed() { positions[old[index], default: []].append(index) }
    var newToOld = [Int](repeating: -1, count: new.count)
    for index in new.indices {
      if let found = positions[new[index]]?.popLast() { newToOld[index] = found }
    }
    let changes = diff(oldCount: old.count, newToOld: newToOld) { _, index in unchanged(new[index]) }
      .forBatchUpdates()
    return ItemUpdates(
      inserts: changes.inserts, deletes: changes.deletes, reloads: changes.updates, moves: changes.moves)
  }

  /// ``cell(for:of:)`` for a component, ``toggleCell(label:)`` for the toggle.
  open override func cellForItem(at index: Int) -> CellDescriptor {
    (cellLookup ?? makeCellLookup())(index) ?? super.cellForItem(at: index)
  }

  /// Selecting the toggle expands or collapses. Call super when overriding.
  open override func didSelectItem(at index: Int) {
    let shown = currentlyShown()
    if object != nil, shown.toggle, index == shown.components.count { toggle() }
  }

  // MARK: - Expansion

  /// Expands or collapses, as inserts or deletes of the expansion's items plus a reload of the
  /// toggle, animated unless `animated` is false (the card opens and the sections below slide
  /// down). Outside a list, only the state changes.
  public func toggle(animated: Bool = true) { setExpanded(!isExpanded, animated: animated) }

  /// Expands or collapses, animated by default as ``toggle(animated:)``. With `updatingList`
  /// false only the state changes and the caller updates the list (for example restoring state
  /// before a `reloadData`).
  public func setExpanded(_ expanded: Bool, updatingList: Bool = true, animated: Bool = true) {
    guard expanded != isExpanded, let object else { return }
    guard updatingList, let context = collectionContext, section != nil,
      showsToggle(for: object) || !expandedComponents(for: object).isEmpty
    else {
      self.expanded = expanded
      return
    }
    context.performBatch(
      for: self, animated: animated,
      updates: { updates in
        // Read when the batch runs: folded into a pending update of the list, it runs after the
        // update gave this controller its new object.
        guard expanded != self.isExpanded, let object = self.object else { return }
        let collapsedCount = self.collapsedComponents(for: object).count
        let start = min(max(0, self.expansionIndex(for: object)), collapsedCount)
        let changed = Array(start..<(start + self.expandedComponents(for: object).count))
        let hasToggle = self.showsToggle(for: object)
        self.expanded = expanded
        self.listedExpansion = expanded
        if expanded {
          updates.insert(changed)
          if hasToggle { updates.reload([collapsedCount]) }  // the toggle, at its old index
        } else {
          updates.delete(changed)
          if hasToggle { updates.reload([collapsedCount + changed.count]) }
        }
      }, completion: nil)
  }

}
