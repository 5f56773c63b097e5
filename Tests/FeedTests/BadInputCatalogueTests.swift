import FeedKit
import Foundation
import Sectional
import SectionalTerminal
import SectionalTesting
import TestTags
import Testing

/// Documentation/Reliability.md's catalogue of bad input, one check per entry: each `check`
/// names its entry's id, and `theCatalogueAndItsTestsNameTheSameCases` keeps the page and this
/// file in step.
@MainActor
@Suite(.slow) struct BadInputCatalogueTests {
  // MARK: - Helpers

  /// A list of `rows` one-row items per object, sized by `size` when given.
  final class Sized: SectionController {
    let size: ItemSize?
    let rows: Int
    init(rows: Int = 1, size: ItemSize? = nil) {
      self.rows = rows
      self.size = size
      super.init()
    }
    override func numberOfItems() -> Int { rows }
    override func sizeForItem(at index: Int) -> ItemSize { size ?? super.sizeForItem(at: index) }
  }

  struct Model: ListDiffable, Hashable {
    var id: Int
    var diffIdentifier: Int { id }
  }

  /// View models with a repeated identifier.
  final class Repeats: BindingSectionController<Model> {
    override func viewModels(for object: Model) -> [any ListDiffable] { [7, 7, 8] }
  }

  func harness(
    _ ids: [Int], size: Size = Size(width: 20, height: 10), expecting: Set<Diagnostic.Kind> = [],
    controller: @escaping @MainActor (any ListDiffable) -> SectionController = { _ in Sized() }
  ) throws -> ListHarness {
    try ListHarness(
      objects: ids.map(Model.init), size: size, layout: FlowLayout(), expecting: expecting,
      controllerFor: controller)
  }

  /// Every frame is finite and inside the content.
  func framesAreSane(_ harness: ListHarness) -> Bool {
    let size = harness.collectionView.contentSize
    guard size.width.isFinite, size.height.isFinite else { return false }
    return harness.collectionView.collectionViewLayout.layoutAttributesForElements(
      in: Rect(x: 0, y: 0, width: max(1, size.width), height: max(1, size.height))
    ).allSatisfy {
      [$0.frame.minX, $0.frame.minY, $0.frame.width, $0.frame.height].allSatisfy(\.isFinite)
        && $0.frame.maxY <= size.height
    }
  }

  func feedFile(_ bytes: [UInt8], options: [String] = ["--width", "40"]) -> FeedRun {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "sectional-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("feed.json").path
    _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    return runFeed([path] + options)
  }

  func feedFile(_ text: String) -> FeedRun { feedFile(Array(text.utf8)) }

  func card(title: String = "T", id: String = "a") -> String {
    #"{"id": "\#(id)", "title": "\#(title)", "description": "D"}"#
  }

  /// Runs a catalogue entry's check; `id` is the entry's, `what` its short name.
  func check(_ id: String, _ what: String, _ body: () throws -> Void) rethrows {
    try body()
  }

  // MARK: - The list

