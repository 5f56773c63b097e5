import SectionalDiff

// Lengths from dimensions, clamped and reported when they are not usable.

extension SectionSolver {

  /// A dimension as a length in `container`; an estimate is its value. Negative, NaN or
  /// infinite results become 0 with a diagnostic; lengths past 2^24 are clamped.
  mutating func resolve(_ dimension: LayoutDimension, in container: Size, _ what: String) -> Double {
    let value: Double
    switch dimension.kind {
    case .estimated: return estimate(dimension.value, what)
    case .absolute: value = dimension.value
    case .fractionalWidth: value = dimension.value * container.width
    case .fractionalHeight: value = dimension.value * container.height
    }
    return length(value, what)
  }

  /// An estimate as a length: one that is not positive and finite (0, negative, NaN,
  /// infinite) would lay its element out 0 high, where no cell is ever shown, so measured,
  /// so it is taken as 1 with a diagnostic (UIKit refuses it); past 2^24 it is clamped.
  mutating func estimate(_ value: Double, _ what: String) -> Double {
    guard value.isFinite && value > 0 else {
      if reported.insert(what + " estimate").inserted {
        layout.report(
          .invalidSize, IndexPath(item: 0, section: section),
          "section \(section) has \(what) estimated at \(value); used 1")
      }
      return 1
    }
    return length(value, what)
  }

  mutating func length(_ value: Double, _ what: String) -> Double {
    if value.isFinite && value >= 0 && value <= CompositionalLayout.maximumLength { return value }
    let used = value.isFinite && value > 0 ? CompositionalLayout.maximumLength : 0
    if reported.insert(what).inserted {
      layout.report(
        .invalidSize, IndexPath(item: 0, section: section),
        "section \(section) has \(what) \(value); used \(Int(used))")
    }
    return used
  }

  mutating func sanitized(_ insets: EdgeInsets, _ what: String) -> EdgeInsets {
    EdgeInsets(
      top: length(insets.top, what), left: length(insets.left, what), bottom: length(insets.bottom, what),
      right: length(insets.right, what))
  }
}
