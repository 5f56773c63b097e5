import Sectional
import SectionalTerminal
import SeededRandom
import TestTags
import Testing

import class Foundation.ProcessInfo

// A model-based fuzzer of the whole stack: adapter, collection view, flow layout and renderer
// together, driven by long seeded sequences of what an app and a user do. After every step the
// stack is checked against a plain reference (which objects, how many items each) and against a
// stack built fresh from the same state (every attribute, the rendered text), and no step may
// raise a diagnostic it was not meant to provoke.
//
// `SECTIONAL_FUZZ_STEPS=100000 swift test --filter StackFuzzTests` runs longer.

/// A row of a fuzzed section: an identity and a height of 1 to 3.
struct FuzzRow: ListDiffable, Hashable {
  var id: Int
  var height: Int
  var diffIdentifier: Int { id }
}

/// One section's model. Its kind follows from its id, so an identifier keeps its controller
/// class for life, as an app's would.
struct FuzzModel: ListDiffable, Hashable, CustomStringConvertible {
  enum Kind: Int, CaseIterable { case plain, binding, expandable, sizing }
  var id: Int
  var rows: [FuzzRow]
  var text: String
  var diffIdentifier: Int { id }
  var kind: Kind { Kind(rawValue: id % Kind.allCases.count)! }
  var description: String { "\(id)[\(rows.map { "\($0.id):\($0.height)" }.joined(separator: ","))]" }
}

/// Text rows measured by the front (exact heights that change with the width), with a header on
/// even ids.
@MainActor
final class FuzzPlainController: GenericSectionController<FuzzModel>, SupplementaryViewSource {
  override init() {
    super.init()
    inset = EdgeInsets(top: 1, left: 2, bottom: 1, right: 2)
    supplementaryViewSource = self
  }
  override func numberOfItems() -> Int { object?.rows.count ?? 0 }
  override func cellForItem(at index: Int) -> CellDescriptor {
    guard let object, object.rows.indices.contains(index) else { return super.cellForItem(at: index) }
    return textCell(String(repeating: object.text + " ", count: object.rows[index].height), role: .body)
  }
  var supportedElementKinds: [ElementKind] { (object?.id ?? 1) % 2 == 0 ? [.header] : [] }
  func supplementary(ofKind kind: ElementKind, at index: Int, for controller: SectionController)
    -> SupplementaryDescriptor?
  {
    SupplementaryDescriptor(height: 1, content: .text("Header \(object?.id ?? -1)", role: .header))
  }
}

/// Rows as view models, diffed inside the section on every change (an item batch during the
/// adapter's update).
@MainActor
final class FuzzBindingController: BindingSectionController<FuzzModel> {
  override func viewModels(for object: FuzzModel) -> [any ListDiffable] { object.rows }
  override func cell(for viewModel: any ListDiffable, at index: Int) -> CellDescriptor {
    let row = viewModel as! FuzzRow
    return .text("row \(row.id)", role: .body, width: availableWidth, height: Double(row.height))
  }
}

/// Two rows collapsed; the model's rows added when expanded; the toggle last, when there are rows.
@MainActor
final class FuzzExpandableController: ExpandableSectionController<FuzzModel, Int> {
  override init() {
    super.init()
    inset = EdgeInsets(top: 1, left: 1, bottom: 1, right: 1)
  }
  override func collapsedComponents(for object: FuzzModel) -> [Int] { [-1, -2] }
  /// A row is a component by its identity: rows added, removed and reordered are item inserts,
  /// deletes and moves of a new object, and a row whose height changed is reloaded.
  override func expandedComponents(for object: FuzzModel) -> [Int] { object.rows.map(\.id) }
  override func expansionIndex(for object: FuzzModel) -> Int { 1 }
  override func isUnchanged(_ component: Int, from old: FuzzModel, to new: FuzzModel) -> Bool {
    component < 0 ? old.text == new.text : row(component, of: old) == row(component, of: new)
  }
  override func cell(for component: Int, of object: FuzzModel) -> CellDescriptor {
    component < 0
      ? textCell("\(object.text) \(component)", role: .title)
      : .text(
        "row \(component)", role: .detail, width: availableWidth,
        height: Double(row(component, of: object)?.height ?? 1))
  }
  private func row(_ id: Int, of object: FuzzModel) -> FuzzRow? { object.rows.first { $0.id == id } }
}

