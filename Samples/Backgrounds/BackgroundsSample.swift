import FeedKit
import Sectional
import SectionalTerminal

/// Section backgrounds, after the article "Creating Reusable Views with Custom Flow Layout in
/// Swift": each section on its own coloured background (a flow-layout
/// decoration across the full width, its section's insets included), the colour chosen by the
/// section's controller.
@MainActor
package enum BackgroundsSample {
  /// A topic: its name, its background and its lines.
  package struct Topic: ListDiffable, Hashable, Sendable {
    package var name: String
    package var color: UInt32
    package var lines: [String]
    package var diffIdentifier: String { name }
  }

  // Blue, magenta, green and olive at a cube level of the 256-colour palette, bright enough that
  // 16 colours map each to its own ANSI colour rather than all to black: muted greys collapsed
  // into one or two entries there.
  package static let topics: [Topic] = [
    Topic(
      name: "Morning", color: 0x000087,
      lines: ["Coffee, then the news.", "A walk by the river before work."]),
    Topic(
      name: "Work", color: 0x870087,
      lines: ["Stand-up at ten.", "Review the layout engine.", "Lunch with the design team."]),
    Topic(name: "Evening", color: 0x008700, lines: ["Cook something new.", "Read until late."]),
    Topic(
      name: "Weekend", color: 0x878700,
      lines: ["Market on Saturday.", "Hills on Sunday, weather permitting."]),
  ]

  /// One topic: a header, its lines, and the background its colour names.
  final class TopicController: SectionController, SupplementaryViewSource {
    var topic: Topic?

    override init() {
      super.init()
      inset = EdgeInsets(top: 1, left: 3, bottom: 1, right: 3)
      lineSpacing = 0
      supplementaryViewSource = self
    }

    override func didUpdate(to object: any ListDiffable) { topic = object as? Topic }
    override func numberOfItems() -> Int { topic?.lines.count ?? 0 }
    override func cellForItem(at index: Int) -> CellDescriptor {
      textCell("• " + (topic?.lines[index] ?? ""), role: .body)
    }
    override func decorationStyle(ofKind kind: ElementKind, default style: DecorationStyle?)
      -> DecorationStyle?
    {
      guard kind == .sectionBackground, let topic else { return style }
      return DecorationStyle(backgroundColor: Color(hex: topic.color))
    }

    var supportedElementKinds: [ElementKind] { [.header] }
    func supplementary(ofKind kind: ElementKind, at index: Int, for controller: SectionController)
      -> SupplementaryDescriptor?
    {
      SupplementaryDescriptor(height: 1, content: .text(topic?.name ?? "", role: .header))
    }
  }

  final class Source: ListAdapterDataSource {
    func objects(for adapter: ListAdapter) -> [any ListDiffable] { topics }
    func listAdapter(_ adapter: ListAdapter, sectionControllerFor object: any ListDiffable)
      -> SectionController
    {
      TopicController()
    }
    func emptyView(for adapter: ListAdapter) -> CellDescriptor? { nil }
  }

  package static let registry: ViewRegistry = {
    var registry = ViewRegistry.standard
    registry.register(BackgroundView(), forDecorationKind: .sectionBackground)
    return registry
  }()

  package static func make(columns: Int, rows: Int) -> SampleList {
    let layout = FlowLayout()
    layout.decorationStyles = [.sectionBackground: DecorationStyle()]
    let list = SampleList(
      layout: layout, columns: columns, rows: rows, registry: registry, title: "Backgrounds", source: Source()
    )
    // A screen to read: nothing is pressed, so nothing takes the focus.
    list.collectionView.allowsSelection = false
    return list
  }

  package static let sample = Sample(
    name: "backgrounds",
    summary: """
      Section backgrounds on the flow layout, after an article on custom flow layouts: every section on a background of its
      own colour, across the full width with the section's insets, chosen by its controller.
      """
  ) { columns, rows, _, _ in make(columns: columns, rows: rows) }
}

/// A section's background: its colour where the terminal has colour, a dotted outline where it
/// does not (so the sections stay apart in a plain print).
package struct BackgroundView: DecorationView {
  package init() {}

  package func draw(
    _ attributes: LayoutAttributes, in frame: CellRect, canvas: inout Canvas, environment: DrawEnvironment
  ) {
    if environment.colors == .none {
      canvas.drawBox(frame, border: .square, style: .plain)
      return
    }
    let fill = attributes.style?.backgroundColor ?? environment.theme.sectionBackground
    canvas.fill(frame, style: TextStyle(background: .rgb(fill)))
  }
}
