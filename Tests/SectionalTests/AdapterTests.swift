import Testing

@testable import Sectional

@MainActor
@Suite struct AdapterTests {
  @Test func controllersAreReusedByIdentifierAndUpdatedOnlyOnChange() {
    let source = FeedSource([Note(id: 1), Note(id: 2), Note(id: 3)])
    let adapter = makeAdapter(source)
    let controllers = (0..<3).map { adapter.sectionController(forSection: $0) as! RecordingController }
    #expect(controllers.map(\.updates.count) == [1, 1, 1])
    source.objects = [Note(id: 3), Note(id: 1, text: "changed"), Note(id: 2), Note(id: 4)]
    adapter.performUpdates()
    adapter.flushPendingUpdates()
    #expect(source.controllersMade == 4)
    #expect(adapter.sectionController(for: Note(id: 3)) === controllers[2])
    #expect(adapter.sectionController(for: Note(id: 1)) === controllers[0])
    #expect(controllers.map(\.updates.count) == [2, 1, 1])
    #expect((adapter.object(for: controllers[0]) as? Note)?.text == "changed")
    #expect(controllers[2].section == 0 && controllers[2].isFirstSection)
    #expect(adapter.sectionController(forSection: 3)?.isLastSection == true)
    #expect(adapter.collectionView.itemCounts == [2, 2, 2, 2])
    #expect(adapter.collectionView.diagnostics.isEmpty)
  }

  @Test func updatesInOneTurnAreCoalescedAndCompletionsAllRun() {
    let source = FeedSource([Note(id: 1)])
    let adapter = makeAdapter(source)
    var scheduled = 0
    adapter.scheduler = { _ in scheduled += 1 }
    var completions = 0
    source.objects.append(Note(id: 2))
    adapter.performUpdates { _ in completions += 1 }
    source.objects.append(Note(id: 3))
    adapter.performUpdates { _ in completions += 1 }
    #expect(scheduled == 1)
    adapter.flushPendingUpdates()
    #expect(completions == 2)
    #expect(adapter.objects.count == 3)
  }

  @Test func anUpdateAskedForDuringAnUpdateIsQueuedNotLost() {
    let source = FeedSource([Note(id: 1)])
    let adapter = makeAdapter(source)
    var order: [String] = []
    source.objects.append(Note(id: 2))
    adapter.performUpdates { _ in
      order.append("first")
      source.objects.append(Note(id: 3))
      adapter.performUpdates { _ in order.append("second") }
    }
    adapter.flushPendingUpdates()
    #expect(order == ["first", "second"])
    #expect(adapter.objects.count == 3)
  }

  @Test func theDefaultSchedulerRunsTheUpdateLater() async {
    let source = FeedSource([Note(id: 1)])
    let adapter = makeAdapter(source)
    adapter.scheduler = { work in Task { @MainActor in work() } }
    source.objects.append(Note(id: 2))
    await withCheckedContinuation { continuation in
      adapter.performUpdates { _ in continuation.resume() }
    }
    #expect(adapter.objects.count == 2)
  }

  @Test func duplicateIdentifiersAreDroppedWithADiagnostic() {
    let source = FeedSource([Note(id: 1), Note(id: 2), Note(id: 1, text: "dup"), Note(id: 2)])
    let adapter = makeAdapter(source)
    #expect(adapter.objects.count == 2)
    let diagnostics = adapter.collectionView.diagnostics
    #expect(diagnostics.map(\.kind) == [.duplicateIdentifiers])
    #expect(diagnostics[0].message.contains("1") && diagnostics[0].message.contains("2"))
  }

