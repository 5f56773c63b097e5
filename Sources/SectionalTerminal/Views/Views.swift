import Sectional

/// What a view knows about where it draws.
public struct DrawEnvironment: Hashable, Sendable {
  public var theme: Theme
  public var colors: ColorDepth

  public init(theme: Theme = .standard, colors: ColorDepth = .trueColor) {
    self.theme = theme
    self.colors = colors
  }
}

/// The state of the cell being drawn.
public struct CellState: Hashable, Sendable {
  public var isFocused: Bool
  public var isSelected: Bool

  public init(isFocused: Bool = false, isSelected: Bool = false) {
    self.isFocused = isFocused
    self.isSelected = isSelected
  }
}

/// Draws cells of one reuse kind, and measures them for self-sizing.
public protocol CellView: Sendable {
  /// The size the cell wants at `width` columns (text wraps; pictures keep their aspect ratio).
  func measure(_ descriptor: CellDescriptor, width: Int) -> (width: Int, height: Int)
  /// Draws the cell into `frame` (canvas coordinates; the canvas clips).
  func draw(
    _ descriptor: CellDescriptor, in frame: CellRect, state: CellState, canvas: inout Canvas,
    environment: DrawEnvironment)
}

/// Draws headers or footers.
public protocol SupplementaryView: Sendable {
  func draw(
    _ descriptor: SupplementaryDescriptor, kind: ElementKind, in frame: CellRect, canvas: inout Canvas,
    environment: DrawEnvironment)
}

/// Draws decorations of one kind: the section card, shelves, section backgrounds.
public protocol DecorationView: Sendable {
  func draw(
    _ attributes: LayoutAttributes, in frame: CellRect, canvas: inout Canvas, environment: DrawEnvironment)
}

// MARK: - Cells

/// Wrapped text in its role's style.
public struct TextCellView: CellView {
  /// The role to draw in when the content does not say.
  public var role: TextRole

  public init(role: TextRole = .body) { self.role = role }

  public func measure(_ descriptor: CellDescriptor, width: Int) -> (width: Int, height: Int) {
    let text = Self.text(of: descriptor.content)
    let lines = TextLayout.lines(text, width: width)
    return (lines.map { DisplayWidth.of($0) }.max() ?? 0, lines.count)
  }

  public func draw(
    _ descriptor: CellDescriptor, in frame: CellRect, state: CellState, canvas: inout Canvas,
    environment: DrawEnvironment
  ) {
    var role = self.role
    if case .text(_, let contentRole) = descriptor.content { role = contentRole }
    var style = environment.theme.style(for: role)
    if state.isSelected { style.attributes.insert(.underline) }
    canvas.drawWrappedText(Self.text(of: descriptor.content), in: frame, style: style)
  }

  static func text(of content: CellContent) -> String {
    switch content {
    case .text(let text, _), .button(let text), .custom(let text): text
    case .image: ""
    }
  }
}

/// A picture drawn with upper half blocks: each cell shows two pixels, the top one in the
/// foreground and the bottom one in the background. Without colour, shade characters by
/// brightness.
public struct ImageCellView: CellView {
  public init() {}

  public func measure(_ descriptor: CellDescriptor, width: Int) -> (width: Int, height: Int) {
    guard case .image(let picture) = descriptor.content else { return (0, 0) }
    let size = ExpandableSectionController.imageSize(picture, width: Double(width))
    return (Int(size.width), Int(size.height))
  }

  public func draw(
    _ descriptor: CellDescriptor, in frame: CellRect, state: CellState, canvas: inout Canvas,
    environment: DrawEnvironment
  ) {
    guard case .image(let picture) = descriptor.content, picture.width > 0, picture.height > 0,
      !frame.isEmpty
    else { return }
    let visible = frame.intersection(canvas.clip)
    guard !visible.isEmpty else { return }
    let pixelRows = frame.height * 2
    for y in visible.y..<visible.maxY {
      let row = y - frame.y
      let topY = min(picture.height - 1, (row * 2) * picture.height / pixelRows)
      let bottomY = min(picture.height - 1, (row * 2 + 1) * picture.height / pixelRows)
      for x in visible.x..<visible.maxX {
        let px = min(picture.width - 1, (x - frame.x) * picture.width / frame.width)
        let top = picture[px, topY]
        let bottom = picture[px, bottomY]
        if environment.colors == .none {
          let shade = Self.shade(for: (Self.luminance(top) + Self.luminance(bottom)) / 2)
          canvas.put(shade, columns: 1, x: x, y: y, style: .plain)
        } else {
          canvas.put(
            "▀", columns: 1, x: x, y: y, style: TextStyle(foreground: .rgb(top), background: .rgb(bottom)))
        }
      }
    }
  }