  @Test func theListCorrectsBadInputWithADiagnostic() throws {
    try check("L01", "duplicate identifiers") {
      let h = try harness([1, 2, 1, 3, 2], expecting: [.duplicateIdentifiers])
      #expect(h.adapter.objects.map { ($0 as! Model).id } == [1, 2, 3])
      let binding = try harness([1], expecting: [.duplicateIdentifiers]) { _ in Repeats() }
      #expect(binding.collectionView.numberOfItems(inSection: 0) == 2)
    }
    let sizes: [(String, Size, Set<Diagnostic.Kind>)] = [
      ("L02", Size(width: -3, height: -2), [.invalidSize]),
      ("L03", Size(width: .nan, height: .nan), [.invalidSize]),
      ("L04", Size(width: .infinity, height: -.infinity), [.invalidSize]),
      ("L05", Size(width: 1e39, height: 1e300), [.invalidSize, .itemTooWide]),
    ]
    for (id, size, kinds) in sizes {
      try check(id, "item size \(size)") {
        let h = try harness([1, 2], expecting: kinds) { _ in Sized(size: .exact(size)) }
        #expect(framesAreSane(h), "\(id)")
        #expect(h.collectionView.contentSize.height <= 2 * 16_777_216, "\(id)")
      }
    }
    try check("L06", "a zero size") {
      let h = try harness([1, 2]) { _ in Sized(rows: 3, size: .exact(.zero)) }
      #expect(h.collectionView.contentSize.height == 0 && framesAreSane(h))
    }
    try check("L07", "a controller's batch with items out of range") {
      let h = try harness([1])
      try h.perform("insert at 99", expecting: [.invalidBatchUpdate]) { h in
        let controller = h.controller(for: Model(id: 1))!
        controller.collectionContext?.performBatch(
          for: controller, updates: { $0.insert([99]) }, completion: nil)
      }
      #expect(h.numberOfItems(inSectionOf: Model(id: 1)) == 1)
    }
    try check("L08", "a batch whose counts do not add up") {
      let h = try harness([1])
      try h.perform("delete without a change", expecting: [.invalidBatchUpdate]) { h in
        let controller = h.controller(for: Model(id: 1))!
        controller.collectionContext?.performBatch(
          for: controller, updates: { $0.delete([0]) }, completion: nil)
      }
      #expect(h.numberOfItems(inSectionOf: Model(id: 1)) == 1)
    }
    check("L09", "an update asked for inside an update") {
      final class Source: ListAdapterDataSource {
        var objects: [any ListDiffable] = [Model(id: 1)]
        func objects(for adapter: ListAdapter) -> [any ListDiffable] { objects }
        func listAdapter(_ adapter: ListAdapter, sectionControllerFor object: any ListDiffable)
          -> SectionController
        {
          Sized()
        }
      }
      let source = Source()
      let adapter = ListAdapter(collectionView: CollectionView(size: Size(width: 10, height: 10)))
      adapter.scheduler = { _ in }
      adapter.dataSource = source
      adapter.reloadData()
      source.objects = [Model(id: 1), Model(id: 2)]
      var order: [Int] = []
      adapter.performUpdates { _ in
        order.append(adapter.objects.count)
        source.objects = [Model(id: 3)]
        adapter.performUpdates { _ in order.append(adapter.objects.count) }
      }
      adapter.flushPendingUpdates()
      #expect(order == [2, 1] && adapter.collectionView.diagnostics.isEmpty)
    }
    try check("L10", "no sections at all") {
      let h = try harness([])
      #expect(h.collectionView.contentSize.height == 0 && h.visibleElements.isEmpty)
      #expect(try h.render().allSatisfy { $0 == " " || $0 == "\n" })
    }
    try check("L11", "empty sections") {
      let h = try ListHarness(objects: [Model(id: 1), Model(id: 2)], size: Size(width: 20, height: 5)) { _ in
        Sized(rows: 0)
      }
      #expect(h.decorations(inSectionOf: Model(id: 1)).isEmpty && h.collectionView.contentSize.height == 0)
    }
    try check("L12", "selecting an item that does not exist") {
      let h = try harness([1])
      try h.select(item: 7, inSectionOf: Model(id: 1), expecting: [.noSuchItem])
      #expect(h.collectionView.indexPathsForSelectedItems.isEmpty)
    }
    try check("L13", "scrolling to any offset") {
      let h = try harness(Array(0..<30))
      for y in [-5.0, .nan, .infinity, -.infinity, 1e300] {
        try h.scroll(toY: y)
        #expect(h.collectionView.contentOffset.y >= 0)
        #expect(h.collectionView.contentOffset.y <= h.collectionView.maximumContentOffsetY)
      }
    }
    try check("L14", "a viewport of any size") {
      let h = try harness(Array(0..<5))
      for size in [
        Size(width: -1, height: -1), Size(width: .nan, height: 3), Size(width: 1, height: 1), .zero,
      ] {
        try h.resize(to: size)
        #expect(h.collectionView.bounds.width >= 0 && h.collectionView.bounds.height >= 0)
        _ = try h.render()
      }
      // Made at an infinite or 1e20 size: sanitised as a resize is (to 0, or cut to 2^24).
      for size in [Size(width: .infinity, height: 4), Size(width: 20, height: 1e20)] {
        let h = try harness(Array(0..<5), size: size)
        #expect(
          h.collectionView.bounds.size.width <= 16_777_216 && h.collectionView.bounds.height <= 16_777_216)
        #expect(framesAreSane(h))
      }
    }
    check("L21", "a diagnostics handler that reads or clears the log, or applies a snapshot") {
      let view = CollectionView(size: Size(width: 20, height: 5))
      let dataSource = DiffableDataSource<Int, Int>(collectionView: view) { _, n in
        .text("\(n)", role: .body, width: 4, height: 1)
      }
      var snapshot = DiffableSnapshot<Int, Int>()
      snapshot.appendSections([0])
      view.diagnostics.handler = { _ in
        view.diagnostics.removeAll()
        var next = DiffableSnapshot<Int, Int>()
        next.appendSections([1])
        dataSource.apply(next)
      }
      snapshot.appendSections([0])
      dataSource.apply(snapshot)
      #expect(dataSource.snapshot().sectionIdentifiers == [1] && view.diagnostics.isEmpty)
    }
    check("L27", "a snapshot applied after its collection view is gone") {
      var view: CollectionView? = CollectionView(size: Size(width: 20, height: 5))
      let dataSource = DiffableDataSource<Int, Int>(collectionView: view!) { _, n in
        .text("\(n)", role: .body, width: 4, height: 1)
      }
      view = nil
      var snapshot = DiffableSnapshot<Int, Int>()
      snapshot.appendSections([0, 0])
      dataSource.apply(snapshot)
      #expect(dataSource.diagnostics.map(\.kind) == [.duplicateIdentifiers])
      #expect(dataSource.snapshot().sectionIdentifiers == [0])
    }
    check("L28", "a cell provider that applies a snapshot") {
      final class Box { var dataSource: DiffableDataSource<Int, Int>?, applied = false }
      let box = Box()
      @MainActor func make(_ box: Box?) -> (CollectionView, DiffableDataSource<Int, Int>) {
        let view = CollectionView(
          layout: CompositionalLayout(section: .list()), size: Size(width: 4, height: 20))
        let dataSource = DiffableDataSource<Int, Int>(collectionView: view) { _, n in
          if let box, !box.applied, let dataSource = box.dataSource {
            box.applied = true
            var next = DiffableSnapshot<Int, Int>()
            next.appendSections([0])
            next.appendItems(Array(0..<7), toSection: 0)
            dataSource.apply(next)
          }
          return .text(String(repeating: "x", count: 4 * (n % 3 + 1)), role: .body, width: 4, height: 1)
        }
        return (view, dataSource)
      }
      let (view, dataSource) = make(box)
      box.dataSource = dataSource
      var first = DiffableSnapshot<Int, Int>()
      first.appendSections([0])
      first.appendItems([5, 6], toSection: 0)
      dataSource.apply(first)
      let (fresh, freshSource) = make(nil)
      freshSource.apply(dataSource.snapshot())
      #expect(box.applied && view.numberOfItems(inSection: 0) == 7)
      #expect(
        view.contentSize == fresh.contentSize
          && view.collectionViewLayout.layoutAttributesForElements(in: .infinite)
            == fresh.collectionViewLayout.layoutAttributesForElements(in: .infinite)
      )
    }
    check("L23", "a golden file's name that leaves Snapshots/ or holds NUL") {
      for name in ["../../x.txt", "a\0b.txt"] {
        let refused = #expect(throws: HarnessFailure.self) { try assertSnapshot("x", named: name) }
        #expect(refused?.description.contains("not a file name inside Snapshots/") == true)
      }
    }
    check("L22", "a section provider that applies a snapshot") {
      final class Box { var dataSource: DiffableDataSource<Int, Int>?, rounds = 0 }
      let box = Box()
      let layout = CompositionalLayout { _, _ in
        if box.rounds < 2, let dataSource = box.dataSource {
          box.rounds += 1
          var next = DiffableSnapshot<Int, Int>()
          next.appendSections(Array(0...box.rounds))
          next.appendItems([box.rounds], toSection: box.rounds)
          dataSource.apply(next)
        }
        return nil
      }
      let view = CollectionView(layout: layout, size: Size(width: 20, height: 5))
      let dataSource = DiffableDataSource<Int, Int>(collectionView: view) { _, n in
        .text("\(n)", role: .body, width: 4, height: 1)
      }
      box.dataSource = dataSource
      var first = DiffableSnapshot<Int, Int>()
      first.appendSections([0])
      first.appendItems([0], toSection: 0)
      dataSource.apply(first)
      view.setSize(Size(width: 30, height: 5))
      #expect(view.numberOfSections == 3 && view.numberOfItems(inSection: 2) == 1)
      #expect(view.collectionViewLayout.layoutAttributesForItem(at: IndexPath(item: 0, section: 2)) != nil)
    }
  }

  /// A list whose every section the compositional layout lays out by `section`.
  func compositional(_ section: LayoutSection, expecting: Set<Diagnostic.Kind>) throws -> ListHarness {
    try ListHarness(
      objects: [Model(id: 1), Model(id: 2)], size: Size(width: 20, height: 10),
      layout: CompositionalLayout(section: section), expecting: expecting
    ) { _ in Sized(rows: 3) }
  }

  @Test func theCompositionalLayoutCorrectsBadDefinitions() throws {
    try check("L15", "a group that places no items") {
      let size = LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(1))
      for group in [
        LayoutGroup.horizontal(layoutSize: size, subitems: []),
        LayoutGroup.vertical(layoutSize: size, repeatingSubitem: LayoutItem(layoutSize: size), count: 0),
      ] {
        let h = try compositional(LayoutSection(group: group), expecting: [.invalidLayoutDefinition])
        // Laid out as a list: every item, one under the other.
        #expect(h.frames(inSectionOf: Model(id: 1)).map(\.minY) == [0, 1, 2])
        #expect(framesAreSane(h))
      }
    }
    try check("L16", "negative, NaN or infinite dimensions, insets, spacing") {
      var group = LayoutGroup.horizontal(
        layoutSize: LayoutSize(widthDimension: .fractionalWidth(.nan), heightDimension: .absolute(-3)),
        repeatingSubitem: LayoutItem(
          layoutSize: LayoutSize(widthDimension: .absolute(.infinity), heightDimension: .fractionalHeight(1))),
        count: 2)
      group.interItemSpacing = .fixed(-.infinity)
      var section = LayoutSection(group: group)
      section.contentInsets = EdgeInsets(top: .nan, left: -1, bottom: 1e300, right: 0)
      section.interGroupSpacing = .nan
      let h = try compositional(section, expecting: [.invalidSize])
      #expect(framesAreSane(h))
      _ = try h.render()
    }
    try check("L17", "a measured width for an estimated width that is NaN, negative, infinite or huge") {
      let chip = LayoutSize(widthDimension: .estimated(4), heightDimension: .absolute(1))
      let item = LayoutItem(layoutSize: chip)
      let section = LayoutSection(
        group: .horizontal(
          layoutSize: LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(1)),
          subitems: [item, item, item]))
      let h = try compositional(section, expecting: [])
      for (step, width) in [Double.nan, -2, .infinity, 1e300].enumerated() {
        h.collectionView.measurer = { _, _ in Size(width: width, height: 1) }
        // A new width each time: what was measured at the old one is forgotten.
        try h.resize(to: Size(width: Double(21 + step), height: 10))
        #expect(framesAreSane(h), "\(width)")
        // An invalid measure is not offered (the estimate stays); a huge one is clamped like any
        // length, and settles.
        let widths = h.frames(inSectionOf: Model(id: 1)).map(\.width)
        let expected = width.isFinite && width >= 0 ? 16_777_216.0 : 4
        #expect(widths == [expected, expected, expected], "\(width): \(widths)")
        _ = try h.render()
      }
    }
    try check("L19", "a group count of Int.max") {
      let size = LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(1))
      let group = LayoutGroup.horizontal(
        layoutSize: size, repeatingSubitem: LayoutItem(layoutSize: size), count: .max)
      let h = try compositional(LayoutSection(group: group), expecting: [])
      // One row, each item its share of the width (about 0).
      #expect(h.frames(inSectionOf: Model(id: 1)).map(\.minY) == [0, 0, 0])
      #expect(framesAreSane(h))
    }
    try check("L20", "groups nested 10,000 deep") {
      let size = LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(2))
      var group = LayoutGroup.horizontal(layoutSize: size, subitems: [LayoutItem(layoutSize: size)])
      for _ in 0..<10_000 { group = .horizontal(layoutSize: size, members: [.group(group)]) }
      let h = try compositional(LayoutSection(group: group), expecting: [.invalidLayoutDefinition])
      #expect(h.frames(inSectionOf: Model(id: 1)).map(\.minY) == [0, 1, 2])
    }
    try check("L24", "an estimate of 0, negative, NaN or infinite") {
      let h = try compositional(.list(estimatedHeight: 0), expecting: [.invalidSize])
      // Taken as 1, so shown, so measured: rows of their cells' height, not 0.
      #expect(h.frames(inSectionOf: Model(id: 1)).map(\.minY) == [0, 1, 2])
      #expect(framesAreSane(h))
    }
    try check("L25", "a NaN or infinite badge offset") {
      let one = LayoutSize(widthDimension: .absolute(1), heightDimension: .absolute(1))
      let badge = LayoutSupplementaryItem(
        layoutSize: one, elementKind: .badge,
        containerAnchor: LayoutAnchor(edges: [.top], absoluteOffset: Point(x: .infinity, y: .nan)))
      let row = LayoutSize(widthDimension: .fractionalWidth(1), heightDimension: .absolute(1))
      let item = LayoutItem(layoutSize: row, supplementaryItems: [badge])
      let h = try compositional(
        LayoutSection(group: .vertical(layoutSize: row, subitems: [item])), expecting: [.invalidSize])
      #expect(framesAreSane(h))
    }
    try check("L26", "a query with an infinite or NaN rect") {
      let h = try compositional(.list(), expecting: [])
      let layout = h.collectionView.collectionViewLayout
      let all = layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 20, height: 100))
      #expect(all.count == 6 && layout.layoutAttributesForElements(in: .infinite) == all)
      #expect(layout.layoutAttributesForElements(in: Rect(x: 0, y: .nan, width: 1, height: 1)).isEmpty)
    }
    try check("L18", "moving an item its controller says cannot move") {
      let h = try harness([1]) { _ in Sized(rows: 3) }
      let view = h.collectionView
      #expect(!view.beginInteractiveMovementForItem(at: IndexPath(item: 2, section: 0)))
      view.dataSource?.collectionView(
        view, moveItemAt: IndexPath(item: 2, section: 0), to: IndexPath(item: 0, section: 0))
      #expect(view.diagnostics.map(\.kind) == [.refusedMove])
    }
  }

  // MARK: - Text in cards

  @Test func textInCardsIsDrawnSafely() throws {
    func rendered(_ title: String) -> FeedRun {
      feedFile(Array(("[" + card(title: title) + "]").utf8), options: ["--width", "40", "--color", "always"])
    }
    check("T01", "a 10,000-column word") {
      let run = rendered(String(repeating: "w", count: 10_000))
      #expect(run.status == 0 && run.output.split(separator: "\n").count > 100)
    }
    check("T02", "a 1 MB string") {
      let run = rendered(String(repeating: "words and ", count: 100_000))
      #expect(run.status == 0 && onlySGR(run.output))
    }
    for (id, what, escaped) in [
      ("T03", "NUL and C0 controls", #"a\u0000b\u0007c\u001bd"#),
      ("T04", "C1 controls", #"a\u0085b\u009b31mc"#),
      ("T05", "bidi overrides", #"a\u202eb\u2066c"#), ("T06", "CSI sequences", #"a\u001b[2Jb\u001b[31mc"#),
      ("T07", "OSC, OSC 52 clipboard writes", #"a\u001b]52;c;cHduZWQ=\u0007b\u001b]0;title\u001b\\c"#),
      ("T08", "DCS and APC strings", #"a\u001bPq#0\u001b\\b\u001b_apc\u001b\\c"#),
    ] {
      check(id, what) {
        let run = rendered(escaped)
        #expect(run.status == 0, "\(id)")
        #expect(onlySGR(run.output), "\(id): only colour sequences reach the terminal")
        #expect(run.output.contains("a") && run.output.contains("c"), "\(id): the text around stays")
      }
    }
    check("T09", "lone surrogates") {
      let run = rendered(#"a\ud800b\udc00c"#)
      #expect(run.status == 0 && run.output.contains("a\u{FFFD}b\u{FFFD}c"))
    }
    check("T12", "line and paragraph separators, noncharacters") {
      // JSON escapes: U+2028, U+2029, U+FFFE, U+FDD0, U+1FFFE, U+10FFFF.
      let run = rendered(#"a\u2028b\u2029c\ufffed\ufdd0e\ud83f\udffef\udbff\udfffg"#)
      let dropped: Set<UInt32> = [0x2028, 0x2029, 0xFFFE, 0xFDD0, 0x1FFFE, 0x10FFFF]
      #expect(run.status == 0 && onlySGR(run.output))
      #expect(!run.output.unicodeScalars.contains { dropped.contains($0.value) })
      #expect(run.output.contains("a") && run.output.contains("defg"))
      let noncharacter = String(Unicode.Scalar(0xFDEF)!)
      #expect(DisplayWidth.of("x\u{2028}" + noncharacter + "\u{10FFFF}y") == 2, "not drawn, so measured 0")
    }
    check("T13", "kana voicing marks and ideographic tone marks after a narrow letter") {
      for mark: UInt32 in [0x3099, 0x309A, 0x302A, 0x302B, 0x302C, 0x302D] {
        let text = "a" + String(Unicode.Scalar(mark)!) + "b"
        #expect(DisplayWidth.of(text) == 2, "U+\(String(mark, radix: 16)) is a combining mark")
        var canvas = Canvas(width: 4, height: 1)
        #expect(canvas.drawText(text, x: 0, y: 0, style: .plain) == 2)
        #expect(canvas[2, 0].grapheme == " ", "nothing drawn past b")
      }
    }
    check("T11", "a word of 1 MB") {
      // Measured as the terminal measures; the characters measured are counted, not timed.
      func measured(_ length: Int) -> (lines: Int, asked: Int) {
        var asked = 0
        let lines = TextWrapping.lines(String(repeating: "w", count: length), width: 40) {
          asked += $0.utf8.count
          return DisplayWidth.of($0)
        }
        return (lines.count, asked)
      }
      let (small, large) = (measured(100_000), measured(1_000_000))
      #expect(large.lines == 25_000 && large.asked < small.asked * 15, "\(small) against \(large)")
    }
    check("T10", "an escape in a card id") {
      let run = runFeed(["--expand", "\u{1B}]52;c;x\u{07}id"])
      #expect(run.status == 64 && !run.errors.contains("\u{1B}") && !run.errors.contains("\u{07}"))
    }
  }

  // MARK: - Feed files

  @Test func badFeedFilesGetOneMessageWithAPosition() {
    let cases: [(String, String, [UInt8], String)] = [
      ("F01", "an empty file", [], "1:1: expected a value, found end of file"),
      ("F02", "whitespace only", Array("  \n\t ".utf8), "2:3: expected a value, found end of file"),
      ("F03", "truncated in a string", Array(#"[{"id": "a", "title": "Tr"#.utf8), "a string is not closed"),
      (
        "F04", "truncated in an escape", Array(#"[{"id": "a", "title": "T\u00"#.utf8),
        "\\u needs four hex digits"
      ),
      (
        "F05", "nested 100,000 deep", Array(String(repeating: "[", count: 100_000).utf8),
        "nested more than 512 deep"
      ),
      (
        "F06", "the wrong shape", Array("42".utf8), "a feed is an object with \"cards\", or an array of cards"
      ),
      ("F07", "duplicate keys", Array(#"[{"id": "a", "title": "T", "title": "U"}]"#.utf8), "appears twice"),
      (
        "F08", "a number of 10,000 digits", Array(("[" + String(repeating: "7", count: 10_000) + "]").utf8),
        "out of range"
      ),
      (
        "F09", "an image 10⁹ pixels wide",
        Array(#"[{"id": "a", "title": "T", "description": "D", "image": {"width": 1000000000}}]"#.utf8),
        "width must be a whole number from 1 to 200"
      ),
      ("F10", "invalid UTF-8", [0x5B, 0x22, 0xFF, 0xFE, 0x22, 0x5D], "a string is not valid UTF-8"),
      ("F11", "an overlong encoding", [0x5B, 0x22, 0xC0, 0xAF, 0x22, 0x5D], "a string is not valid UTF-8"),
      (
        "F12", "UTF-16", [0xFF, 0xFE, 0x5B, 0x00, 0x5D, 0x00],
        "the file is UTF-16 or UTF-32; a feed file is UTF-8"
      ),
      // Its byte order mark starts with two zero bytes, then two that are not (issue 45, 12).
      (
        "F12", "UTF-32BE with its byte order mark", [0, 0, 0xFE, 0xFF, 0, 0, 0, 0x5B, 0, 0, 0, 0x5D],
        "the file is UTF-16 or UTF-32; a feed file is UTF-8"
      ),
      ("F13", "a card without a title", Array(#"[{"id": "a"}]"#.utf8), "cards[0] needs \"title\""),
      ("F14", "two cards with one id", Array(("[" + card() + "," + card() + "]").utf8), "ids must be unique"),
    ]
    for (id, what, bytes, message) in cases {
      check(id, what) {
        let run = feedFile(bytes)
        #expect(run.status == 65, "\(id) \(what): \(run.errors)")
        #expect(run.errors.contains(message), "\(id) \(what): \(run.errors)")
        #expect(run.errors.count < 300 && run.output.isEmpty, "\(id)")
        #expect(run.errors.split(separator: "\n").count == 1, "\(id): one line")
      }
    }
    check("F15", "a byte order mark") {
      let run = feedFile([0xEF, 0xBB, 0xBF] + Array(("[" + card() + "]").utf8))
      #expect(run.status == 0 && run.output.contains("T"))
    }
    check("F16", "an empty feed") {
      let run = feedFile("[]")
      #expect(run.status == 0 && run.output.contains("This feed has no cards yet."))
    }
    check("F19", "an id made only of escape sequences") {
      // Cleaned, it would show as `""`: it shows as the file spells it.
      let id = #"\u001b[31m\u001b]0;t\u0007"#
      let run = feedFile("[" + card(id: id) + "," + card(id: id) + "]")
      #expect(
        run.status == 65 && run.errors.contains(#"the id "\u001b[31m\u001b]0;t\u0007" of"#), "\(run.errors)")
      let expand = runFeed(["--expand", "\u{1B}[31m"])
      #expect(expand.status == 64 && expand.errors.contains(#"no card "\u001b[31m""#), "\(expand.errors)")
      #expect(!run.errors.contains("\u{1B}") && !expand.errors.contains("\u{1B}"))
    }
    check("F20", "a problem part-way through a file shown in a terminal") {
      let list = FeedList(document: FeedDocument(title: "Feed", cards: []), width: 40, height: 10)
      let loader = FeedLoader(list: list, name: "feed.json")
      loader.start(Array(("[" + card(id: "a") + "," + card(id: "b") + ", 7]").utf8))
      let deadline = ContinuousClock.now + .seconds(10)
      while loader.isLoading || !loader.hasEnded, ContinuousClock.now < deadline {
        loader.takeArrivals()
        loader.showNextSlice()
        usleep(500)
      }
      #expect(list.document.cards.map(\.id) == ["a", "b"])
      #expect(
        loader.message?.hasSuffix(
          "cards[2] must be an object, found a number; the 2 cards before it are shown")
          == true, "\(loader.message ?? "nil")")
    }
  }

  @Test func badPathsAndOptionsExitWithTheirStatus() {
    check("P01", "a directory") {
      let run = runFeed([FileManager.default.temporaryDirectory.path])
      #expect(run.status == 66 && run.errors.contains("not a regular file (a directory)"))
    }
    check("P02", "a missing file") {
      let run = runFeed(["/nonexistent/feed.json"])
      #expect(run.status == 66 && run.errors.contains("No such file or directory"))
    }
    check("P03", "an empty file") {
      guard let path = try? temporaryFile("") else {
        Issue.record("no temporary file")
        return
      }
      defer { removeTemporaryFile(path) }
      let run = runFeed([path])
      #expect(run.status == 65 && run.errors.contains("feed.json:1:1: expected a value, found end of file"))
    }
    check("P04", "an unknown option") {
      let run = runFeed(["--frobnicate"])
      #expect(run.status == 64 && run.errors.hasPrefix("feed: unknown option \"--frobnicate\""))
    }
    check("P05", "bad option values") {
      for arguments in [
        ["--width", "0"], ["--height", "x"], ["--sections", "-1"], ["--color", "blue"], ["--seed", "1.5"],
      ] {
        let run = runFeed(arguments)
        #expect(run.status == 64 && run.errors.contains("Usage: feed"), "\(arguments)")
      }
    }
    check("P09", "not a regular file") {
      let run = runFeed(["/dev/zero"])
      #expect(run.status == 66 && run.errors.contains("/dev/zero: not a regular file (a character device)"))
    }
    check("P10", "a file past --max-size") {
      guard let path = try? temporaryFile(String(repeating: " ", count: (1 << 20) + 1)) else {
        Issue.record("no temporary file")
        return
      }
      defer { removeTemporaryFile(path) }
      let run = runFeed(["--max-size", "1", path])
      #expect(run.status == 66 && run.errors.contains("larger than 1 MB; --max-size raises the limit"))
    }
    check("P11", "a watched file replaced by a FIFO") {
      guard let path = try? temporaryFile("[]") else {
        Issue.record("no temporary file")
        return
      }
      defer { removeTemporaryFile(path) }
      let list = FeedList(document: FeedDocument(title: "T", cards: []), width: 40, height: 10)
      let watcher = FeedFileWatcher(path: path, list: list, stamp: nil)
      unlink(path)
      #expect(mkfifo(path, 0o600) == 0)
      // Opening a FIFO for reading blocked until a writer came: this poll would never return.
      #expect(watcher.poll() && watcher.message?.contains("not a regular file (a pipe)") == true)
    }
    check("P06", "hostile and huge arguments") {
      let run = runFeed(["--color", "\u{1B}[31m" + String(repeating: "x", count: 100_000)])
      #expect(
        run.status == 64 && !run.errors.contains("\u{1B}[31m")
          && run.errors.split(separator: "\n")[0].count < 120)
    }
  }

  @Test func absurdSizesAreRefusedOrIgnored() {
    check("P07", "a frame of 100 million cells") {
      let run = runFeed(["--width", "10000", "--height", "10000"])
      #expect(run.status == 64 && run.errors.contains("leave --height out") && run.output.isEmpty)
    }
    check("P08", "a COLUMNS of 17 digits") {
      let run = runFeed(["--height", "3"], environment: ["COLUMNS": "99999999999999999"])
      #expect(run.status == 0 && run.output.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }
  }

  /// A frame of the viewer holds what a printed one may: a 10,000 × 10,000 window took 1 GB (two
  /// canvases of 16.7 M cells, the frame and the encoder's screen) and seconds a frame.
  @Test(.slow) func aHugeWindowHoldsAsManyCellsAsAPrintedFrame() {
    check("P12", "a window of 10,000 × 10,000") {
      let list = FeedList(
        document: FeedDocument(title: "T", cards: Array(BuiltInFeed.cards().prefix(3))), width: 60, height: 20
      )
      let viewer = ListViewer(
        adapter: list.adapter, renderer: TextRenderer(registry: FeedList.registry), title: "Huge")
      viewer.resize(columns: 10_000, rows: 10_000)
      #expect(viewer.columns == 10_000 && viewer.rows == 400)
      #expect(list.collectionView.bounds.height == 399, "the list above the status line")
      let frame = viewer.render()
      #expect(frame.width * frame.height == 4_000_000)
      #expect(frame.line(399).contains("Huge"), "the status line on the last row drawn")
      viewer.resize(columns: 80, rows: 24)
      #expect(viewer.render().width == 80 && !viewer.frameBytes().isEmpty)
    }
  }

  @Test func manyPicturesAndBadColours() throws {
    try check("F17", "10,000 pictures of their own") {
      let cards = (0..<10_000).map {
        let colour = String(format: "#%06x", $0)
        return #"{"id": "\#($0)", "title": "t", "description": "d", "#
          + #""image": {"width": 200, "height": 200, "colors": ["\#(colour)"]}}"#
      }
      let file = Array(("[" + cards.joined(separator: ",") + "]").utf8)
      let document = try FeedDocument.parse(file)
      #expect(document.cards.count == 10_000)
      // Pictures are recipes: drawing the first screen makes only the pixels it shows.
      let run = feedFile(file, options: ["--width", "40", "--height", "20"])
      #expect(run.status == 0 && run.output.contains { "░▒▓█".contains($0) }, "a picture, drawn in shades")
    }
    check("F18", "a colour with a sign or without its #") {
      for colour in ["#+12345", "abcdef"] {
        let run = feedFile(
          #"[{"id": "a", "title": "T", "description": "D", "image": {"colors": ["\#(colour)"]}}]"#)
        #expect(run.status == 65 && run.errors.contains("is not a \"#rrggbb\" colour"), "\(colour)")
      }
    }
  }

  // MARK: - Keys and mouse

  func keys(_ pieces: [[UInt8]]) -> [Key] {
    var decoder = InputDecoder()
    return pieces.flatMap { decoder.feed($0) } + decoder.flush()
  }

  @Test func badInputBytesAreNeverReadAsKeys() {
    check("K01", "an X10 mouse report") {
      // A left click at column 81, row 5: its bytes spell " q%" (page down, quit).
      #expect(
        keys([[0x1B, 0x5B, 0x4D, 0x20, 0x71, 0x25]]) == [
          .mouse(MouseEvent(action: .press(button: 0), x: 80, y: 4))
        ])
    }
    check("K02", "a control sequence of 10,000 bytes") {
      let pieces = [[0x1B, 0x5B]] + Array(repeating: Array("12;".utf8), count: 3_333) + [Array("mj".utf8)]
      #expect(keys(pieces) == [.character("j")])
    }
    check("K03", "a UTF-8 character cut short by a key") {
      #expect(keys([[0xE9, 0x71]]) == [.character("q")])
    }
    check("K04", "an SGR report with empty fields or an extra button") {
      #expect(keys([Array("\u{1B}[<;;M\u{1B}[<128;10;5M".utf8)]) == [])
    }
    check("K05", "pasted text") {
      #expect(keys([Array("\u{1B}[200~jjq\u{1B}[201~".utf8)]) == [.paste("jjq")])
      var decoder = InputDecoder()
      #expect(decoder.feed(Array("\u{1B}[200~q".utf8)) == [])
      for _ in 1..<InputDecoder.pasteSilence { #expect(decoder.flush() == []) }
      #expect(decoder.flush() == [.paste("q")])
      #expect(decoder.feed(Array("j".utf8)) == [.character("j")])
    }
    check("K06", "an SS3 sequence of 66 bytes") {
      #expect(
        keys([[0x1B, 0x4F] + Array(repeating: 0x31, count: 63) + Array("qj".utf8)]) == [.character("j")])
    }
    check("K07", "a paste marker with another byte") {
      #expect(keys([Array("\u{1B}[?200~j\u{1B}[200$~k".utf8)]) == [.character("j"), .character("k")])
    }
    check("K08", "Ctrl-L, a resize and q while a card is picked up") {
      let list = FeedList(
        document: FeedDocument(title: "T", cards: Array(BuiltInFeed.cards().prefix(3))), width: 60, height: 20
      )
      let viewer = ListViewer(adapter: list.adapter, renderer: TextRenderer(registry: FeedList.registry))
      _ = viewer.frameBytes()
      viewer.handle(.tab)
      viewer.handle(.character("m"))
      #expect(viewer.isMoving)
      _ = viewer.frameBytes()
      viewer.handle(.control("l"))
      #expect(String(decoding: viewer.frameBytes(), as: UTF8.self).contains("\u{1B}[2J"))
      viewer.resize(columns: 50, rows: 16)
      #expect(viewer.isMoving && viewer.render().width == 50)
      viewer.handle(.character("q"))
      #expect(viewer.wantsToQuit && !viewer.isMoving)
    }
  }

  // MARK: - The page and the tests agree

  @Test func theCatalogueAndItsTestsNameTheSameCases() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let page = try String(
      contentsOf: root.appendingPathComponent("Documentation/Reliability.md"), encoding: .utf8)
    let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
    func ids(_ text: String, after marker: String) -> Set<String> {
      var found = Set<String>()
      var rest = text[...]
      while let range = rest.range(of: marker) {
        let id = rest[range.upperBound...].prefix(3)
        if id.count == 3, id.first!.isUppercase, id.dropFirst().allSatisfy(\.isNumber) {
          found.insert(String(id))
        }
        rest = rest[range.upperBound...]
      }
      return found
    }
    let tested = ids(source, after: "\"")
    let documented = ids(page, after: "| ")
    #expect(documented.count >= 40, "the catalogue lists \(documented.count) cases")
    #expect(
      tested.subtracting(documented).isEmpty,
      "tested, not in the page: \(tested.subtracting(documented).sorted())")
    #expect(
      documented.subtracting(tested).isEmpty,
      "in the page, not tested: \(documented.subtracting(tested).sorted())")
  }
}
