/// A colour: 24-bit RGB. Fronts with fewer colours map it down.
public struct Color: Hashable, Sendable {
  public var red: UInt8
  public var green: UInt8
  public var blue: UInt8

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

  public init(offset: Point = Point(x: 1, y: 1)) {
    self.offset = offset
  }
}

/// How a decoration looks — what custom layout attributes carry in UIKit, without subclassing.
public struct DecorationStyle: Hashable, Sendable {
  public var cornerRadius: Double
  public var shadow: Shadow?
  public var backgroundColor: Color?
  public var borderColor: Color?

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
