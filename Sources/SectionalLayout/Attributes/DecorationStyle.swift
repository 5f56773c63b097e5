/// A colour: 24-bit RGB. Fronts with fewer colours map it down.
public struct Color: Hashable, Sendable {
  /// The red component, 0–255.
  public var red: UInt8
  /// The green component, 0–255.
  public var green: UInt8
  /// The blue component, 0–255.
  public var blue: UInt8

  /// A colour from its three components.
  public init(red: UInt8, green: UInt8, blue: UInt8) {
    self.red = red
    self.green = green
    self.blue = blue
  }

  /// `0xRRGGBB`.
  public init(hex: UInt32) {
    self.init(red: UInt8((hex >> 16) & 0xFF), green: UInt8((hex >> 8) & 0xFF), blue: UInt8(hex & 0xFF))
  }
}

/// A drop shadow, offset right and down (a terminal cell cannot blur).
public struct Shadow: Hashable, Sendable {
  /// How far the shadow falls right (x) and down (y). Default one cell each way.
  public var offset: Point

  /// A shadow falling `offset` right and down (one cell each way by default).
  public init(offset: Point = Point(x: 1, y: 1)) {
    self.offset = offset
  }
}

/// How a decoration looks — what custom layout attributes carry in UIKit, without subclassing.
public struct DecorationStyle: Hashable, Sendable {
  /// How round the corners are; 0 (the default) for square. The terminal rounds any radius above 0.
  public var cornerRadius: Double
  /// The drop shadow; nil (the default) for none.
  public var shadow: Shadow?
  /// The fill; nil (the default) for the front's theme colour.
  public var backgroundColor: Color?
  /// The border's colour; nil (the default) for the front's theme colour.
  public var borderColor: Color?

  /// A style; every part defaults to none.
  public init(
    cornerRadius: Double = 0, shadow: Shadow? = nil, backgroundColor: Color? = nil,
    borderColor: Color? = nil
  ) {
    self.cornerRadius = cornerRadius
    self.shadow = shadow
    self.backgroundColor = backgroundColor
    self.borderColor = borderColor
  }

  /// A rounded card with a drop shadow offset one cell right and down.
  public static let card = DecorationStyle(cornerRadius: 1, shadow: Shadow(), borderColor: nil)
}
