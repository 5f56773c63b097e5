import SectionalTerminal
import SectionalTesting
import SeededRandom
import Testing

@testable import Sectional

/// Three rows a user may select, recording what it is told; with `deselectsOnTap`, a row is
/// a press: the controller deselects it in `didSelectItem(at:)`, as UIKit apps do.
@MainActor
final class TapRows: SectionController {
  var deselectsOnTap = false
  var told: [String] = []
  override func numberOfItems() -> Int { 3 }
  override func cellForItem(at index: Int) -> CellDescriptor { textCell("Row \(index)", role: .body) }
  override func shouldSelectItem(at index: Int) -> Bool { true }
  override func didSelectItem(at index: Int) {
    told.append("select \(index)")
    if deselectsOnTap { collectionContext?.deselectItem(at: index, in: self) }
  }
  override func didDeselectItem(at index: Int) { told.append("deselect \(index)") }
}

@MainActor
@Suite struct SelectionTests {
  @Test func aSelectedItemShiftsWithInsertsBeforeIt() {
    let source = FeedSource([card("a")])
    let adapter = makeAdapter(source)
    adapter.collectionView.allowsMultipleSelection = true
    let controller = adapter.sectionController(forSection: 0) as! CardController
    adapter.collectionView.selectItem(at: IndexPath(item: 3, section: 0))  // the caption
    #expect(!controller.isExpanded)
    controller.toggle()
    // Expansion inserts after the caption: the caption stays at 3.
    #expect(adapter.collectionView.indexPathsForSelectedItems == [IndexPath(item: 3, section: 0)])
    adapter.collectionView.selectItem(at: IndexPath(item: 7, section: 0))  // an extra
    controller.toggle()
    #expect(adapter.collectionView.indexPathsForSelectedItems == [IndexPath(item: 3, section: 0)])
  }