/// Cells that size themselves: the estimate is one row, the front measures the text.
@MainActor
final class FuzzSizingController: GenericSectionController<FuzzModel> {
  override func numberOfItems() -> Int { object?.rows.count ?? 0 }
  override func cellForItem(at index: Int) -> CellDescriptor {
    guard let object, object.rows.indices.contains(index) else { return super.cellForItem(at: index) }
    return CellDescriptor(
      reuseKind: "body", size: .estimated(Size(width: availableWidth, height: 1)),
      content: .text(String(repeating: "word ", count: object.rows[index].height * 7), role: .body))
  }
}

@MainActor
final class FuzzSource: ListAdapterDataSource {
  var objects: [FuzzModel] = []
  func objects(for adapter: ListAdapter) -> [any ListDiffable] { objects }
  func listAdapter(_ adapter: ListAdapter, sectionControllerFor object: any ListDiffable) -> SectionController
  {
    switch (object as! FuzzModel).kind {
    case .plain: FuzzPlainController()
    case .binding: FuzzBindingController()
    case .expandable: FuzzExpandableController()
    case .sizing: FuzzSizingController()
    }
  }
}

/// The adapter, collection view, layout and renderer of one list.
@MainActor
final class FuzzStack {
  let source = FuzzSource()
  let adapter: ListAdapter
  let renderer = TextRenderer(registry: .standard, environment: DrawEnvironment(colors: .none))

  init(objects: [FuzzModel], size: Size, framesOnDemand: Bool = false, defers: Bool = false) {
    let layout = FlowLayout()
    layout.defersOffscreenSectionLayout = defers
    // Frames built on demand for every section, as a list past the layout's budget has them.
    if framesOnDemand { layout.maximumStoredItemFrames = 0 }
    layout.decorationStyles = [.sectionCard: .card]
    layout.cardOutset = EdgeInsets(top: 1, left: 1, bottom: 1, right: 1)
    let collectionView = CollectionView(layout: layout, size: size)
    collectionView.measurer = renderer.measurer()
    adapter = ListAdapter(collectionView: collectionView)
    adapter.scheduler = { _ in }
    source.objects = objects
    adapter.dataSource = source
    adapter.reloadData()
  }

  var collectionView: CollectionView { adapter.collectionView }

  var allAttributes: [LayoutAttributes] {
    let size = collectionView.contentSize
    return collectionView.collectionViewLayout.layoutAttributesForElements(
      in: Rect(x: -10, y: -10, width: size.width + 20, height: size.height + 20)
    ).sorted(by: LayoutAttributes.drawsBefore)
  }

  func rendered() -> String {
    let bounds = collectionView.bounds
    var canvas = Canvas(width: Int(bounds.width), height: Int(bounds.height))
    renderer.render(collectionView, into: &canvas)
    return canvas.plainText()
  }
}

/// One step of a run, with every parameter drawn when the run was generated, so a shortened
/// sequence replays exactly.
enum FuzzStep: CustomStringConvertible {
  /// `performUpdates` to these objects (duplicates included).
  case update([FuzzModel])
  /// Toggle the expandable section with this id (nothing when it is not in the list).
  case toggle(Int)
  /// An update and a toggle in the same turn: the toggle's batch folds into the update, in one
  /// flush.
  case updateAndToggle([FuzzModel], Int)
  /// Select an index path, which may not exist.
  case select(IndexPath)
  /// Scroll to any offset, negative and past the end included.
  case scroll(Double)
  /// A new viewport size, widths of 0 and 1 included.
  case resize(Size)

  var description: String {
    switch self {
    case .update(let objects): "update(\(objects))"
    case .toggle(let id): "toggle(\(id))"
    case .updateAndToggle(let objects, let id): "updateAndToggle(\(objects), \(id))"
    case .select(let path): "select(\(path))"
    case .scroll(let y): "scroll(\(y))"
    case .resize(let size): "resize(\(size))"
    }
  }
}

/// Why a step failed, for the report.
struct FuzzFailure: Error, CustomStringConvertible {
  var step: Int
  var message: String
  var description: String { "step \(step): \(message)" }
}

