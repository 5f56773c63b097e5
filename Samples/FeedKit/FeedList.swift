import Sectional
import SectionalTerminal

/// The feed as a list: an adapter whose objects are the cards, each shown by an
/// ``ExpandableSectionController`` in a section-shadow layout (a card with a rounded border and
/// a drop shadow behind every section).
@MainActor
public final class FeedList: ListAdapterDataSource {
  public let document: FeedDocument
  public let collectionView: CollectionView
  public let adapter: ListAdapter

  public init(document: FeedDocument, width: Int, height: Int) {
    self.document = document
    let layout = FlowLayout()
    layout.decorationStyles = [.sectionCard: .card]
    // With the controller's inset (top 2, left 3, bottom 2, right 4) the card's border sits one
    // column from the text, its shadow inside the section, and a blank row between cards.
    layout.cardOutset = EdgeInsets(top: 1, left: 2, bottom: 1, right: 2)
    collectionView = CollectionView(layout: layout, size: Size(width: Double(width), height: Double(height)))
    adapter = ListAdapter(collectionView: collectionView, workingRangeSize: 1)
    // The viewer's loop applies pending updates before every frame.
    adapter.scheduler = { _ in }
    adapter.dataSource = self
    adapter.reloadData()
  }

  public func objects(for adapter: ListAdapter) -> [any ListDiffable] { document.cards }

  public func listAdapter(_ adapter: ListAdapter, sectionControllerFor object: any ListDiffable)
    -> SectionController
  {
    let controller = ExpandableSectionController()
    controller.textHeight = { text, width in TextLayout.height(of: text, width: width) }
    return controller
  }

  /// The card controllers, in feed order.
  public var controllers: [ExpandableSectionController] {
    (0..<document.cards.count).compactMap {
      adapter.sectionController(forSection: $0) as? ExpandableSectionController
    }
  }

  /// Expands the cards `selection` names. Unknown names are returned, and nothing is changed.
  @discardableResult
  public func expand(_ selection: ExpandSelection) -> [String] {
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
public enum ExpandSelection: Hashable, Sendable {
  case none, all
  /// Card ids, or positions from 1.
  case list([String])
}
