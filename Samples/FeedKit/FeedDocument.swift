import Sectional
import SectionalTerminal

/// A feed: a title and its cards.
public struct FeedDocument: Sendable {
  public var title: String
  public var cards: [FeedCard]

  public init(title: String, cards: [FeedCard]) {
    self.title = title
    self.cards = cards
  }

  /// Reads a feed file (the format is in Documentation/TextFront.md). Every problem is reported
  /// with its line and column; nothing is guessed or silently dropped.
  public static func parse(_ bytes: [UInt8]) throws(FeedFileError) -> FeedDocument {
    let root = try JSONParser.parse(bytes)
    var title = "Feed"
    let cardsNode: JSONNode
    switch root.value {
    case .array: cardsNode = root
    case .object:
      try checkKeys(root, allowed: ["title", "cards"], path: "the feed")
      if let node = root["title"] { title = try string(node, "title") }
      guard let cards = root["cards"] else {
        throw FeedFileError("the feed needs \"cards\": an array of cards", at: root.position)
      }
      cardsNode = cards
    default:
      throw FeedFileError(
        "a feed is an object with \"cards\", or an array of cards; found \(root.typeName)", at: root.position)
    }
    guard case .array(let elements) = cardsNode.value else {
      throw FeedFileError("\"cards\" must be an array, found \(cardsNode.typeName)", at: cardsNode.position)
    }
    var cards: [FeedCard] = []
    var seen: [String: Int] = [:]
    for (index, element) in elements.enumerated() {
      let card = try self.card(element, path: "cards[\(index)]")
      if let first = seen[card.id] {
        throw FeedFileError(
          "cards[\(index)] has the id \"\(shown(card.id))\" of cards[\(first)]; ids must be unique",
          at: element["id"]?.position)
      }
      seen[card.id] = index
      cards.append(card)
    }
    return FeedDocument(title: Sanitizer.clean(title, singleLine: true), cards: cards)
  }

  private static func card(_ node: JSONNode, path: String) throws(FeedFileError) -> FeedCard {
    guard case .object = node.value else {
      throw FeedFileError("\(path) must be an object, found \(node.typeName)", at: node.position)
    }
    try checkKeys(
      node, allowed: ["id", "title", "description", "caption", "detail", "extras", "image"], path: path)
    func required(_ key: String) throws(FeedFileError) -> String {
      guard let value = node[key] else { throw FeedFileError("\(path) needs \"\(key)\"", at: node.position) }
      return try string(value, "\(path).\(key)")
    }
    func optional(_ key: String) throws(FeedFileError) -> String {
      guard let value = node[key] else { return "" }
      return try string(value, "\(path).\(key)")
    }
    let id = try required("id")
    guard !id.isEmpty else { throw FeedFileError("\(path).id must not be empty", at: node["id"]?.position) }
    var extras: [String] = []
    if let extrasNode = node["extras"] {
      guard case .array(let items) = extrasNode.value else {
        throw FeedFileError(
          "\(path).extras must be an array of strings, found \(extrasNode.typeName)", at: extrasNode.position)
      }
      guard items.count <= FeedCard.maximumExtras else {
        throw FeedFileError(
          "\(path).extras has \(items.count) entries; a card shows at most \(FeedCard.maximumExtras)",
          at: extrasNode.position)
      }
      for (index, item) in items.enumerated() { extras.append(try string(item, "\(path).extras[\(index)]")) }
    }
    let image = try node["image"].map { node throws(FeedFileError) in try picture(node, path: "\(path).image")
    }
    return FeedCard(
      id: id, title: Sanitizer.clean(try required("title")),
      description: Sanitizer.clean(try required("description")),
      image: image ?? Pictures.make("gradient", width: 24, height: 10)!,
      caption: Sanitizer.clean(try optional("caption")),
      detail: Sanitizer.clean(try optional("detail")), extras: extras.map { Sanitizer.clean($0) })
  }

  private static func picture(_ node: JSONNode, path: String) throws(FeedFileError) -> Picture {
    guard case .object = node.value else {
      throw FeedFileError("\(path) must be an object, found \(node.typeName)", at: node.position)
    }
    try checkKeys(node, allowed: ["pattern", "width", "height", "colors"], path: path)
    func dimension(_ key: String, default value: Int) throws(FeedFileError) -> Int {
      guard let child = node[key] else { return value }
      guard case .number(let number) = child.value, number == number.rounded(), number >= 1, number <= 200
      else {
        throw FeedFileError("\(path).\(key) must be a whole number from 1 to 200", at: child.position)
      }
      return Int(number)
    }
    let width = try dimension("width", default: 24)
    let height = try dimension("height", default: 10)
    var colors: [Color] = []
    if let colorsNode = node["colors"] {
      guard case .array(let items) = colorsNode.value else {
        throw FeedFileError("\(path).colors must be an array of \"#rrggbb\" strings", at: colorsNode.position)
      }
      for (index, item) in items.enumerated() {
        let text = try string(item, "\(path).colors[\(index)]")
        guard let color = parseColor(text) else {
          throw FeedFileError(
            "\(path).colors[\(index)] \"\(shown(text))\" is not a \"#rrggbb\" colour", at: item.position)
        }
        colors.append(color)
      }
    }
    let patternNode = node["pattern"]
    let pattern =
      try patternNode.map { node throws(FeedFileError) in try string(node, "\(path).pattern") } ?? "gradient"
    guard let picture = Pictures.make(pattern, width: width, height: height, colors: colors) else {
      throw FeedFileError(
        "\(path).pattern \"\(shown(pattern))\" is unknown; use one of \(Pictures.patternNames.joined(separator: ", "))",
        at: patternNode?.position)
    }
    return picture
  }

  /// A string from the file as an error message may show it: no controls, at most 40 characters.
  static func shown(_ text: String) -> String {
    let clean = Sanitizer.clean(text, singleLine: true)
    return clean.count > 40 ? clean.prefix(39) + "…" : clean
  }

  static func parseColor(_ text: String) -> Color? {
    let digits = text.hasPrefix("#") ? text.dropFirst() : text[...]
    guard digits.count == 6, let value = UInt32(digits, radix: 16) else { return nil }
    return Color(hex: value)
  }

  private static func string(_ node: JSONNode, _ path: String) throws(FeedFileError) -> String {
    guard case .string(let text) = node.value else {
      throw FeedFileError("\(path) must be a string, found \(node.typeName)", at: node.position)
    }
    return text
  }

  private static func checkKeys(_ node: JSONNode, allowed: Set<String>, path: String) throws(FeedFileError) {
    guard case .object(let members) = node.value else { return }
    for member in members where !allowed.contains(member.key) {
      throw FeedFileError(
        "\(path) has an unknown member \"\(shown(member.key))\" (known: \(allowed.sorted().joined(separator: ", ")))",
        at: member.value.position)
    }
  }
}