  @Test func movesAndDeletesKeepTheLayoutInStep() {
    let source = FeedSource((0..<6).map { Note(id: $0) })
    let adapter = makeAdapter(source)
    source.objects = [Note(id: 5), Note(id: 0), Note(id: 2), Note(id: 3), Note(id: 9)]
    adapter.performUpdates()
    adapter.flushPendingUpdates()
    #expect(adapter.collectionView.flowLayout.numberOfSections == 5)
    #expect(adapter.collectionView.diagnostics.isEmpty)
    // Sections are stacked 1 + 6 + 2 rows... in the new order with no gaps.
    let tops = (0..<5).map {
      adapter.collectionView.collectionViewLayout.layoutAttributesForItem(
        at: IndexPath(item: 0, section: $0))!.frame.minY
    }
    #expect(tops == tops.sorted() && Set(tops).count == 5)
  }

  @Test func emptyViewWhenThereAreNoObjects() {
    let source = FeedSource([])
    source.empty = .text("Nothing here", role: .body, width: 20, height: 1)
    let adapter = makeAdapter(source)
    #expect(adapter.emptyView == source.empty)
    source.objects = [Note(id: 1)]
    adapter.performUpdates()
    adapter.flushPendingUpdates()
    #expect(adapter.emptyView == nil)
  }

  @Test func visibilityAndWorkingRange() {
    // 12 sections of 6 rows in a 10-row viewport, working range 1.
    let source = FeedSource((0..<12).map { Note(id: $0) })
    let adapter = makeAdapter(source, height: 10, workingRange: 1)
    let controllers = (0..<12).map { adapter.sectionController(forSection: $0) as! RecordingController }
    #expect(adapter.visibleObjects.map { ($0 as! Note).id } == [0, 1])
    #expect(controllers[0].events == ["display", "enter"] && controllers[2].events == ["enter"])
    #expect(controllers[3].events.isEmpty)
    adapter.scroll(to: Note(id: 5))
    #expect(adapter.collectionView.contentOffset.y == 30)
    // Section 4's card reaches one row into the viewport (outset 1), so it is visible too.
    #expect(
      adapter.visibleSectionControllers.map {
        { controller in controllers.firstIndex { $0 === controller } }($0)
      } == [4, 5, 6])
    #expect(controllers[0].events == ["display", "enter", "end", "exit"])
    #expect(controllers[4].events == ["display", "enter"])
    #expect(controllers[7].events == ["enter"])
  }
}

