import Sectional

/// Paints what a `CollectionView` shows into a ``Canvas``: the visible elements in drawing
/// order (decorations, cells, supplementaries, each by z-index), each by the view registered
/// for its kind and clipped to the viewport. One layout point is one cell; frames are snapped
/// to whole cells by rounding both edges, so neighbours never overlap or leave a gap.
@MainActor
public final class TextRenderer {
  /// The views that draw each kind of cell, supplementary and decoration.
  public var registry: ViewRegistry
  /// The theme and colour depth views draw with.
  public var environment: DrawEnvironment
  /// Kinds drawn by a fallback (or not at all) because nothing was registered for them; each is
  /// reported once, into the collection view's diagnostics.
  private var reportedKinds: Set<ElementKind> = []

  /// What one element showed, kept from the last frame drawn: an element that leaves with an
  /// animated update is drawn with it (the data source no longer has it), as UIKit animates a
  /// deleted cell's view.
  private enum Shown {
    case cell(CellDescriptor)
    case supplementary(SupplementaryDescriptor)
  }
  private struct ShownKey: Hashable {
    var category: ElementCategory
    var kind: ElementKind
    var indexPath: IndexPath
  }
  /// The last frame's contents, and the collection view's content generation they were read at.
  private var shown: [(ShownKey, Shown)] = []
  private var shownGeneration = -1
  private weak var shownView: CollectionView?
  /// The leaving elements' contents, by departure identity, while their transition runs.
  private var departed: [Int: Shown] = [:]

  /// A renderer drawing with `registry`'s views (the standard ones by default) in `environment`.
  /// Without one, the standard theme in the colours standard output takes
  /// (`ColorSupport.depth()`: none into a pipe or a file, or with `NO_COLOR`), and
  /// ``detectsColors`` is true.
  public init(registry: ViewRegistry = .standard, environment: DrawEnvironment? = nil) {
    self.registry = registry
    self.environment = environment ?? DrawEnvironment(colors: ColorSupport.depth())
    detectsColors = environment == nil
  }

  /// Whether the colours were detected rather than chosen: `ListViewer.present(input:output:)`
  /// then detects them again for the descriptor it writes to.
  public let detectsColors: Bool

  /// Paints the collection view's viewport into `canvas` (cleared first), with the item at
  /// `focused` highlighted, and `emptyView` (an adapter's) inset by a cell when there are no
  /// sections. The viewer and the test kit both draw through here, so a test sees what a user
  /// would.
  public func render(
    _ collectionView: CollectionView, focused: IndexPath? = nil, emptyView: CellDescriptor? = nil,
    into canvas: inout Canvas
  ) {
    render(collectionView, rect: collectionView.bounds, focused: focused, into: &canvas)
    if let emptyView, collectionView.numberOfSections == 0 {
      let size = Self.cellRect(collectionView.bounds, origin: collectionView.bounds.origin)
      draw(
        emptyView, in: CellRect(x: 1, y: 1, width: max(0, size.width - 2), height: max(0, size.height - 1)),
        into: &canvas)
    }
  }

