import SectionalDiff

/// Something a layout corrected rather than crash on: bad sizes, runaway self-sizing, bad index
/// paths. The layout keeps the most recent ones and hands each to its handler.
public struct LayoutDiagnostic: Hashable, Sendable, CustomStringConvertible {
  public enum Kind: Hashable, Sendable {
    /// A size, inset or spacing that was negative, NaN or infinite; zero was used.
    case invalidSize
    /// An item wider than its section's available width; it was narrowed to fit.
    case itemTooWide
    /// A self-sizing item whose preferred size did not settle; its last size was kept.
    case selfSizingDidNotSettle
    /// An invalidation that did not fit the data source's counts; everything was recomputed.
    case inconsistentUpdate
  }

  public var kind: Kind
  public var indexPath: IndexPath?
  public var message: String

  public init(kind: Kind, indexPath: IndexPath? = nil, message: String) {
    self.kind = kind
    self.indexPath = indexPath
    self.message = message
  }

  public var description: String { message }
}