@MainActor
@Suite struct CollectionViewTests {
  @Test func inconsistentBatchIsReportedLikeUIKitAndFallsBackToAReload() {
    let source = FeedSource([Note(id: 1), Note(id: 2), Note(id: 3), Note(id: 4)])
    let adapter = makeAdapter(source)
    let controller = adapter.sectionController(forSection: 3) as! RecordingController
    controller.rows = 9
    adapter.performBatch(for: controller, updates: { $0.insert([2, 3, 4]) }, completion: nil)
    #expect(
      adapter.collectionView.diagnostics.map(\.message) == [
        "invalid batch update: section 3 had 2 items, now 9, with 3 inserted and 0 deleted; reloading"
      ])
    #expect(adapter.collectionView.diagnostics.map(\.kind) == [.invalidBatchUpdate])
    #expect(adapter.collectionView.itemCounts == [2, 2, 2, 9])
    #expect(adapter.collectionView.flowLayout.numberOfItems(inSection: 3) == 9)
  }

  @Test func outOfRangeItemsAreReported() {
    let source = FeedSource([Note(id: 1)])
    let adapter = makeAdapter(source)
    var batch = BatchUpdates()
    batch.deletedItems = [IndexPath(item: 7, section: 0)]
    #expect(!adapter.collectionView.performBatchUpdates(batch))
    #expect(
      adapter.collectionView.diagnostics.last?.message.contains(
        "item [0, 7] does not exist before the update")
        == true)
    adapter.collectionView.selectItem(at: IndexPath(item: 0, section: 5))
    #expect(adapter.collectionView.diagnostics.last?.message == "select item [5, 0]: no such item")
    #expect(adapter.collectionView.diagnostics.last?.kind == .noSuchItem)
  }

  @Test func visibleElementsAreInDrawingOrderWithCardsFirst() {
    let source = FeedSource([card("a"), card("b")])
    let adapter = makeAdapter(source)
    let visible = adapter.collectionView.visibleElements()
    #expect(visible == visible.sorted(by: LayoutAttributes.drawsBefore))
    let lastCard = visible.lastIndex { $0.kind == .sectionCard }!
    #expect(visible[..<lastCard].allSatisfy { $0.category == .decoration })
    #expect(visible.filter { $0.kind == .sectionCard }.count == 2)
  }

  @Test func aNewWidthReflowsAndTheOffsetStaysInRange() {
    let source = FeedSource((0..<10).map { card("c\($0)") })
    let adapter = makeAdapter(source, width: 80, height: 20)
    adapter.collectionView.setContentOffset(Point(x: 0, y: 1_000_000))
    #expect(adapter.collectionView.contentOffset.y == adapter.collectionView.maximumContentOffsetY)
    let wideHeight = adapter.collectionView.contentSize.height
    adapter.collectionView.setSize(Size(width: 16, height: 20))
    let fresh = makeAdapter(FeedSource((0..<10).map { card("c\($0)") }), width: 16, height: 20)
    #expect(adapter.collectionView.contentSize.height == fresh.collectionView.contentSize.height)
    #expect(adapter.collectionView.contentSize.height != wideHeight)
    #expect(adapter.collectionView.contentOffset.y <= adapter.collectionView.maximumContentOffsetY)
    adapter.collectionView.setSize(Size(width: 200, height: 60))
    #expect(adapter.collectionView.contentOffset.y <= adapter.collectionView.maximumContentOffsetY)
    adapter.collectionView.setContentOffset(Point(x: 0, y: .nan))
    #expect(adapter.collectionView.contentOffset.y == 0)
  }

  @Test func selfSizingRunsThroughTheMeasurer() {
    final class Estimated: SectionController {
      override func numberOfItems() -> Int { 3 }
      override func cellForItem(at index: Int) -> CellDescriptor {
        CellDescriptor(
          reuseKind: "text", size: .estimated(Size(width: 40, height: 1)),
          content: .text(String(repeating: "x", count: index + 1), role: .body))
      }
    }
    let collectionView = CollectionView(size: Size(width: 40, height: 20))
    collectionView.measurer = { descriptor, width in
      guard case .text(let text, _) = descriptor.content else { return .zero }
      return Size(width: width, height: Double(text.count + 1))
    }
    let adapter = ListAdapter(collectionView: collectionView)
    let source = ClosureSource([Note(id: 1)]) { _ in Estimated() }
    adapter.dataSource = source
    adapter.reloadData()
    #expect(collectionView.contentSize.height == 2 + 3 + 4)
    #expect(collectionView.diagnostics.isEmpty)
  }
}

@MainActor
@Suite struct MemoryTests {
  @Test func adapterControllersAndContextsAreReleasedWithTheAdapter() {
    weak var weakAdapter: ListAdapter?
    weak var weakCollectionView: CollectionView?
    weak var weakController: SectionController?
    weak var weakLayout: FlowLayout?
    let source = FeedSource([card("a"), card("b")])
    do {
      let adapter = makeAdapter(source)
      (adapter.sectionController(forSection: 0) as! CardController).toggle()
      weakAdapter = adapter
      weakCollectionView = adapter.collectionView
      weakController = adapter.sectionController(forSection: 0)
      weakLayout = adapter.collectionView.flowLayout
      #expect(weakController?.collectionContext != nil)
    }
    #expect(weakAdapter == nil)
    #expect(weakCollectionView == nil)
    #expect(weakController == nil)
    #expect(weakLayout == nil)
  }

  @Test func aRemovedControllerLosesItsContext() {
    let source = FeedSource([Note(id: 1), Note(id: 2)])
    let adapter = makeAdapter(source)
    let removed = adapter.sectionController(forSection: 1)!
    source.objects.removeLast()
    adapter.performUpdates()
    adapter.flushPendingUpdates()
    #expect(removed.collectionContext == nil && removed.section == nil)
  }
}
