/// What the adapter's display and working-range delegates last heard: the controllers on screen
/// and their cells shown, and the controllers in the working range. Told what is visible after
/// each change, it tells the delegates the difference.
///
/// Sections are followed by controller, not by index: a controller that moves while shown is not
/// told anything, one that leaves the list while shown hears `didEndDisplaying`. Cells are
/// followed by index within their controller; ``forgetDisplayedCells(of:)`` and
/// ``remapDisplayedCells(of:section:through:)`` keep the indexes in step with updates.
@MainActor
final class VisibilityTracker {
  /// The controllers the display delegates last heard are on screen, in section order.
  private(set) var displayedControllers: [SectionController] = []
  /// The indexes of their cells shown (only for controllers with a display delegate).
  private var displayedCells: [ObjectIdentifier: Set<Int>] = [:]
  /// The controllers the working-range delegates last heard are in range.
  private var workingRangeControllers: [SectionController] = []

  /// Tells the delegates what changed, now that `elements` are visible among `controllers`'
  /// sections, with the working range `workingRangeSize` sections beyond them.
  func update(visible elements: [LayoutAttributes], controllers: [SectionController], workingRangeSize: Int) {
    let count = controllers.count
    var visible = Set<Int>()
    var cells: [Int: Set<Int>] = [:]
    for element in elements {
      let section = element.indexPath.section
      guard section >= 0, section < count else { continue }
      visible.insert(section)
      if element.category == .cell, controllers[section].displayDelegate != nil {
        cells[section, default: []].insert(element.indexPath.item)
      }
    }
    let shown = visible.sorted().map { controllers[$0] }
    let shownIDs = Set(shown.map(ObjectIdentifier.init))
    for controller in displayedControllers {
      let id = ObjectIdentifier(controller)
      let stays = shownIDs.contains(id)
      let now = stays ? cells[controller.sectionIndex] ?? [] : []
      for item in (displayedCells[id] ?? []).subtracting(now).sorted() {
        controller.displayDelegate?.didEndDisplayingCell(at: item, in: controller)
      }
      if !stays { controller.displayDelegate?.didEndDisplaying(controller) }
    }
    let wereShown = Set(displayedControllers.map(ObjectIdentifier.init))
    var newCells: [ObjectIdentifier: Set<Int>] = [:]
    for controller in shown {
      let id = ObjectIdentifier(controller)
      if !wereShown.contains(id) { controller.displayDelegate?.willDisplay(controller) }
      let now = cells[controller.sectionIndex] ?? []
      for item in now.subtracting(displayedCells[id] ?? []).sorted() {
        controller.displayDelegate?.willDisplayCell(at: item, in: controller)
      }
      if !now.isEmpty { newCells[id] = now }
    }
    displayedControllers = shown
    displayedCells = newCells

    var inRange: [SectionController] = []
    if let low = visible.min(), let high = visible.max() {
      inRange = Array(controllers[max(0, low - workingRangeSize)...min(count - 1, high + workingRangeSize)])
    }
    let inRangeIDs = Set(inRange.map(ObjectIdentifier.init))
    let wereInRange = Set(workingRangeControllers.map(ObjectIdentifier.init))
    for controller in workingRangeControllers where !inRangeIDs.contains(ObjectIdentifier(controller)) {
      controller.workingRangeDelegate?.didExitWorkingRange(controller)
    }
    for controller in inRange where !wereInRange.contains(ObjectIdentifier(controller)) {
      controller.workingRangeDelegate?.willEnterWorkingRange(controller)
    }
    workingRangeControllers = inRange
  }

  /// Every shown cell of `controller` ends now (its section is reloaded: new cells come); the
  /// next ``update(visible:controllers:workingRangeSize:)`` displays the new ones.
  func forgetDisplayedCells(of controller: SectionController) {
    let id = ObjectIdentifier(controller)
    guard let cells = displayedCells.removeValue(forKey: id) else { return }
    for item in cells.sorted() { controller.displayDelegate?.didEndDisplayingCell(at: item, in: controller) }
  }

  /// Shown cells of `controller` follow its item batch: deleted and reloaded ones end now, the
  /// others take their new indexes.
  func remapDisplayedCells(of controller: SectionController, section: Int, through updates: BatchUpdates) {
    let id = ObjectIdentifier(controller)
    guard let cells = displayedCells[id] else { return }
    let map = BatchValidation.indexPathMapper(updates, sources: nil, oldSectionCount: section + 1)
    var kept = Set<Int>()
    for item in cells.sorted() {
      if let new = map(IndexPath(item: item, section: section)) {
        kept.insert(new.item)
      } else {
        controller.displayDelegate?.didEndDisplayingCell(at: item, in: controller)
      }
    }
    displayedCells[id] = kept
  }
}
