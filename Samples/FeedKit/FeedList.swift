import Sectional
import SectionalTerminal

/// The feed as a list: an adapter whose objects are the cards, each shown by a
/// ``FeedCardController`` in a section-shadow layout (a card with a rounded border and a drop
/// shadow behind every section).
@MainActor
package final class FeedList: ListAdapterDataSource, ListAdapterMoveDelegate {
  /// The feed shown; ``replace(with:)`` changes it.
  package private(set) var document: FeedDocument {
    didSet { shownObjects = nil }
  }
  /// ``document``'s cards as the adapter takes them, kept between updates: a feed read slice by
  /// slice adds cards to it rather than converting every card again for each slice.
  private var shownObjects: [any ListDiffable]?
  package let collectionView: CollectionView
  package let adapter: ListAdapter

  package init(document: FeedDocument, width: Int, height: Int) {
    self.document = document
    let layout = FlowLayout()
    // The standard card geometry (the layout's default outset, the controller's inset).
    layout.decorationStyles = [.sectionCard: .card]
    collectionView = CollectionView(layout: layout, size: Size(width: Double(width), height: Double(height)))
    // Cells are measured as the terminal draws them: text wraps by display width.
    collectionView.measurer = TextRenderer(registry: Self.registry).measurer()
    adapter = ListAdapter(collectionView: collectionView, workingRangeSize: 1)
    adapter.dataSource = self
    // Cards can be picked up and moved (m in the viewer); the feed keeps the new order.
    adapter.moveDelegate = self
    adapter.reloadData()
  }

  /// A card was moved: the feed takes the new order (until a watched file changes it again).
  /// `objects` are the feed's cards as they are now, those that arrived while the card was up
  /// among them, with the move applied; but a watched file saved meanwhile is the truth, and is
  /// shown as it is.
  package func listAdapter(
    _ listAdapter: ListAdapter, move object: any ListDiffable, from previousObjects: [any ListDiffable],
    to objects: [any ListDiffable]
  ) {
    guard !replacedWhileMoving else {
      replacedWhileMoving = false
      return
    }
    let moved = objects.compactMap { $0 as? FeedCard }
    let ids = Set(moved.map(\.id))
    document.cards = moved + document.cards.filter { !ids.contains($0.id) }
    onReorder?(document.cards)
  }

  /// Whether a document given to ``replace(with:)`` is the whole truth, as a watched file is:
  /// one given while a card is moved is shown as it is once the card is down, and the move,
  /// made on the version before, is dropped. Otherwise (lines read, an app's own changes) what
  /// arrives while a card is moved applies to the order the move leaves.
  package var replacementsOverrideMoves = false
  /// A document was given while a card was up, and overrides its move.
  private var replacedWhileMoving = false

  /// Told the new order after the user moves a card (a live stream keeps its own list of cards).
  package var onReorder: ((_ cards: [FeedCard]) -> Void)?

  package func objects(for adapter: ListAdapter) -> [any ListDiffable] {
    // Asked with no card up: a move put back or dropped in place told nobody, and the document
    // given meanwhile is shown now.
    if adapter.interactivelyMovingObject == nil { replacedWhileMoving = false }
    if let shownObjects { return shownObjects }
    let objects: [any ListDiffable] = document.cards
    shownObjects = objects
    return objects
  }

  /// What a feed without cards shows.
  package func emptyView(for adapter: ListAdapter) -> CellDescriptor? {
    .text(
      "This feed has no cards yet.", role: .caption, width: adapter.collectionView.bounds.width, height: 1)
  }

  /// Shows `document` instead, as the difference from the current one: cards that stay keep
  /// their controller (and their expansion), changed ones update in place, new ones are
  /// inserted and gone ones deleted, in one batch applied at the next flush (the viewer's next
  /// frame), animated: a viewer that plays transitions slides the cards to their places.
  package func replace(with document: FeedDocument) {
    self.document = document
    if replacementsOverrideMoves, adapter.interactivelyMovingObject != nil { replacedWhileMoving = true }
    adapter.performUpdates(animated: true)
  }

  /// Adds `cards` after the others (and takes `title`, when given), as ``replace(with:)`` would
  /// show the longer document; the lists grow in place, so a slice costs its own cards.
  package func append(_ cards: some Collection<FeedCard>, title: String? = nil) {
    var objects = shownObjects
    shownObjects = nil  // held alone while it grows, so it is not copied
    if objects != nil { objects!.append(contentsOf: cards.lazy.map { $0 as any ListDiffable }) }
    document.cards.append(contentsOf: cards)
    if let title { document.title = title }
    shownObjects = objects
    adapter.performUpdates(animated: true)
  }

  package func listAdapter(_ adapter: ListAdapter, sectionControllerFor object: any ListDiffable)
    -> SectionController
  {
    FeedCardController()
  }

  /// The views the feed draws with: the standard ones, the card's picture, and its extras as
  /// body text.
  package static let registry: ViewRegistry = {
    var registry = ViewRegistry.standard
    registry.register(ImageCellView(), forCellKind: "image")
    registry.register(TextCellView(role: .body), forCellKind: "extra")
    return registry
  }()

  /// The card controllers, in feed order.
  package var controllers: [FeedCardController] {
    (0..<document.cards.count).compactMap {
      adapter.sectionController(forSection: $0) as? FeedCardController
    }
  }

  /// Expands the cards `selection` names. Unknown names are returned, and nothing is changed.
  @discardableResult
  package func expand(_ selection: ExpandSelection) -> [String] {
    let ids: Set<String>
    switch selection {
    case .none: return []
    case .all: ids = Set(document.cards.map(\.id))
    case .list(let names):
      var resolved = Set<String>()
      var unknown: [String] = []
      let known = Set(document.cards.map(\.id))
      for name in names {
        if known.contains(name) {
          resolved.insert(name)
        } else if let position = Int(name), position >= 1, position <= document.cards.count {
          resolved.insert(document.cards[position - 1].id)
        } else {
          unknown.append(name)
        }
      }
      guard unknown.isEmpty else { return unknown }
      ids = resolved
    }
    for controller in controllers where ids.contains(controller.card?.id ?? "") {
      controller.setExpanded(true, updatingList: false)
    }
    collectionView.reloadData()
    return []
  }
}

/// Which cards start expanded.
package enum ExpandSelection: Hashable, Sendable {
  case none, all
  /// Card ids, or positions from 1.
  case list([String])
}
