/// Gives a ``CollectionView`` its counts and cells.
@MainActor
public protocol CollectionViewDataSource: AnyObject {
  func numberOfSections(in collectionView: CollectionView) -> Int
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CellDescriptor
  func collectionView(
    _ collectionView: CollectionView, supplementaryOfKind kind: ElementKind, inSection section: Int
  )
    -> SupplementaryDescriptor?
}

/// Told about selection and scrolling.
@MainActor
public protocol CollectionViewDelegate: AnyObject {
  func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath)
  func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath)
  /// The content offset or the size changed.
  func collectionViewDidScroll(_ collectionView: CollectionView)
}

/// A collection view without a screen: it owns the layout, the bounds and the content offset,
/// validates batch updates, turns them into the smallest invalidation, drives self-sizing, and
/// answers what is visible in drawing order. Fronts (the terminal) draw what it answers.
@MainActor
public final class CollectionView {
  public let layout: FlowLayout
  public weak var dataSource: (any CollectionViewDataSource)?
  public weak var delegate: (any CollectionViewDelegate)?

  /// Measures a cell whose size is estimated: its preferred size for the attributes it was given.
  /// Set by the front (the terminal measures wrapped text); nil keeps estimates as they are.
  public var measurer: ((CellDescriptor, LayoutAttributes) -> Size)?
  /// How many rounds of self-sizing one layout pass may take.
  public var maximumSelfSizingRounds = 16

  /// Problems found and corrected (inconsistent batches, bad index paths), most recent last.
  public private(set) var diagnostics: [String] = []
  public var diagnosticHandler: ((String) -> Void)?

  public private(set) var indexPathsForSelectedItems: Set<IndexPath> = []
  /// The item counts the view last showed: what a batch is checked against.
  public private(set) var itemCounts: [Int] = []

  public init(layout: FlowLayout = FlowLayout(), size: Size) {
    self.layout = layout
    layout.bounds = Rect(origin: .zero, size: Size(width: max(0, size.width), height: max(0, size.height)))
  }

  // MARK: - Geometry

  public var bounds: Rect { layout.bounds }
  public var contentOffset: Point { layout.bounds.origin }
  public var contentSize: Size { layout.contentSize }

  /// The largest y offset: the content's height less the viewport's, at least 0.
  public var maximumContentOffsetY: Double { max(0, contentSize.height - bounds.height) }

  /// A new viewport size (a terminal resize). A new width invalidates sizes.
  public func setSize(_ size: Size) {
    let clean = Size(
      width: size.width.isFinite ? max(0, size.width) : 0,
      height: size.height.isFinite ? max(0, size.height) : 0)
    let newBounds = Rect(origin: bounds.origin, size: clean)
    if layout.shouldInvalidateLayout(forBoundsChange: newBounds) {
      layout.invalidateLayout(with: layout.invalidationContext(forBoundsChange: newBounds))
    }
    layout.bounds = newBounds
    layoutIfNeeded()
    clampOffset()
    delegate?.collectionViewDidScroll(self)
  }

  /// Scrolls to `offset`, kept within the content.
  public func setContentOffset(_ offset: Point) {
    var newBounds = bounds
    newBounds.origin = Point(x: 0, y: offset.y.isFinite ? min(max(0, offset.y), maximumContentOffsetY) : 0)
    guard newBounds != bounds else { return }
    if layout.shouldInvalidateLayout(forBoundsChange: newBounds) {
      layout.invalidateLayout(with: layout.invalidationContext(forBoundsChange: newBounds))
    }
    layout.bounds = newBounds
    layoutIfNeeded()
    delegate?.collectionViewDidScroll(self)
  }

  /// Scrolls by `dy` rows.
  public func scroll(by dy: Double) { setContentOffset(Point(x: 0, y: contentOffset.y + dy)) }

  private func clampOffset() {
    if bounds.minY > maximumContentOffsetY { layout.bounds.origin.y = maximumContentOffsetY }
  }

  // MARK: - Data

  /// Forgets everything and asks the data source again.
  public func reloadData() {
    layout.invalidateLayout()
    itemCounts = currentCounts()
    indexPathsForSelectedItems = []
    layoutIfNeeded()
    clampOffset()
  }

