import Sectional
import SectionalTerminal

/// A picture drawn with upper half blocks: each cell shows two pixels, the top one in the
/// foreground and the bottom one in the background. Without colour, shade characters by
/// brightness.
package struct ImageCellView: CellView {
  package init() {}

  package func measure(_ descriptor: CellDescriptor, width: Int) -> (width: Int, height: Int) {
    guard let picture = descriptor.content.value(as: Picture.self) else { return (0, 0) }
    let size = picture.size(fitting: Double(width))
    return (Int(size.width), Int(size.height))
  }

  package func draw(
    _ descriptor: CellDescriptor, in frame: CellRect, state: CellState, canvas: inout Canvas,
    environment: DrawEnvironment
  ) {
    guard let picture = descriptor.content.value(as: Picture.self), picture.width > 0, picture.height > 0,
      !frame.isEmpty
    else { return }
    let visible = frame.intersection(canvas.clip)
    guard !visible.isEmpty else { return }
    let pixelRows = frame.height * 2
    let pixels = picture.pixels  // once: a pattern's are looked up in a shared cache
    for y in visible.y..<visible.maxY {
      let row = y - frame.y
      let topY = min(picture.height - 1, (row * 2) * picture.height / pixelRows)
      let bottomY = min(picture.height - 1, (row * 2 + 1) * picture.height / pixelRows)
      for x in visible.x..<visible.maxX {
        let px = min(picture.width - 1, (x - frame.x) * picture.width / frame.width)
        let top = pixels[topY * picture.width + px]
        let bottom = pixels[bottomY * picture.width + px]
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
