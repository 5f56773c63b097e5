import Sectional

/// What a view knows about where it draws.
public struct DrawEnvironment: Hashable, Sendable {
  /// The colours and text styles.
  public var theme: Theme
  /// How many colours the output has: views pick glyphs by it.
  public var colors: ColorDepth

  /// An environment; the standard theme in true colour by default.
  public init(theme: Theme = .standard, colors: ColorDepth = .trueColor) {
    self.theme = theme
    self.colors = colors
  }
}

/// The state of the cell being drawn.
public struct CellState: Hashable, Sendable {
  /// Whether the cell has the keyboard focus.
  public var isFocused: Bool
  /// Whether the cell's item is selected.
  public var isSelected: Bool

  /// A state; neither focused nor selected by default.
  public init(isFocused: Bool = false, isSelected: Bool = false) {
    self.isFocused = isFocused
    self.isSelected = isSelected
  }
}

/// Draws cells of one reuse kind, and measures them for self-sizing.
public protocol CellView: Sendable {
  /// The size the cell wants at `width` columns (text wraps; pictures keep their aspect ratio).
  func measure(_ descriptor: CellDescriptor, width: Int) -> (width: Int, height: Int)
  /// Draws the cell into `frame` (canvas coordinates; the canvas clips).
  func draw(
    _ descriptor: CellDescriptor, in frame: CellRect, state: CellState, canvas: inout Canvas,
    environment: DrawEnvironment)
}

/// Draws headers or footers.
public protocol SupplementaryView: Sendable {
  func draw(
    _ descriptor: SupplementaryDescriptor, kind: ElementKind, in frame: CellRect, canvas: inout Canvas,
    environment: DrawEnvironment)
}

/// Draws decorations of one kind: the section card, shelves, section backgrounds.
public protocol DecorationView: Sendable {
  func draw(
    _ attributes: LayoutAttributes, in frame: CellRect, canvas: inout Canvas, environment: DrawEnvironment)
}
