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

/// A section of log lines that only grows: lines are appended to storage the versions share, so
/// a new version is its count (comparing two versions compares counts, not lines).
struct LogSection: ListDiffable {
  final class Lines { var all: [String] = [] }
  let id: Int
  let lines: Lines
  let count: Int

  var diffIdentifier: Int { id }
  func isEqual(toDiffableObject other: LogSection) -> Bool { lines === other.lines && count == other.count }
}

/// One line a row; a version with more lines is an item batch of inserts at the end, so the
/// section is not reloaded.
@MainActor
final class LogController: GenericSectionController<LogSection> {
  override func numberOfItems() -> Int { object?.count ?? 0 }
  override func cellForItem(at index: Int) -> CellDescriptor {
    .text(object?.lines.all[index] ?? "", role: .body, width: availableWidth, height: 1)
  }
  override func didUpdate(to object: any ListDiffable) {
    let before = self.object?.count
    super.didUpdate(to: object)
    guard let before, let now = self.object?.count, now >= before, let context = collectionContext else {
      return
    }
    context.performBatch(for: self, updates: { $0.insert(Array(before..<now)) }, completion: nil)
  }
}

/// An adapter showing one log section of `lines` lines, and how to append one line to it and
/// take it away again.
@MainActor
func logAdapter(lines: Int) -> (
  append: () -> Void, remove: () -> Void, adapter: ListAdapter, source: ClosureSource
) {
  let storage = LogSection.Lines()
  storage.all = (0...lines).map { "12:00:\($0 % 60) line \($0) of the log" }
  let source = ClosureSource([LogSection(id: 1, lines: storage, count: lines)]) { _ in LogController() }
  let layout = FlowLayout()
  layout.decorationStyles = [.sectionCard: .card]
  let adapter = ListAdapter(collectionView: CollectionView(layout: layout, size: Size(width: 80, height: 40)))
  adapter.scheduler = { _ in }
  adapter.dataSource = source
  adapter.reloadData()
  func show(_ count: Int) {
    source.objects = [LogSection(id: 1, lines: storage, count: count)]
    adapter.performUpdates()
    adapter.flushPendingUpdates()
  }
  return ({ show(lines + 1) }, { show(lines) }, adapter, source)
}

/// Any objects, each shown by the controller `make` gives it.
@MainActor
final class ClosureSource: ListAdapterDataSource {
  var objects: [any ListDiffable]
  let make: (any ListDiffable) -> SectionController
  init(_ objects: [any ListDiffable], make: @escaping (any ListDiffable) -> SectionController) {
    self.objects = objects
    self.make = make
  }
  func objects(for adapter: ListAdapter) -> [any ListDiffable] { objects }
  func listAdapter(_ adapter: ListAdapter, sectionControllerFor object: any ListDiffable) -> SectionController
  {
    make(object)
  }
}

/// `performUpdates` from `old` to `new` cards, then the visible elements, against `reloadData`
/// of the same list.
@MainActor
func updateAgainstReload(_ name: String, from old: [FeedCard], to new: [FeedCard]) -> Scenario {
  // As the data source holds them: the conversion is not the adapter's work.
  let newObjects: [any ListDiffable] = new
  let (source, adapter) = benchAdapter(old)
  let reset = {
    source.objects = old
    adapter.reloadData()
  }
  return Scenario(
    name: name, n: old.count, baselineName: "reloadData",
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

/// The adapter scenarios: an update and a toggle under a list adapter, each against a reload.
@MainActor
func adapterScenarios() -> [(name: String, make: () -> Scenario)] {
  [
    (
      "adapter.update.items.10k",
      {
        // 1,000 cards change one component each (a caption, a title, a picture…), nothing moves:
        // each is an item batch reloading that one item, laid out from it.
        let old = benchCards(10_000)
        var new = old
        for index in stride(from: 0, to: new.count, by: 10) {
          switch index / 10 % 3 {
          case 0: new[index].caption += " (edited)"
          case 1: new[index].title += " (edited)"
          default: new[index].description = "A new description of card \(index)."
          }
        }
        return updateAgainstReload("adapter.update.items.10k", from: old, to: new)
      }
    ),
    (
      "section.append.5k",
      {
        // An append costs the same whatever the section's length: one line added to 5,000,
        // against one added to 50, each through the adapter with an item batch.
        let long = logAdapter(lines: 5_000)
        let short = logAdapter(lines: 50)
        return Scenario(
          name: "section.append.5k", n: 5_000, baselineName: "the same append to 50 lines",
          extraFields: { [("goal_length_ratio", .number(3))] },
          measured: Sample(
            setUp: long.remove,
            run: {
              long.append()
              blackHole(long.adapter.collectionView.visibleElements())
            }),
          baseline: Sample(
            setUp: short.remove,
            run: {
              short.append()
              blackHole(short.adapter.collectionView.visibleElements())
            }),
          measuredOverBaselineKey: "length_ratio")
      }
    ),
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
        return updateAgainstReload("adapter.update.10k", from: old, to: new)
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