@MainActor
struct FuzzRun {
  /// Whether sections size their cells themselves: a self-sized cell keeps the size it was
  /// measured at once it scrolls away, so such runs check the self-sizing invariant on screen
  /// and everything structural, not equality with a fresh stack that measured other cells.
  var selfSizing: Bool
  /// Whether the stack under test builds item frames on demand (a fresh stack to compare with
  /// stores them).
  var framesOnDemand = false
  /// Whether the layout defers sections changed below the viewport (the opt-in estimate).
  var defers = false
  var initial: [FuzzModel]
  var size: Size
  var steps: [FuzzStep]

  static func generate(seed: UInt64, count: Int, selfSizing: Bool) -> FuzzRun {
    var rng = SplitMix64(seed: seed)
    let alphabet = 4 + rng.next(below: 20)
    var nextRow = 0
    func model(_ id: Int) -> FuzzModel {
      let rows = (0..<rng.next(below: 5)).map { _ in
        nextRow += 1
        return FuzzRow(id: nextRow, height: 1 + rng.next(below: 3))
      }
      return FuzzModel(id: id, rows: rows, text: ["a", "bb", "ccc ddd", "e"][rng.next(below: 4)])
    }
    func allowed(_ id: Int) -> Bool { selfSizing || FuzzModel.Kind(rawValue: id % 4) != .sizing }
    func ids() -> [Int] { (0..<alphabet).filter(allowed) }
    var current = ids().shuffled(using: &rng).prefix(rng.next(below: alphabet)).map(model)
    let initial = current
    func nextObjects() -> [FuzzModel] {
      var next = current
      for _ in 0..<rng.next(below: 4) {
        switch rng.next(below: 6) {
        case 0 where !next.isEmpty: next.remove(at: rng.next(below: next.count))
        case 1:
          if let id = ids().randomElement(using: &rng) {
            next.insert(model(id), at: rng.next(below: next.count + 1))
          }
        case 2 where !next.isEmpty:
          let moved = next.remove(at: rng.next(below: next.count))
          next.insert(moved, at: rng.next(below: next.count + 1))
        case 3 where !next.isEmpty:
          // A content change: rows added, removed, reordered or resized.
          let index = rng.next(below: next.count)
          var rows = next[index].rows
          if !rows.isEmpty, rng.next(below: 2) == 0 { rows.remove(at: rng.next(below: rows.count)) }
          if rng.next(below: 2) == 0 {
            nextRow += 1
            rows.insert(
              FuzzRow(id: nextRow, height: 1 + rng.next(below: 3)), at: rng.next(below: rows.count + 1))
          }
          if rows.count > 1, rng.next(below: 2) == 0 { rows.swapAt(0, rows.count - 1) }
          if !rows.isEmpty, rng.next(below: 3) == 0 {
            rows[rng.next(below: rows.count)].height = 1 + rng.next(below: 3)
          }
          next[index].rows = rows
        case 4 where !next.isEmpty && rng.next(below: 4) == 0:
          // A duplicate identifier: dropped with a diagnostic, first occurrence kept.
          next.insert(next[rng.next(below: next.count)], at: rng.next(below: next.count + 1))
        case 5 where !next.isEmpty:
          next[rng.next(below: next.count)].text = ["x", "yy yy", "z"][rng.next(below: 3)]
        default: break
        }
      }
      var seen = Set<Int>()
      current = next.filter { seen.insert($0.id).inserted }
      return next
    }
    var steps: [FuzzStep] = []
    for _ in 0..<count {
      switch rng.next(below: 10) {
      case 0, 1, 2: steps.append(.update(nextObjects()))
      case 3, 4: steps.append(.toggle(ids().randomElement(using: &rng) ?? 0))
      case 5: steps.append(.updateAndToggle(nextObjects(), ids().randomElement(using: &rng) ?? 0))
      case 6:
        steps.append(
          .select(IndexPath(item: rng.next(below: 8) - 1, section: rng.next(below: current.count + 2) - 1)))
      case 7: steps.append(.scroll(Double(rng.next(below: 400)) - 50))
      default:
        let widths: [Double] = [0, 1, 2, 7, 20, 33, 60, 80]
        steps.append(
          .resize(Size(width: widths[rng.next(below: widths.count)], height: Double(1 + rng.next(below: 40))))
        )
      }
    }
    return FuzzRun(
      selfSizing: selfSizing, initial: initial, size: Size(width: 40, height: 20), steps: steps)
  }

