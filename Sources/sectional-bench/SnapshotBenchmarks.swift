import Sectional
import SeededRandom

/// The diffable data source's scenarios: building a snapshot, and applying one against a reload.
@MainActor
func snapshotScenarios() -> [(name: String, make: () -> Scenario)] {
  [
    (
      "snapshot.build.100k",
      {
        // What an app does before every apply: 100 sections of 1,000 items appended, then 1,000
        // of them reloaded. Baseline: hashing every identifier once, into a dictionary from
        // identifier to index path (a snapshot must know at least that much). Goal: ≥ 0.5.
        let sections = 100
        let perSection = 1_000
        let identifiers = (0..<sections).map { section in
          Array((section * perSection)..<((section + 1) * perSection))
        }
        let reloaded = stride(from: 0, to: sections * perSection, by: 100).map { $0 }
        return Scenario(
          name: "snapshot.build.100k", n: sections * perSection,
          baselineName: "a Dictionary from each identifier to its index path",
          measured: Sample {
            var snapshot = DiffableSnapshot<Int, Int>()
            snapshot.appendSections(Array(0..<sections))
            for section in 0..<sections { snapshot.appendItems(identifiers[section], toSection: section) }
            snapshot.reloadItems(reloaded)
            blackHole(snapshot)
          },
          baseline: Sample {
            var paths: [Int: IndexPath] = [:]
            for section in 0..<sections {
              for (item, identifier) in identifiers[section].enumerated() {
                paths[identifier] = IndexPath(item: item, section: section)
              }
            }
            blackHole(paths)
          })
      }
    ),
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
              // Not animated, as the reload it is compared with: the transition an animated
              // apply builds (its capture and pairing) is the animation's cost, measured by
              // render.animate.
              dataSource.apply(new, animatingDifferences: false)
              blackHole(view.visibleElements())
            }),
          baseline: Sample(
            setUp: reset,
            run: {
              dataSource.applySnapshotUsingReloadData(new)
              blackHole(view.visibleElements())
            }))
      }
    ),
  ]
}

/// The diffable data source's applies under the compositional layout, each against the same
/// apply under the flow layout: an apply should cost what it changed, whatever the layout
/// (issue 51: the compositional layout had the view read every visible cell again on every
/// apply). Goal: compositional over flow ≤ 1.5.
@MainActor
func compositionalApplyScenarios() -> [(name: String, make: () -> Scenario)] {
  /// 1,000 one-row items in one section, on a view of 80 × 40, fed by a data source whose cell
  /// provider counts as real work (a string per cell).
  func list(_ layout: any CollectionViewLayout) -> (DiffableDataSource<Int, Int>, CollectionView) {
    let view = CollectionView(layout: layout, size: Size(width: 80, height: 40))
    let dataSource = DiffableDataSource<Int, Int>(collectionView: view) { _, item in
      .text("Item \(item)", role: .body, width: 80, height: 1)
    }
    return (dataSource, view)
  }
  func scenario(_ name: String, change: @escaping (inout DiffableSnapshot<Int, Int>) -> Void) -> Scenario {
    var snapshot = DiffableSnapshot<Int, Int>()
    snapshot.appendSections([0])
    snapshot.appendItems(Array(0..<1_000), toSection: 0)
    var next = snapshot
    change(&next)
    let row = LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(1))
    let section = LayoutSection(group: .vertical(layoutSize: row, subitems: [LayoutItem(layoutSize: row)]))
    let (compositional, compositionalView) = list(CompositionalLayout(section: section))
    let (flow, flowView) = list(FlowLayout())
    compositional.apply(snapshot, animatingDifferences: false)
    flow.apply(snapshot, animatingDifferences: false)
    return Scenario(
      name: name, n: 1_000, baselineName: "the same apply under the flow layout",
      measured: Sample {
        compositional.apply(next, animatingDifferences: false)
        blackHole(compositionalView.visibleElements())
      },
      baseline: Sample {
        flow.apply(next, animatingDifferences: false)
        blackHole(flowView.visibleElements())
      },
      measuredOverBaselineKey: "compositional_over_flow")
  }
  return [
    (
      "compositional.apply.reconfigure1of1k",
      // Item 20 of 1,000 (on screen) reconfigured: applied again each run, it asks for it again.
      { scenario("compositional.apply.reconfigure1of1k") { $0.reconfigureItems([20]) } }
    ),
    (
      "compositional.apply.same1k",
      // The snapshot shown, applied again: nothing changed.
      { scenario("compositional.apply.same1k") { _ in } }
    ),
  ]
}
