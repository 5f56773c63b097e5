import Sectional

/// A picture made of pixels, drawn by the text front with half-block characters.
package struct Picture: Hashable, Sendable {
  package var width: Int
  package var height: Int
  /// Row-major, `width × height` colours.
  package var pixels: [Color]

  /// A picture of `width × height` pixels; missing pixels are black, extra ones dropped, so a
  /// malformed picture still has a defined look.
  package init(width: Int, height: Int, pixels: [Color]) {
    self.width = max(0, width)
    self.height = max(0, height)
    let count = self.width * self.height
    self.pixels =
      Array(pixels.prefix(count)) + Array(repeating: Color(hex: 0), count: max(0, count - pixels.count))
  }

  /// A picture whose pixel colours come from a function of (x, y).
  package init(width: Int, height: Int, _ colour: (Int, Int) -> Color) {
    let width = max(0, width)
    let height = max(0, height)
    var pixels: [Color] = []
    pixels.reserveCapacity(width * height)
    for y in 0..<height {
      for x in 0..<width { pixels.append(colour(x, y)) }
    }
    self.init(width: width, height: height, pixels: pixels)
  }

  package subscript(x: Int, y: Int) -> Color { pixels[y * width + x] }
}

extension Picture {
  /// The cells a picture takes drawn with half blocks — one row of cells holds two rows of
  /// pixels — scaled down to fit `width` columns, aspect ratio kept.
  package func size(fitting width: Double) -> Size {
    guard self.width > 0, height > 0, width >= 1 else { return .zero }
    let columns = min(Double(self.width), width.rounded(.down))
    let rows = (Double(height) * columns / Double(self.width) / 2).rounded(.up)
    return Size(width: columns, height: max(1, rows))
  }
}