  private func currentCounts() -> [Int] {
    guard let dataSource else { return [] }
    // A loop, not `map`: a main-actor closure handed to the standard library is checked for
    // its executor on every call.
    let count = max(0, dataSource.numberOfSections(in: self))
    var counts = [Int](repeating: 0, count: count)
    for section in 0..<count {
      counts[section] = max(0, dataSource.collectionView(self, numberOfItemsInSection: section))
    }
    return counts
  }

  /// Applies a batch the data source has already made. The batch is checked against the counts
  /// the view showed before and the data source's counts now, the way UIKit checks it; an
  /// inconsistent batch is reported ("section 3 had 5 items, now 9, with 3 inserted and 0
  /// deleted") and the view reloads instead — never a crash.
  ///
  /// - Returns: whether the batch was applied as given (false: it fell back to a reload).
  ///
  /// - Complexity: O(k) for a batch of k item changes and no section changes (a section
  ///   controller's own batch, such as a card's toggle): only the sections it touches are
  ///   checked. O(n) over all sections when sections are inserted, deleted, moved or reloaded.
  @discardableResult
  public func performBatchUpdates(_ updates: BatchUpdates) -> Bool {
    if updates.deletedSections.isEmpty && updates.insertedSections.isEmpty && updates.movedSections.isEmpty
      && updates.reloadedSections.isEmpty
    {
      return performItemUpdates(updates)
    }
    let newCounts = currentCounts()
    switch validate(updates, newCounts: newCounts) {
    case .failure(let error):
      report("invalid batch update: \(error); reloading")
      reloadData()
      return false
    case .success(let sources):
      var context = InvalidationContext()
      let structural =
        !updates.deletedSections.isEmpty || !updates.insertedSections.isEmpty
        || !updates.movedSections.isEmpty
      if structural {
        context.sectionUpdates = SectionUpdates(
          deleted: updates.deletedSections, inserted: updates.insertedSections,
          moved: updates.movedSections.map { ($0.from, $0.to) })
      }
      var newSectionOfOld = [Int](repeating: -1, count: itemCounts.count)
      for (new, old) in sources.enumerated() { if let old { newSectionOfOld[old] = new } }
      func newSection(_ old: Int) -> Int? {
        old >= 0 && old < newSectionOfOld.count && newSectionOfOld[old] >= 0 ? newSectionOfOld[old] : nil
      }
      context.reloadSections(updates.reloadedSections.compactMap(newSection))
      // Item changes rebuild their section and forget its preferred sizes (indexes shifted).
      var changed = Set(updates.insertedItems.map(\.section))
      changed.formUnion(updates.deletedItems.compactMap { newSection($0.section) })
      changed.formUnion(updates.reloadedItems.compactMap { newSection($0.section) })
      changed.formUnion(
        updates.movedItems.flatMap { [newSection($0.from.section), $0.to.section].compactMap { $0 } })
      // A survivor whose count changed without item updates naming it (validation allows that
      // only for reloaded sections, but be exact): the layout reads counts of these alone.
      for (new, old) in sources.enumerated() {
        if let old, itemCounts[old] != newCounts[new] { changed.insert(new) }
      }
      context.reloadSections(changed)
      layout.invalidateLayout(with: context)
      remapSelection(updates, newSection: newSection)
      itemCounts = newCounts
      layoutIfNeeded()
      clampOffset()
      return true
    }
  }

  /// A batch of item changes only: the section count must not change, and each touched section
  /// must add up.
  private func performItemUpdates(_ updates: BatchUpdates) -> Bool {
    guard let dataSource else { return false }
    let sectionCount = max(0, dataSource.numberOfSections(in: self))
    let touched = Set(
      (updates.insertedItems + updates.deletedItems + updates.reloadedItems).map(\.section)
        + updates.movedItems.flatMap { [$0.from.section, $0.to.section] })
    var failure: String?
    if sectionCount != itemCounts.count {
      failure =
        "the number of sections was \(itemCounts.count), now \(sectionCount), with 0 inserted and 0 deleted"
    } else if let bad = touched.first(where: { $0 < 0 || $0 >= sectionCount }) {
      failure = "section \(bad) does not exist"
    }
    var newCounts: [Int: Int] = [:]
    if failure == nil {
      for section in touched {
        newCounts[section] = max(0, dataSource.collectionView(self, numberOfItemsInSection: section))
      }
      var projected = itemCounts
      for (section, count) in newCounts { projected[section] = count }
      if case .failure(let error) = validate(updates, newCounts: projected, only: touched) {
        failure = error.description
      }
    }
    if let failure {
      report("invalid batch update: \(failure); reloading")
      reloadData()
      return false
    }
    var context = InvalidationContext()
    context.reloadSections(touched)
    layout.invalidateLayout(with: context)
    remapSelection(updates) { $0 }
    for (section, count) in newCounts { itemCounts[section] = count }
    layoutIfNeeded()
    clampOffset()
    return true
  }

