import Sectional

/// Pictures made in code: the feed has no image files.
package enum Pictures {
  /// The pattern names a feed file may use.
  package static let patternNames = [
    "gradient", "sunset", "ocean", "forest", "checker", "circle", "stripes", "aurora",
  ]

  /// A picture of `pattern` in `width × height` pixels; `colors` tints the patterns that take
  /// colours (gradient, checker, circle, stripes). Nil for an unknown pattern.
  ///
  /// Its pixels are made when it is first drawn, and a bounded cache keeps the latest ones: a
  /// feed of many pictures holds their recipes, not their pixels, so its memory does not grow
  /// with the pictures it could show.
  package static func make(_ pattern: String, width: Int, height: Int, colors: [Color] = []) -> Picture? {
    guard patternNames.contains(pattern) else { return nil }
    return Picture(pattern: Picture.Pattern(name: pattern, colors: colors), width: width, height: height)
  }

  /// The pixels of `pattern` at `width × height`, row-major; nil for an unknown pattern.
  static func render(_ pattern: String, width: Int, height: Int, colors: [Color]) -> Picture? {
    let a = colors.first ?? Color(hex: 0x7AA2F7)
    let b = colors.count > 1 ? colors[1] : Color(hex: 0xBB9AF7)
    let w = max(1, width)
    let h = max(1, height)
    switch pattern {
    case "gradient":
      return Picture(width: w, height: h) { x, y in mix(a, b, Double(x + y) / Double(max(1, w + h - 2))) }
    case "sunset":
      return Picture(width: w, height: h) { x, y in
        let sunX = Double(w) * 0.65
        let sunY = Double(h) * 0.55
        let d = ((Double(x) - sunX) * (Double(x) - sunX) + 4 * (Double(y) - sunY) * (Double(y) - sunY))
          .squareRoot()
        if Double(y) > Double(h) * 0.7 {
          return mix(Color(hex: 0x1A1B4B), Color(hex: 0x3D2C5E), Double(y) / Double(h))
        }
        if d < Double(h) * 0.28 { return Color(hex: 0xFFD166) }
        return mix(Color(hex: 0xF25F5C), Color(hex: 0x5B3E96), 1 - Double(y) / (Double(h) * 0.7))
      }
    case "ocean":
      return Picture(width: w, height: h) { x, y in
        let wave = Double(h) * 0.45 + 1.5 * sine(Double(x) / 3.0)
        if Double(y) < wave { return mix(Color(hex: 0xA0D8EF), Color(hex: 0x4EA8DE), Double(y) / wave) }
        return mix(Color(hex: 0x1E6091), Color(hex: 0x0B2545), (Double(y) - wave) / max(1, Double(h) - wave))
      }
    case "forest":
      return Picture(width: w, height: h) { x, y in
        let peak = Double(h) * 0.35 + Double((x * 7) % 5) + 2 * sine(Double(x) / 2.0)
        if Double(y) < peak { return mix(Color(hex: 0xCDE7F0), Color(hex: 0x9ED0E6), Double(y) / Double(h)) }
        return mix(Color(hex: 0x2D6A4F), Color(hex: 0x081C15), Double(y) / Double(h))
      }
    case "checker":
      return Picture(width: w, height: h) { x, y in ((x / 4) + (y / 4)) % 2 == 0 ? a : b }
    case "circle":
      return Picture(width: w, height: h) { x, y in
        let dx = Double(x) - Double(w - 1) / 2
        let dy = Double(y) - Double(h - 1) / 2
        let r = Double(min(w, h)) / 2
        return dx * dx + dy * dy <= r * r ? a : b
      }
    case "stripes":
      return Picture(width: w, height: h) { x, y in (x + y) / 3 % 2 == 0 ? a : b }
    case "aurora":
      return Picture(width: w, height: h) { x, y in
        let band = sine(Double(x) / 4.0 + Double(y) / 3.0)
        let base = mix(Color(hex: 0x0B132B), Color(hex: 0x1C2541), Double(y) / Double(h))
        return band > 0.6 ? mix(base, Color(hex: 0x5BC0BE), (band - 0.6) * 2.5) : base
      }
    default:
      return nil
    }
  }

  static func mix(_ a: Color, _ b: Color, _ t: Double) -> Color {
    let t = min(1, max(0, t.isFinite ? t : 0))
    func channel(_ x: UInt8, _ y: UInt8) -> UInt8 { UInt8((Double(x) * (1 - t) + Double(y) * t).rounded()) }
    return Color(red: channel(a.red, b.red), green: channel(a.green, b.green), blue: channel(a.blue, b.blue))
  }

  /// A sine good to a few per cent, without libm: the pictures need shape, not precision.
  static func sine(_ x: Double) -> Double {
    let twoPi = 6.283_185_307_179_586
    var t = x.truncatingRemainder(dividingBy: twoPi)
    if t > twoPi / 2 { t -= twoPi }
    if t < -twoPi / 2 { t += twoPi }
    // Bhaskara's approximation on [-π, π].
    let pi = twoPi / 2
    let sign = t < 0 ? -1.0 : 1.0
    let u = abs(t)
    return sign * 16 * u * (pi - u) / (5 * pi * pi - 4 * u * (pi - u))
  }
}
