import SectionalDiff

/// Where and how one element sits: a value, copied freely (UIKit's attributes are objects that
/// must be copied by hand; a cache that hands out the same object twice shares its changes).
public struct LayoutAttributes: Hashable, Sendable {
  /// The item's index path; for supplementaries and decorations the section with item 0, except
  /// shelves, whose item is the line's index within the section.
  public var indexPath: IndexPath
  /// Whether the element is a cell, a supplementary or a decoration.
  public var category: ElementCategory
  /// The element's kind: ``ElementKind/cell`` for cells, `header`, `section-card`… for the others.
  public var kind: ElementKind
  /// The frame in content coordinates.
  public var frame: Rect
  /// Drawing order: higher is in front. Ties break by category, section, then item.
  public var zIndex: Int
  /// Whether the element is laid out but not drawn. Default false.
  public var isHidden: Bool
  /// The look of a decoration; nil for cells and supplementaries.
  public var style: DecorationStyle?
  /// The part of the content the element may draw in, in content coordinates; nil (the default)
  /// for no limit. Items of a section that scrolls sideways are clipped to their section's row.
  public var clip: Rect?
  /// How opaque the element is, 0 (invisible) to 1 (the default). Layouts give 1; an animated
  /// update fades appearing and disappearing elements through it.
  public var alpha: Double = 1

  /// Attributes with every field given; `zIndex` defaults to 0, `isHidden` to false, `style` to
  /// none.
  public init(
    indexPath: IndexPath, category: ElementCategory, kind: ElementKind, frame: Rect,
    zIndex: Int = 0, isHidden: Bool = false, style: DecorationStyle? = nil
  ) {
    self.indexPath = indexPath
    self.category = category
    self.kind = kind
    self.frame = frame
    self.zIndex = zIndex
    self.isHidden = isHidden
    self.style = style
  }

  /// Attributes for the cell at `indexPath`.
  public static func cell(at indexPath: IndexPath, frame: Rect) -> LayoutAttributes {
    LayoutAttributes(indexPath: indexPath, category: .cell, kind: .cell, frame: frame, zIndex: ZIndex.cell)
  }

  /// The drawing order: by zIndex, then category (decorations, cells, supplementaries), then
  /// index path. Sorting visible elements with it gives the same order every time, however the
  /// elements were produced — shadows cannot stack wrongly as views are recycled.
  public static func drawsBefore(_ lhs: LayoutAttributes, _ rhs: LayoutAttributes) -> Bool {
    if lhs.zIndex != rhs.zIndex { return lhs.zIndex < rhs.zIndex }
    if lhs.category != rhs.category { return lhs.category.drawOrder < rhs.category.drawOrder }
    if lhs.indexPath != rhs.indexPath { return lhs.indexPath < rhs.indexPath }
    return lhs.kind.rawValue < rhs.kind.rawValue
  }
}

extension ElementCategory {
  var drawOrder: Int {
    switch self {
    case .decoration: 0
    case .cell: 1
    case .supplementary: 2
    }
  }
}

/// The z-indexes the built-in layouts use: every decoration behind every cell, badges behind
/// headers and footers, pinned headers in front of everything.
public enum ZIndex {
  /// Section backgrounds: behind everything.
  public static let sectionBackground = -3
  /// Section cards: in front of backgrounds, behind shelves and cells.
  public static let sectionCard = -2
  /// Shelves: behind cells.
  public static let shelf = -1
  /// Cells.
  public static let cell = 0
  /// Supplementaries anchored to items (badges): in front of cells, behind headers and footers.
  public static let badge = 1
  /// Headers and footers: in front of cells and badges.
  public static let supplementary = 2
  /// A header pinned to the top of the visible bounds.
  public static let pinnedHeader = 1024
  /// An item (or a section's elements) being moved interactively: in front of everything.
  public static let interactivelyMoving = 2048
}