  /// For each new section, the old section it came from — or why the batch does not fit.
  private func validate(_ updates: BatchUpdates, newCounts: [Int], only checked: Set<Int>? = nil)
    -> Result<[Int?], BatchUpdateError>
  {
    let oldCounts = itemCounts
    if let checked {
      // Item changes only: sections keep their indexes; check just the touched ones.
      if let error = checkItemPaths(updates, oldCounts: oldCounts, newCounts: newCounts) {
        return .failure(error)
      }
      let tally = ItemTally(updates)
      for section in checked.sorted() {
        if let error = checkCount(
          tally, old: section, new: section, oldCounts: oldCounts, newCounts: newCounts)
        {
          return .failure(error)
        }
      }
      return .success([])
    }
    let sectionUpdates = SectionUpdates(
      deleted: updates.deletedSections, inserted: updates.insertedSections,
      moved: updates.movedSections.map { ($0.from, $0.to) })
    guard let sources = sectionUpdates.sourceSections(oldCount: oldCounts.count, newCount: newCounts.count)
    else {
      return .failure(
        BatchUpdateError(
          description: "the number of sections was \(oldCounts.count), now \(newCounts.count), with "
            + "\(updates.insertedSections.count) inserted and \(updates.deletedSections.count) deleted"))
    }
    var reloaded = [Bool](repeating: false, count: oldCounts.count)
    for old in updates.reloadedSections {
      guard old >= 0 && old < oldCounts.count else {
        return .failure(BatchUpdateError(description: "reload of section \(old), which does not exist"))
      }
      reloaded[old] = true
    }
    if let error = checkItemPaths(updates, oldCounts: oldCounts, newCounts: newCounts) {
      return .failure(error)
    }
    let tally = ItemTally(updates)
    for (new, old) in sources.enumerated() {
      guard let old, !reloaded[old] else { continue }
      if let error = checkCount(tally, old: old, new: new, oldCounts: oldCounts, newCounts: newCounts) {
        return .failure(error)
      }
    }
    return .success(sources)
  }

  private func checkItemPaths(_ updates: BatchUpdates, oldCounts: [Int], newCounts: [Int])
    -> BatchUpdateError?
  {
    for path in updates.deletedItems + updates.reloadedItems + updates.movedItems.map(\.from) {
      guard path.section >= 0, path.section < oldCounts.count, path.item >= 0,
        path.item < oldCounts[path.section]
      else { return BatchUpdateError(description: "item \(path) does not exist before the update") }
    }
    for path in updates.insertedItems + updates.movedItems.map(\.to) {
      guard path.section >= 0, path.section < newCounts.count, path.item >= 0,
        path.item < newCounts[path.section]
      else { return BatchUpdateError(description: "item \(path) does not exist after the update") }
    }
    return nil
  }

  /// How many items a batch inserts, deletes and moves per section, counted once per batch so
  /// checking every section costs O(sections + items), not their product.
  private struct ItemTally {
    var inserted: [Int: Int] = [:]
    var deleted: [Int: Int] = [:]
    var movedIn: [Int: Int] = [:]
    var movedOut: [Int: Int] = [:]

    init(_ updates: BatchUpdates) {
      for path in updates.insertedItems { inserted[path.section, default: 0] += 1 }
      for path in updates.deletedItems { deleted[path.section, default: 0] += 1 }
      for move in updates.movedItems {
        movedIn[move.to.section, default: 0] += 1
        movedOut[move.from.section, default: 0] += 1
      }
    }
  }

