import SectionalLayout

/// Where a scroll puts its target in the viewport: UIKit's `UICollectionView.ScrollPosition`,
/// vertically, which is the only way the list scrolls.
public enum ScrollPosition: Sendable, Hashable {
  /// The target's top at the viewport's top.
  case top
  /// The target's middle at the viewport's middle (UIKit's `centeredVertically`).
  case centeredVertically
  /// The target's bottom at the viewport's bottom.
  case bottom
  /// As little scrolling as shows the target: none when it is wholly visible, else its top at
  /// the viewport's top (when it is above, or taller than the viewport) or its bottom at the
  /// viewport's bottom (UITableView's `.none`, the web's `nearest`).
  case nearest
}

// Scrolling: the visible rectangle, kept within the content, moved by offsets, items and rows.

extension CollectionView {
  /// How far the content is scrolled: the top-left of the visible rectangle in content
  /// coordinates. Setting it is ``setContentOffset(_:)``, as in UIKit: kept within the content.
  public var contentOffset: Point {
    get { bounds.origin }
    set { setContentOffset(newValue) }
  }
  /// The size of the whole content, as the layout computes it.
  public var contentSize: Size { collectionViewLayout.contentSize }

  /// The largest y offset: the content's height less the viewport's, at least 0.
  public var maximumContentOffsetY: Double { max(0, contentSize.height - bounds.height) }

  /// A new viewport size (a terminal resize). A new width invalidates sizes. A negative, NaN or
  /// infinite length becomes 0; one past 2^24 (the layouts' longest length) is cut to it.
  public func setSize(_ size: Size) {
    let clean = Self.sanitized(size)
    // A new width lays everything out again: the transition's end frames are no longer the
    // layout's.
    if clean.width != bounds.width { finishTransition() }
    setBounds(Rect(origin: bounds.origin, size: clean))
    clampOffset()
    delegate?.collectionViewDidScroll(self)
  }

  /// Scrolls to `offset`, kept within the content.
  public func setContentOffset(_ offset: Point) {
    var newBounds = bounds
    newBounds.origin = Point(x: 0, y: offset.y.isFinite ? min(max(0, offset.y), maximumContentOffsetY) : 0)
    guard newBounds != bounds else { return }
    let toEnd = offset.y >= maximumContentOffsetY
    setBounds(newBounds)
    // The end stays the end: sections laid out on arrival (estimated until then) may have made
    // the content longer.
    for _ in 0..<Self.settlingRoundLimit where toEnd && bounds.minY < maximumContentOffsetY {
      newBounds.origin.y = maximumContentOffsetY
      setBounds(newBounds)
    }
    delegate?.collectionViewDidScroll(self)
  }

  /// Scrolls by `dy` rows.
  public func scroll(by dy: Double) { setContentOffset(Point(x: 0, y: contentOffset.y + dy)) }

  /// Scrolls so the item's top is at the top of the viewport, as far as the content allows, even
  /// when it is already visible (``scrollToItem(at:at:)`` with ``ScrollPosition/nearest``
  /// scrolls only as far as it takes to show it). Reports a diagnostic for an item that does not
  /// exist.
  public func scrollToItem(at indexPath: IndexPath) { scrollToItem(at: indexPath, at: .top) }

  /// Scrolls so the item is at `position` in the viewport, as far as the content allows (UIKit's
  /// `scrollToItem(at:at:animated:)`). Reports a diagnostic for an item that does not exist.
  public func scrollToItem(at indexPath: IndexPath, at position: ScrollPosition) {
    guard let target = collectionViewLayout.layoutAttributesForItem(at: indexPath) else {
      report(Diagnostic(.noSuchItem, "scroll to item \(indexPath): no such item", indexPaths: [indexPath]))
      return
    }
    scroll(toSpan: target.frame.minY, target.frame.maxY, at: position)
  }

  /// Scrolls so the rows from `top` to `bottom` are at `position`, as far as the content allows.
  func scroll(toSpan top: Double, _ bottom: Double, at position: ScrollPosition) {
    let y =
      switch position {
      case .top: top
      case .centeredVertically: (top + bottom) / 2 - bounds.height / 2
      case .bottom: bottom - bounds.height
      case .nearest:
        if top >= bounds.minY && bottom <= bounds.maxY {
          bounds.minY
        } else if top < bounds.minY || bottom - top > bounds.height {
          top
        } else {
          bottom - bounds.height
        }
      }
    setContentOffset(Point(x: 0, y: y))
  }

  /// Scrolls a section that scrolls sideways (a compositional layout's orthogonal section) by
  /// `dx`, as its behaviour says; returns whether it moved. Other sections and layouts do not
  /// move.
  @discardableResult
  public func scrollSection(_ section: Int, sidewaysBy dx: Double) -> Bool {
    guard let sideways = collectionViewLayout as? any SidewaysScrollingLayout,
      sideways.scrollSection(section, sidewaysBy: dx)
    else { return false }
    prepareAndSelfSize()
    setNeedsDisplay()
    delegate?.collectionViewDidScroll(self)
    return true
  }

  /// How far `section` is scrolled sideways; 0 when it does not scroll sideways.
  public func orthogonalOffset(forSection section: Int) -> Double {
    (collectionViewLayout as? any SidewaysScrollingLayout)?.orthogonalOffset(forSection: section) ?? 0
  }

  /// Scrolls a sideways section to `offset` (kept within its row), as a user's swipe would end:
  /// the delegate hears of the scroll. Other sections and layouts do not move.
  public func setOrthogonalOffset(_ offset: Double, forSection section: Int) {
    guard let sideways = collectionViewLayout as? any SidewaysScrollingLayout, offset.isFinite,
      sideways.scrollsSideways(section: section)
    else { return }
    sideways.setOrthogonalOffset(offset, forSection: section)
    prepareAndSelfSize()
    setNeedsDisplay()
    delegate?.collectionViewDidScroll(self)
  }

  /// Whether `section` scrolls sideways on its own.
  public func scrollsSideways(section: Int) -> Bool {
    (collectionViewLayout as? any SidewaysScrollingLayout)?.scrollsSideways(section: section) ?? false
  }

  func setBounds(_ newBounds: Rect) {
    if collectionViewLayout.shouldInvalidateLayout(forBoundsChange: newBounds) {
      collectionViewLayout.invalidateLayout(
        with: collectionViewLayout.invalidationContext(forBoundsChange: newBounds))
    }
    if bounds != newBounds { setNeedsDisplay() }
    bounds = newBounds
    collectionViewLayout.bounds = newBounds
    prepareAndSelfSize()
  }

  /// Keeps the offset within the content after the content shrank. Moving the bounds lays out
  /// again — cells that come into view size themselves, which can shrink the content once more —
  /// so it repeats until the offset holds (a few rounds at most).
  func clampOffset() {
    for _ in 0..<Self.settlingRoundLimit {
      guard bounds.minY > maximumContentOffsetY else { return }
      var clamped = bounds
      clamped.origin.y = maximumContentOffsetY
      setBounds(clamped)
    }
  }
}

extension CollectionView {
  /// The longest length a viewport takes, 2^24, as the layouts' longest.
  static let maximumLength = 16_777_216.0

  /// `size` with each length finite, at least 0 and at most ``maximumLength``.
  static func sanitized(_ size: Size) -> Size {
    func clean(_ value: Double) -> Double { value.isFinite ? min(max(0, value), maximumLength) : 0 }
    return Size(width: clean(size.width), height: clean(size.height))
  }
}
