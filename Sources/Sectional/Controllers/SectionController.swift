/// One section of the list, for one model object: how many items, how big, what each shows,
/// and what happens when one is selected. Subclass it, or use ``SingleSectionController``,
/// ``BindingSectionController`` or ``ExpandableSectionController``.
///
/// The adapter keeps one controller per diff identifier alive across updates and calls
/// ``didUpdate(to:)`` when its object changes.
@MainActor
open class SectionController {
  // The two fields an update reads or writes for every controller come first, in the object's
  // first cache line with its header (which retains and releases touch anyway): an update of
  // 10,000 sections then touches one line per controller, not three.

  /// Where the adapter last put this controller; the adapter checks it against its list.
  var sectionIndex = -1
  /// A count a subclass in this module caches (``ExpandableSectionController``), or -1. Here,
  /// not in that generic subclass, whose own fields are reached through its generic metadata.
  var cachedItemCount = -1

  /// Whether the adapter is giving this controller its object in a reload of its section
  /// (`reloadData`, `reloadObjects`): an item batch from ``didUpdate(to:)`` would change nothing,
  /// so a subclass in this module that works one out skips it.
  var sectionReloads = false

  /// Drops what this controller cached of its items, because its model may have changed outside
  /// ``didUpdate(to:)``: the context calls it once a batch of the controller's own has changed
  /// the model, and before it reloads the section. A subclass in this module that caches more
  /// overrides it.
  func forgetCachedItems() { cachedItemCount = -1 }

  /// The list this controller is in; nil before it is added and after it leaves.
  public internal(set) weak var collectionContext: (any CollectionContext)?

  /// Inset around the section's items. Default zero. Under an adapter this, not the flow
  /// layout's `sectionInset`, is what the layout uses.
  open var inset = EdgeInsets.zero
  /// Space between lines of items. Default zero (the layout's `lineSpacing` is not used under
  /// an adapter).
  open var lineSpacing = 0.0
  /// Space between items on one line. Default zero (the layout's `interitemSpacing` is not used
  /// under an adapter).
  open var interitemSpacing = 0.0
  /// Supplies headers, footers and any other supplementary kind; nil (the default) for none.
  /// Held weakly.
  public weak var supplementaryViewSource: (any SupplementaryViewSource)?
  /// Told when the section comes on and goes off screen; nil (the default) for nobody. Held
  /// weakly.
  public weak var displayDelegate: (any DisplayDelegate)?
  /// Told when the section enters and leaves the adapter's working range; nil (the default)
  /// for nobody. Held weakly.
  public weak var workingRangeDelegate: (any WorkingRangeDelegate)?
  /// Told when the list scrolls while the section is visible; nil (the default) for nobody.
  /// Held weakly.
  public weak var scrollDelegate: (any ScrollDelegate)?

  /// A controller with the defaults: one empty item, no insets, spacing, supplementaries or
  /// delegates. The adapter's data source makes one per object.
  public init() {}

  /// The section this controller shows, or nil when it is not in a list.
  public var section: Int? { collectionContext?.section(for: self) }
  /// Whether this is the list's first section.
  public internal(set) var isFirstSection = false
  /// Whether this is the list's last section.
  public internal(set) var isLastSection = false

  /// The number of items. The default returns 1. Calling super is not required.
  open func numberOfItems() -> Int { 1 }

  /// The size of item `index`. The default returns the size of ``cellForItem(at:)``'s
  /// descriptor. Calling super is not required.
  open func sizeForItem(at index: Int) -> ItemSize { cellForItem(at: index).size }

  /// What item `index` shows. The default returns an empty full-width text cell one line tall;
  /// override it. Calling super is not required.
  open func cellForItem(at index: Int) -> CellDescriptor {
    .text("", role: .body, width: collectionContext?.containerSize.width ?? 0, height: 1)
  }

  /// The object changed (or was first given). Called once the controller is in its new
  /// section, so ``section`` and ``collectionContext`` are already set; the layout reads counts
  /// and sizes afterwards. The default does nothing. Calling super is not required.
  open func didUpdate(to object: any ListDiffable) {}

  /// Whether a user may select item `index`, and so focus it with the keyboard (IGListKit's
  /// `shouldSelectItemAtIndex:`). The default allows every item, as IGListKit's and UIKit's:
  /// override it so a keyboard stops only where something happens (a card's buttons, say).
  /// Calling super is not required.
  open func shouldSelectItem(at index: Int) -> Bool { true }

  /// Item `index` was selected. The default does nothing. Calling super is not required.
  open func didSelectItem(at index: Int) {}

  /// Item `index` was deselected. The default does nothing. Calling super is not required.
  open func didDeselectItem(at index: Int) {}

  /// Whether item `index` may be picked up and moved within the section (IGListKit's
  /// `canMoveItemAtIndex:`). The default says no. Calling super is not required.
  open func canMoveItem(at index: Int) -> Bool { false }

  /// The user moved item `sourceIndex` to `destinationIndex` within the section: move it in your
  /// model (IGListKit's `moveObjectFromIndex:toIndex:`). Called once per movement; the list
  /// already shows the new order. The default does nothing. Calling super is not required.
  open func moveObject(from sourceIndex: Int, to destinationIndex: Int) {}

  /// The decoration of `kind` behind this section, or nil for none. The default returns the
  /// layout's style for the kind. Calling super is not required.
  open func decorationStyle(ofKind kind: ElementKind, default style: DecorationStyle?) -> DecorationStyle? {
    style
  }

  /// This section's layout under a `CompositionalLayout` (columns, badges, a sideways row…), or
  /// nil (the default) for the layout's own section. Other layouts never ask. Calling super is
  /// not required.
  open func layoutSection(environment: LayoutEnvironment) -> LayoutSection? { nil }

  /// The width items can use: the container's width less this section's insets.
  public var availableWidth: Double {
    // `inset` is open: each read is a call a subclass may override, so it is read once.
    let inset = self.inset
    return max(0, (collectionContext?.containerSize.width ?? 0) - inset.left - inset.right)
  }

  /// A text cell across ``availableWidth``, exactly as tall as the front wraps `text` there
  /// (the context's measure: display width in the terminal). Outside a list, one line tall.
  public func textCell(_ text: String, role: TextRole, kind: ElementKind? = nil) -> CellDescriptor {
    guard let context = collectionContext else {
      return .text(text, role: role, width: 0, height: 1, kind: kind)
    }
    let inset = self.inset  // open: read once, as in ``availableWidth``
    let width = max(0, context.containerSize.width - inset.left - inset.right)
    var descriptor = CellDescriptor.text(text, role: role, width: width, height: 1, kind: kind)
    descriptor.size = .exact(
      Size(width: width, height: max(1, context.measure(descriptor, width: width).height)))
    return descriptor
  }
}
