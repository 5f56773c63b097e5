import Sectional
import SectionalTerminal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// A live list whose outside work is plain Swift concurrency: a clock in the title from a task
// that sleeps, messages from an `AsyncSequence` of lines, and a key of the app's own (n adds a
// note). What each changes is drawn without being asked. `some-command | swift run live` shows
// the command's lines as they come (keys are read from the terminal); alone, a message arrives
// every 2 seconds. Piped (`swift run live | cat`), it prints the list once.

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
  var messages = [Message(id: 0, text: "n adds a note; messages arrive as they come")]

  func add(_ text: String) { messages.append(Message(id: messages.count, text: text)) }

  func objects(for adapter: ListAdapter) -> [any ListDiffable] { messages }

  func listAdapter(_ adapter: ListAdapter, sectionControllerFor object: any ListDiffable) -> SectionController
  {
    MessageController()
  }
}

/// A message every two seconds, as a network would send them.
func simulatedMessages() -> AsyncStream<String> {
  AsyncStream { continuation in
    let producer = Task {
      for number in 1... {
        try await Task.sleep(for: .seconds(2))
        continuation.yield("Message \(number) from a task")
      }
    }
    continuation.onTermination = { _ in producer.cancel() }
  }
}

let layout = FlowLayout()
layout.decorationStyles = [.sectionCard: .card]
let adapter = ListAdapter(collectionView: CollectionView(layout: layout, size: Size(width: 80, height: 24)))
let messages = Messages()
adapter.dataSource = messages
adapter.reloadData()

let renderer = TextRenderer(environment: DrawEnvironment(colors: ColorSupport.depth(choice: .auto)))
let viewer = ListViewer(adapter: adapter, renderer: renderer, title: "Live")
viewer.statusLine.appKeys = ["n note"]

// A key of the app's own, seen before the viewer's keys.
viewer.onKeyPress = { key in
  guard key == .character("n") else { return .ignored }
  messages.add("A note")
  adapter.performUpdates(animated: true)
  return .handled
}

// A clock: the title says how long the list has been up, every second.
let start = ContinuousClock.now
let clock = Task {
  while !Task.isCancelled {
    try await Task.sleep(for: .seconds(1))
    viewer.statusLine.title = "Live · up \((ContinuousClock.now - start).components.seconds) s"
  }
}

// Lines from standard input when it is a pipe, the keys then from the terminal itself.
let piped = !TerminalSession.isTerminal(0)
let keyboard = piped ? open("/dev/tty", O_RDWR | O_CLOEXEC) : 0
let arrivals = Task {
  if piped {
    for try await line in DescriptorReader(0).lines {
      messages.add(line)
      adapter.performUpdates(animated: true)
    }
  } else {
    for await line in simulatedMessages() {
      messages.add(line)
      adapter.performUpdates(animated: true)
    }
  }
}

try await viewer.present(input: keyboard >= 0 ? keyboard : 0)
clock.cancel()
arrivals.cancel()
