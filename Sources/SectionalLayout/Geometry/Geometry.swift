/// A point in layout space. One layout point is one terminal cell: x a column, y a row.
public struct Point: Hashable, Sendable {
  /// The horizontal coordinate, growing rightwards.
  public var x: Double
  /// The vertical coordinate, growing downwards.
  public var y: Double

  /// The point at `x`, `y`.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The zero value.
  public static let zero = Point(x: 0, y: 0)
}

/// A width and a height in layout points.
public struct Size: Hashable, Sendable {
  /// The horizontal extent.
  public var width: Double
  /// The vertical extent.
  public var height: Double

  /// A size of `width` by `height`.
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// The zero value.
  public static let zero = Size(width: 0, height: 0)

  /// Whether both dimensions are finite and not negative: a size the layout can use as is.
  public var isValid: Bool {
    width.isFinite && height.isFinite && width >= 0 && height >= 0
  }
}

/// A rectangle: an origin and a size. Edges are half-open: a rect covers `minX..<maxX`.
public struct Rect: Hashable, Sendable {
  /// The top-left corner.
  public var origin: Point
  /// The width and height.
  public var size: Size

  /// The rect at `origin` of `size`.
  public init(origin: Point, size: Size) {
    self.origin = origin
    self.size = size
  }

  /// The rect with its top-left corner at `x`, `y`, of `width` by `height`.
  public init(x: Double, y: Double, width: Double, height: Double) {
    origin = Point(x: x, y: y)
    size = Size(width: width, height: height)
  }

  /// The zero value.
  public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
  /// A rect that covers every point, as `CGRect.infinite`: a layout's query with it returns
  /// every element.
  public static let infinite = Rect(
    x: -Double.greatestFiniteMagnitude / 2, y: -Double.greatestFiniteMagnitude / 2,
    width: .greatestFiniteMagnitude, height: .greatestFiniteMagnitude)

  /// The rect a query looks in: infinite edges (`-infinity` origins, `infinity` sizes) cut to
  /// finite ones far past any content, so its edges and extents can be computed; nil when it
  /// covers nothing (an empty, negative or NaN extent, or an origin at `+infinity`).
  package var queried: Rect? {
    func span(_ origin: Double, _ length: Double) -> (Double, Double)? {
      guard !origin.isNaN, !length.isNaN, length > 0, origin < .infinity else { return nil }
      let limit = Double.greatestFiniteMagnitude / 4
      let upper = length == .infinity ? limit : Swift.min(limit, origin + length)
      let lower = Swift.max(-limit, origin)
      return upper > lower ? (lower, upper) : nil
    }
    guard let (x0, x1) = span(minX, width), let (y0, y1) = span(minY, height) else { return nil }
    return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
  }

  /// The left edge.
  public var minX: Double { origin.x }
  /// The top edge.
  public var minY: Double { origin.y }
  /// The right edge.
  public var maxX: Double { origin.x + size.width }
  /// The bottom edge.
  public var maxY: Double { origin.y + size.height }
  /// The horizontal extent.
  public var width: Double { size.width }
  /// The vertical extent.
  public var height: Double { size.height }
  /// Whether the rect has no area (a zero, negative or NaN width or height).
  public var isEmpty: Bool { !(size.width > 0 && size.height > 0) }

  /// Whether the two rects share any area (touching edges do not count, as in Core Graphics).
  public func intersects(_ other: Rect) -> Bool {
    minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
  }

  /// Whether `point` lies inside the rect.
  public func contains(_ point: Point) -> Bool {
    point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
  }

  /// The smallest rect containing both.
  public func union(_ other: Rect) -> Rect {
    let x = Swift.min(minX, other.minX)
    let y = Swift.min(minY, other.minY)
    return Rect(
      x: x, y: y, width: Swift.max(maxX, other.maxX) - x, height: Swift.max(maxY, other.maxY) - y)
  }

  /// The rect grown by `insets` on each side (negative insets shrink it).
  public func outset(by insets: EdgeInsets) -> Rect {
    Rect(
      x: minX - insets.left, y: minY - insets.top, width: width + insets.left + insets.right,
      height: height + insets.top + insets.bottom)
  }

  /// The rect moved by `dx`, `dy`.
  public func offsetBy(dx: Double, dy: Double) -> Rect {
    Rect(x: minX + dx, y: minY + dy, width: width, height: height)
  }
}

/// Distances inward from each edge.
public struct EdgeInsets: Hashable, Sendable {
  /// The inset from the top edge.
  public var top: Double
  /// The inset from the left edge.
  public var left: Double
  /// The inset from the bottom edge.
  public var bottom: Double
  /// The inset from the right edge.
  public var right: Double

  /// Insets for each edge, zero by default.
  public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  /// The same inset on every edge.
  public init(all value: Double) {
    self.init(top: value, left: value, bottom: value, right: value)
  }

  /// The zero value.
  public static let zero = EdgeInsets()
}

extension Point: CustomStringConvertible {
  /// A short form for messages and test output.
  public var description: String { "(\(x), \(y))" }
}

extension Size: CustomStringConvertible {
  /// A short form for messages and test output.
  public var description: String { "\(width)×\(height)" }
}

extension Rect: CustomStringConvertible {
  /// A short form for messages and test output.
  public var description: String { "(\(minX), \(minY), \(width)×\(height))" }
}
