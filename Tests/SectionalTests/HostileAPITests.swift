import SectionalTesting
import Testing

@testable import Sectional

/// Hostile input through the diffable and compositional API (issue 51): each case once crashed;
/// now each gets a defined result.
@MainActor
@Suite struct HostileAPITests {
  typealias Snapshot = DiffableSnapshot<String, Int>

  func snapshot(_ items: [Int]) -> Snapshot {
    var snapshot = Snapshot()
    snapshot.appendSections(["a"])
    snapshot.appendItems(items, toSection: "a")
    return snapshot
  }

  func makeDataSource(_ view: CollectionView) -> DiffableDataSource<String, Int> {
    DiffableDataSource<String, Int>(collectionView: view) { _, number in
      .text("\(number)", role: .body, width: 4, height: 1)
    }
  }

  /// The handler ran inside the log's mutation: reading or clearing `view.diagnostics`, or
  /// applying a snapshot from it, was an exclusivity violation.
  @Test func aDiagnosticsHandlerMayReadOrClearTheLogAndApplyASnapshot() {
    let view = CollectionView(layout: FlowLayout(), size: Size(width: 20, height: 10))
    let dataSource = makeDataSource(view)
    final class Seen { var counts: [Int] = [], applied = false }
    let seen = Seen()
    view.diagnostics.handler = { _ in
      seen.counts.append(view.diagnostics.count)
      view.diagnostics.removeAll()
      if !seen.applied {
        seen.applied = true
        dataSource.apply(self.snapshot([7, 8]))
      }
    }
    var duplicated = snapshot([1, 2])
    duplicated.appendItems([1], toSection: "a")
    dataSource.apply(duplicated)
    // The handler saw the diagnostic already kept, cleared it, and its snapshot is shown.
    #expect(seen.counts == [1])
    #expect(view.diagnostics.isEmpty)
    #expect(dataSource.snapshot().itemIdentifiers == [7, 8])
    #expect(view.numberOfItems(inSection: 0) == 2)
  }

  /// A section provider that applies a snapshot changed the number of sections under the
  /// layout's rebuild: index out of range. The apply now takes effect once the pass ends, and
  /// every frame equals a fresh layout's.
  @Test func aSectionProviderThatAppliesASnapshotLeavesTheLayoutExact() {
    final class Box { var dataSource: DiffableDataSource<String, Int>?, applied = false, round = 0 }
    let box = Box()
    let row = LayoutSection(
      group: .horizontal(
        layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(1)),
        subitems: [
          LayoutItem(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(0.5), heightDimension: .absolute(1)))
        ]))
    let layout = CompositionalLayout { _, _ in
      if !box.applied, let dataSource = box.dataSource {
        box.applied = true
        box.round += 1
        var more = Snapshot()
        more.appendSections(["x", "y", "z"])
        more.appendItems(Array(1...(2 * box.round + 1)), toSection: "x")
        more.appendItems([100], toSection: box.round == 1 ? "z" : "y")
        dataSource.apply(more)
      }
      return row
    }
    let view = CollectionView(layout: layout, size: Size(width: 20, height: 10))
    let dataSource = makeDataSource(view)
    box.dataSource = dataSource
    dataSource.apply(snapshot([1, 2, 3, 4, 5]))
    #expect(box.applied)
    #expect(view.numberOfSections == 3)
    func expectFresh() {
      let fresh = CollectionView(layout: CompositionalLayout { _, _ in row }, size: view.bounds.size)
      let freshSource = makeDataSource(fresh)
      freshSource.apply(dataSource.snapshot())
      let all = Rect(x: 0, y: 0, width: 30, height: 100)
      #expect(view.contentSize == fresh.contentSize)
      #expect(
        view.collectionViewLayout.layoutAttributesForElements(in: all)
          == fresh.collectionViewLayout.layoutAttributesForElements(in: all))
    }
    expectFresh()
    // Outside an apply (a resize lays out again), the provider's apply re-enters the layout's
    // rebuild: it takes effect once the rebuild ends.
    box.applied = false
    view.setSize(Size(width: 30, height: 10))
    #expect(box.applied)
    expectFresh()
  }

  /// `CollectionView(layout:size:)` kept an infinite or 1e20 size that `setSize` would clean:
  /// the harness then crashed converting it to a whole number of cells.
  @Test func aViewMadeAtAnAbsurdSizeIsSanitisedAsSetSizeDoes() throws {
    for size in [
      Size(width: .infinity, height: 10), Size(width: 1e20, height: 1e20),
      Size(width: .nan, height: -.infinity),
    ] {
      let made = CollectionView(size: size)
      let resized = CollectionView(size: Size(width: 10, height: 10))
      resized.setSize(size)
      #expect(made.bounds == resized.bounds, "\(size)")
      #expect(made.bounds.width.isFinite && made.bounds.height.isFinite)
    }
  }
}

