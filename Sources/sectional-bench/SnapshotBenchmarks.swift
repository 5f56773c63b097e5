import Sectional
import SeededRandom

/// The diffable data source's scenarios (issue "Compositional layout, diffable snapshots…").
@MainActor
func snapshotScenarios() -> [(name: String, make: () -> Scenario)] {
  [
    (
      "snapshot.apply.10k",
      {
        // 10,000 items in 100 sections; the next snapshot reloads 10% of them and moves 1% to
        // another section.
        typealias Snapshot = DiffableSnapshot<Int, Int>
        var old = Snapshot()
        old.appendSections(Array(0..<100))
        for section in 0..<100 {
          old.appendItems(Array((section * 100)..<(section * 100 + 100)), toSection: section)
        }
        var new = old
        var rng = SplitMix64(seed: 13)
        new.reloadItems(stride(from: 0, to: 10_000, by: 10).map { $0 })
        for _ in 0..<100 {
          let item = rng.next(below: 10_000)
          let other = rng.next(below: 10_000)
          guard new.sectionIdentifier(containingItem: item) != new.sectionIdentifier(containingItem: other)
          else {
            continue
          }
          new.moveItem(item, afterItem: other)
        }
        let layout = FlowLayout()
        layout.decorationStyles = [.sectionCard: .card]
        let view = CollectionView(layout: layout, size: Size(width: 80, height: 40))
        let dataSource = DiffableDataSource<Int, Int>(collectionView: view) { _, item in
          .text("Item \(item)", role: .body, width: Double(10 + item % 20), height: 1)
        }
        let reset = { dataSource.applySnapshotUsingReloadData(old) }
        return Scenario(
          name: "snapshot.apply.10k", n: 10_000,
          baselineName: "rebuilding from scratch (no diff, reloadData)",
          measured: Sample(
            setUp: reset,
            run: {
              dataSource.apply(new)
              blackHole(view.visibleElements())
            }),
          baseline: Sample(
            setUp: reset,
            run: {
              dataSource.applySnapshotUsingReloadData(new)
              blackHole(view.visibleElements())
            }))
      }
    )
  ]
}
