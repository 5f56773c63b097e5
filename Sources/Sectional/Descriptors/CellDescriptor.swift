/// What a text role says about how text is drawn.
public enum TextRole: String, Hashable, Sendable, CaseIterable {
  case title, body, caption, detail, header, footer
}

/// A picture made of pixels, drawn by the text front with half-block characters.
public struct Picture: Hashable, Sendable {
  public var width: Int
  public var height: Int
  /// Row-major, `width × height` colours.
  public var pixels: [Color]

  /// A picture of `width × height` pixels; missing pixels are black, extra ones dropped, so a
  /// malformed picture still has a defined look.
  public init(width: Int, height: Int, pixels: [Color]) {
    self.width = max(0, width)
    self.height = max(0, height)
    let count = self.width * self.height
    self.pixels =
      Array(pixels.prefix(count)) + Array(repeating: Color(hex: 0), count: max(0, count - pixels.count))
  }

  /// A picture whose pixel colours come from a function of (x, y).
  public init(width: Int, height: Int, _ colour: (Int, Int) -> Color) {
    let width = max(0, width)
    let height = max(0, height)
    var pixels: [Color] = []
    pixels.reserveCapacity(width * height)
    for y in 0..<height {
      for x in 0..<width { pixels.append(colour(x, y)) }
    }
    self.init(width: width, height: height, pixels: pixels)
  }

  public subscript(x: Int, y: Int) -> Color { pixels[y * width + x] }
}

/// What a cell shows.
public enum CellContent: Hashable, Sendable {
  /// Text, drawn according to its role.
  case text(String, role: TextRole)
  /// A picture.
  case image(Picture)
  /// A button with a label; selecting its item is the tap.
  case button(String)
  /// Anything else: a payload the front's view for `reuseKind` understands.
  case custom(String)
}

/// Everything the collection view needs to show one cell: a value.
///
/// Like `UICollectionViewCell` dequeued by reuse identifier and configured, but with no view:
/// fronts register a view per ``reuseKind`` and draw ``content`` in it.
public struct CellDescriptor: Hashable, Sendable {
  public var reuseKind: ElementKind
  public var size: ItemSize
  public var content: CellContent

  public init(reuseKind: ElementKind, size: ItemSize, content: CellContent) {
    self.reuseKind = reuseKind
    self.size = size
    self.content = content
  }

  /// A text cell of `height` lines (exact) across `width`.
  public static func text(
    _ text: String, role: TextRole, width: Double, height: Double, kind: ElementKind? = nil
  ) -> CellDescriptor {
    CellDescriptor(
      reuseKind: kind ?? ElementKind(role.rawValue), size: .exact(Size(width: width, height: height)),
      content: .text(text, role: role))
  }
}

/// A header or a footer: a height across the full width, and its content.
public struct SupplementaryDescriptor: Hashable, Sendable {
  public var height: Double
  public var content: CellContent

  public init(height: Double, content: CellContent) {
    self.height = height
    self.content = content
  }
}
