import Sectional

/// The views the renderer draws with, registered per kind — the way a collection view registers
/// cell classes by reuse identifier and a layout registers decoration views by element kind.
///
/// A cell is looked up by its descriptor's `reuseKind`, a supplementary by its element kind, a
/// decoration by its element kind. A cell kind nobody registered is drawn by the view for its
/// content (text or button; a custom value is left blank) rather than failing, and the renderer
/// reports it once.
public struct ViewRegistry: Sendable {
  private var cells: [ElementKind: any CellView] = [:]
  private var supplementaries: [ElementKind: any SupplementaryView] = [:]
  private var decorations: [ElementKind: any DecorationView] = [:]

  /// An empty registry: everything is drawn by the content fallbacks; decorations not at all.
  public init() {}

  /// Draws cells whose descriptor's reuse kind is `kind` with `view`, replacing any view registered
  /// before.
  public mutating func register(_ view: any CellView, forCellKind kind: ElementKind) { cells[kind] = view }

  /// Draws supplementaries of `kind` with `view`.
  public mutating func register(_ view: any SupplementaryView, forSupplementaryKind kind: ElementKind) {
    supplementaries[kind] = view
  }

  /// Draws decorations of `kind` with `view`.
  public mutating func register(_ view: any DecorationView, forDecorationKind kind: ElementKind) {
    decorations[kind] = view
  }

  /// The view registered for a cell kind, if any.
  package func registeredCellView(forKind kind: ElementKind) -> (any CellView)? { cells[kind] }

  /// The view for a cell: the one registered for its kind, else the fallback for its content.
  package func cellView(for descriptor: CellDescriptor) -> any CellView {
    if let view = cells[descriptor.reuseKind] { return view }
    switch descriptor.content {
    case .button: return ButtonCellView()
    case .text(_, let role): return TextCellView(role: role)
    case .custom: return TextCellView(role: .body)
    }
  }

  /// The view for supplementaries of `kind`; plain text when none is registered.
  package func supplementaryView(ofKind kind: ElementKind) -> any SupplementaryView {
    supplementaries[kind] ?? TextSupplementaryView()
  }

  /// The view for decorations of `kind`, or nil when none is registered (they are not drawn, and
  /// reported once).
  package func decorationView(ofKind kind: ElementKind) -> (any DecorationView)? { decorations[kind] }

  /// Text for every `TextRole`'s kind; the button; text headers and footers; the section
  /// card, shelves and section backgrounds.
  public static let standard: ViewRegistry = {
    var registry = ViewRegistry()
    for role in TextRole.allCases {
      registry.register(TextCellView(role: role), forCellKind: ElementKind(rawValue: role.rawValue))
    }
    registry.register(ButtonCellView(), forCellKind: "button")
    registry.register(TextSupplementaryView(), forSupplementaryKind: .header)
    registry.register(TextSupplementaryView(), forSupplementaryKind: .footer)
    registry.register(CardDecorationView(), forDecorationKind: .sectionCard)
    registry.register(FillDecorationView { $0.shelf }, forDecorationKind: .shelf)
    registry.register(FillDecorationView { $0.sectionBackground }, forDecorationKind: .sectionBackground)
    return registry
  }()
}
