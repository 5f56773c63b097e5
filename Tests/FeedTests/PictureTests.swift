import FeedKit
import Sectional
import Testing

@Suite struct PictureTests {
  /// A picture from a pattern holds its recipe; its pixels, made when first read, are the
  /// pattern's drawn up front, and every pattern tints as asked.
  @Test func aPatternsPixelsAreMadeWhenRead() throws {
    for name in Pictures.patternNames {
      let colors = [Color(hex: 0x112233), Color(hex: 0xAABBCC)]
      let lazy = try #require(Pictures.make(name, width: 30, height: 12, colors: colors))
      let pattern = Picture.Pattern(name: name, colors: colors)
      let cache = PatternCache(budget: 1_000)
      #expect(lazy.width == 30 && lazy.height == 12)
      #expect(lazy.pixels == cache.pixels(of: pattern, width: 30, height: 12), "\(name)")
      #expect(lazy.pixels.count == 360 && cache.size == 360)
      #expect(lazy[29, 11] == lazy.pixels[359])
    }
    #expect(Pictures.make("plaid", width: 4, height: 4) == nil)
  }

  /// However many pictures are drawn, the cache keeps at most its budget of pixels, dropping
  /// the least recently drawn; a picture drawn again is the same pixels.
  @Test func theCacheKeepsItsBudget() {
    let cache = PatternCache(budget: 100_000)
    func pattern(_ index: Int) -> Picture.Pattern {
      Picture.Pattern(name: "gradient", colors: [Color(hex: UInt32(index))])
    }
    let first = cache.pixels(of: pattern(0), width: 200, height: 200)
    for index in 1..<50 {
      _ = cache.pixels(of: pattern(index), width: 200, height: 200)
      // Drawn again every time: the most recently used, never the one dropped.
      #expect(cache.pixels(of: pattern(0), width: 200, height: 200) == first)
      #expect(cache.size <= 100_000)
    }
    #expect(cache.size == 80_000, "two pictures of 40,000 pixels fit")
  }
}
