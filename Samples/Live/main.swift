import Sectional
import SectionalTerminal

// A live list: a clock in the title, messages arriving from a task, and a key of the app's own
// (n adds a note). Piped (`swift run live | cat`), it prints the list once.

struct Message: Identifiable, Equatable, ListDiffable {
  let id: Int
  var text: String
}

final class MessageController: GenericSectionController<Message> {
  override init() {
    super.init()
    inset = CardGeometry.standard.sectionInset
  }

  override func numberOfItems() -> Int { 1 }

  override func cellForItem(at index: Int) -> CellDescriptor {
    textCell(object?.text ?? "", role: .body)
  }
}

@MainActor
final class Messages: ListAdapterDataSource {
  var messages = [Message(id: 0, text: "n adds a note; a message arrives every 2 seconds")]

  func add(_ text: String) { messages.append(Message(id: messages.count, text: text)) }

  func objects(for adapter: ListAdapter) -> [any ListDiffable] { messages }

  func listAdapter(_ adapter: ListAdapter, sectionControllerFor object: any ListDiffable) -> SectionController
  {
    MessageController()
  }
}

let layout = FlowLayout()
layout.decorationStyles = [.sectionCard: .card]
let adapter = ListAdapter(collectionView: CollectionView(layout: layout, size: Size(width: 80, height: 24)))
adapter.scheduler = { _ in }  // the viewer applies pending updates before each frame
let messages = Messages()
adapter.dataSource = messages
adapter.reloadData()

let renderer = TextRenderer(environment: DrawEnvironment(colors: ColorSupport.depth(choice: .auto)))
let viewer = ListViewer(adapter: adapter, renderer: renderer, title: "Live")
viewer.additionalKeyHelp = ["n note"]

// A key of the app's own, seen before the viewer's keys.
viewer.onKeyPress = { key in
  guard key == .character("n") else { return .ignored }
  messages.add("A note")
  adapter.performUpdates(animated: true)
  return .handled
}

// A clock: the title says how long the list has been up, every second.
let start = ContinuousClock.now
viewer.addTimer(every: .seconds(1)) {
  viewer.title = "Live · up \((ContinuousClock.now - start).components.seconds) s"
}

// Work from another task: the viewer's loop holds the main thread, so the task hands its update
// to the loop through the mailbox rather than to a main-actor task.
let mailbox = viewer.mailbox
Task.detached {
  for number in 1... {
    try await Task.sleep(for: .seconds(2))
    mailbox.post {
      messages.add("Message \(number) from a task")
      adapter.performUpdates(animated: true)
    }
  }
}

try viewer.present()
