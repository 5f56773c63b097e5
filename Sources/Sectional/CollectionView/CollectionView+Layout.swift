import SectionalLayout

// Laying out: the layout prepared when needed, and the self-sizing loop that measures the cells
// whose sizes are estimates until the layout settles.

/// Told when a layout pass the app asked for has laid out: the pass where cells appear, as in
/// UIKit. The adapter's bridge is one, and tells its display and working-range delegates.
@MainActor
protocol LayoutPassObserver: AnyObject {
  func collectionViewDidLayOut(_ collectionView: CollectionView)
}

extension CollectionView {
  /// A layout pass, as UIKit's: prepares the layout and self-sizes the visible cells whose size
  /// is estimated until nothing is invalid (at most a few rounds, then a
  /// `selfSizingDidNotSettle` diagnostic), and then the cells it shows appear: a ``ListAdapter``
  /// tells its display and working-range delegates what came on and went off screen, once.
  public func layoutIfNeeded() {
    prepareAndSelfSize()
    layoutPassObserver?.collectionViewDidLayOut(self)
  }

  /// Prepares the layout and runs self-sizing for the visible cells (and supplementaries the
  /// layout says size themselves) whose size is estimated,
  /// until nothing is invalid: prepare → attributes → measured size → invalidation context →
  /// prepare, at most `settlingRoundLimit` rounds (then a `selfSizingDidNotSettle` diagnostic).
  /// The view's own work before it moves or changes (a scroll, a batch): no one is told, so a
  /// scroll right after a reload tells only what it shows.
  func prepareAndSelfSize() {
    collectionViewLayout.prepare()
    settleEstimates()
    guard let dataSource else { return }
    // One round more than the limit, to check: a layout that settled in its last round is not
    // reported.
    for round in 0...Self.settlingRoundLimit {
      var changed = false
      // The view scrolls vertically only: a context's vertical offset adjustment is what it takes.
      var offsetAdjustment = 0.0
      for original in collectionViewLayout.layoutAttributesForElements(in: bounds)
      where original.category != .decoration {
        let descriptor: CellDescriptor
        if original.category == .cell {
          guard
            collectionViewLayout.mayPreferSize(ofItemAt: original.indexPath)
              || collectionViewLayout.selfSizesItem(at: original.indexPath)
          else { continue }
          descriptor = dataSource.collectionView(
            self, cellForItemAt: dataIndexPath(forDisplayed: original.indexPath))
          guard descriptor.size.isEstimated || collectionViewLayout.selfSizesItem(at: original.indexPath)
          else { continue }
        } else {
          // An estimated header or footer is measured as a cell of its content would be.
          guard collectionViewLayout.selfSizesSupplementary(ofKind: original.kind, at: original.indexPath),
            let supplementary = supplementaryDescriptor(ofKind: original.kind, at: original.indexPath)
          else { continue }
          descriptor = CellDescriptor(
            reuseKind: original.kind, size: .estimated(original.frame.size), content: supplementary.content)
        }
        var preferred = original
        // An item whose width is its content's is measured at the container's width and takes
        // the width it needs; any other at its own width, for its height.
        if original.category == .cell && collectionViewLayout.selfSizesItemWidth(at: original.indexPath) {
          preferred.frame.size = measure(descriptor, width: bounds.width)
        } else {
          preferred.frame.size.height = measure(descriptor, width: original.frame.width).height
        }
        if collectionViewLayout.shouldInvalidateLayout(
          forPreferredAttributes: preferred, originalAttributes: original)
        {
          guard round < Self.settlingRoundLimit else {
            // Every round changed something: a layout of one's own without a per-element limit
            // keeps invalidating (a measurer that never answers the same twice, say). Its last
            // layout stays.
            report(
              Diagnostic(
                .selfSizingDidNotSettle,
                "self-sizing still changed the layout after \(Self.settlingRoundLimit) rounds; "
                  + "its last layout was kept"))
            return
          }
          let context = collectionViewLayout.invalidationContext(
            forPreferredAttributes: preferred, originalAttributes: original)
          offsetAdjustment += context.contentOffsetAdjustment.y
          collectionViewLayout.invalidateLayout(with: context)
          changed = true
        }
      }
      guard changed else { return }
      // Sizes changed outside any batch (a cell measured as it came into view): a running
      // transition's end frames are no longer the layout's.
      finishTransition()
      collectionViewLayout.prepare()
      if offsetAdjustment != 0, offsetAdjustment.isFinite {
        // A layout of the user's own asked to keep what is seen in place: scroll by as much.
        setContentOffset(Point(x: contentOffset.x, y: contentOffset.y + offsetAdjustment))
      }
      settleEstimates()
    }
  }

  /// Has the layout lay out what it left at an estimate in the viewport; when content above the
  /// viewport's top changed height doing so, scrolls by as much, so what the viewport showed
  /// stays in place (UIKit's content-offset adjustment). A few rounds at most: each lays out
  /// sections, and there are finitely many.
  func settleEstimates() {
    for _ in 0..<Self.settlingRoundLimit {
      let shift = collectionViewLayout.layOutEstimatedSections(in: bounds)
      guard shift != 0, shift.isFinite else { return }
      // Content above changed height: everything below moved, transition or not.
      finishTransition()
      var moved = bounds
      moved.origin.y = max(0, moved.origin.y + shift)
      if collectionViewLayout.shouldInvalidateLayout(forBoundsChange: moved) {
        collectionViewLayout.invalidateLayout(
          with: collectionViewLayout.invalidationContext(forBoundsChange: moved))
      }
      if bounds != moved { setNeedsDisplay() }
      bounds = moved
      collectionViewLayout.bounds = moved
      collectionViewLayout.prepare()
    }
  }

  /// The size `descriptor`'s cell takes at `width`, by the ``measurer``; without one, text wraps
  /// by grapheme count (as wide as its widest line), a button is its label on one line, and
  /// other content keeps its descriptor's size. What a front draws around a label (the terminal's
  /// `[ ]`) is its measurer's to add: the core knows nothing of how a front looks.
  public func measure(_ descriptor: CellDescriptor, width: Double) -> Size {
    let width = width.isFinite ? max(0, width) : 0
    if let measurer { return measurer(descriptor, width) }
    switch descriptor.content {
    case .text(let text, _):
      let size = TextWrapping.size(of: text, width: Int(width), printableASCIIIsOneColumn: true)
      return Size(width: min(width, Double(size.width)), height: Double(size.lines))
    case .button(let label):
      return Size(width: min(width, Double(label.count)), height: 1)
    case .custom:
      return descriptor.size.size
    }
  }
}
