import Sectional

/// One card of the feed: five components collapsed (title, description, image, caption,
/// "View more"), up to nine expanded (adds the detail and up to three extras).
public struct FeedCard: ListDiffable, Hashable, Sendable {
  /// The most extra components a card shows; more are dropped.
  public static let maximumExtras = 3

  public var id: String
  public var title: String
  public var description: String
  public var image: Picture
  public var caption: String
  public var detail: String
  /// 0 to 3 more components shown when expanded.
  public var extras: [String] {
    didSet { if extras.count > Self.maximumExtras { extras = Array(extras.prefix(Self.maximumExtras)) } }
  }

  public init(
    id: String, title: String, description: String, image: Picture, caption: String, detail: String,
    extras: [String] = []
  ) {
    self.id = id
    self.title = title
    self.description = description
    self.image = image
    self.caption = caption
    self.detail = detail
    self.extras = Array(extras.prefix(Self.maximumExtras))
  }

  public var diffIdentifier: String { id }
  public func isEqual(toDiffableObject other: FeedCard) -> Bool { self == other }

  /// One item of a card, besides the toggle.
  public enum Component: Hashable, Sendable {
    case title, description, image, caption, detail
    case extra(Int)

    /// The reuse kind the feed registers a view for.
    public var reuseKind: ElementKind {
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
