/// What a text role says about how text is drawn.
public enum TextRole: String, Hashable, Sendable, CaseIterable {
  /// A card's title (bold in the terminal's standard theme).
  case title
  /// Running text.
  case body
  /// A caption under a picture (italic in the terminal's standard theme).
  case caption
  /// Longer text an expansion shows.
  case detail
  /// A section header.
  case header
  /// A section footer.
  case footer
}

/// What a cell shows.
public enum CellContent: Hashable, Sendable {
  /// Text, drawn according to its role.
  case text(String, role: TextRole)
  /// A button with a label; selecting its item is the tap.
  case button(String)
  /// A value of the client's own type (a picture, a chart, a rating) that the view a front
  /// registers for the cell's reuse kind understands.
  case custom(CustomContent)

  /// The custom value, when it is a `Value`.
  public func value<Value>(as type: Value.Type) -> Value? {
    if case .custom(let content) = self { return content.value(as: type) }
    return nil
  }
}

/// A client's own cell payload, any `Hashable & Sendable` value, compared and hashed as itself.
public struct CustomContent: Hashable, Sendable {
  /// The value.
  public let base: any Hashable & Sendable

  /// Wraps `base`.
  public init(_ base: some Hashable & Sendable) { self.base = base }

  /// The value, when it is a `Value`.
  public func value<Value>(as type: Value.Type) -> Value? { base as? Value }

  /// Whether both wrap equal values of the same type.
  public static func == (lhs: CustomContent, rhs: CustomContent) -> Bool {
    AnyHashable(lhs.base) == AnyHashable(rhs.base)
  }

  /// Hashes the wrapped value.
  public func hash(into hasher: inout Hasher) { hasher.combine(AnyHashable(base)) }
}

/// Everything the collection view needs to show one cell: a value.
///
/// Like `UICollectionViewCell` dequeued by reuse identifier and configured, but with no view:
/// fronts register a view per ``reuseKind`` and draw ``content`` in it.
public struct CellDescriptor: Hashable, Sendable {
  /// Which registered view draws the cell: a text role's kind (`body`, `title`…), `button`, or a
  /// kind of your own.
  public var reuseKind: ElementKind
  /// The cell's size: exact, or estimated for the front to measure (self-sizing).
  public var size: ItemSize
  /// What the cell shows.
  public var content: CellContent

  /// A cell drawn by the view registered for `reuseKind`, of `size`, showing `content`.
  public init(reuseKind: ElementKind, size: ItemSize, content: CellContent) {
    self.reuseKind = reuseKind
    self.size = size
    self.content = content
  }

  /// A cell showing a value of the client's own type, drawn by the view registered for
  /// `reuseKind`.
  public init(reuseKind: ElementKind, size: ItemSize, custom value: some Hashable & Sendable) {
    self.init(reuseKind: reuseKind, size: size, content: .custom(CustomContent(value)))
  }

  /// A text cell of `height` lines (exact) across `width`.
  public static func text(
    _ text: String, role: TextRole, width: Double, height: Double, kind: ElementKind? = nil
  ) -> CellDescriptor {
    CellDescriptor(
      reuseKind: kind ?? ElementKind(rawValue: role.rawValue),
      size: .exact(Size(width: width, height: height)),
      content: .text(text, role: role))
  }
}

/// A header or a footer: a height across the section (the flow layout's: the full width, or a
/// carded section's text columns), and its content.
public struct SupplementaryDescriptor: Hashable, Sendable {
  /// The height the flow layout gives a header or footer (its width is the section's); other
  /// layouts size their own kinds.
  public var height: Double
  /// What it shows.
  public var content: CellContent

  /// A supplementary `height` tall showing `content`.
  public init(height: Double, content: CellContent) {
    self.height = height
    self.content = content
  }
}
