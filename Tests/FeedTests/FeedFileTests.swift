import FeedKit
import TestTags
import Testing

@Suite struct FeedFileTests {
  func error(_ json: String) -> String {
    do {
      _ = try FeedDocument.parse(Array(json.utf8))
      return "no error"
    } catch {
      return error.description
    }
  }

  @Test func syntaxErrorsSayWhere() {
    #expect(error("") == "line 1, column 1: expected a value, found end of file")
    #expect(error("{\"cards\": [}") == "line 1, column 12: expected a value, found '}'")
    #expect(error("{\"x\": [1, 2") == "line 1, column 12: an array is not closed: expected ']'")
    // Cards are checked as they are read: the first problem in the file is the one reported.
    #expect(error("[1, 2") == "line 1, column 2: cards[0] must be an object, found a number")
    #expect(error("{\"a\": 1 \"b\": 2}") == "line 1, column 9: expected ',' or '}', found '\"'")
    #expect(error("\n\n  \"open") == "line 3, column 3: a string is not closed: expected '\"'")
    #expect(error("{\"cards\": []} x") == "line 1, column 15: unexpected 'x' after the JSON value")
    #expect(error("[01]") == "line 1, column 2: a number cannot start with 0")
    #expect(error("{\"t\": \"a\\q\"}") == "line 1, column 9: unknown escape \\'q'")
    #expect(error("{\"a\": 1, \"a\": 2}") == "line 1, column 10: the member \"a\" appears twice")
    #expect(error(String(repeating: "[", count: 600)).hasSuffix("nested more than 512 deep"))
    #expect(
      error("{\"t\": [\"漢字\", tru]}") == "line 1, column 14: expected true, found \"tru\"",
      "columns count characters")
    #expect(error("[nul]") == "line 1, column 2: expected null, found \"nul\"")
    // A second \u escape that is not one is reported where it is, not at the first.
    #expect(error("{\"t\": \"\\uD800\\uZZZZ\"}") == "line 1, column 14: \\u needs four hex digits")
  }

  /// Ill-formed UTF-8 in a string is reported at its first bad byte, not at the string's quote.
  @Test func badUTF8IsReportedAtTheByte() {
    func error(bytes: [UInt8]) -> String {
      do {
        _ = try FeedDocument.parse(bytes)
        return "no error"
      } catch {
        return error.description
      }
    }
    let quote: UInt8 = 0x22
    #expect(
      error(bytes: [0x5B, quote, 0x61, 0xC3, 0x28, quote, 0x5D])
        == "line 1, column 4: a string is not valid UTF-8")
    #expect(
      error(bytes: [0x5B, 0x0A, quote, 0x61, 0x62, 0xED, 0xA0, 0x80, quote, 0x5D]).hasPrefix(
        "line 2, column 4:"))
    #expect(
      error(bytes: [0x5B, quote, 0x5C, 0x6E, 0xE0, 0x80, 0x80, quote, 0x5D]).hasPrefix("line 1, column 5:"))
    // "[]" in UTF-32, big-endian then little-endian: named, not a stray zero byte.
    for utf32 in [[0, 0, 0, 0x5B, 0, 0, 0, 0x5D], [0x5B, 0, 0, 0, 0x5D, 0, 0, 0]] as [[UInt8]] {
      #expect(error(bytes: utf32).contains("UTF-16 or UTF-32"))
    }
  }

  @Test func feedErrorsSayWhatAndWhere() {
    #expect(
      error("42")
        == "line 1, column 1: a feed is an object with \"cards\", or an array of cards; found a number")
    #expect(error("{\"cards\": [{\"id\": \"a\"}]}") == "line 1, column 12: cards[0] needs \"title\"")
    #expect(
      error("[{\"id\": \"a\", \"title\": 3, \"description\": \"\"}]")
        == "line 1, column 23: cards[0].title must be a string, found a number")
    #expect(
      error(
        "[{\"id\": \"a\", \"title\": \"\", \"description\": \"\", \"extras\": [\"1\", \"2\", \"3\", \"4\"]}]")
        == "line 1, column 56: cards[0].extras has 4 entries; a card shows at most 3")
    #expect(
      error(
        "[{\"id\": \"a\", \"title\": \"\", \"description\": \"\"}, {\"id\": \"a\", \"title\": \"\", \"description\": \"\"}]"
      )
        == "line 1, column 54: cards[1] has the id \"a\" of cards[0]; ids must be unique")
    #expect(
      error("[{\"id\": \"a\", \"title\": \"\", \"description\": \"\", \"colour\": 1}]").contains(
        "unknown member \"colour\""))
    #expect(
      error("[{\"id\": \"a\", \"title\": \"\", \"description\": \"\", \"image\": {\"pattern\": \"plaid\"}}]")
        .contains("pattern \"plaid\" is unknown"))
    #expect(
      error("[{\"id\": \"a\", \"title\": \"\", \"description\": \"\", \"image\": {\"width\": 0}}]")
        .contains("width must be a whole number from 1 to 200"))
    // A colour is # and six hex digits: no sign, no missing #, no other length.
    func colour(_ text: String) -> String {
      error(
        "[{\"id\": \"a\", \"title\": \"\", \"description\": \"\", \"image\": {\"colors\": [\"\(text)\"]}}]")
    }
    for bad in ["#+12345", "#+0000F", "#-00000", "abcdef", "#abcde", "#abcdefa", "#abcdeg", " #abcdef"] {
      #expect(colour(bad).contains("is not a \"#rrggbb\" colour"), "\(bad)")
    }
    #expect(colour("#7aA2f7") == "no error")
  }

  @Test func aValidFeed() throws {
    let document = try FeedDocument.parse(
      Array(
        """
        {"title": "T\\u00e9st \\ud83c\\udf89", "cards": [
          {"id": "a", "title": "A", "description": "d", "extras": ["x", "y"]},
          {"id": "b", "title": "B\\u001b[2J", "description": "e", "image": {"pattern": "checker", "width": 8, "height": 4}}
        ]}
        """.utf8))
    #expect(document.title == "Tést 🎉")
    #expect(document.cards.map(\.id) == ["a", "b"])
    #expect(document.cards[0].extras == ["x", "y"])
    #expect(document.cards[1].title == "B", "escape sequences are removed on load")
    #expect(document.cards[1].image.width == 8 && document.cards[1].image.height == 4)
  }

  @Test func hostileStringsInErrorsAreCleaned() {
    let message = error(
      "[{\"id\": \"a\", \"title\": \"\", \"description\": \"\", \"\\u001b]0;x\\u0007\": 1}]")
    #expect(!message.unicodeScalars.contains { $0.value < 0x20 })
  }

  @Test func aGeneratedFeedFileReadsBackAsTheGeneratedFeed() throws {
    let cards = BuiltInFeed.generated(count: 40, seed: 7)
    for minified in [true, false] {
      let bytes = BuiltInFeed.generatedFile(count: 40, seed: 7, minified: minified)
      #expect(bytes.contains(0x0A) == !minified)
      let document = try FeedDocument.parse(bytes)
      #expect(document.cards == cards)
      #expect(document.title == "Generated feed")
    }
  }

  /// A machine-written feed is one long line; counting a column for every value made loading
  /// quadratic in its length. Count the parser's reads of the file's bytes (not time).
  @Test(.slow) func parsingAOneLineFileReadsEachByteABoundedNumberOfTimes() throws {
    // 2 MB on one line: a generated card's text, repeated under distinct ids, with escapes.
    let sample = BuiltInFeed.generated(count: 1, seed: 1)[0]
    let count = 12_000
    let cards = (0..<count).map { index in
      #"{"id":"card-\#(index)","title":"\#(sample.title) \u00e9","description":"\#(sample.description)","#
        + #""image":{"pattern":"checker","width":\#(8 + index % 20),"height":4},"extras":["\#(index)"]}"#
    }
    let bytes = Array(("{\"cards\":[" + cards.joined(separator: ",") + "]}").utf8)
    #expect(bytes.count >= 2_000_000, "\(bytes.count)")
    #expect(!bytes.contains(0x0A), "one line")
    let (result, reads) = JSONParser.countingReads(bytes)
    guard case .success(let root) = result, case .array(let cards)? = root["cards"]?.value else {
      Issue.record("the file parses")
      return
    }
    #expect(cards.count == count)
    #expect(reads <= 3 * bytes.count, "\(reads) reads of \(bytes.count) bytes")

    // One card with 150,000 colours on one line.
    let colours = Array(repeating: "\"#7aa2f7\"", count: 150_000).joined(separator: ",")
    let picture = Array(
      "[{\"id\":\"a\",\"title\":\"\",\"description\":\"\",\"image\":{\"colors\":[\(colours)]}}]".utf8)
    let (pictureResult, pictureReads) = JSONParser.countingReads(picture)
    #expect((try? pictureResult.get()) != nil)
    #expect(pictureReads <= 3 * picture.count, "\(pictureReads) reads of \(picture.count) bytes")
  }

  @Test func anErrorAtTheEndOfALongLineHasItsColumn() {
    var bytes = BuiltInFeed.generatedFile(count: 300, seed: 2)
    let characters = String(decoding: bytes, as: UTF8.self).unicodeScalars.count
    bytes += Array(" x".utf8)
    #expect(
      error(String(decoding: bytes, as: UTF8.self))
        == "line 1, column \(characters + 2): unexpected 'x' after the JSON value")
  }

  @Test func errorMessagesShowAtMost40CharactersOfTheFile() {
    let longKey = String(repeating: "k", count: 10_000)
    let messages = [
      error("{\"\(longKey)\": 1, \"\(longKey)\": 2}"),
      error("[" + String(repeating: "9", count: 100_000) + "]"),
      error("{\"\(longKey)\" 1}"),
      error("[{\"id\": \"a\", \"title\": \"\", \"description\": \"\", \"\(longKey)\": 1}]"),
    ]
    for message in messages {
      #expect(message.count < 200, "\(message.prefix(80))…")
      #expect(message.contains("kkkkkkkk…") || message.contains("99999999…"), "\(message.prefix(80))")
    }
    #expect(messages[1].contains("out of range"))
  }

  @Test func duplicateKeysAreFoundInObjectsOfAnySize() {
    let members = (0..<20).map { "\"k\($0)\": \($0)" } + ["\"k3\": 0"]
    #expect(error("{" + members.joined(separator: ", ") + "}").hasSuffix("the member \"k3\" appears twice"))
  }

  @Test func stringsWithAndWithoutEscapes() throws {
    let root = try JSONParser.parse(
      Array(#"["plain é", "a\u00e9\n\ud83c\udf89b\"\\", "\ud800x", -0, 12.5e1, 123456789012345678]"#.utf8))
    guard case .array(let values) = root.value else {
      Issue.record("an array")
      return
    }
    let strings = values.compactMap { node -> String? in
      if case .string(let text) = node.value { return text }
      return nil
    }
    #expect(strings == ["plain é", "aé\n🎉b\"\\", "\u{FFFD}x"])
    let numbers = values.compactMap { node -> Double? in
      if case .number(let value) = node.value { return value }
      return nil
    }
    #expect(numbers == [0, 125, Double("123456789012345678")])
    #expect(numbers[0].sign == .minus)
  }
}
