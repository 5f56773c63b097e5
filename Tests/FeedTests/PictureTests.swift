import FeedKit
import Sectional
import Testing

@Suite struct PictureTests {
  /// A feed file's pictures are recipes: loading 1,000 cards of their own 200 × 200 pictures
  /// holds none of their pixels.
  @Test func aFeedsPicturesAreNotMadeUpFront() throws {
    let cards = (0..<1_000).map { index in
      let colour = "#" + String(index + 0x100000, radix: 16)
      return #"{"id": "\#(index)", "title": "t", "description": "d", "#
        + #""image": {"width": 200, "height": 200, "colors": ["\#(colour)"]}}"#
    }
    let document = try FeedDocument.parse(Array(("[" + cards.joined(separator: ",") + "]").utf8))
    #expect(document.cards.count == 1_000)
    #expect(document.cards.allSatisfy { !$0.image.holdsPixels && $0.image.width == 200 })
    #expect(Picture(width: 2, height: 2) { _, _ in Color(hex: 0) }.holdsPixels)
  }

  /// A picture from a pattern holds its recipe; its pixels, made when first read, are the
  /// pattern's drawn up front, and every pattern tints as asked.
  @Test func aPatternsPixelsAreMadeWhenRead() throws {
    for name in Pictures.patternNames {
      let colors = [Color(hex: 0x112233), Color(hex: 0xAABBCC)]
      let lazy = try #require(Pictures.make(name, width: 30, height: 12, colors: colors))
      let pattern = Picture.Pattern(name: name, colors: colors)
      let cache = PatternCache(budget: 1_000)
      #expect(lazy.width == 30 && lazy.height == 12 && !lazy.holdsPixels)
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
