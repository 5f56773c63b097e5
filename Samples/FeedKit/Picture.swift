import Sectional
import SectionalTerminal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A picture made of pixels, drawn by the text front with half blocks: the pixels themselves,
/// or a pattern of ``Pictures`` whose pixels are made when drawn.
package struct Picture: Hashable, Sendable {
  package var width: Int
  package var height: Int
  private var source: Source

  /// A pattern of ``Pictures`` and the colours that tint it.
  package struct Pattern: Hashable, Sendable {
    package var name: String
    package var colors: [Color]

    package init(name: String, colors: [Color]) {
      self.name = name
      self.colors = colors
    }
  }

  private enum Source: Hashable, Sendable {
    case pixels([Color])
    case pattern(Pattern)
  }

  /// A picture of `width × height` pixels; missing pixels are black, extra ones dropped, so a
  /// malformed picture still has a defined look.
  package init(width: Int, height: Int, pixels: [Color]) {
    self.width = max(0, width)
    self.height = max(0, height)
    let count = self.width * self.height
    source = .pixels(
      Array(pixels.prefix(count)) + Array(repeating: Color(hex: 0), count: max(0, count - pixels.count)))
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

  /// A picture of `pattern` at `width × height` (at least 1 × 1), made when first drawn.
  package init(pattern: Pattern, width: Int, height: Int) {
    self.width = max(1, width)
    self.height = max(1, height)
    source = .pattern(pattern)
  }

  /// The colours, row-major, `width × height`. A pattern's are made on first use and kept in a
  /// cache shared by every picture, of a bounded number of pixels; read them once per drawing.
  package var pixels: [Color] {
    switch source {
    case .pixels(let pixels): pixels
    case .pattern(let pattern): PatternCache.shared.pixels(of: pattern, width: width, height: height)
    }
  }

  /// Whether the picture holds its pixels (made up front), rather than a pattern made when drawn.
  package var holdsPixels: Bool {
    if case .pixels = source { return true }
    return false
  }

  /// The colour at (`x`, `y`). Reads ``pixels``: to read many, read those once.
  package subscript(x: Int, y: Int) -> Color { pixels[y * width + x] }
}

/// The pixels of the patterns drawn lately, up to ``budget`` pixels in all; the least recently
/// drawn go first.
package final class PatternCache: Sendable {
  static let shared = PatternCache(budget: 8_000_000)
  /// The most pixels it keeps: the shared one, some two hundred pictures of the largest size
  /// (200 × 200) a feed file may ask for, far more than a screen shows.
  package let budget: Int

  /// An empty cache of at most `budget` pixels.
  package init(budget: Int) { self.budget = budget }

  private struct Key: Hashable {
    var pattern: Picture.Pattern
    var width: Int
    var height: Int
  }

  private struct Entries {
    var pixels: [Key: (pixels: [Color], lastUse: Int)] = [:]
    var clock = 0
    var count = 0
  }

  private let entries = Locked(Entries())

  /// How many pixels it holds now.
  package var size: Int { entries.withLock { $0.count } }

  /// The pixels of `pattern` at `width × height`, from the cache or made now (and kept).
  package func pixels(of pattern: Picture.Pattern, width: Int, height: Int) -> [Color] {
    let key = Key(pattern: pattern, width: width, height: height)
    let cached = entries.withLock { entries -> [Color]? in
      entries.clock += 1
      entries.pixels[key]?.lastUse = entries.clock
      return entries.pixels[key]?.pixels
    }
    if let cached { return cached }
    // Made outside the lock: a picture of 40,000 pixels takes a moment.
    let made =
      Pictures.render(pattern.name, width: width, height: height, colors: pattern.colors)?.pixels
      ?? Array(repeating: Color(hex: 0), count: width * height)
    entries.withLock { entries in
      guard entries.pixels[key] == nil else { return }
      while entries.count + made.count > budget,
        let oldest = entries.pixels.min(by: { $0.value.lastUse < $1.value.lastUse })
      {
        entries.count -= oldest.value.pixels.count
        entries.pixels[oldest.key] = nil
      }
      entries.clock += 1
      entries.pixels[key] = (made, entries.clock)
      entries.count += made.count
    }
    return made
  }
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

/// A value behind a pthread mutex, for what the feed shares across threads (the picture cache
/// views draw from, a file's loading task): `Synchronization.Mutex` needs macOS 15 and its peers.
final class Locked<Value: Sendable>: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private var value: Value

  init(_ value: Value) {
    self.value = value
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return body(&value)
  }
}