  /// Paints the content in `rect` (content coordinates) into `canvas`, its top-left corner at the
  /// canvas's. Printing a feed longer than a screen paints it a page at a time this way.
  ///
  /// During the collection view's `CollectionView.transition`, the viewport is painted as the
  /// transition is at `CollectionView.transitionProgress`. A terminal cell cannot be half
  /// there, so an element fading in or out is revealed rather than faded: a cell or
  /// supplementary shows only inside its section's card as the card is now, and above the next
  /// item of its section that stays (an expansion opens like a drawer, the "View less" button
  /// sliding down over the new rows); anything else shows the top rows of its frame its opacity
  /// gives.
  public func render(
    _ collectionView: CollectionView, rect: Rect, focused: IndexPath? = nil, into canvas: inout Canvas
  ) {
    canvas.clear()
    canvas.clip = canvas.bounds
    let elements = collectionView.displayedElements(in: rect)
    // At its end a transition shows everything where the layout has it: nothing to reveal.
    let reveals =
      collectionView.transition == nil || collectionView.transitionProgress >= 1
      ? [] : Self.reveals(of: elements, origin: rect.origin)
    if let transition = collectionView.transition {
      keepDeparted(of: transition, in: collectionView)
    } else {
      departed = [:]
    }
    let records = rect == collectionView.bounds
    if records {
      shown.removeAll(keepingCapacity: true)
      shownGeneration = collectionView.contentGeneration
      shownView = collectionView
    }
    let selected = collectionView.indexPathsForSelectedItems
    let canvasClip = canvas.clip
    defer { canvas.clip = canvasClip }
    for (position, element) in elements.enumerated() where !element.attributes.isHidden {
      let attributes = element.attributes
      let departure = element.departureID
      let frame = Self.cellRect(attributes.frame, origin: rect.origin)
      // Fading: a decoration shows the top of its frame as tall as the opacity says, across the
      // whole width (a card's shadow falls outside its frame); a cell or supplementary what its
      // reveal says. Opaque, a cell or supplementary is clipped to its frame and a decoration
      // draws where it likes.
      var fade: CellRect?
      if attributes.alpha < 1 && attributes.category == .decoration {
        fade = Self.fadeRows(of: frame, alpha: attributes.alpha, across: canvasClip)
        if fade == nil { continue }
      }
      var drawn = frame
      if attributes.category != .decoration, let reveal = position < reveals.count ? reveals[position] : nil {
        drawn = reveal
        if drawn.height <= 0 || drawn.width <= 0 { continue }
      }
      // A sideways section's items draw only inside its row.
      if let clip = attributes.clip {
        canvas.clip = canvasClip.intersection(Self.cellRect(clip, origin: rect.origin))
      } else if canvas.clip != canvasClip {
        canvas.clip = canvasClip
      }
      switch attributes.category {
      case .decoration:
        guard let view = registry.decorationView(ofKind: attributes.kind) else {
          reportUnregistered(attributes.kind, "decoration", in: collectionView)
          continue
        }
        if let fade {
          canvas.withClip(fade) { canvas in
            view.draw(attributes, in: frame, canvas: &canvas, environment: environment)
          }
        } else {
          view.draw(attributes, in: frame, canvas: &canvas, environment: environment)
        }
      case .cell:
        let key = ShownKey(category: .cell, kind: attributes.kind, indexPath: attributes.indexPath)
        let descriptor: CellDescriptor
        if departure != 0 {
          // What this front last drew of it, else what the view captured before the update.
          if case .cell(let leaving) = departed[departure] {
            descriptor = leaving
          } else if let captured = element.departingCell {
            descriptor = captured
          } else {
            continue
          }
        } else {
          guard let live = collectionView.cellDescriptor(at: attributes.indexPath) else { continue }
          descriptor = live
        }
        if records && departure == 0 { shown.append((key, .cell(descriptor))) }
        if registry.registeredCellView(forKind: descriptor.reuseKind) == nil {
          reportUnregistered(descriptor.reuseKind, "cell", in: collectionView)
        }
        let state = CellState(
          isFocused: departure == 0 && attributes.indexPath == focused,
          isSelected: departure == 0 && selected.contains(attributes.indexPath))
        let view = registry.cellView(for: descriptor)
        canvas.withClip(drawn) { canvas in
          view.draw(descriptor, in: frame, state: state, canvas: &canvas, environment: environment)
        }
      case .supplementary:
        let descriptor: SupplementaryDescriptor
        if departure != 0 {
          if case .supplementary(let leaving) = departed[departure] {
            descriptor = leaving
          } else if let captured = element.departingSupplementary {
            descriptor = captured
          } else {
            continue
          }
        } else {
          guard
            let live = collectionView.supplementaryDescriptor(
              ofKind: attributes.kind, at: attributes.indexPath)
          else { continue }
          descriptor = live
          if records {
            let key = ShownKey(
              category: .supplementary, kind: attributes.kind, indexPath: attributes.indexPath)
            shown.append((key, .supplementary(descriptor)))
          }
        }
        let view = registry.supplementaryView(ofKind: attributes.kind)
        canvas.withClip(drawn) { canvas in
          view.draw(descriptor, kind: attributes.kind, in: frame, canvas: &canvas, environment: environment)
        }
      }
    }
  }

