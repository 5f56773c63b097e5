import Sectional

/// A client's own picture type: the core knows nothing of it, a cell carries it as custom
/// content.
struct Swatch: Hashable, Sendable {
  var width: Int
  var height: Int

  /// Drawn with half blocks: two pixel rows a cell row, scaled down to fit.
  func size(fitting available: Double) -> Size {
    let columns = min(Double(width), available.rounded(.down))
    return Size(width: columns, height: max(1, (Double(height) * columns / Double(width) / 2).rounded(.up)))
  }
}

/// A client's own expandable card, written against the core's generic controller: five
/// components collapsed, the detail and up to three extras when expanded.
struct Card: ListDiffable, Hashable {
  var id: String
  var title: String
  var description: String
  var image: Swatch
  var caption: String
  var detail: String
  var extras: [String]

  var diffIdentifier: String { id }
  func isEqual(toDiffableObject other: Card) -> Bool { self == other }

  enum Part: Hashable, Sendable {
    case title, description, image, caption, detail
    case extra(Int)
  }
}

@MainActor
final class CardController: ExpandableSectionController<Card, Card.Part> {
  override init() {
    super.init()
    inset = CardGeometry.standard.sectionInset
  }

  override func collapsedComponents(for card: Card) -> [Card.Part] {
    [.title, .description, .image, .caption]
  }

  override func expandedComponents(for card: Card) -> [Card.Part] {
    [.detail] + card.extras.prefix(3).indices.map(Card.Part.extra)
  }

  override func cell(for part: Card.Part, of card: Card) -> CellDescriptor {
    switch part {
    case .title: textCell(card.title, role: .title)
    case .description: textCell(card.description, role: .body)
    case .caption: textCell(card.caption, role: .caption)
    case .detail: textCell(card.detail, role: .detail)
    case .extra(let index): textCell(card.extras[index], role: .body, kind: "extra")
    case .image:
      CellDescriptor(
        reuseKind: "image", size: .exact(card.image.size(fitting: availableWidth)), custom: card.image)
    }
  }
}

func card(_ id: String, extras: Int = 3, detail: String = "A detailed description.") -> Card {
  Card(
    id: id, title: "Title \(id)", description: "Description of \(id)", image: Swatch(width: 20, height: 8),
    caption: "Caption", detail: detail, extras: (0..<extras).map { "Extra \($0) of \(id)" })
}

/// Any objects, each shown by the controller `makeController` gives it: the data source of a
/// test that needs nothing more.
@MainActor
final class ClosureSource: ListAdapterDataSource {
  var objects: [any ListDiffable]
  let makeController: (any ListDiffable) -> SectionController

  init(_ objects: [any ListDiffable], makeController: @escaping (any ListDiffable) -> SectionController) {
    self.objects = objects
    self.makeController = makeController
  }

  func objects(for adapter: ListAdapter) -> [any ListDiffable] { objects }

  func listAdapter(_ adapter: ListAdapter, sectionControllerFor object: any ListDiffable) -> SectionController
  {
    makeController(object)
  }
}

/// A feed of expandable cards; counts the controllers it makes.
@MainActor
final class FeedSource: ListAdapterDataSource {
  var objects: [any ListDiffable]
  var controllersMade = 0
  var empty: CellDescriptor?
  /// Whether a note's controller shows as many rows as its text has characters (1 to 3), so
  /// content changes change the section's size.
  var varyingRows = false

  init(_ objects: [any ListDiffable]) { self.objects = objects }

  func objects(for adapter: ListAdapter) -> [any ListDiffable] { objects }

  func listAdapter(_ adapter: ListAdapter, sectionControllerFor object: any ListDiffable) -> SectionController
  {
    controllersMade += 1
    if object is Card { return CardController() }
    let controller = RecordingController()
    controller.rowsFollowText = varyingRows
    return controller
  }

  func emptyView(for adapter: ListAdapter) -> CellDescriptor? { empty }
}

/// Records what the adapter tells it.
@MainActor
final class RecordingController: SectionController, DisplayDelegate, WorkingRangeDelegate {
  var updates: [any ListDiffable] = []
  var events: [String] = []
  var rows = 2

  override init() {
    super.init()
    displayDelegate = self
    workingRangeDelegate = self
  }

  override func numberOfItems() -> Int { rows }
  override func cellForItem(at index: Int) -> CellDescriptor {
    .text("row \(index)", role: .body, width: availableWidth, height: 3)
  }
  var rowsFollowText = false

  override func didUpdate(to object: any ListDiffable) {
    updates.append(object)
    if rowsFollowText, let note = object as? Note { rows = 1 + note.text.count % 3 }
  }
  func willDisplay(_ controller: SectionController) { events.append("display") }
  func didEndDisplaying(_ controller: SectionController) { events.append("end") }
  func willEnterWorkingRange(_ controller: SectionController) { events.append("enter") }
  func didExitWorkingRange(_ controller: SectionController) { events.append("exit") }
}

struct Note: ListDiffable, Hashable {
  var id: Int
  var text = ""
  var diffIdentifier: Int { id }
  func isEqual(toDiffableObject other: Note) -> Bool { self == other }
}

@MainActor
func makeAdapter(_ source: FeedSource, width: Double = 80, height: Double = 40, workingRange: Int = 0)
  -> ListAdapter
{
  let layout = FlowLayout()
  layout.decorationStyles = [.sectionCard: .card]
  layout.cardOutset = EdgeInsets(all: 1)
  let collectionView = CollectionView(layout: layout, size: Size(width: width, height: height))
  let adapter = ListAdapter(collectionView: collectionView, workingRangeSize: workingRange)
  adapter.scheduler = { _ in }  // updates run when the test flushes them
  adapter.dataSource = source
  adapter.reloadData()
  return adapter
}

extension CollectionView {
  /// The flow layout the tests build.
  var flowLayout: FlowLayout { collectionViewLayout as! FlowLayout }
}