  static func luminance(_ color: Color) -> Int {
    (Int(color.red) * 299 + Int(color.green) * 587 + Int(color.blue) * 114) / 1000
  }

  static let shades: [Character] = [" ", "░", "▒", "▓", "█"]

  static func shade(for luminance: Int) -> Character {
    shades[min(shades.count - 1, max(0, luminance) * shades.count / 256)]
  }
}

/// A button: its label in brackets, highlighted when focused.
public struct ButtonCellView: CellView {
  public init() {}

  public func measure(_ descriptor: CellDescriptor, width: Int) -> (width: Int, height: Int) {
    (min(width, DisplayWidth.of(Sanitizer.clean(label(of: descriptor), singleLine: true)) + 4), 1)
  }

  public func draw(
    _ descriptor: CellDescriptor, in frame: CellRect, state: CellState, canvas: inout Canvas,
    environment: DrawEnvironment
  ) {
    let theme = environment.theme
    var style = state.isFocused ? theme.focusedButton : theme.button
    if state.isFocused && environment.colors == .none { style.attributes.insert(.reverse) }
    let text = "[ " + Sanitizer.clean(label(of: descriptor), singleLine: true) + " ]"
    canvas.withClip(frame) { canvas in
      canvas.drawText(text, x: frame.x, y: frame.y, style: style, maxWidth: frame.width)
    }
  }

  private func label(of descriptor: CellDescriptor) -> String {
    if case .button(let label) = descriptor.content { return label }
    return TextCellView.text(of: descriptor.content)
  }
}

// MARK: - Supplementaries

/// A header or footer: wrapped text in the header or footer role.
public struct TextSupplementaryView: SupplementaryView {
  public init() {}

  public func draw(
    _ descriptor: SupplementaryDescriptor, kind: ElementKind, in frame: CellRect, canvas: inout Canvas,
    environment: DrawEnvironment
  ) {
    var role: TextRole = kind == .footer ? .footer : .header
    if case .text(_, let contentRole) = descriptor.content { role = contentRole }
    canvas.drawWrappedText(
      TextCellView.text(of: descriptor.content), in: frame, style: environment.theme.style(for: role))
  }
}

// MARK: - Decorations

/// The card behind a section: a drop shadow offset right and down, the background, and a border
/// (rounded when the style has a corner radius).
public struct CardDecorationView: DecorationView {
  public init() {}

  public func draw(
    _ attributes: LayoutAttributes, in frame: CellRect, canvas: inout Canvas, environment: DrawEnvironment
  ) {
    let style = attributes.style ?? .card
    let theme = environment.theme
    if let shadow = style.shadow {
      let dx = max(0, Int(shadow.offset.x.rounded()))
      let dy = max(0, Int(shadow.offset.y.rounded()))
      let shadowColor = theme.shadow
      if environment.colors == .none {
        canvas.drawShadow(of: frame, dx: dx, dy: dy) { cell in
          if cell.grapheme == " " { cell.grapheme = "░" }
        }
      } else {
        canvas.drawShadow(of: frame, dx: dx, dy: dy) { cell in
          cell.style.background = .rgb(shadowColor)
          if cell.style.foreground != .default { cell.style.attributes.insert(.dim) }
        }
      }
    }
    let background = style.backgroundColor ?? theme.cardBackground
    if environment.colors != .none {
      canvas.fill(frame, style: TextStyle(background: .rgb(background)))
    } else {
      canvas.fill(frame, style: .plain)
    }
    let border = TextStyle(foreground: .rgb(style.borderColor ?? theme.cardBorder))
    canvas.drawBox(frame, border: style.cornerRadius > 0 ? .rounded : .square, style: border)
  }
}

/// A filled band: shelves behind each line of items, or the background behind a section.
public struct FillDecorationView: DecorationView {
  public var color: @Sendable (Theme) -> Color

  public init(color: @escaping @Sendable (Theme) -> Color) { self.color = color }

  public func draw(
    _ attributes: LayoutAttributes, in frame: CellRect, canvas: inout Canvas, environment: DrawEnvironment
  ) {
    guard environment.colors != .none else { return }
    let fill = attributes.style?.backgroundColor ?? color(environment.theme)
    canvas.fill(frame, style: TextStyle(background: .rgb(fill)))
  }
}