  /// The top rows of `frame` its opacity gives, as wide as `across`; nil when none.
  private static func fadeRows(of frame: CellRect, alpha: Double, across: CellRect) -> CellRect? {
    let rows = Int((Double(frame.height) * max(0, min(1, alpha))).rounded())
    return rows > 0 ? CellRect(x: across.x, y: frame.y, width: across.width, height: rows) : nil
  }

  /// For each cell and supplementary that appears or leaves in a transition (or stays, still
  /// fading in from an interrupted one), the part of its frame drawn now: for a cell, inside its section's card as the card is now (its border
  /// excluded) and above the next cell of its section that stays on a later line; with neither,
  /// and for a supplementary, the top rows its opacity gives.
  /// Nil for every other element. A leaving element is matched with its section before the
  /// update, any other with its section after.
  static func reveals(of elements: [DisplayedElement], origin: Point) -> [CellRect?] {
    struct SectionKey: Hashable {
      var section: Int
      var before: Bool
    }
    var interiors: [SectionKey: CellRect] = [:]
    // The same, whatever the card's opacity: what bounds a cell that stays.
    var wholeInteriors: [SectionKey: CellRect] = [:]
    // A staying cell of a section: its item, the top of its line at the transition's start or
    // end (in that numbering), and where its top is now.
    var staying: [SectionKey: [(item: Int, line: Double, top: Int)]] = [:]
    for element in elements {
      guard let phase = element.phase else { continue }
      let attributes = element.attributes
      let frame = cellRect(attributes.frame, origin: origin)
      if attributes.category == .decoration {
        guard attributes.kind == .sectionCard,
          let path = phase == .disappearing ? element.before : element.after
        else { continue }
        func interior(_ shown: CellRect) -> CellRect {
          CellRect(
            x: shown.x + 1, y: shown.y + 1, width: max(0, shown.width - 2), height: max(0, shown.height - 2))
        }
        var shown = frame
        if attributes.alpha < 1 {
          shown.height = fadeRows(of: frame, alpha: attributes.alpha, across: frame)?.height ?? 0
        }
        let key = SectionKey(section: path.section, before: phase == .disappearing)
        interiors[key] = interior(shown)
        wholeInteriors[key] = interior(frame)
      } else if phase == .staying, attributes.category == .cell {
        if let before = element.before {
          staying[SectionKey(section: before.section, before: true), default: []].append(
            (before.item, element.startFrame.minY, frame.y))
        }
        if let after = element.after {
          staying[SectionKey(section: after.section, before: false), default: []].append(
            (after.item, element.endFrame.minY, frame.y))
        }
      }
    }
    return elements.map { element in
      // A cell that stays but is not wholly there yet was still being revealed when an animated
      // update interrupted the transition that brought it: it stays inside its card and above
      // the next cell, or it would jump out over the button sliding down and the card's
      // border. Its opacity alone hides nothing: updates coming faster than a transition (a
      // file loading) would keep it from ever showing.
      let stays = element.phase == .staying
      guard let phase = element.phase, !stays || element.attributes.alpha < 1,
        element.attributes.category == .cell || !stays, element.attributes.category != .decoration,
        let path = phase == .disappearing ? element.before : element.after
      else { return nil }
      let key = SectionKey(section: path.section, before: phase == .disappearing)
      let frame = cellRect(element.attributes.frame, origin: origin)
      var reveal = frame
      var bounded = false
      // A header or footer lies outside its card: only cells are revealed by it.
      if element.attributes.category == .cell, let interior = stays ? wholeInteriors[key] : interiors[key] {
        reveal = reveal.intersection(interior)
        bounded = true
      }
      // The next cells that stay are those after it on a later line (one beside it on its own
      // line is no limit), where the element leaves from or arrives on.
      let line = phase == .disappearing ? element.startFrame.minY : element.endFrame.minY
      if element.attributes.category == .cell,
        let limit = staying[key]?.filter({ $0.item > path.item && $0.line > line }).map(\.top).min()
      {
        reveal.height = max(0, min(reveal.maxY, limit) - reveal.y)
        bounded = true
      }
      if !bounded {
        if stays { return nil }
        reveal =
          fadeRows(of: frame, alpha: element.attributes.alpha, across: frame)
          ?? CellRect(x: 0, y: 0, width: 0, height: 0)
      }
      return reveal
    }
  }

