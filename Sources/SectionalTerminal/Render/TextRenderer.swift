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

  /// A renderer drawing with `registry`'s views (the standard ones by default) in `environment`
  /// (the standard theme in true colour by default).
  public init(registry: ViewRegistry = .standard, environment: DrawEnvironment = DrawEnvironment()) {
    self.registry = registry
    self.environment = environment
  }

  /// Paints the collection view's viewport into `canvas` (cleared first), with the button at
  /// `focused` highlighted.
  public func render(_ collectionView: CollectionView, focused: IndexPath? = nil, into canvas: inout Canvas) {
    render(collectionView, rect: collectionView.bounds, focused: focused, into: &canvas)
  }

  /// Paints the content in `rect` (content coordinates) into `canvas`, its top-left corner at the
  /// canvas's. Printing a feed longer than a screen paints it a page at a time this way.
  public func render(
    _ collectionView: CollectionView, rect: Rect, focused: IndexPath? = nil, into canvas: inout Canvas
  ) {
    canvas.clear()
    canvas.clip = canvas.bounds
    let elements = collectionView.layout.layoutAttributesForElements(in: rect)
      .sorted(by: LayoutAttributes.drawsBefore)
    let selected = collectionView.indexPathsForSelectedItems
    let canvasClip = canvas.clip
    defer { canvas.clip = canvasClip }
    for attributes in elements where !attributes.isHidden {
      let frame = Self.cellRect(attributes.frame, origin: rect.origin)
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
        view.draw(attributes, in: frame, canvas: &canvas, environment: environment)
      case .cell:
        guard let descriptor = collectionView.cellDescriptor(at: attributes.indexPath) else { continue }
        if registry.registeredCellView(forKind: descriptor.reuseKind) == nil {
          reportUnregistered(descriptor.reuseKind, "cell", in: collectionView)
        }
        let state = CellState(
          isFocused: attributes.indexPath == focused, isSelected: selected.contains(attributes.indexPath))
        let view = registry.cellView(for: descriptor)
        canvas.withClip(frame) { canvas in
          view.draw(descriptor, in: frame, state: state, canvas: &canvas, environment: environment)
        }
      case .supplementary:
        guard
          let descriptor = collectionView.supplementaryDescriptor(
            ofKind: attributes.kind, at: attributes.indexPath)
        else { continue }
        let view = registry.supplementaryView(ofKind: attributes.kind)
        canvas.withClip(frame) { canvas in
          view.draw(descriptor, kind: attributes.kind, in: frame, canvas: &canvas, environment: environment)
        }
      }
    }
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