/// Issue 51, defect 10: input that was laid out wrong, or corrected with no word said.
@MainActor
@Suite struct WrongOrSilentInputTests {
  typealias Snapshot = DiffableSnapshot<String, Int>

  func snapshot(_ items: [Int]) -> Snapshot {
    var snapshot = Snapshot()
    snapshot.appendSections(["a"])
    snapshot.appendItems(items, toSection: "a")
    return snapshot
  }

  /// A cell `lines` lines high once measured at width 4 ("xxxx" per line).
  static func cell(_ number: Int) -> CellDescriptor {
    let lines = number % 3 + 1
    return .text(
      Array(repeating: "xxxx", count: lines).joined(separator: " "), role: .body, width: 4, height: 1)
  }

  func heights(_ view: CollectionView) -> [Double] {
    (0..<view.numberOfItems(inSection: 0)).map {
      view.collectionViewLayout.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))?.frame.height
        ?? -1
    }
  }

  /// Every row 0 high: never shown, so never measured, and nothing said.
  @Test func aListEstimatedAtZeroSelfSizesAndSaysSo() {
    let view = CollectionView(
      layout: CompositionalLayout(section: .list(estimatedHeight: 0)), size: Size(width: 4, height: 20))
    let dataSource = DiffableDataSource<String, Int>(collectionView: view) { _, n in Self.cell(n) }
    dataSource.apply(snapshot([0, 1, 2]))
    #expect(heights(view) == [1, 2, 3])
    #expect(view.diagnostics.map(\.kind).contains(.invalidSize))
    #expect(view.diagnostics.contains { $0.message.contains("estimated at 0.0; used 1") })
  }

  /// A group's bad estimate said `invalidSize`; an item's became 0 silently.
  @Test func anItemsNaNInfiniteOrNegativeEstimateIsReported() {
    for bad in [Double.nan, .infinity, -2] {
      let item = LayoutItem(
        layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(bad)))
      let group = LayoutGroup.vertical(
        layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .estimated(1)),
        subitems: [item])
      let view = CollectionView(
        layout: CompositionalLayout(section: LayoutSection(group: group)), size: Size(width: 4, height: 20))
      let dataSource = DiffableDataSource<String, Int>(collectionView: view) { _, n in Self.cell(n) }
      dataSource.apply(snapshot([0, 1]))
      // Said each time the section is laid out (before and after measuring).
      #expect(!view.diagnostics.isEmpty && Set(view.diagnostics.map(\.kind)) == [.invalidSize], "\(bad)")
      #expect(view.diagnostics.first?.message.contains("item height estimated at") == true)
      // Taken as 1 until measured, so measured.
      #expect(heights(view) == [1, 2], "\(bad)")
    }
  }

  /// An apply from inside the cell provider left frames wrong (contentSize 18 where a fresh
  /// layout gave 15).
  @Test func aCellProviderThatAppliesASnapshotLeavesTheLayoutExact() {
    for estimated in [false, true] {
      let section: LayoutSection =
        estimated
        ? .list(estimatedHeight: 2)
        : LayoutSection(
          group: .vertical(
            layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(2)),
            subitems: [
              LayoutItem(
                layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(2)))
            ]))
      final class Box { var dataSource: DiffableDataSource<String, Int>?, applied = false }
      let box = Box()
      let view = CollectionView(
        layout: CompositionalLayout(section: section), size: Size(width: 4, height: 30))
      let dataSource = DiffableDataSource<String, Int>(collectionView: view) { _, n in
        if !box.applied, let dataSource = box.dataSource {
          box.applied = true
          dataSource.apply(self.snapshot([7, 0, 1, 2, 3, 4, 5]))
        }
        return Self.cell(n)
      }
      box.dataSource = dataSource
      dataSource.apply(snapshot([0, 1, 2]))
      // Cells of exact size are not read by the apply: a front reads them as it draws.
      #expect(box.applied == estimated)
      for path in view.indexPathsForVisibleItems { _ = view.cellDescriptor(at: path) }
      #expect(box.applied)
      #expect(dataSource.snapshot().itemIdentifiers == [7, 0, 1, 2, 3, 4, 5])
      let fresh = CollectionView(layout: CompositionalLayout(section: section), size: view.bounds.size)
      let freshSource = DiffableDataSource<String, Int>(collectionView: fresh) { _, n in Self.cell(n) }
      freshSource.apply(dataSource.snapshot())
      #expect(view.contentSize == fresh.contentSize, "estimated: \(estimated)")
      #expect(heights(view) == heights(fresh), "estimated: \(estimated)")
      #expect(
        view.collectionViewLayout.layoutAttributesForElements(in: .infinite)
          == fresh.collectionViewLayout.layoutAttributesForElements(in: .infinite))
    }
  }

  /// UIKit returns every element for `CGRect.infinite`; an infinite rect returned nothing.
  @Test func anInfiniteRectAsksForEverything() {
    let layouts: [any CollectionViewLayout] = [FlowLayout(), CompositionalLayout(section: .list())]
    for layout in layouts {
      let view = CollectionView(layout: layout, size: Size(width: 10, height: 3))
      let dataSource = DiffableDataSource<String, Int>(collectionView: view) { _, n in
        .text("\(n)", role: .body, width: 4, height: 1)
      }
      dataSource.apply(snapshot(Array(0..<20)))
      let everything = layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 10, height: 20))
      #expect(everything.count == 20)
      for rect in [
        Rect.infinite, Rect(x: -.infinity, y: -.infinity, width: .infinity, height: .infinity),
        Rect(x: 0, y: 0, width: .infinity, height: .infinity),
      ] {
        #expect(layout.layoutAttributesForElements(in: rect) == everything, "\(type(of: layout)) \(rect)")
      }
      // A NaN rect covers nothing.
      #expect(layout.layoutAttributesForElements(in: Rect(x: .nan, y: 0, width: 10, height: 10)).isEmpty)
    }
  }

  /// With the collection view gone, the snapshot's problems went nowhere.
  @Test func anApplyAfterTheViewIsGoneKeepsTheSnapshotsProblems() {
    var view: CollectionView? = CollectionView(size: Size(width: 10, height: 5))
    let dataSource = DiffableDataSource<String, Int>(collectionView: view!) { _, n in
      .text("\(n)", role: .body, width: 4, height: 1)
    }
    weak let gone = view
    view = nil
    #expect(gone == nil)
    var duplicated = snapshot([1, 2])
    duplicated.appendItems([1], toSection: "a")
    dataSource.apply(duplicated)
    #expect(dataSource.diagnostics.map(\.kind) == [.duplicateIdentifiers])
    #expect(dataSource.snapshot().itemIdentifiers == [1, 2])
  }

  /// NaN or infinite badge (and boundary item) offsets were replaced by 0 silently.
  @Test func nonFiniteBadgeOffsetsAreReported() {
    for offset in [
      LayoutAnchor(edges: [.top, .trailing], absoluteOffset: Point(x: .nan, y: 0)),
      LayoutAnchor(edges: [.top, .trailing], fractionalOffset: Point(x: 0, y: .infinity)),
    ] {
      let badge = LayoutSupplementaryItem(
        layoutSize: LayoutSize(widthDimension: .absolute(1), heightDimension: .absolute(1)),
        elementKind: .badge, containerAnchor: offset)
      let item = LayoutItem(
        layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(1)),
        supplementaryItems: [badge])
      let size = LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(1))
      let layout = CompositionalLayout(
        section: LayoutSection(group: .vertical(layoutSize: size, subitems: [item])))
      let view = CollectionView(layout: layout, size: Size(width: 10, height: 5))
      let dataSource = DiffableDataSource<String, Int>(collectionView: view) { _, n in
        .text("\(n)", role: .body, width: 4, height: 1)
      }
      dataSource.apply(snapshot([1, 2]))
      #expect(view.diagnostics.map(\.kind) == [.invalidSize], "\(offset)")
      #expect(view.diagnostics.first?.message.contains("badge offset") == true)
      // Placed as with no offset: at the item's top trailing corner.
      let frame = layout.layoutAttributesForSupplementaryElement(
        ofKind: .badge, at: IndexPath(item: 0, section: 0))?
        .frame
      #expect(frame == Rect(x: 9, y: 0, width: 1, height: 1))
    }
  }
}