  /// Finds the content of the transition's leaving elements in what the last frame showed, when
  /// that frame was drawn from the data the transition started from; keeps only those still
  /// leaving. A leaving element whose content is not known (the view was not drawn since the data
  /// changed before the update) is left out.
  private func keepDeparted(of transition: LayoutTransition, in collectionView: CollectionView) {
    let canRead = shownView === collectionView && shownGeneration == transition.startGeneration
    var index: [ShownKey: Int]?
    var kept: [Int: Shown] = [:]
    for element in transition.elements where element.phase == .disappearing {
      if let known = departed[element.departureID] {
        kept[element.departureID] = known
        continue
      }
      guard canRead, element.start.category != .decoration else { continue }
      if index == nil {
        var built: [ShownKey: Int] = [:]
        for (position, entry) in shown.enumerated() { built[entry.0] = position }
        index = built
      }
      let key = ShownKey(
        category: element.start.category, kind: element.start.kind, indexPath: element.start.indexPath)
      if let position = index?[key] { kept[element.departureID] = shown[position].1 }
    }
    departed = kept
  }

  /// Draws one cell outside any list — the adapter's empty view, say — with the view
  /// registered for it, clipped to `rect`.
  public func draw(_ descriptor: CellDescriptor, in rect: CellRect, into canvas: inout Canvas) {
    let view = registry.cellView(for: descriptor)
    canvas.withClip(rect) { canvas in
      view.draw(descriptor, in: rect, state: CellState(), canvas: &canvas, environment: environment)
    }
  }

  /// The collection view's measurer: the view registered for a cell measures it at a width,
  /// with the same text layout it draws with, so a cell is exactly as tall as its text.
  public func measurer() -> (CellDescriptor, Double) -> Size {
    let registry = registry
    return { descriptor, width in
      let columns = width.isFinite ? Int(max(0, min(1e9, width)).rounded(.down)) : 0
      let measured = registry.cellView(for: descriptor).measure(descriptor, width: max(1, columns))
      return Size(width: Double(measured.width), height: Double(measured.height))
    }
  }

  /// A frame in content coordinates as whole cells relative to `origin`.
  package static func cellRect(_ frame: Rect, origin: Point) -> CellRect {
    func snap(_ value: Double) -> Int {
      guard value.isFinite else { return 0 }
      return Int(max(-1e9, min(1e9, value)).rounded())
    }
    let minX = snap(frame.minX - origin.x)
    let minY = snap(frame.minY - origin.y)
    return CellRect(
      x: minX, y: minY, width: snap(frame.maxX - origin.x) - minX, height: snap(frame.maxY - origin.y) - minY)
  }

  private func reportUnregistered(_ kind: ElementKind, _ category: String, in collectionView: CollectionView)
  {
    guard reportedKinds.insert(kind).inserted else { return }
    let outcome = category == "cell" ? "drawn by its content" : "not drawn"
    collectionView.report(
      Diagnostic(
        .unregisteredView,
        "no view registered for \(category) kind \"\(Sanitizer.clean(kind.rawValue, singleLine: true))\"; \(outcome)"
      ))
  }
}

extension Diagnostic.Kind {
  /// An element whose kind has no registered view; a cell was drawn by its content, a
  /// decoration not at all.
  public static let unregisteredView: Self = "unregistered-view"
}
