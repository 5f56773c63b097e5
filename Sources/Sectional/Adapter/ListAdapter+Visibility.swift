extension ListAdapter {
  /// Tells display, working-range and scroll delegates what changed on screen.
  func updateVisibility() {
    let visible = Set(collectionView.visibleElements().map(\.indexPath.section)).filter {
      $0 < controllers.count
    }
    for section in visibleSections.subtracting(visible).sorted() {
      controllers[section].displayDelegate?.didEndDisplaying(controllers[section])
    }
    for section in visible.subtracting(visibleSections).sorted() {
      controllers[section].displayDelegate?.willDisplay(controllers[section])
    }
    visibleSections = visible
    var range: Set<Int> = []
    if let low = visible.min(), let high = visible.max() {
      range = Set(max(0, low - workingRangeSize)...min(controllers.count - 1, high + workingRangeSize))
    }
    for section in workingRangeSections.subtracting(range).sorted() {
      controllers[section].workingRangeDelegate?.didExitWorkingRange(controllers[section])
    }
    for section in range.subtracting(workingRangeSections).sorted() {
      controllers[section].workingRangeDelegate?.willEnterWorkingRange(controllers[section])
    }
    workingRangeSections = range
  }
}