  /// Plays the run; the first failed check, or nil.
  func play() -> FuzzFailure? {
    let stack = FuzzStack(objects: initial, size: size, framesOnDemand: framesOnDemand, defers: defers)
    var expanded = Set<Int>()
    if let failure = check(stack, expanded: expanded, step: -1, expecting: []) { return failure }
    for (index, step) in steps.enumerated() {
      var expecting: Set<Diagnostic.Kind> = []
      let adapter = stack.adapter
      func hasDuplicates(_ objects: [FuzzModel]) -> Bool { Set(objects.map(\.id)).count != objects.count }
      func toggle(_ id: Int) {
        guard
          let controller = adapter.sectionController(for: FuzzModel(id: id, rows: [], text: ""))
            as? FuzzExpandableController
        else { return }
        // Folded into a pending update, the toggle changes the state when the update runs.
        let expanding = !controller.isExpanded
        controller.toggle()
        if expanding { expanded.insert(id) } else { expanded.remove(id) }
      }
      func update(_ objects: [FuzzModel]) {
        if hasDuplicates(objects) { expecting.insert(.duplicateIdentifiers) }
        stack.source.objects = objects
        adapter.performUpdates()
      }
      switch step {
      case .update(let objects):
        update(objects)
        adapter.flushPendingUpdates()
      case .toggle(let id):
        toggle(id)
      case .updateAndToggle(let objects, let id):
        update(objects)
        toggle(id)
        adapter.flushPendingUpdates()
      case .select(let path):
        let view = stack.collectionView
        let exists =
          path.section >= 0 && path.section < view.numberOfSections && path.item >= 0
          && path.item < view.numberOfItems(inSection: path.section)
        if !exists { expecting.insert(.noSuchItem) }
        // Selecting an expandable section's last item is a tap on its toggle.
        let tapped =
          exists
          ? adapter.sectionController(forSection: path.section) as? FuzzExpandableController : nil
        let isToggle = tapped.map { path.item == $0.numberOfItems() - 1 } ?? false
        view.selectItem(at: path)
        if isToggle, let tapped, let id = (adapter.object(for: tapped) as? FuzzModel)?.id {
          if tapped.isExpanded { expanded.insert(id) } else { expanded.remove(id) }
        }
      case .scroll(let y):
        stack.collectionView.setContentOffset(Point(x: 0, y: y))
      case .resize(let size):
        stack.collectionView.setSize(size)
      }
      // Leaving the list ends an expansion.
      let present = Set(adapter.objects.map { ($0 as! FuzzModel).id })
      expanded.formIntersection(present)
      if let failure = check(stack, expanded: expanded, step: index, expecting: expecting) { return failure }
    }
    return nil
  }

