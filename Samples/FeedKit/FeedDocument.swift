import Sectional
import SectionalTerminal

/// A feed: a title and its cards.
package struct FeedDocument: Sendable {
  package var title: String
  package var cards: [FeedCard]

  package init(title: String, cards: [FeedCard]) {
    self.title = title
    self.cards = cards
  }

  /// Reads a feed file (the format is in Documentation/TextFront.md). Every problem is reported
  /// with its line and column; nothing is guessed or silently dropped.
  package static func parse(_ bytes: [UInt8]) throws(FeedFileError) -> FeedDocument {
    var collected: FeedDocument?
    try parse(bytes, cards: { _ in }, title: { _ in }, done: { collected = $0 })
    return collected!
  }

  /// Reads a feed file card by card: `cards` gets each card as soon as it is read and checked
  /// (so no tree of the whole file is ever built, and a reader can show the first cards while
  /// the rest is read), `title` the title once it is read, and `done` the whole document at
  /// the end. A problem ends the read, thrown with its line and column; the cards handed over
  /// before it were good.
  package static func parse(
    _ bytes: [UInt8], cards: @escaping (ArraySlice<FeedCard>) throws(FeedFileError) -> Void,
    title: @escaping (String) -> Void, done: (FeedDocument) -> Void
  ) throws(FeedFileError) {
    var collector = CardCollector()
    var handedOver = 0
    // Cards go out in small slices: a reader sees them early without paying per card.
    func handOver(_ final: Bool) throws(FeedFileError) {
      guard final || collector.cards.count - handedOver >= 256 else { return }
      try cards(collector.cards[handedOver...])
      handedOver = collector.cards.count
    }
    let stream = JSONParser.Stream(
      member: "cards",
      element: { node throws(FeedFileError) in
        try collector.add(node)
        try handOver(false)
      },
      otherMember: { key, node throws(FeedFileError) in
        if key == "title" { title(Sanitizer.clean(try string(node, "title"), singleLine: true)) }
      })
    do {
      let root = try JSONParser.parse(bytes, streaming: stream)
      let document = try self.document(root, cards: collector.cards)
      try handOver(true)
      done(document)
    } catch {
      // The cards read before the problem were good: they still go out.
      try? handOver(true)
      throw error.located(in: bytes)
    }
  }

  /// Reads one card: a JSON object as a card of a feed file has (a line of a JSON-lines stream).
  package static func parseCard(_ bytes: [UInt8]) throws(FeedFileError) -> FeedCard {
    let root: JSONNode
    do {
      root = try JSONParser.parse(bytes)
    } catch {
      // A line that does not even start an object (text piped in by mistake) is named as such,
      // not as a misspelt JSON literal ("expected null, found \"not\"").
      guard let first = bytes.firstIndex(where: { ![0x20, 0x09, 0x0D].contains($0) }),
        bytes[first] != UInt8(ascii: "{")
      else { throw error }
      let shown = String(decoding: bytes[first...].prefix(20), as: UTF8.self)
      throw FeedFileError(
        "the card must be an object, found \(FeedOptions.quoted(shown)), which is not JSON", at: first
      )
      .located(in: bytes)
    }
    var pictures: [PictureKey: Picture] = [:]
    do {
      return try card(root, path: "the card", pictures: &pictures)
    } catch {
      throw error.located(in: bytes)
    }
  }

  /// The document around its cards, which were streamed out of `root` (its cards array is
  /// empty) and checked one by one.
  private static func document(_ root: JSONNode, cards: [FeedCard]) throws(FeedFileError) -> FeedDocument {
    var title = "Feed"
    let cardsNode: JSONNode
    switch root.value {
    case .array: cardsNode = root
    case .object:
      try checkKeys(root, allowed: ["title", "cards"], path: "the feed")
      if let node = root["title"] { title = try string(node, "title") }
      guard let cards = root["cards"] else {
        throw FeedFileError("the feed needs \"cards\": an array of cards", at: root.offset)
      }
      cardsNode = cards
    default:
      throw FeedFileError(
        "a feed is an object with \"cards\", or an array of cards; found \(root.typeName)", at: root.offset)
    }
    guard case .array = cardsNode.value else {
      throw FeedFileError("\"cards\" must be an array, found \(cardsNode.typeName)", at: cardsNode.offset)
    }
    return FeedDocument(title: Sanitizer.clean(title, singleLine: true), cards: cards)
  }

  /// The cards of a file as they are read: each checked, ids unique. Cards with the same picture
  /// share its pixels (copy on write): a feed of many cards with the default or a repeated
  /// picture holds each one once.
  private struct CardCollector {
    var cards: [FeedCard] = []
    private var seen: [String: Int] = [:]
    private var pictures: [PictureKey: Picture] = [:]

    mutating func add(_ element: JSONNode) throws(FeedFileError) {
      let index = cards.count
      let card = try FeedDocument.card(element, path: "cards[\(index)]", pictures: &pictures)
      if let first = seen[card.id] {
        throw FeedFileError(
          "cards[\(index)] has the id \"\(shown(card.id))\" of cards[\(first)]; ids must be unique",
          at: element["id"]?.offset)
      }
      seen[card.id] = index
      cards.append(card)
    }
  }

  private struct PictureKey: Hashable {
    var pattern: String
    var width: Int
    var height: Int
    var colors: [Color]
  }

  private static func card(_ node: JSONNode, path: String, pictures: inout [PictureKey: Picture])
    throws(FeedFileError) -> FeedCard
  {
    guard case .object = node.value else {
      throw FeedFileError("\(path) must be an object, found \(node.typeName)", at: node.offset)
    }
    try checkKeys(
      node, allowed: ["id", "title", "description", "caption", "detail", "extras", "image"], path: path)
    func required(_ key: String) throws(FeedFileError) -> String {
      guard let value = node[key] else { throw FeedFileError("\(path) needs \"\(key)\"", at: node.offset) }
      return try string(value, "\(path).\(key)")
    }
    func optional(_ key: String) throws(FeedFileError) -> String {
      guard let value = node[key] else { return "" }
      return try string(value, "\(path).\(key)")
    }
    let id = try required("id")
    guard !id.isEmpty else { throw FeedFileError("\(path).id must not be empty", at: node["id"]?.offset) }
    var extras: [String] = []
    if let extrasNode = node["extras"] {
      guard case .array(let items) = extrasNode.value else {
        throw FeedFileError(
          "\(path).extras must be an array of strings, found \(extrasNode.typeName)", at: extrasNode.offset)
      }
      guard items.count <= FeedCard.maximumExtras else {
        throw FeedFileError(
          "\(path).extras has \(items.count) entries; a card shows at most \(FeedCard.maximumExtras)",
          at: extrasNode.offset)
      }
      for (index, item) in items.enumerated() { extras.append(try string(item, "\(path).extras[\(index)]")) }
    }
    let key =
      try node["image"].map { node throws(FeedFileError) in try picture(node, path: "\(path).image") }
      ?? PictureKey(pattern: "gradient", width: 24, height: 10, colors: [])
    let image: Picture
    if let shared = pictures[key] {
      image = shared
    } else {
      image = Pictures.make(key.pattern, width: key.width, height: key.height, colors: key.colors)!
      pictures[key] = image
    }
    return FeedCard(
      id: id, title: Sanitizer.clean(try required("title")),
      description: Sanitizer.clean(try required("description")),
      image: image,
      caption: Sanitizer.clean(try optional("caption")),
      detail: Sanitizer.clean(try optional("detail")), extras: extras.map { Sanitizer.clean($0) })
  }

  /// What a picture is made from, checked; the pattern is known.
  private static func picture(_ node: JSONNode, path: String) throws(FeedFileError) -> PictureKey {
    guard case .object = node.value else {
      throw FeedFileError("\(path) must be an object, found \(node.typeName)", at: node.offset)
    }
    try checkKeys(node, allowed: ["pattern", "width", "height", "colors"], path: path)
    func dimension(_ key: String, default value: Int) throws(FeedFileError) -> Int {
      guard let child = node[key] else { return value }
      guard case .number(let number) = child.value, number == number.rounded(), number >= 1, number <= 200
      else {
        throw FeedFileError("\(path).\(key) must be a whole number from 1 to 200", at: child.offset)
      }
      return Int(number)
    }
    let width = try dimension("width", default: 24)
    let height = try dimension("height", default: 10)
    var colors: [Color] = []
    if let colorsNode = node["colors"] {
      guard case .array(let items) = colorsNode.value else {
        throw FeedFileError("\(path).colors must be an array of \"#rrggbb\" strings", at: colorsNode.offset)
      }
      for (index, item) in items.enumerated() {
        let text = try string(item, "\(path).colors[\(index)]")
        guard let color = parseColor(text) else {
          throw FeedFileError(
            "\(path).colors[\(index)] \"\(shown(text))\" is not a \"#rrggbb\" colour", at: item.offset)
        }
        colors.append(color)
      }
    }
    let patternNode = node["pattern"]
    let pattern =
      try patternNode.map { node throws(FeedFileError) in try string(node, "\(path).pattern") } ?? "gradient"
    guard Pictures.patternNames.contains(pattern) else {
      throw FeedFileError(
        "\(path).pattern \"\(shown(pattern))\" is unknown; use one of \(Pictures.patternNames.joined(separator: ", "))",
        at: patternNode?.offset)
    }
    return PictureKey(pattern: pattern, width: width, height: height, colors: colors)
  }

  /// A string from the file as an error message may show it: no controls, at most 40 characters.
  static func shown(_ text: String) -> String { FeedFileError.shown(text) }

  /// `#` and six hexadecimal digits, nothing else (no sign, no missing `#`), as the file
  /// format says.
  static func parseColor(_ text: String) -> Color? {
    let bytes = Array(text.utf8)
    guard bytes.count == 7, bytes[0] == UInt8(ascii: "#"),
      bytes.dropFirst().allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x66) }
      ),
      let value = UInt32(text.dropFirst(), radix: 16)
    else { return nil }
    return Color(hex: value)
  }

  private static func string(_ node: JSONNode, _ path: String) throws(FeedFileError) -> String {
    guard case .string(let text) = node.value else {
      throw FeedFileError("\(path) must be a string, found \(node.typeName)", at: node.offset)
    }
    return text
  }

  private static func checkKeys(_ node: JSONNode, allowed: Set<String>, path: String) throws(FeedFileError) {
    guard case .object(let members) = node.value else { return }
    for member in members where !allowed.contains(member.key) {
      throw FeedFileError(
        "\(path) has an unknown member \"\(shown(member.key))\" (known: \(allowed.sorted().joined(separator: ", ")))",
        at: member.value.offset)
    }
  }
}
