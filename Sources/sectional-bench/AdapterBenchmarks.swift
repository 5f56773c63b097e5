import FeedKit
import Sectional
import SeededRandom

/// The cards of a generated feed.
func benchCards(_ count: Int) -> [FeedCard] {
  let image = Picture(width: 16, height: 8) { x, y in
    Color(red: UInt8(x * 16), green: UInt8(y * 32), blue: 128)
  }
  return (0..<count).map { index in
    FeedCard(
      id: "card-\(index)", title: "Card \(index)", description: "The description of card \(index).",
      image: image, caption: "caption \(index)", detail: "The detailed description of card \(index).",
      extras: (0..<(index % 4)).map { "extra \($0)" })
  }
}

@MainActor
final class BenchAdapterSource: ListAdapterDataSource {
  var objects: [any ListDiffable]
  init(_ objects: [any ListDiffable]) { self.objects = objects }
  func objects(for adapter: ListAdapter) -> [any ListDiffable] { objects }
  func listAdapter(_ adapter: ListAdapter, sectionControllerFor object: any ListDiffable) -> SectionController
  {
    FeedCardController()
  }
}

@MainActor
func benchAdapter(_ objects: [any ListDiffable]) -> (BenchAdapterSource, ListAdapter) {
  let layout = FlowLayout()
  layout.decorationStyles = [.sectionCard: .card]
  layout.cardOutset = EdgeInsets(all: 1)
  let collectionView = CollectionView(layout: layout, size: Size(width: 80, height: 40))
  let adapter = ListAdapter(collectionView: collectionView)
  adapter.scheduler = { _ in }
  let source = BenchAdapterSource(objects)
  adapter.dataSource = source
  adapter.reloadData()
  return (source, adapter)
}

/// The adapter scenarios: an update and a toggle under a list adapter, each against a reload.
@MainActor
func adapterScenarios() -> [(name: String, make: () -> Scenario)] {
  [
    (
      "adapter.update.10k",
      {
        let old = benchCards(10_000)
        var new = old
        var rng = SplitMix64(seed: 10)
        for index in stride(from: 0, to: new.count, by: 10) { new[index].caption += " (edited)" }
        for _ in 0..<100 {
          let moved = new.remove(at: Int.random(in: 0..<new.count, using: &rng))
          new.insert(moved, at: Int.random(in: 0...new.count, using: &rng))
        }
        // As the data source holds them: the conversion is not the adapter's work.
        let newObjects: [any ListDiffable] = new
        let (source, adapter) = benchAdapter(old)
        let reset = {
          source.objects = old
          adapter.reloadData()
        }
        return Scenario(
          name: "adapter.update.10k", n: 10_000, baselineName: "reloadData",
          measured: Sample(
            setUp: reset,
            run: {
              source.objects = newObjects
              adapter.performUpdates()
              adapter.flushPendingUpdates()
              blackHole(adapter.collectionView.visibleElements())
            }),
          baseline: Sample(
            setUp: reset,
            run: {
              source.objects = newObjects
              adapter.reloadData()
              blackHole(adapter.collectionView.visibleElements())
            }))
      }
    ),
    (
      "adapter.update.noop.10k",
      {
        // The fixed cost of an update: the data source gives the same 10,000 objects again, so
        // nothing changes and nothing is laid out. Compared with the least any update does, a
        // diff of the objects' identifiers.
        let cards = benchCards(10_000)
        let objects: [any ListDiffable] = cards
        let (source, adapter) = benchAdapter(objects)
        let oldIdentifiers = cards.map(\.id)
        let newIdentifiers = cards.map { String($0.id) }
        return Scenario(
          name: "adapter.update.noop.10k", n: 10_000, baselineName: "diff of the identifiers",
          extraFields: { [("goal_diff_ratio", .number(1.5))] },
          measured: Sample(run: {
            source.objects = objects
            adapter.performUpdates()
            adapter.flushPendingUpdates()
          }),
          baseline: Sample(run: { blackHole(diff(old: oldIdentifiers, new: newIdentifiers)) }),
          measuredOverBaselineKey: "diff_ratio")
      }
    ),
    (
      "adapter.toggle.100k",
      {
        let (source, adapter) = benchAdapter(benchCards(100_000))
        let middle = 50_000
        let controller = adapter.sectionController(forSection: middle) as! FeedCardController
        controller.collectionContext?.scroll(to: controller, item: 0)
        // Collapsing through the list's own update: a reload of 100,000 sections before each
        // run would cost more than a whole sample of toggles.
        let reset = { controller.setExpanded(false) }
        adapter.collectionView.tapItem(at: IndexPath(item: 4, section: middle))
        precondition(controller.isExpanded, "adapter.toggle.100k: selecting the button expands the card")
        reset()
        precondition(!controller.isExpanded && adapter.collectionView.numberOfItems(inSection: middle) == 5)
        return Scenario(
          name: "adapter.toggle.100k", n: 100_000, baselineName: "reloadData",
          measured: Sample(
            setUp: reset,
            run: {
              withExtendedLifetime(source) {
                adapter.collectionView.tapItem(at: IndexPath(item: 4, section: middle))
                blackHole(adapter.collectionView.visibleElements())
              }
            }),
          baseline: Sample(
            setUp: reset,
            run: {
              controller.setExpanded(true, updatingList: false)
              adapter.reloadData()
              blackHole(adapter.collectionView.visibleElements())
            }))
      }
    ),
  ]
}