  /// Every invariant of the stack after a step.
  func check(_ stack: FuzzStack, expanded: Set<Int>, step: Int, expecting: Set<Diagnostic.Kind>)
    -> FuzzFailure?
  {
    func fail(_ message: String) -> FuzzFailure { FuzzFailure(step: step, message: message) }
    let view = stack.collectionView
    // By default nothing waits: every frame is exact after each step. With the opt-in, changed
    // sections below the viewport stand at their last heights until reached, and a fresh stack
    // has none: first every element, read in a random order, must equal the fresh stack's;
    // then the waiting sections are laid out (their diagnostics belong to this step) and the
    // offset kept within the content, as scrolling there would.
    if let flow = view.collectionViewLayout as? FlowLayout {
      if !defers && flow.estimatedSectionCount > 0 {
        return fail("\(flow.estimatedSectionCount) sections wait at an estimate without the opt-in")
      }
      if !selfSizing, let failure = compareElementsInRandomOrder(stack, expanded: expanded, step: step) {
        return failure
      }
      if flow.estimatedSectionCount > 0 {
        flow.layOutEstimatedSections()
        view.setContentOffset(view.contentOffset)
      }
    }
    let raised = Array(view.diagnostics)
    view.diagnostics = DiagnosticLog()
    if let unexpected = raised.first(where: { !expecting.contains($0.kind) }) {
      return fail("unexpected diagnostic \(unexpected.kind): \(unexpected.message)")
    }
    // The reference: the data source's objects, first occurrences, and each one's item count.
    var seen = Set<Int>()
    let objects = stack.source.objects.filter { seen.insert($0.id).inserted }
    let shown = stack.adapter.objects.map { ($0 as! FuzzModel) }
    guard shown == objects else { return fail("objects \(shown) instead of \(objects)") }
    guard view.numberOfSections == objects.count else { return fail("\(view.numberOfSections) sections") }
    for (section, object) in objects.enumerated() {
      let expected =
        switch object.kind {
        case .plain, .binding, .sizing: object.rows.count
        case .expandable:
          2 + (object.rows.isEmpty ? 0 : 1) + (expanded.contains(object.id) ? object.rows.count : 0)
        }
      let items = view.numberOfItems(inSection: section)
      guard items == expected else {
        return fail("section \(section) (\(object)) has \(items) items, not \(expected)")
      }
    }
    for path in view.indexPathsForSelectedItems where path.item >= view.numberOfItems(inSection: path.section)
    {
      return fail("selected \(path) does not exist")
    }
    let size = view.contentSize
    let attributes = stack.allAttributes
    for element in attributes {
      let frame = element.frame
      guard [frame.minX, frame.minY, frame.width, frame.height].allSatisfy(\.isFinite), frame.width >= 0,
        frame.height >= 0
      else { return fail("\(element.kind) \(element.indexPath) frame \(frame)") }
      if element.category == .cell, frame.minY < 0 || frame.maxY > size.height + 1e-9 {
        return fail("cell \(element.indexPath) at \(frame) outside the content (\(size))")
      }
    }
    // One card per non-empty section, covering its items and drawn behind them.
    let cards = attributes.filter { $0.kind == .sectionCard }
    for section in 0..<objects.count {
      let items = attributes.filter { $0.category == .cell && $0.indexPath.section == section }
      let sectionCards = cards.filter { $0.indexPath.section == section }
      if view.numberOfItems(inSection: section) == 0 {
        guard sectionCards.isEmpty else { return fail("a card behind empty section \(section)") }
        continue
      }
      guard sectionCards.count == 1, let card = sectionCards.first else {
        return fail("\(sectionCards.count) cards behind section \(section)")
      }
      for item in items where item.frame.width > 0 && item.frame.height > 0 {
        let covered =
          card.frame.minX <= item.frame.minX && card.frame.minY <= item.frame.minY
          && card.frame.maxX >= item.frame.maxX && card.frame.maxY >= item.frame.maxY
        guard covered, LayoutAttributes.drawsBefore(card, item) else {
          return fail(
            "section \(section)'s card \(card.frame) does not cover \(item.indexPath) \(item.frame)")
        }
      }
    }
    let visible = view.visibleElements()
    // A toggle animates: its transition ends exactly at the layout. It is drawn at its end
    // below, then left part-way, so the next animated step interrupts it.
    if view.transition != nil {
      view.transitionProgress = 1
      guard view.displayedElements().map(\.attributes) == visible else {
        return fail("a transition at its end differs from the layout")
      }
    }
    defer { if view.transition != nil { view.transitionProgress = Double((step + 10) % 10) / 10 } }
    for (a, b) in zip(visible, visible.dropFirst()) where LayoutAttributes.drawsBefore(b, a) {
      return fail("visible elements out of drawing order: \(a.kind) \(a.indexPath), \(b.kind) \(b.indexPath)")
    }
    if selfSizing {
      // On screen, a self-sized cell is as tall as its text at its width.
      for element in visible where element.category == .cell {
        guard let descriptor = view.cellDescriptor(at: element.indexPath), descriptor.size.isEstimated else {
          continue
        }
        let measured = view.measure(descriptor, width: element.frame.width).height
        guard element.frame.height == measured else {
          return fail("self-sized \(element.indexPath) is \(element.frame.height) tall, measures \(measured)")
        }
      }
      return nil
    }
    // A stack built fresh from the same objects, expansion, size and offset lays out and draws
    // exactly the same.
    let fresh = freshStack(like: stack, expanded: expanded)
    guard fresh.collectionView.contentSize == size else {
      return fail("content size \(size), a fresh stack's \(fresh.collectionView.contentSize)")
    }
    let freshAttributes = fresh.allAttributes
    guard freshAttributes == attributes else {
      let difference = zip(attributes, freshAttributes).first { $0 != $1 }
      return fail("attributes differ from a fresh stack's: \(String(describing: difference))")
    }
    guard fresh.collectionView.contentOffset == view.contentOffset else {
      return fail("offset \(view.contentOffset), fresh \(fresh.collectionView.contentOffset)")
    }
    let text = stack.rendered()
    guard text == fresh.rendered() else { return fail("the rendered frame differs from a fresh render") }
    return nil
  }

