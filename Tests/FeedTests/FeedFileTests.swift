import FeedKit
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
    #expect(error("[1, 2") == "line 1, column 6: an array is not closed: expected ']'")
    #expect(error("{\"a\": 1 \"b\": 2}") == "line 1, column 9: expected ',' or '}', found '\"'")
    #expect(error("\n\n  \"open") == "line 3, column 3: a string is not closed: expected '\"'")
    #expect(error("{\"cards\": []} x") == "line 1, column 15: unexpected 'x' after the JSON value")
    #expect(error("[01]") == "line 1, column 2: a number cannot start with 0")
    #expect(error("{\"t\": \"a\\q\"}") == "line 1, column 9: unknown escape \\'q'")
    #expect(error("{\"a\": 1, \"a\": 2}") == "line 1, column 10: the member \"a\" appears twice")
    #expect(error(String(repeating: "[", count: 600)).hasSuffix("nested more than 512 deep"))
    #expect(
      error("[\"漢字\", tru]") == "line 1, column 8: expected a value, found 't'", "columns count characters")
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
}
