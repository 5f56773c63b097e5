import Sectional
import SeededRandom

/// The feed `swift run feed` shows: 24 cards of varied lengths, 0–3 extras, text in several
/// scripts, and pictures made in code.
package enum BuiltInFeed {
  package static let title = "Sectional feed"

  package static func cards() -> [FeedCard] {
    func card(
      _ id: String, _ title: String, _ description: String, _ pattern: String, _ caption: String,
      _ detail: String,
      _ extras: [String] = [], size: (Int, Int) = (32, 12), colors: [UInt32] = []
    ) -> FeedCard {
      FeedCard(
        id: id, title: title, description: description,
        image: Pictures.make(pattern, width: size.0, height: size.1, colors: colors.map { Color(hex: $0) })!,
        caption: caption, detail: detail, extras: extras)
    }
    return [
      card(
        "welcome", "Welcome to Sectional",
        "Every card is a section controller. Press Tab to focus a button and Enter to open it.",
        "sunset", "Sectional · a feed in your terminal",
        "The card you opened grew by inserting items into its own section: the layout recomputed this one section and moved every card below by exactly the rows it gained.",
        [
          "Scroll with ↑ ↓, j k, PgUp PgDn or the mouse wheel.",
          "Home and End (g, G) jump to the ends; q leaves.",
        ]),
      card(
        "diff", "One diff, many updates", "Objects are matched by identifier and diffed in linear time.",
        "gradient", "Heckel's algorithm, fewest moves",
        "Survivors on the longest increasing run stay put; only the rest move. Duplicates are reported, never fatal.",
        colors: [0x2E3192, 0x1BFFFF]),
      card(
        "layout", "A layout you can reason about",
        "Flow layout, self-sizing cells, headers and footers, and one card behind every section.", "checker",
        "Invalidation contexts recompute only what changed",
        "Section offsets live in a sum tree, so an expansion costs the section's items plus a logarithm, and the result is bit-identical to a fresh layout.",
        ["Try resizing the terminal: text rewraps and the card at the top stays at the top."], size: (24, 10)),
      card(
        "tokyo", "東京の夜", "ネオンが雨に映る街を歩く。屋台の湯気、遠くの電車の音。", "aurora", "写真：新宿、午前一時",
        "日本語の文字は二列の幅で描かれる。折り返しは表示幅で測られ、カードの枠からはみ出さない。",
        ["漢字、ひらがな、カタカナが混ざっても大丈夫。"]),
      card(
        "seoul", "서울의 아침", "한강 위로 해가 뜨고 자전거 길이 깨어난다.", "ocean", "사진: 반포대교",
        "한글 음절도 두 칸 너비로 그려진다.", size: (28, 10)),
      card(
        "beijing", "北京胡同", "灰墙、红门、槐树的影子落在青石板上。", "forest", "摄影：东城区",
        "中文字符在终端中占两列。", ["胡同里的早餐：豆浆、油条。", "下午的阳光。"]),
      card(
        "emoji", "Party time 🎉", "Emoji are two columns wide: 🍕 🌮 🍣 — even family ones like 👨‍👩‍👧‍👦 and flags 🇯🇵 🇫🇷.",
        "circle", "Made with ❤️ and a grapheme-cluster width table",
        "ZWJ sequences, skin tones 👍🏽 and variation selectors (☀️ vs ☀) are measured per grapheme cluster, so borders stay straight.",
        ["Keycaps: 1️⃣ 2️⃣ 3️⃣", "Hearts: ❤️ 🧡 💛 💚 💙 💜", "Weather: ⛅ 🌧️ ❄️"], size: (20, 10),
        colors: [0xFFD166, 0x26547C]),
      card(
        "short", "Short", "Tiny.", "stripes", "—", "Even a short card has a detail.", size: (12, 4),
        colors: [0xEF476F, 0x118AB2]),
      card(
        "long",
        "A considerably longer title that will need to wrap onto a second line on most terminals you might run this in",
        "This description goes on for a while to show how paragraphs wrap at word boundaries, how a word that is longer than the whole line — likeThisRidiculouslyLongIdentifierThatHasNoSpacesInItAtAllAndKeepsGoing — is broken, and how the card grows to fit.\nA second paragraph starts on its own line.",
        "gradient", "Wrapping by display width",
        "Long text is fine: the cell's height is measured by the same function that draws it, so what you see is what was measured.",
        ["One.", "Two.", "Three."], colors: [0x8338EC, 0xFF006E]),
      card(
        "greek", "Ελληνικά", "Η γρήγορη καφέ αλεπού πηδά πάνω από τον τεμπέλη σκύλο.", "ocean", "Αιγαίο",
        "Ελληνικό κείμενο, ένα πλάτος στήλης ανά γράμμα."),
      card(
        "russian", "Русский текст", "Съешь же ещё этих мягких французских булок да выпей чаю.", "forest",
        "Кириллица", "Кириллица занимает одну колонку на букву.", ["Ещё одна строка."]),
      card(
        "arabic", "مرحبا", "النص العربي يُعرض هنا كما هو، حرفًا بعد حرف.", "sunset", "العربية",
        "Right-to-left text is drawn in logical order; bidi control characters are removed so text cannot reorder itself."
      ),
      card(
        "hindi", "नमस्ते", "देवनागरी में मात्राएँ शून्य चौड़ाई की होती हैं।", "aurora", "हिन्दी",
        "Combining marks take no column of their own."),
      card(
        "accents", "Crème brûlée, naïve café",
        "Combining accents: e\u{301} a\u{300} o\u{308} — one column each.",
        "checker", "Précomposé ou décomposé", "Both spellings measure the same.", size: (16, 8),
        colors: [0xF4A261, 0x2A9D8F]),
      card(
        "recipe", "Sunday pancakes", "Flour, milk, eggs, a pinch of salt. Rest the batter for half an hour.",
        "circle",
        "Serves four", "Cook on a hot, lightly buttered pan until bubbles form, then flip once.",
        ["Add blueberries.", "Or lemon and sugar.", "Or both."], colors: [0xF6BD60, 0x84A59D]),
      card(
        "trail", "Ridge trail", "Twelve kilometres, eight hundred metres up, views the whole way.", "forest",
        "Start early", "Carry water: there is none after the second hut.", size: (36, 12)),
      card(
        "harbor", "Harbour at dawn", "Boats come in with the tide; gulls argue over the nets.", "ocean",
        "Low tide at 06:40", "The fish market opens at seven.", ["Bring cash."]),
      card(
        "release", "Release notes 1.0", "Adapter, layout, terminal front.", "stripes", "Changelog",
        "Everything in this feed is drawn by views registered per element kind.",
        ["Flow layout with sticky headers.", "Self-sizing cells.", "Section cards with shadows."],
        colors: [0x06D6A0, 0x073B4C]),
      card(
        "quote", "“Simplicity is prerequisite for reliability.”", "— Edsger W. Dijkstra", "gradient",
        "EWD498", "How do we tell truths that might hurt?", size: (20, 6), colors: [0x22223B, 0x9A8C98]),
      card(
        "mixed", "Mixed scripts: Hello, 世界, مرحبا, Привет", "Wide and narrow together: ab漢字cd한글ef🙂gh.",
        "checker", "Alignment check", "Every line of this card must end at the same border.", [],
        size: (18, 8), colors: [0x3A86FF, 0xFFBE0B]),
      card(
        "empty-extras", "No extras here", "Expanding this card adds only the detail.", "sunset",
        "Zero extras",
        "Just the detail: six items when expanded."),
      card(
        "three", "Three extras", "Expanding this card adds the detail and three more components.", "aurora",
        "Nine items when expanded", "The detail.", ["Extra one.", "Extra two.", "Extra three."]),
      card(
        "night", "Night sky", "Far from the city lights, the Milky Way.", "aurora", "Long exposure, 30 s",
        "Best seen in late summer.", size: (40, 12)),
      card(
        "thanks", "Thanks for scrolling",
        "That's the whole feed. Press g to go back to the top, or q to quit.", "circle",
        "The end", "Built with section controllers, a diff and a layout — no dependencies.", [],
        colors: [0x7AA2F7, 0x24283B]),
    ]
  }

  /// A generated feed of `count` cards, the same for the same seed.
  package static func generated(count: Int, seed: UInt64) -> [FeedCard] {
    generatedCards(count: count, seed: seed).map(\.card)
  }

  /// The generated feed of the same `count` and `seed` as a feed file: one line (as a machine
  /// writes it) when `minified`, else one member per line. Reading it gives
  /// ``generated(count:seed:)``.
  package static func generatedFile(count: Int, seed: UInt64, minified: Bool = true) -> [UInt8] {
    var out: [UInt8] = []
    let newline = minified ? "" : "\n"
    let indent = minified ? "" : "  "
    func text(_ value: String) -> String {
      var escaped = "\""
      for scalar in value.unicodeScalars {
        switch scalar {
        case "\"": escaped += "\\\""
        case "\\": escaped += "\\\\"
        case "\n": escaped += "\\n"
        case _ where scalar.value < 0x20:
          let hex = String(scalar.value, radix: 16)
          escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: escaped.unicodeScalars.append(scalar)
        }
      }
      return escaped + "\""
    }
    out += Array("{\"title\":\(text("Generated feed")),\"cards\":[\(newline)".utf8)
    for (index, generated) in generatedCards(count: count, seed: seed).enumerated() {
      let card = generated.card
      var members = [
        "\"id\":\(text(card.id))", "\"title\":\(text(card.title))",
        "\"description\":\(text(card.description))",
        "\"image\":{\"pattern\":\(text(generated.pattern)),\"width\":\(card.image.width),\"height\":\(card.image.height)}",
        "\"caption\":\(text(card.caption))", "\"detail\":\(text(card.detail))",
      ]
      if !card.extras.isEmpty {
        members.append("\"extras\":[\(card.extras.map(text).joined(separator: ","))]")
      }
      let separator = index == 0 ? "" : "," + newline
      out += Array((separator + indent + "{" + members.joined(separator: ",") + "}").utf8)
    }
    out += Array("\(newline)]}\(newline)".utf8)
    return out
  }

  private static func generatedCards(count: Int, seed: UInt64) -> [(card: FeedCard, pattern: String)] {
    var random = SplitMix64(seed: seed)
    let words = [
      "layout", "section", "card", "shadow", "terminal", "diff", "update", "scroll", "expand", "view",
      "grapheme",
      "東京", "서울", "北京", "🎉", "café", "naïve", "Привет", "cell", "frame", "render", "focus", "button",
    ]
    func sentence(_ length: Int) -> String {
      (0..<max(1, length)).map { _ in words[random.next(below: words.count)] }.joined(separator: " ")
    }
    return (0..<max(0, count)).map { index in
      let pattern = Pictures.patternNames[random.next(below: Pictures.patternNames.count)]
      let width = 8 + random.next(below: 32)
      let height = 4 + random.next(below: 10)
      let card = FeedCard(
        id: "card-\(index)", title: "Card \(index + 1): " + sentence(2 + random.next(below: 5)),
        description: sentence(4 + random.next(below: 30)),
        image: Pictures.make(pattern, width: width, height: height)!,
        caption: sentence(1 + random.next(below: 4)),
        detail: sentence(6 + random.next(below: 40)),
        extras: (0..<random.next(below: 4)).map { _ in sentence(3 + random.next(below: 10)) })
      return (card, pattern)
    }
  }
}