  /// A stack built fresh from the stack's objects, expansion, size and offset.
  func freshStack(like stack: FuzzStack, expanded: Set<Int>) -> FuzzStack {
    let view = stack.collectionView
    var seen = Set<Int>()
    let objects = stack.source.objects.filter { seen.insert($0.id).inserted }
    let fresh = FuzzStack(objects: stack.source.objects, size: view.bounds.size)
    fresh.collectionView.diagnostics = DiagnosticLog()
    var reexpanded = false
    for section in 0..<objects.count where expanded.contains(objects[section].id) {
      (fresh.adapter.sectionController(forSection: section) as? FuzzExpandableController)?.setExpanded(
        true, updatingList: false)
      reexpanded = true
    }
    if reexpanded { fresh.adapter.reloadData() }
    fresh.collectionView.setContentOffset(view.contentOffset)
    return fresh
  }

  /// Every item, header, footer and card, asked in a random order (seeded by the step), equals
  /// a fresh stack's answer: no answer depends on what was asked before.
  func compareElementsInRandomOrder(_ stack: FuzzStack, expanded: Set<Int>, step: Int) -> FuzzFailure? {
    let view = stack.collectionView
    let fresh = freshStack(like: stack, expanded: expanded)
    var queries: [(String, IndexPath)] = []
    for section in 0..<view.numberOfSections {
      queries.append(("header", IndexPath(item: 0, section: section)))
      queries.append(("card", IndexPath(item: 0, section: section)))
      for item in 0..<view.numberOfItems(inSection: section) {
        queries.append(("item", IndexPath(item: item, section: section)))
      }
    }
    var rng = SplitMix64(seed: UInt64(bitPattern: Int64(step)) &+ 0xF0E5)
    queries.shuffle(using: &rng)
    func answer(_ layout: any CollectionViewLayout, _ query: (String, IndexPath)) -> LayoutAttributes? {
      switch query.0 {
      case "header": layout.layoutAttributesForSupplementaryElement(ofKind: .header, at: query.1)
      case "card": layout.layoutAttributesForDecoration(ofKind: .sectionCard, at: query.1)
      default: layout.layoutAttributesForItem(at: query.1)
      }
    }
    for query in queries {
      let mine = answer(view.collectionViewLayout, query)
      let theirs = answer(fresh.collectionView.collectionViewLayout, query)
      guard mine == theirs else {
        return FuzzFailure(
          step: step,
          message:
            "\(query.0) \(query.1) asked in a random order: \(String(describing: mine)), fresh \(String(describing: theirs))"
        )
      }
    }
    return nil
  }

  /// The failing run with as few steps as still fail (each step dropped in turn while it keeps
  /// failing).
  func shortened() -> FuzzRun {
    var run = self
    var index = run.steps.count - 1
    while index >= 0 {
      var candidate = run
      candidate.steps.remove(at: index)
      if candidate.play() != nil { run = candidate }
      index -= 1
    }
    return run
  }
}

@MainActor
@Suite(.slow) struct StackFuzzTests {
  /// Steps per run mode in CI; `SECTIONAL_FUZZ_STEPS` asks for more.
  static var steps: Int {
    ProcessInfo.processInfo.environment["SECTIONAL_FUZZ_STEPS"].flatMap { Int($0) } ?? 1_500
  }

  /// Added to every mode's base seed, so a long run can explore seeds CI never plays:
  /// `SECTIONAL_FUZZ_SEED=1000000`.
  static var seedOffset: UInt64 {
    ProcessInfo.processInfo.environment["SECTIONAL_FUZZ_SEED"].flatMap { UInt64($0) } ?? 0
  }

