import SectionalDiff

/// A supplementary placed in its section: a badge (``index`` is its item) or a boundary item
/// (``index`` is its position among the section's boundary items of its kind).
struct PlacedSupplementary: Hashable {
  var kind: ElementKind
  var index: Int
  /// Relative to the section's top; x in the container (unscrolled, for a sideways section).
  var frame: Rect
  var zIndex: Int
  /// Boundary items only: pinned to the visible bounds, above (top) or below the content, and
  /// sized by their content (an estimated height).
  var pins = false
  var isTop = false
  var isEstimated = false
}

/// A decoration placed in its section.
struct PlacedDecoration: Hashable {
  var kind: ElementKind
  var frame: Rect
  var zIndex: Int
  var style: DecorationStyle
}

/// One placement of the section's group: the items it holds and how far it reaches along the
/// section's axis (down the page, or across a sideways row).
struct GroupRow: Hashable {
  var firstItem: Int
  var lower: Double
  /// The largest upper end of this row and every row before it: non-decreasing, so a binary
  /// search finds the first row reaching a rect.
  var reach: Double
}

/// Everything one section needs to answer queries, relative to the section's top.
struct SectionModel: Hashable {
  var height = 0.0
  var items: [Rect] = []
  /// Per item, the dimensions its measured size sets (an estimated dimension the layout
  /// takes from the measure; empty: the item does not size itself).
  var sizing: [SelfSizing] = []
  var rows: [GroupRow] = []
  /// Badges in item order.
  var badges: [PlacedSupplementary] = []
  /// The kinds of the badges.
  var badgeKinds: Set<ElementKind> = []
  var boundaries: [PlacedSupplementary] = []
  var decorations: [PlacedDecoration] = []
  /// Sideways sections: the scrolling behaviour, the band items are clipped to (relative to
  /// the section's top) and how wide the row's content is.
  var orthogonal = OrthogonalScrollingBehavior.none
  var band = Rect.zero
  var scrollWidth = 0.0
  /// How far any badge reaches outside its item: row searches widen by it.
  var badgeReach = 0.0
  /// The leading x of each group in a sideways row, for group paging.
  var groupStarts: [Double] = []
  /// What the model was solved from, when nothing measured went into it (no item or boundary
  /// item sizes itself): the same inputs solve to the same model.
  var inputs: SectionInputs?

  var scrollsSideways: Bool { orthogonal != .none }
}

/// The dimensions of an item that its measured size sets: the estimated ones the layout takes
/// from the collection view's measure.
struct SelfSizing: OptionSet, Hashable {
  let rawValue: UInt8
  static let width = SelfSizing(rawValue: 1)
  static let height = SelfSizing(rawValue: 2)
}

/// What a section's model is solved from, besides measured sizes.
struct SectionInputs: Hashable {
  var definition: LayoutSection
  var itemCount: Int
  var container: Size
}
