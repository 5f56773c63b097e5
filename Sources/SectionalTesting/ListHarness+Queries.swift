import Sectional
import SectionalTerminal

extension ListHarness {
  /// The section showing `object` (matched by diff identifier), or nil.
  public func section(of object: any ListDiffable) -> Int? {
    adapter.sectionController(for: object).flatMap { adapter.section(for: $0) }
  }

  /// The controller showing `object`, or nil.
  public func controller(for object: any ListDiffable) -> SectionController? {
    adapter.sectionController(for: object)
  }

  /// The controller showing `object` as your controller class, or nil (absent, or another
  /// class).
  public func controller<Controller: SectionController>(
    for object: any ListDiffable, as type: Controller.Type
  ) -> Controller? {
    adapter.sectionController(for: object) as? Controller
  }

  /// How many items `object`'s section has, as the collection view validated them (0 when the
  /// object is not in the list).
  public func numberOfItems(inSectionOf object: any ListDiffable) -> Int {
    section(of: object).map { collectionView.numberOfItems(inSection: $0) } ?? 0
  }

  /// The cell descriptors of `object`'s section, in item order.
  public func descriptors(inSectionOf object: any ListDiffable) -> [CellDescriptor] {
    guard let section = section(of: object) else { return [] }
    return (0..<collectionView.numberOfItems(inSection: section)).compactMap {
      collectionView.cellDescriptor(at: IndexPath(item: $0, section: section))
    }
  }

  /// The frames of `object`'s items, in item order and content coordinates — where a fresh list
  /// would put them: sections changed off screen that wait at their old heights are laid out
  /// first.
  public func frames(inSectionOf object: any ListDiffable) -> [Rect] {
    guard let section = section(of: object) else { return [] }
    layOutWaitingSections()
    return (0..<collectionView.numberOfItems(inSection: section)).compactMap {
      collectionView.layoutAttributesForItem(at: IndexPath(item: $0, section: section))?.frame
    }
  }

  /// The decorations the layout emits for `object`'s section (its card, shelves, background),
  /// in drawing order.
  public func decorations(inSectionOf object: any ListDiffable) -> [LayoutAttributes] {
    guard let section = section(of: object) else { return [] }
    layOutWaitingSections()
    let layout = collectionView.collectionViewLayout
    let everything = Rect(
      x: -1e9, y: -1e9, width: 2e9 + layout.contentSize.width, height: 2e9 + layout.contentSize.height)
    return layout.layoutAttributesForElements(in: everything)
      .filter { $0.category == .decoration && $0.indexPath.section == section }
      .sorted(by: LayoutAttributes.drawsBefore)
  }

  /// What the viewport shows now, in drawing order.
  public var visibleElements: [LayoutAttributes] { collectionView.visibleElements() }

  /// The objects whose sections are at least partly visible, in list order.
  public var visibleObjects: [any ListDiffable] { adapter.visibleObjects }

  /// The visible frame drawn by the text front, plain (no colour), one line a row with trailing
  /// spaces trimmed: what a user would see in a terminal of this size, the adapter's empty view
  /// included. Throws when drawing raised a diagnostic not in `expecting` (a reuse kind with no
  /// registered view, say).
  public func render(expecting: Set<Diagnostic.Kind> = []) throws -> String {
    let columns = Int(max(0, collectionView.bounds.width).rounded(.down))
    let rows = Int(max(0, collectionView.bounds.height).rounded(.down))
    var canvas = Canvas(width: columns, height: rows)
    try act("render()", expecting: expecting, keepingTransition: nil) { harness in
      harness.renderer.render(harness.collectionView, emptyView: harness.adapter.emptyView, into: &canvas)
    }
    return canvas.plainText()
  }

  /// The transition the last `animated: true` call built, until another call ends it; nil when
  /// that call moved nothing visible.
  public var transition: LayoutTransition? { collectionView.transition }

  /// What the viewport shows at `progress` (0 to 1) of the ``transition``, in drawing order; the
  /// visible elements when there is none.
  public func elements(atProgress progress: Double) -> [LayoutAttributes] {
    collectionView.transitionProgress = progress
    return collectionView.displayedElements().map(\.attributes)
  }

  /// ``render(expecting:)`` at `progress` (0 to 1) of the ``transition``: the middle of an
  /// expansion, say. Any progress, in any order; the transition stays.
  public func render(atProgress progress: Double, expecting: Set<Diagnostic.Kind> = []) throws -> String {
    collectionView.transitionProgress = progress
    return try render(expecting: expecting)
  }

  /// Compares ``render(expecting:)`` with the golden file `Snapshots/<name>` beside the calling
  /// test file; see ``assertSnapshot(_:named:filePath:)``.
  public func assertSnapshot(
    named name: String, expecting: Set<Diagnostic.Kind> = [], filePath: StaticString = #filePath
  ) throws {
    let text = try render(expecting: expecting)
    try SectionalTesting.assertSnapshot(text, named: name, filePath: filePath)
  }

  /// Lays out the sections a flow layout left at estimates, so that frames are exact.
  private func layOutWaitingSections() {
    (collectionView.collectionViewLayout as? FlowLayout)?.layOutEstimatedSections()
  }
}
