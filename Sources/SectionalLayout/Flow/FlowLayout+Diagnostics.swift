import SectionalDiff

extension FlowLayout {
  // MARK: - Diagnostics

  func report(_ kind: Diagnostic.Kind, _ indexPath: IndexPath?, _ message: String) {
    collectionView?.report(Diagnostic(kind, message, indexPaths: indexPath.map { [$0] } ?? []))
  }

  func sanitized(_ value: Double, _ what: String, _ section: Int) -> Double {
    if value.isFinite && value >= 0 { return value }
    report(
      .invalidSize, IndexPath(item: 0, section: section), "section \(section) has \(what) \(value); used 0")
    return 0
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
