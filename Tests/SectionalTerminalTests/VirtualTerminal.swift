@testable import SectionalTerminal

/// A small terminal emulator for the sequences the encoder writes: cursor moves (CUP, CUF, CR,
/// LF), SGR, erase display, scroll regions with scroll up and down, synchronized output, and
/// wide graphemes. Tests apply the encoder's bytes to it and compare its screen with the canvas
/// the bytes were meant to produce. Anything it does not understand fails the test.
struct VirtualTerminal {
  var screen: Canvas
  var x = 0
  var y = 0
  var style = TextStyle()
  var top = 0
  var bottom: Int
  var unknown: [String] = []
  let colors: ColorDepth
  /// How wide this terminal draws a grapheme: ours by default; a test gives it another table to
  /// play a terminal that disagrees (and then writes past the right edge are dropped, as with
  /// autowrap off, instead of failing).
  var widthOf: (Character) -> Int = DisplayWidth.of
  var disagrees = false

  init(width: Int, height: Int, colors: ColorDepth = .trueColor) {
    screen = Canvas(width: width, height: height)
    bottom = height - 1
    self.colors = colors
  }

  mutating func apply(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    var characters = Array(text)[...]
    while let character = characters.popFirst() {
      if character == "\u{1B}" {
        guard characters.popFirst() == "[" else {
          unknown.append("ESC not followed by [")
          continue
        }
        var body = ""
        while let next = characters.popFirst() {
          if let ascii = next.asciiValue, (0x40...0x7E).contains(ascii) {
            csi(body, final: next)
            break
          }
          body.append(next)
        }
      } else if character == "\r\n" {
        x = 0
        lineFeed()
      } else if character == "\r" {
        x = 0
      } else if character == "\n" {
        lineFeed()
      } else {
        let width = widthOf(character)
        guard width > 0, x < screen.width, y < screen.height else {
          if !disagrees { unknown.append("write at \(x),\(y)") }
          continue
        }
        screen.clip = screen.bounds
        screen.put(character, columns: width, x: x, y: y, style: style, opaque: true)
        x += width
      }
    }
  }

  private mutating func lineFeed() {
    if y == bottom {
      screen.shiftRows(top: top, bottom: bottom + 1, by: -1)
    } else {
      y = min(screen.height - 1, y + 1)
    }
  }

  private mutating func csi(_ body: String, final: Character) {
    let isPrivate = body.hasPrefix("?")
    let numbers = body.drop { $0 == "?" }.split(separator: ";", omittingEmptySubsequences: false).map {
      Int($0)
    }
    func argument(_ index: Int, _ fallback: Int) -> Int {
      index < numbers.count ? (numbers[index] ?? fallback) : fallback
    }
    switch (isPrivate, final) {
    case (true, "h"), (true, "l"): break  // modes: synchronized output, cursor, wrap…
    case (false, "H"):
      y = argument(0, 1) - 1
      x = argument(1, 1) - 1
    case (false, "C"): x += argument(0, 1)
    case (false, "J"):
      if argument(0, 0) == 2 {
        screen.clip = screen.bounds
        screen.clear()
      } else {
        unknown.append("J\(body)")
      }
    case (false, "r"):
      top = argument(0, 1) - 1
      bottom = argument(1, screen.height) - 1
      x = 0
      y = 0
    case (false, "S"): screen.shiftRows(top: top, bottom: bottom + 1, by: -argument(0, 1))
    case (false, "T"): screen.shiftRows(top: top, bottom: bottom + 1, by: argument(0, 1))
    case (false, "m"): sgr(numbers.map { $0 ?? 0 })
    default: unknown.append("CSI \(body)\(final)")
    }
  }

  private mutating func sgr(_ parameters: [Int]) {
    var index = 0
    let parameters = parameters.isEmpty ? [0] : parameters
    while index < parameters.count {
      let p = parameters[index]
      switch p {
      case 0: style = TextStyle()
      case 1: style.attributes.insert(.bold)
      case 2: style.attributes.insert(.dim)
      case 3: style.attributes.insert(.italic)
      case 4: style.attributes.insert(.underline)
      case 7: style.attributes.insert(.reverse)
      case 39: style.foreground = .default
      case 49: style.background = .default
      case 38, 48:
        var color: TerminalColor = .default
        if parameters[index + 1] == 2 {
          color = .rgb(
            .init(
              red: UInt8(parameters[index + 2]), green: UInt8(parameters[index + 3]),
              blue: UInt8(parameters[index + 4])))
          index += 4
        } else {
          color = .rgb(.init(hex: UInt32(parameters[index + 2])))  // the index, as a marker
          index += 2
        }
        if p == 38 { style.foreground = color } else { style.background = color }
      case 30...37, 90...97: style.foreground = .rgb(.init(hex: UInt32(p)))
      case 40...47, 100...107: style.background = .rgb(.init(hex: UInt32(p)))
      default: unknown.append("SGR \(p)")
      }
      index += 1
    }
  }
}
