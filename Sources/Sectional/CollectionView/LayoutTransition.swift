import SectionalLayout

/// The animation of one batch: for every element visible before or after it, where it starts
/// and where it ends. The collection view builds one for an animated batch (see
/// ``CollectionView/performBatchUpdates(_:animated:)``); the layout is already at its end state,
/// and a front draws ``attributes(at:in:)`` at the progress its clock says until the end.
/// Nothing here knows about time: a test reads any progress it likes.
///
/// Start frames are where elements were on screen: they are kept relative to the viewport, so a
/// scroll made with the update (an offset clamped to shorter content, a focus followed) does not
/// make them jump. End frames are the layout's, in content coordinates.
public struct LayoutTransition: Sendable {
  /// What an element does during the transition.
  public enum Phase: Hashable, Sendable {
    /// It is there before and after: it moves and resizes from its old frame to its new.
    case staying
    /// It comes with the update (inserted, or moved in from outside what was captured).
    case appearing
    /// It goes with the update (deleted, or its section reloaded away). Its index path is the
    /// one it had before; its content is what the front last drew for it.
    case disappearing
  }

  /// One element's start and end.
  public struct Element: Hashable, Sendable {
    /// Its attributes at progress 0, in the content coordinates of ``LayoutTransition/startBounds``.
    public var start: LayoutAttributes
    /// Its attributes at progress 1, in content coordinates after the update.
    public var end: LayoutAttributes
    /// What it does.
    public var phase: Phase
    /// For a disappearing element: the identity a front keeps its last drawn content under,
    /// unique across transitions (an element still leaving when another update starts keeps it);
    /// 0 for any other element.
    public internal(set) var departureID: Int
  }

  /// The elements, in no particular order (draw them sorted with
  /// `LayoutAttributes.drawsBefore(_:_:)`).
  public internal(set) var elements: [Element]
  /// The visible rectangle before the update.
  public let startBounds: Rect
  /// The collection view's content generation before the update: a front that last drew at this
  /// generation still has the disappearing elements' content.
  public let startGeneration: Int
  /// The elements that stay or appear, by their identity after the update: any other element
  /// the layout has is drawn where it is.
  let arrivingKeys: Set<ElementKey>

  /// The attributes of every element at `progress` (0 to 1, eased), as they show in `bounds`:
  /// appearing elements are left out at 0, disappearing ones at 1, and anything fully
  /// transparent.
  public func attributes(at progress: Double, in bounds: Rect) -> [LayoutAttributes] {
    var result: [LayoutAttributes] = []
    result.reserveCapacity(elements.count)
    for element in elements {
      guard let attributes = attributes(of: element, at: progress, in: bounds) else { continue }
      result.append(attributes)
    }
    return result
  }

  /// One element's attributes at `progress` in `bounds`, or nil when it is not shown then.
  public func attributes(of element: Element, at progress: Double, in bounds: Rect) -> LayoutAttributes? {
    let progress = progress.isFinite ? min(1, max(0, progress)) : 1
    if progress >= 1 && element.phase == .disappearing { return nil }
    if progress <= 0 && element.phase == .appearing { return nil }
    // The start, moved as the viewport moved since: where it was on screen.
    var start = element.start
    let dx = bounds.minX - startBounds.minX
    let dy = bounds.minY - startBounds.minY
    start.frame.origin = Point(x: start.frame.minX + dx, y: start.frame.minY + dy)
    start.clip = start.clip.map { Rect(x: $0.minX + dx, y: $0.minY + dy, width: $0.width, height: $0.height) }
    // The identity (index path, kind, style) is the end's, except for an element that leaves:
    // its content is what it showed before. At either end the frame is exactly that end's.
    var result = element.phase == .disappearing ? start : element.end
    if progress <= 0 {
      result.frame = start.frame
      result.alpha = start.alpha
      result.clip = start.clip
      result.zIndex = start.zIndex
    } else if progress >= 1 {
      result = element.end
    } else {
      let t = Self.eased(progress)
      result.frame = Self.interpolate(start.frame, element.end.frame, t)
      result.alpha = start.alpha + (element.end.alpha - start.alpha) * t
      if let from = start.clip, let to = element.end.clip {
        result.clip = Self.interpolate(from, to, t)
      }
      result.zIndex = max(start.zIndex, element.end.zIndex)
    }
    return result.alpha > 0 ? result : nil
  }

  /// The ease-in-out curve frames follow: slow at both ends, symmetric about the middle.
  package static func eased(_ progress: Double) -> Double {
    let p = min(1, max(0, progress))
    return p < 0.5 ? 4 * p * p * p : 1 - pow3(-2 * p + 2) / 2
  }

  private static func pow3(_ value: Double) -> Double { value * value * value }

  static func interpolate(_ a: Rect, _ b: Rect, _ t: Double) -> Rect {
    func mix(_ x: Double, _ y: Double) -> Double { x + (y - x) * t }
    return Rect(
      x: mix(a.minX, b.minX), y: mix(a.minY, b.minY), width: mix(a.width, b.width),
      height: mix(a.height, b.height))
  }
}
