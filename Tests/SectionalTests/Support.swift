import Sectional

func picture(_ width: Int, _ height: Int) -> Picture {
  Picture(width: width, height: height) { x, y in
    Color(red: UInt8(x * 20 % 256), green: UInt8(y * 30 % 256), blue: 99)
  }
}

func card(_ id: String, extras: Int = 3, detail: String = "A detailed description.") -> ExpandableCard {
  ExpandableCard(
    id: id, title: "Title \(id)", description: "Description of \(id)", image: picture(20, 8),
    caption: "Caption", detail: detail, extras: (0..<extras).map { "Extra \($0) of \(id)" })
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
    if object is ExpandableCard { return ExpandableSectionController() }
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
  let collectionView = CollectionView(size: Size(width: width, height: height))
  collectionView.layout.decorationStyles = [.sectionCard: .card]
  collectionView.layout.cardOutset = EdgeInsets(all: 1)
  let adapter = ListAdapter(collectionView: collectionView, workingRangeSize: workingRange)
  adapter.scheduler = { _ in }  // updates run when the test flushes them
  adapter.dataSource = source
  adapter.reloadData()
  return adapter
}