  /// Enter in the terminal and the test kit's `select(item:)` are the same tap, UIKit's: the
  /// selection lasts (a text row is drawn underlined) until another tap replaces it, a second
  /// tap deselects it under multiple selection, and a controller that wants a press deselects
  /// in `didSelectItem(at:)`. The terminal used to deselect quietly after every Enter, so a
  /// test of a lasting selection passed while the terminal never showed one (issue 45,
  /// defect 4).
  @Test(arguments: [false, true], [false, true])
  func enterAndTheTestKitsSelectAreTheSameTap(multiple: Bool, deselectsOnTap: Bool) throws {
    let size = Size(width: 30, height: 10)
    let kitRows = TapRows()
    kitRows.deselectsOnTap = deselectsOnTap
    let kit = try ListHarness(objects: [Note(id: 1)], size: size) { _ in kitRows }
    let terminalRows = TapRows()
    terminalRows.deselectsOnTap = deselectsOnTap
    let terminal = try ListHarness(objects: [Note(id: 1)], size: size) { _ in terminalRows }
    let viewer = ListViewer(adapter: terminal.adapter, renderer: terminal.renderer, columns: 30, rows: 11)
    viewer.statusLine.isShown = false
    viewer.resize(columns: 30, rows: 10)
    kit.collectionView.allowsMultipleSelection = multiple
    terminal.collectionView.allowsMultipleSelection = multiple

    for item in [1, 2, 2] {
      try kit.select(item: item, inSectionOf: Note(id: 1))
      viewer.focused = IndexPath(item: item, section: 0)
      viewer.handle(.enter)
      #expect(terminalRows.told == kitRows.told)
      #expect(
        terminal.collectionView.indexPathsForSelectedItems == kit.collectionView.indexPathsForSelectedItems)
    }
    let selected = terminal.collectionView.indexPathsForSelectedItems.map(\.item).sorted()
    switch (multiple, deselectsOnTap) {
    case (_, true): #expect(selected == [])
    case (false, false):
      #expect(selected == [2])
      #expect(kitRows.told == ["select 1", "deselect 1", "select 2", "select 2"])
    case (true, false):
      #expect(selected == [1])
      #expect(kitRows.told == ["select 1", "select 2", "deselect 2"])
    }
    // What stays selected is what the user sees: underlined, in the terminal as in the kit.
    let frame = viewer.render()
    for item in 0..<3 {
      let row = try #require((0..<frame.height).first { frame.line($0).contains("Row \(item)") })
      let x = try #require(frame.line(row).firstIndex(of: "R")).utf16Offset(in: frame.line(row))
      #expect(frame[x, row].style.attributes.contains(.underline) == selected.contains(item), "row \(item)")
    }
  }

  @Test func aReloadedSectionDropsItsSelection() {
    let source = FeedSource([card("a"), card("b")])
    let adapter = makeAdapter(source)
    adapter.collectionView.allowsMultipleSelection = true
    (adapter.sectionController(forSection: 0) as! CardController).toggle()
    adapter.collectionView.selectItem(at: IndexPath(item: 7, section: 0))
    adapter.collectionView.selectItem(at: IndexPath(item: 1, section: 1))
    source.objects[0] = card("a", extras: 0)
    source.objects.swapAt(0, 1)
    adapter.performUpdates()
    adapter.flushPendingUpdates()
    // Card a changed (reloaded) and lost its selection; b kept its own in its new section.
    #expect(adapter.collectionView.indexPathsForSelectedItems == [IndexPath(item: 1, section: 0)])
  }

  /// The mapper against a reference that builds the new sections item by item.
  @Test func selectionsFollowRandomBatchesLikeAReference() {
    var rng = SplitMix64(seed: 99)
    for _ in 0..<2_000 {
      let oldCounts = (0..<Int.random(in: 1...3, using: &rng)).map { _ in Int.random(in: 0...6, using: &rng) }
      var updates = BatchUpdates()
      var leaving = Set<IndexPath>()
      for (section, count) in oldCounts.enumerated() {
        for item in 0..<count where Int.random(in: 0..<5, using: &rng) == 0 {
          leaving.insert(IndexPath(item: item, section: section))
          updates.deletedItems.append(IndexPath(item: item, section: section))
        }
      }
      var movers: [IndexPath] = []
      for (section, count) in oldCounts.enumerated() {
        for item in 0..<count where Int.random(in: 0..<6, using: &rng) == 0 {
          let path = IndexPath(item: item, section: section)
          if leaving.insert(path).inserted { movers.append(path) }
        }
      }
      // The new sections: survivors in order, then arrivals placed at random new indexes.
      var newSections: [[IndexPath?]] = oldCounts.enumerated().map { section, count in
        (0..<count).map { IndexPath(item: $0, section: section) }.filter { !leaving.contains($0) }
      }
      var arrivals: [(IndexPath?, Int)] = movers.map {
        ($0, Int.random(in: 0..<oldCounts.count, using: &rng))
      }
      for _ in 0..<Int.random(in: 0...3, using: &rng) {
        arrivals.append((nil, Int.random(in: 0..<oldCounts.count, using: &rng)))
      }
      for (item, section) in arrivals {
        newSections[section].insert(item, at: Int.random(in: 0...newSections[section].count, using: &rng))
      }
      for (section, items) in newSections.enumerated() {
        for (index, item) in items.enumerated() {
          let target = IndexPath(item: index, section: section)
          if let item {
            if movers.contains(item) { updates.movedItems.append(IndexPathMove(from: item, to: target)) }
          } else {
            updates.insertedItems.append(target)
          }
        }
      }
      let map = BatchValidation.indexPathMapper(
        updates, sources: Array(oldCounts.indices), oldSectionCount: oldCounts.count)
      for (section, count) in oldCounts.enumerated() {
        for item in 0..<count {
          let path = IndexPath(item: item, section: section)
          var expected: IndexPath?
          for (newSection, items) in newSections.enumerated() {
            if let index = items.firstIndex(of: path) {
              expected = IndexPath(item: index, section: newSection)
            }
          }
          #expect(map(path) == expected, "\(path) in \(updates)")
        }
      }
      let newCounts = newSections.map(\.count)
      var tally = ItemBatchTally()
      #expect(tally.tally(updates, sectionCount: newCounts.count) == nil)
      #expect(
        tally.validate(updates, oldCount: { oldCounts[$0] }, newCounts: tally.sections.map { newCounts[$0] })
          == nil)
    }
  }
}