  /// UIKit's arithmetic for one section: old count − deleted − moved out + inserted + moved in.
  private func checkCount(_ tally: ItemTally, old: Int, new: Int, oldCounts: [Int], newCounts: [Int])
    -> BatchUpdateError?
  {
    let inserted = tally.inserted[new] ?? 0
    let deleted = tally.deleted[old] ?? 0
    let movedIn = tally.movedIn[new] ?? 0
    let movedOut = tally.movedOut[old] ?? 0
    guard oldCounts[old] - deleted - movedOut + inserted + movedIn != newCounts[new] else { return nil }
    var text =
      "section \(new) had \(oldCounts[old]) items, now \(newCounts[new]), with \(inserted) inserted and \(deleted) deleted"
    if movedIn + movedOut > 0 { text += ", \(movedIn) moved in and \(movedOut) moved out" }
    return BatchUpdateError(description: text)
  }

  private func remapSelection(_ updates: BatchUpdates, newSection: (Int) -> Int?) {
    guard !indexPathsForSelectedItems.isEmpty else { return }
    let touched = Set(updates.deletedItems + updates.insertedItems + updates.reloadedItems)
    indexPathsForSelectedItems = Set(
      indexPathsForSelectedItems.compactMap { path in
        guard !touched.contains(path), let section = newSection(path.section) else { return nil }
        return IndexPath(item: path.item, section: section)
      })
  }

  // MARK: - Layout

  /// Prepares the layout and runs self-sizing for the visible cells until nothing is invalid
  /// (seed 001's loop), at most ``maximumSelfSizingRounds`` rounds.
  public func layoutIfNeeded() {
    layout.prepare()
    guard let measurer, let dataSource else { return }
    for _ in 0..<maximumSelfSizingRounds {
      var changed = false
      for original in layout.layoutAttributesForElements(in: bounds) where original.category == .cell {
        let descriptor = dataSource.collectionView(self, cellForItemAt: original.indexPath)
        guard descriptor.size.isEstimated else { continue }
        var preferred = original
        preferred.frame.size = measurer(descriptor, original)
        if layout.shouldInvalidateLayout(forPreferredAttributes: preferred, originalAttributes: original) {
          layout.invalidateLayout(
            with: layout.invalidationContext(forPreferredAttributes: preferred, originalAttributes: original))
          changed = true
        }
      }
      guard changed else { return }
      layout.prepare()
    }
  }

  /// Everything visible, in drawing order: by z-index, then decorations before cells before
  /// supplementaries, then section, then item. The order is a function of the attributes alone,
  /// so recycling can never stack a shadow above a cell (seed 000's bug).
  public func visibleElements() -> [LayoutAttributes] {
    layout.layoutAttributesForElements(in: bounds).sorted(by: LayoutAttributes.drawsBefore)
  }

  /// The cell descriptor for the item, or nil when it does not exist.
  public func cellDescriptor(at indexPath: IndexPath) -> CellDescriptor? {
    guard let dataSource, indexPath.section >= 0, indexPath.section < itemCounts.count, indexPath.item >= 0,
      indexPath.item < itemCounts[indexPath.section]
    else { return nil }
    return dataSource.collectionView(self, cellForItemAt: indexPath)
  }

  /// The header or footer descriptor of the section.
  public func supplementaryDescriptor(ofKind kind: ElementKind, inSection section: Int)
    -> SupplementaryDescriptor?
  {
    guard section >= 0, section < itemCounts.count else { return nil }
    return dataSource?.collectionView(self, supplementaryOfKind: kind, inSection: section)
  }

  // MARK: - Selection

  /// Selects the item and tells the delegate. Out-of-range paths are reported and ignored.
  public func selectItem(at indexPath: IndexPath) {
    guard indexPath.section >= 0, indexPath.section < itemCounts.count, indexPath.item >= 0,
      indexPath.item < itemCounts[indexPath.section]
    else {
      report("select item \(indexPath): no such item")
      return
    }
    indexPathsForSelectedItems.insert(indexPath)
    delegate?.collectionView(self, didSelectItemAt: indexPath)
  }

  public func deselectItem(at indexPath: IndexPath) {
    guard indexPathsForSelectedItems.remove(indexPath) != nil else { return }
    delegate?.collectionView(self, didDeselectItemAt: indexPath)
  }

  func report(_ message: String) {
    if diagnostics.count == 256 { diagnostics.removeFirst(64) }
    diagnostics.append(message)
    diagnosticHandler?(message)
  }
}
