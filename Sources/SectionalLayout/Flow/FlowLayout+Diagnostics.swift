import SectionalDiff

extension FlowLayout {
  // MARK: - Diagnostics

  func report(_ kind: Diagnostic.Kind, _ indexPath: IndexPath?, _ message: String) {
    guard !suppressesReports else { return }
    collectionView?.report(Diagnostic(kind, message, indexPaths: indexPath.map { [$0] } ?? []))
  }

  /// The longest length the layout takes, 2^24: frames are stored relative to their section in
  /// single precision, which holds every whole number up to it exactly. Longer sizes, insets and
  /// spacings are clamped to it (with a diagnostic), so no frame is ever infinite or imprecise.
  static let maximumLength = 16_777_216.0

  func sanitized(_ value: Double, _ what: String, _ section: Int) -> Double {
    if value.isFinite && value >= 0 && value <= Self.maximumLength { return value }
    let used = value.isFinite && value > 0 ? Self.maximumLength : 0
    report(
      .invalidSize, IndexPath(item: 0, section: section),
      "section \(section) has \(what) \(value); used \(Int(used))")
    return used
  }

  func sanitizedCount(_ value: Int, what: String) -> Int {
    if value >= 0 { return value }
    report(.invalidSize, nil, "the collection view gave \(value) \(what); used 0")
    return 0
  }
}

extension ItemSize {
  /// The size to lay out: the preferred size for an estimated item that has one.
  func resolved(preferred: Size?) -> Size {
    switch self {
    case .exact(let size): size
    case .estimated(let size): preferred ?? size
    }
  }
}
