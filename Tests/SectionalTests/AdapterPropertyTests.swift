import SeededRandom
import TestTags
import Testing

@testable import Sectional

@MainActor
@Suite(.slow) struct AdapterPropertyTests {
  /// 300 seeded runs of 12 updates each: random inserts, deletes, moves, content changes and
  /// duplicates. After every update the adapter holds the data source's objects (first
  /// occurrences), keeps each surviving identifier's controller, tells exactly the new and the
  /// changed ones `didUpdate`, and lays out exactly what a fresh adapter would.
  @Test func updatesMatchAFreshReloadAndKeepControllers() {
    var rng = SplitMix64(seed: 4_242)
    for run in 0..<300 {
      let alphabet = Int.random(in: 1...30, using: &rng)
      func randomObjects() -> [any ListDiffable] {
        (0..<Int.random(in: 0...25, using: &rng)).map { _ in
          Note(id: Int.random(in: 0..<alphabet, using: &rng), text: "\(Int.random(in: 0..<3, using: &rng))")
        }
      }
      let source = FeedSource(randomObjects())
      source.varyingRows = true
      let adapter = makeAdapter(source, width: 60, height: 15)
      for step in 0..<12 {
        let before = Dictionary(
          adapter.objects.enumerated().map { ($1 as! Note, adapter.sectionController(forSection: $0)!) },
          uniquingKeysWith: { first, _ in first })
        let beforeByID = Dictionary(uniqueKeysWithValues: before.map { ($0.key.id, ($0.key, $0.value)) })
        let updatesBefore = Dictionary(
          uniqueKeysWithValues: before.map { ($0.key.id, ($0.value as! RecordingController).updates.count) })
        var next = randomObjects()
        if Bool.random(using: &rng), !adapter.objects.isEmpty {
          // Often the next list is the current one with a few changes, the common case.
          next = adapter.objects
          for _ in 0..<Int.random(in: 0...3, using: &rng) where !next.isEmpty {
            let moved = next.remove(at: Int.random(in: 0..<next.count, using: &rng))
            next.insert(moved, at: Int.random(in: 0...next.count, using: &rng))
          }
          if !next.isEmpty {
            let index = Int.random(in: 0..<next.count, using: &rng)
            next[index] = Note(id: (next[index] as! Note).id, text: "edited \(step)")
          }
        }
        source.objects = next
        adapter.performUpdates()
        adapter.flushPendingUpdates()

        var seen: Set<Int> = []
        let expected = next.map { $0 as! Note }.filter { seen.insert($0.id).inserted }
        let context = "run \(run), step \(step)"
        #expect(adapter.objects.map { ($0 as! Note) } == expected, "\(context)")
        for (section, note) in expected.enumerated() {
          let controller = adapter.sectionController(forSection: section) as! RecordingController
          #expect(controller.section == section && adapter.sectionController(for: note) === controller)
          #expect(controller.isFirstSection == (section == 0), "\(context)")
          #expect(controller.isLastSection == (section == expected.count - 1), "\(context)")
          if let (old, oldController) = beforeByID[note.id] {
            #expect(controller === oldController, "\(context): \(note.id) kept its controller")
            let told = controller.updates.count - updatesBefore[note.id]!
            #expect(told == (old == note ? 0 : 1), "\(context): didUpdate for \(note.id)")
          } else {
            #expect(controller.updates.count == 1, "\(context): a new controller is told once")
          }
        }
        for (note, controller) in before where !expected.contains(where: { $0.id == note.id }) {
          #expect(controller.collectionContext == nil && controller.section == nil, "\(context)")
        }

        let freshSource = FeedSource(expected)
        freshSource.varyingRows = true
        let fresh = makeAdapter(freshSource, width: 60, height: 15)
        let everything = Rect(x: 0, y: -10, width: 60, height: adapter.collectionView.contentSize.height + 20)
        #expect(
          adapter.collectionView.collectionViewLayout.layoutAttributesForElements(in: everything)
            == fresh.collectionView.collectionViewLayout.layoutAttributesForElements(in: everything),
          "\(context)")
        #expect(adapter.collectionView.itemCounts == fresh.collectionView.itemCounts, "\(context)")
        #expect(
          adapter.collectionView.diagnostics.allSatisfy { $0.kind == .duplicateIdentifiers }, "\(context)")
      }
    }
  }

  /// A data source that hands out one controller for two objects gets a defined result: both
  /// sections are laid out, nothing crashes, and the shared controller keeps its context while
  /// it still serves a section.
  @Test func oneControllerForTwoObjectsIsSurvived() {
    let shared = RecordingController()
    let source = ClosureSource([Note(id: 1), Note(id: 2), Note(id: 3)]) { object in
      (object as! Note).id == 3 ? RecordingController() : shared
    }
    let collectionView = CollectionView(size: Size(width: 40, height: 20))
    let adapter = ListAdapter(collectionView: collectionView)
    adapter.scheduler = { _ in }
    adapter.dataSource = source
    adapter.reloadData()
    #expect(collectionView.itemCounts == [2, 2, 2])
    for order in [[2, 3], [2, 1, 3], [3, 2], [1, 3], [3, 1, 2], []] {
      source.objects = order.map { Note(id: $0) }
      adapter.performUpdates()
      adapter.flushPendingUpdates()
      #expect(adapter.objects.map { ($0 as! Note).id } == order)
      #expect(collectionView.itemCounts == order.map { _ in 2 })
      if order.contains(where: { $0 != 3 }) { #expect(shared.collectionContext != nil) }
    }
    #expect(shared.collectionContext == nil)
  }
}
