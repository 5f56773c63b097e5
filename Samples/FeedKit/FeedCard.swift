import Sectional

/// One card of the feed: five components collapsed (title, description, image, caption,
/// "View more"), up to nine expanded (adds the detail and up to three extras).
///
/// A value with the fields of a struct, held as one reference to fields its copies share: a
/// card is copied, put in a list of `any ListDiffable` and compared with its previous version
/// at the cost of an object (IGListKit's models are objects). Seven fields held inline would be
/// boxed in every existential, retained one by one on every copy, and compared byte by byte;
/// an update of 10,000 cards spent a sixth of its time freeing such boxes.
package struct FeedCard: ListDiffable, Hashable, Sendable {
  /// The most extra components a card shows; more are dropped.
  package static let maximumExtras = 3

  /// The fields, immutable: a setter makes new ones, so copies never see each other's edits.
  private final class Fields: Hashable, Sendable {
    let id: String
    let title: String
    let description: String
    let image: Picture
    let caption: String
    let detail: String
    let extras: [String]

    init(
      id: String, title: String, description: String, image: Picture, caption: String, detail: String,
      extras: [String]
    ) {
      self.id = id
      self.title = title
      self.description = description
      self.image = image
      self.caption = caption
      self.detail = detail
      self.extras = Array(extras.prefix(FeedCard.maximumExtras))
    }

    static func == (lhs: Fields, rhs: Fields) -> Bool {
      lhs === rhs
        || (lhs.id == rhs.id && lhs.title == rhs.title && lhs.description == rhs.description
          && lhs.image == rhs.image && lhs.caption == rhs.caption && lhs.detail == rhs.detail
          && lhs.extras == rhs.extras)
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(id)
      hasher.combine(title)
      hasher.combine(description)
      hasher.combine(image)
      hasher.combine(caption)
      hasher.combine(detail)
      hasher.combine(extras)
    }

    /// These fields with some changed.
    func with(
      id: String? = nil, title: String? = nil, description: String? = nil, image: Picture? = nil,
      caption: String? = nil, detail: String? = nil, extras: [String]? = nil
    ) -> Fields {
      Fields(
        id: id ?? self.id, title: title ?? self.title, description: description ?? self.description,
        image: image ?? self.image, caption: caption ?? self.caption, detail: detail ?? self.detail,
        extras: extras ?? self.extras)
    }
  }

  private var fields: Fields

  package var id: String {
    get { fields.id }
    set { fields = fields.with(id: newValue) }
  }
  package var title: String {
    get { fields.title }
    set { fields = fields.with(title: newValue) }
  }
  package var description: String {
    get { fields.description }
    set { fields = fields.with(description: newValue) }
  }
  package var image: Picture {
    get { fields.image }
    set { fields = fields.with(image: newValue) }
  }
  package var caption: String {
    get { fields.caption }
    set { fields = fields.with(caption: newValue) }
  }
  package var detail: String {
    get { fields.detail }
    set { fields = fields.with(detail: newValue) }
  }
  /// 0 to 3 more components shown when expanded; more are dropped.
  package var extras: [String] {
    get { fields.extras }
    set { fields = fields.with(extras: newValue) }
  }

  package init(
    id: String, title: String, description: String, image: Picture, caption: String, detail: String,
    extras: [String] = []
  ) {
    fields = Fields(
      id: id, title: title, description: description, image: image, caption: caption, detail: detail,
      extras: extras)
  }

  package var diffIdentifier: String { id }
  package func isEqual(toDiffableObject other: FeedCard) -> Bool { self == other }

  /// One item of a card, besides the toggle.
  package enum Component: Hashable, Sendable {
    case title, description, image, caption, detail
    case extra(Int)

    /// The reuse kind the feed registers a view for.
    package var reuseKind: ElementKind {
      switch self {
      case .title: "title"
      case .description: "body"
      case .image: "image"
      case .caption: "caption"
      case .detail: "detail"
      case .extra: "extra"
      }
    }
  }
}
