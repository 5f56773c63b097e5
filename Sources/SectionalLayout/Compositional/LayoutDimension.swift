import SectionalDiff

/// One axis of an item's, group's or supplementary's size, after
/// `NSCollectionLayoutDimension`: an absolute length, a fraction of the container's width or
/// height, or an estimate that self-sizing refines.
public struct LayoutDimension: Hashable, Sendable {
  /// How the length is given.
  public enum Kind: Hashable, Sendable {
    /// In points (terminal cells).
    case absolute
    /// A fraction of the container's width.
    case fractionalWidth
    /// A fraction of the container's height.
    case fractionalHeight
    /// A first guess in points; the cell's measured size replaces it.
    case estimated
  }

  /// How ``value`` is read.
  public var kind: Kind
  /// The length or the fraction.
  public var value: Double

  /// `points` long.
  public static func absolute(_ points: Double) -> LayoutDimension {
    LayoutDimension(kind: .absolute, value: points)
  }
  /// `fraction` of the container's width.
  public static func fractionalWidth(_ fraction: Double) -> LayoutDimension {
    LayoutDimension(kind: .fractionalWidth, value: fraction)
  }
  /// `fraction` of the container's height.
  public static func fractionalHeight(_ fraction: Double) -> LayoutDimension {
    LayoutDimension(kind: .fractionalHeight, value: fraction)
  }
  /// About `points` long until measured.
  public static func estimated(_ points: Double) -> LayoutDimension {
    LayoutDimension(kind: .estimated, value: points)
  }

  /// Whether self-sizing refines the length.
  public var isEstimated: Bool { kind == .estimated }
}

/// A width and a height, after `NSCollectionLayoutSize`.
public struct LayoutSize: Hashable, Sendable {
  /// The width.
  public var widthDimension: LayoutDimension
  /// The height.
  public var heightDimension: LayoutDimension

  /// A size of the two dimensions.
  public init(widthDimension: LayoutDimension, heightDimension: LayoutDimension) {
    self.widthDimension = widthDimension
    self.heightDimension = heightDimension
  }
}
