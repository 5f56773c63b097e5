import SectionalLayout

/// Bytes for the terminal, built without intermediate strings.
struct ByteWriter {
  var bytes: [UInt8] = []

  init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

  mutating func write(_ text: String) { bytes.append(contentsOf: text.utf8) }

  mutating func append(grapheme character: Character) {
    if let byte = character.singleByte {
      bytes.append(byte)
    } else {
      bytes.append(contentsOf: character.utf8)
    }
  }

  mutating func append(number: Int) {
    if number < 10 {
      bytes.append(UInt8(48 + max(0, number)))
      return
    }
    var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (
      0, 0, 0, 0, 0, 0, 0, 0, 0, 0
    )
    var count = 0
    var value = number
    withUnsafeMutableBytes(of: &digits) { buffer in
      while value > 0 && count < 10 {
        buffer[count] = UInt8(48 + value % 10)
        value /= 10
        count += 1
      }
      for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
    }
  }

  /// `CSI row;col H`, 0-based arguments.
  mutating func moveCursor(x: Int, y: Int) {
    write("\u{1B}[")
    append(number: y + 1)
    if x > 0 {
      write(";")
      append(number: x + 1)
    }
    write("H")
  }
}

/// Control sequences the front uses, in one place.
package enum ANSI {
  package static let enterAlternateScreen = "\u{1B}[?1049h"
  package static let leaveAlternateScreen = "\u{1B}[?1049l"
  package static let hideCursor = "\u{1B}[?25l"
  package static let showCursor = "\u{1B}[?25h"
  package static let disableAutowrap = "\u{1B}[?7l"
  package static let enableAutowrap = "\u{1B}[?7h"
  /// Button presses and wheel, reported as SGR (mode 1006).
  package static let enableMouse = "\u{1B}[?1000h\u{1B}[?1006h"
  package static let disableMouse = "\u{1B}[?1006l\u{1B}[?1000l"
  /// Pasted text comes between markers (mode 2004), so the viewer can tell it from keys.
  package static let enableBracketedPaste = "\u{1B}[?2004h"
  package static let disableBracketedPaste = "\u{1B}[?2004l"
  package static let beginSynchronizedUpdate = "\u{1B}[?2026h"
  package static let endSynchronizedUpdate = "\u{1B}[?2026l"
  package static let resetStyle = "\u{1B}[0m"
  package static let clearScreen = "\u{1B}[H\u{1B}[2J"
}

/// Maps 24-bit colours to the palettes of 256- and 16-colour terminals.
package enum ColorMapping {
  /// The nearest xterm 256-colour index: a 6×6×6 cube entry or a grey ramp entry.
  package static func index256(_ color: Color) -> Int {
    func cubeLevel(_ value: UInt8) -> Int {
      let v = Int(value)
      if v < 48 { return 0 }
      if v < 115 { return 1 }
      return (v - 35) / 40
    }
    let levels = [0, 95, 135, 175, 215, 255]
    let r = cubeLevel(color.red)
    let g = cubeLevel(color.green)
    let b = cubeLevel(color.blue)
    let cube = 16 + 36 * r + 6 * g + b
    let cubeError = distance(
      color, Color(red: UInt8(levels[r]), green: UInt8(levels[g]), blue: UInt8(levels[b])))
    let average = (Int(color.red) + Int(color.green) + Int(color.blue)) / 3
    let greyStep = average > 238 ? 23 : max(0, (average - 3) / 10)
    let grey = UInt8(8 + greyStep * 10)
    let greyError = distance(color, Color(red: grey, green: grey, blue: grey))
    return greyError < cubeError ? 232 + greyStep : cube
  }

  /// The xterm default palette of the 16 ANSI colours.
  package static let palette16: [Color] = [
    0x000000, 0xCD0000, 0x00CD00, 0xCDCD00, 0x0000EE, 0xCD00CD, 0x00CDCD, 0xE5E5E5,
    0x7F7F7F, 0xFF0000, 0x00FF00, 0xFFFF00, 0x5C5CFF, 0xFF00FF, 0x00FFFF, 0xFFFFFF,
  ].map { Color(hex: $0) }

  /// The nearest of the 16 ANSI colours (0–7 normal, 8–15 bright).
  package static func index16(_ color: Color) -> Int {
    var best = 0
    var bestDistance = Int.max
    for (index, candidate) in palette16.enumerated() {
      let d = distance(color, candidate)
      if d < bestDistance {
        best = index
        bestDistance = d
      }
    }
    return best
  }

  static func distance(_ a: Color, _ b: Color) -> Int {
    let dr = Int(a.red) - Int(b.red)
    let dg = Int(a.green) - Int(b.green)
    let db = Int(a.blue) - Int(b.blue)
    // Weighted towards green, as the eye is.
    return 2 * dr * dr + 4 * dg * dg + 3 * db * db
  }
}

/// Writes SGR sequences for style changes, emitting only what differs from the current style.
struct StyleWriter {
  let colors: ColorDepth
  /// The style the terminal has now; nil when unknown.
  var current: TextStyle?
  private var cache16: [Color: Int] = [:]
  private var cache256: [Color: Int] = [:]

  init(colors: ColorDepth) { self.colors = colors }

  /// Drops colours the output cannot show: the style as the terminal will have it.
  func effective(_ style: TextStyle) -> TextStyle {
    colors == .none ? TextStyle(attributes: style.attributes) : style
  }

  mutating func set(_ wanted: TextStyle, into out: inout ByteWriter) {
    let style = effective(wanted)
    if let current, current == style { return }
    var base = current ?? TextStyle()
    // Parameters go straight to the output: `CSI p;p;…m`, nothing when none is needed.
    var started = false
    func add(_ parameter: Int) {
      out.write(started ? ";" : "\u{1B}[")
      started = true
      out.append(number: parameter)
    }
    if current == nil || !base.attributes.subtracting(style.attributes).isEmpty {
      add(0)
      base = TextStyle()
    }
    let added = style.attributes.subtracting(base.attributes)
    if added.contains(.bold) { add(1) }
    if added.contains(.dim) { add(2) }
    if added.contains(.italic) { add(3) }
    if added.contains(.underline) { add(4) }
    if added.contains(.reverse) { add(7) }
    if style.foreground != base.foreground { color(style.foreground, background: false, add) }
    if style.background != base.background { color(style.background, background: true, add) }
    current = style
    if started { out.write("m") }
  }

  private mutating func color(_ color: TerminalColor, background: Bool, _ add: (Int) -> Void) {
    guard case .rgb(let rgb) = color else {
      add(background ? 49 : 39)
      return
    }
    switch colors {
    case .none: break
    case .trueColor:
      add(background ? 48 : 38)
      add(2)
      add(Int(rgb.red))
      add(Int(rgb.green))
      add(Int(rgb.blue))
    case .ansi256:
      let index = cache256[rgb] ?? ColorMapping.index256(rgb)
      cache256[rgb] = index
      add(background ? 48 : 38)
      add(5)
      add(index)
    case .ansi16:
      let index = cache16[rgb] ?? ColorMapping.index16(rgb)
      cache16[rgb] = index
      let base = background ? (index < 8 ? 40 : 100) : (index < 8 ? 30 : 90)
      add(base + index % 8)
    }
  }
}

extension Character {
  /// The grapheme's one UTF-8 byte when it is a single ASCII scalar. Cheaper than `asciiValue`,
  /// which compares with "\r\n" first (a string comparison per cell in an encoder's loop).
  @inline(__always) var singleByte: UInt8? {
    let utf8 = self.utf8
    return utf8.count == 1 ? utf8.first : nil
  }
}