  func fuzz(selfSizing: Bool, seedBase: UInt64, framesOnDemand: Bool = false, defers: Bool = false) {
    let perRun = 150
    let runs = max(1, Self.steps / perRun)
    for run in 0..<runs {
      let seed = seedBase &+ Self.seedOffset &+ UInt64(run)
      var generated = FuzzRun.generate(seed: seed, count: perRun, selfSizing: selfSizing)
      generated.framesOnDemand = framesOnDemand
      generated.defers = defers
      guard let failure = generated.play() else { continue }
      let short = generated.shortened()
      let replay = short.play().map(\.description) ?? "(passes when shortened)"
      Issue.record(
        """
        seed \(seed) (selfSizing: \(selfSizing), framesOnDemand: \(framesOnDemand), defers: \(defers)) \
        failed at \(failure)
        shortened to \(short.steps.count) steps, failing at \(replay):
        initial \(short.initial)
        \(short.steps.enumerated().map { "  \($0): \($1)" }.joined(separator: "\n"))
        """)
      return
    }
  }

  @Test func theStackMatchesAReferenceAndAFreshStackAfterEveryStep() {
    fuzz(selfSizing: false, seedBase: 0x5EC7_10AA)
  }

  @Test func selfSizingStacksKeepTheirInvariants() {
    fuzz(selfSizing: true, seedBase: 0x5E1F_512E)
  }

  /// The same runs with the layout building item frames on demand (a list past its budget):
  /// every attribute must equal a fresh stack's that stores them.
  @Test func framesBuiltOnDemandMatchStoredFrames() {
    fuzz(selfSizing: false, seedBase: 0x1A2_F00D, framesOnDemand: true)
  }

  /// With the opt-in deferral: every element asked in any order equals a fresh stack's, and
  /// self-sizing cells keep their invariants.
  @Test func deferredSectionsNeverChangeAnAnswerGiven() {
    fuzz(selfSizing: false, seedBase: 0xDEF_E55, defers: true)
    fuzz(selfSizing: true, seedBase: 0xDEF_512E, defers: true)
  }
}

@MainActor
@Suite struct FuzzFoundTests {
  /// Found by the fuzzer: a resize that shrank the content clamped the offset without laying out
  /// again, so self-sizing cells that the clamp brought into view kept their estimate.
  @Test func aClampedOffsetSizesTheCellsItBringsIntoView() {
    let objects = (0..<12).map { FuzzModel(id: 4 * $0 + 3, rows: [FuzzRow(id: $0, height: 3)], text: "") }
    let stack = FuzzStack(objects: objects, size: Size(width: 4, height: 10))
    let view = stack.collectionView
    view.setContentOffset(Point(x: 0, y: view.maximumContentOffsetY))
    view.setSize(Size(width: 30, height: 10))
    #expect(view.contentOffset.y <= view.maximumContentOffsetY)
    let cells = view.visibleElements().filter { $0.category == .cell }
    #expect(!cells.isEmpty)
    for cell in cells {
      let descriptor = view.cellDescriptor(at: cell.indexPath)!
      #expect(
        cell.frame.height == view.measure(descriptor, width: cell.frame.width).height, "\(cell.indexPath)")
    }
  }
}

/// The fuzzer's run of `seed`, as a long run found it failing.
@MainActor
private func play(seed: UInt64, selfSizing: Bool = false, framesOnDemand: Bool = false, defers: Bool = false)
  -> FuzzFailure?
{
  var run = FuzzRun.generate(seed: seed, count: 150, selfSizing: selfSizing)
  run.framesOnDemand = framesOnDemand
  run.defers = defers
  return run.play()
}

@MainActor
@Suite struct TransitionFuzzFoundTests {
  /// Found by the fuzzer: a section's header appearing with its first items was revealed only
  /// inside the card, which does not cover the header: at the end it was not drawn. (A reveal
  /// also clipped an item to the next staying one beside it on the same line.)
  @Test(.slow) func anAppearingHeaderIsDrawnAtTheEnd() {
    #expect(play(seed: 33_455_623, framesOnDemand: true).map(\.description) == nil)
    #expect(play(seed: 20_614_268, defers: true).map(\.description) == nil)
  }

  /// Found by the fuzzer: self-sizing cells measured as a scroll brought them into view changed
  /// the layout under a running transition, whose end frames then were not the layout's.
  @Test func cellsMeasuredAfterAToggleEndItsTransition() {
    #expect(play(seed: 1_585_110_893, selfSizing: true).map(\.description) == nil)
    #expect(play(seed: 239_787_774, selfSizing: true, defers: true).map(\.description) == nil)
  }
}
