import SectionalDiff

/// A vertical flow layout: items flow left to right and wrap into lines, a line as tall as its
/// tallest item (items align to the line's top); an optional header and footer per section;
/// optional sticky headers; and per-section decorations — the section card of seed 000, shelves
/// of seed 002, section backgrounds of seed 004 — each computed once and cached.
///
/// Item frames are cached per section, relative to the section; section offsets live in a sum
/// tree. Changing one section's height costs O(log n) plus that section's items; a rect query
/// costs O(log n + k).
public final class FlowLayout: CollectionViewLayout {
  public weak var dataSource: (any FlowLayoutDataSource)?

  // MARK: - Configuration (defaults for the data source)

  public var sectionInset = EdgeInsets.zero { didSet { invalidateLayout() } }
  public var lineSpacing = 0.0 { didSet { invalidateLayout() } }
  public var interitemSpacing = 0.0 { didSet { invalidateLayout() } }
  public var headerHeight = 0.0 { didSet { invalidateLayout() } }
  public var footerHeight = 0.0 { didSet { invalidateLayout() } }
  /// The decorations every section gets, by kind, with their default style. Supported kinds:
  /// ``ElementKind/sectionCard``, ``ElementKind/shelf``, ``ElementKind/sectionBackground``.
  public var decorationStyles: [ElementKind: DecorationStyle] = [:] { didSet { invalidateLayout() } }
  /// How far the section card extends beyond the union of its section's items.
  public var cardOutset = EdgeInsets.zero { didSet { invalidateLayout() } }
  /// Whether the section card also covers the header and the footer.
  public var cardIncludesHeader = false { didSet { invalidateLayout() } }
  public var cardIncludesFooter = false { didSet { invalidateLayout() } }
  /// The height of the shelf drawn under each line.
  public var shelfHeight = 1.0 { didSet { invalidateLayout() } }
  /// Whether a section's header stays at the top of the visible bounds while its section is on
  /// screen, pushed off by the next one.
  public var sectionHeadersPinToVisibleBounds = false
  /// How many times one item's preferred size may change before the layout stops asking.
  public var maximumSelfSizingPasses = 8

  /// Corrections the layout made rather than crash, most recent last (the last 256).
  public private(set) var diagnostics: [LayoutDiagnostic] = []
  /// Called with each diagnostic as it happens.
  public var diagnosticHandler: ((LayoutDiagnostic) -> Void)?

  public var bounds = Rect.zero

  public init() {}

  // MARK: - Cache

  var records: [SectionRecord] = []
  var items = BlockArena(filler: StoredRect.zero)
  var shelves = BlockArena(filler: StoredRect.zero)
  var offsets = OffsetTree()
  var styles: [DecorationStyle] = []
  var styleIndexes: [DecorationStyle: Int32] = [:]
  /// Preferred sizes from self-sizing cells, kept until the item is reloaded or the width changes.
  var preferredSizes: [IndexPath: Size] = [:]
  /// How often each item's preferred size changed since it was last reloaded.
  var selfSizingPasses: [IndexPath: Int] = [:]
  var reportedRunaways: Set<IndexPath> = []
  var preparedWidth = -1.0
  var needsFullRebuild = true
  var needsCounts = false
  var pendingSectionUpdates: SectionUpdates?
  var dirtySections: Set<Int> = []
  /// What contexts named while section updates were pending, in the new numbering.
  var afterStructuralChanges = InvalidationContext()
  /// How far any decoration reaches above (`top`) or below (`bottom`) its own section: queries
  /// widen their section search by it. Only grows between full rebuilds, which is safe: results
  /// are filtered by intersection.
  var decorationOverhang = EdgeInsets.zero
  /// Reused by queries so they allocate nothing but their result.
  var scratchOrigins: [Double] = []
  /// How many times a section was computed from the data source (for tests of caching).
  private(set) var sectionComputations = 0

  public var numberOfSections: Int { records.count }

  public func numberOfItems(inSection section: Int) -> Int {
    records.indices.contains(section) ? Int(records[section].itemCount) : 0
  }

  public var contentSize: Size { Size(width: Swift.max(0, bounds.width), height: offsets.total) }

  // MARK: - Invalidation

  public func invalidateLayout(with context: InvalidationContext) {
    if context.invalidatesEverything {
      needsFullRebuild = true
      selfSizingPasses = [:]
      reportedRunaways = []
    }
    if let updates = context.sectionUpdates {
      if pendingSectionUpdates == nil { pendingSectionUpdates = updates } else { needsFullRebuild = true }
    }
    if context.invalidatesDataSourceCounts { needsCounts = true }
    if pendingSectionUpdates != nil {
      // Once sections are inserted, deleted or moved, the data source is in its new state and
      // everything a context names is in the new numbering: apply it after the structure.
      afterStructuralChanges.formUnion(context.namedElements)
    } else {
      invalidateNamedElements(of: context)
    }
  }

  /// Preferred sizes to store, and the sections to recompute, from what a context names.
  private func invalidateNamedElements(of context: InvalidationContext) {
    for section in context.reloadedSections {
      preferredSizes = preferredSizes.filter { $0.key.section != section }
      selfSizingPasses = selfSizingPasses.filter { $0.key.section != section }
    }
    for (indexPath, size) in context.preferredSizes {
      preferredSizes[indexPath] = size
      selfSizingPasses[indexPath, default: 0] += 1
    }
    dirtySections.formUnion(context.invalidatedSections)
    for indexPath in context.invalidatedItems { dirtySections.insert(indexPath.section) }
    for paths in context.invalidatedSupplementaries.values { dirtySections.formUnion(paths.map(\.section)) }
    for paths in context.invalidatedDecorations.values { dirtySections.formUnion(paths.map(\.section)) }
  }

  public func shouldInvalidateLayout(forBoundsChange newBounds: Rect) -> Bool {
    newBounds.width != bounds.width || (sectionHeadersPinToVisibleBounds && newBounds.minY != bounds.minY)
  }

  public func invalidationContext(forBoundsChange newBounds: Rect) -> InvalidationContext {
    var context = InvalidationContext()
    if newBounds.width != bounds.width {
      context.invalidatesEverything = true
    } else if sectionHeadersPinToVisibleBounds {
      // Pinned headers are placed at query time from the cached sections: nothing to recompute,
      // but views showing headers must refresh.
      let visible = sectionRange(intersecting: newBounds.union(bounds))
      context.invalidateSupplementaryElements(
        ofKind: .header, at: visible.map { IndexPath(item: 0, section: $0) })
    }
    return context
  }

  // MARK: - Prepare

  public func prepare() {
    let width = sanitizedWidth
    if needsFullRebuild || width != preparedWidth {
      if width != preparedWidth {
        preferredSizes = [:]
        selfSizingPasses = [:]
        reportedRunaways = []
        afterStructuralChanges = InvalidationContext()
      }
      rebuildEverything(width: width)
      return
    }
    if pendingSectionUpdates != nil || needsCounts {
      applyStructuralChanges()
    }
    for section in dirtySections where section >= 0 && section < records.count {
      computeSection(section, width: width)
      offsets.setHeight(records[section].height, at: section)
    }
    dirtySections = []
    compactIfNeeded()
  }

  var sanitizedWidth: Double {
    bounds.width.isFinite && bounds.width > 0 ? bounds.width : 0
  }

  private func rebuildEverything(width: Double) {
    takeNamedAfterStructuralChanges()
    let sectionCount = sanitizedCount(dataSource.map { $0.numberOfSections(in: self) } ?? 0, what: "sections")
    // Free the old cache before building the new one: peak memory is one cache, not two.
    records = []
    items.removeAll(reservingCapacity: 0)
    shelves.removeAll(reservingCapacity: 0)
    offsets = OffsetTree()
    var counts = [Int](repeating: 0, count: sectionCount)
    var totalItems = 0
    if let dataSource {
      for section in 0..<sectionCount {
        counts[section] = sanitizedCount(
          dataSource.layout(self, numberOfItemsInSection: section), what: "items")
        totalItems += counts[section]
      }
    }
    records = [SectionRecord](repeating: SectionRecord(), count: sectionCount)
    items.removeAll(reservingCapacity: totalItems)
    shelves.removeAll(reservingCapacity: decorationStyles[.shelf] == nil ? 0 : totalItems)
    styles = []
    styleIndexes = [:]
    decorationOverhang = .zero
    var heights = [Double](repeating: 0, count: sectionCount)
    for section in 0..<sectionCount {
      computeSection(section, width: width, itemCount: counts[section])
      heights[section] = records[section].height
    }
    offsets.rebuild(heights: heights)
    preparedWidth = width
    needsFullRebuild = false
    needsCounts = false
    pendingSectionUpdates = nil
    dirtySections = []
  }

  /// Applies what contexts named while section updates were pending (nothing to recompute
  /// after a full rebuild, but preferred sizes are kept).
  private func takeNamedAfterStructuralChanges() {
    guard !afterStructuralChanges.isEmpty else { return }
    let named = afterStructuralChanges
    afterStructuralChanges = InvalidationContext()
    invalidateNamedElements(of: named)
  }

  /// Applies section inserts, deletes and moves to the cache without recomputing survivors.
  private func applyStructuralChanges() {
    let newCount = sanitizedCount(dataSource.map { $0.numberOfSections(in: self) } ?? 0, what: "sections")
    let updates = pendingSectionUpdates ?? SectionUpdates()
    let countsMayHaveChanged = needsCounts
    pendingSectionUpdates = nil
    needsCounts = false
    guard let sources = updates.sourceSections(oldCount: records.count, newCount: newCount) else {
      report(
        .inconsistentUpdate, nil,
        "section updates (\(updates.deleted.count) deleted, \(updates.inserted.count) inserted) do not turn "
          + "\(records.count) sections into \(newCount); recomputed everything")
      rebuildEverything(width: sanitizedWidth)
      return
    }
    var newSectionOfOld = [Int](repeating: -1, count: records.count)
    var newRecords = [SectionRecord](repeating: SectionRecord(), count: newCount)
    var newDirty: Set<Int> = []
    for (newSection, source) in sources.enumerated() {
      if let source {
        newRecords[newSection] = records[source]
        newSectionOfOld[source] = newSection
        if dirtySections.contains(source) { newDirty.insert(newSection) }
      } else {
        newDirty.insert(newSection)
      }
    }
    for (old, new) in newSectionOfOld.enumerated() where new < 0 {
      items.release(capacity: records[old].itemCapacity)
      shelves.release(capacity: records[old].shelfCapacity)
    }
    func remap<Value>(_ dictionary: [IndexPath: Value]) -> [IndexPath: Value] {
      var remapped: [IndexPath: Value] = [:]
      for (path, value) in dictionary where path.section < newSectionOfOld.count {
        let section = newSectionOfOld[path.section]
        if section >= 0 { remapped[IndexPath(item: path.item, section: section)] = value }
      }
      return remapped
    }
    preferredSizes = remap(preferredSizes)
    selfSizingPasses = remap(selfSizingPasses)
    records = newRecords
    dirtySections = newDirty
    takeNamedAfterStructuralChanges()
    newDirty = dirtySections.filter { $0 >= 0 && $0 < newCount }
    // Surviving sections may have changed their item counts too when counts were invalidated
    // without naming sections; the data source is the truth, so compare. Section updates alone
    // promise that survivors kept their counts (invalidate those that did not).
    if countsMayHaveChanged, let dataSource {
      for section in 0..<newCount where !newDirty.contains(section) {
        if dataSource.layout(self, numberOfItemsInSection: section) != Int(records[section].itemCount) {
          newDirty.insert(section)
        }
      }
    }
    let width = sanitizedWidth
    for section in newDirty { computeSection(section, width: width) }
    dirtySections = []
    offsets.rebuild(heights: records.map(\.height))
  }

  private func compactIfNeeded() {
    if items.needsCompaction {
      items.compact(&records, keyPath: \.itemStart, countPath: \.itemCount, capacityPath: \.itemCapacity)
    }
    if shelves.needsCompaction {
      shelves.compact(&records, keyPath: \.shelfStart, countPath: \.shelfCount, capacityPath: \.shelfCapacity)
    }
  }

  // MARK: - One section

  /// Computes one section's items, lines, header, footer and decorations from the data source.
  ///
  /// - Complexity: O(items in the section).
  func computeSection(_ section: Int, width: Double, itemCount knownCount: Int? = nil) {
    sectionComputations += 1
    guard let dataSource else {
      records[section] = SectionRecord()
      return
    }
    var record = records[section]
    let count =
      knownCount ?? sanitizedCount(dataSource.layout(self, numberOfItemsInSection: section), what: "items")
    let headerHeight = sanitized(
      dataSource.layout(self, headerHeightForSection: section), "header height", section)
    let footerHeight = sanitized(
      dataSource.layout(self, footerHeightForSection: section), "footer height", section)
    record.headerHeight = Float(headerHeight)
    record.footerHeight = Float(footerHeight)
    record.itemCount = Int32(truncatingIfNeeded: count)
    record.maxLineHeight = 0
    record.cardStyle = -1
    record.backgroundStyle = -1
    record.shelfStyle = -1
    record.shelfCount = 0

    guard count > 0 else {
      record.height = headerHeight + footerHeight
      records[section] = record
      return
    }

    let rawInset = dataSource.layout(self, insetForSection: section)
    let inset = EdgeInsets(
      top: sanitized(rawInset.top, "inset", section), left: sanitized(rawInset.left, "inset", section),
      bottom: sanitized(rawInset.bottom, "inset", section), right: sanitized(rawInset.right, "inset", section)
    )
    let lineSpacing = sanitized(
      dataSource.layout(self, lineSpacingForSection: section), "line spacing", section)
    let interitemSpacing = sanitized(
      dataSource.layout(self, interitemSpacingForSection: section), "interitem spacing", section)
    let available = Swift.max(0, width - inset.left - inset.right)
    let left = Swift.min(inset.left, width)

    items.block(count: count, start: &record.itemStart, capacity: &record.itemCapacity)
    let shelfStyle = dataSource.layout(self, decorationStyleOfKind: .shelf, forSection: section)
    if shelfStyle != nil {
      // At most one line per item.
      shelves.block(count: count, start: &record.shelfStart, capacity: &record.shelfCapacity)
    }

    var x = left
    var lineTop = headerHeight + inset.top
    var lineHeight = 0.0
    var maxLineHeight = 0.0
    var union: Rect?
    let start = Int(record.itemStart)
    for item in 0..<count {
      let indexPath = IndexPath(item: item, section: section)
      var size = dataSource.layout(self, sizeForItemAt: indexPath).resolved(
        preferred: preferredSizes[indexPath])
      if !size.isValid {
        report(.invalidSize, indexPath, "item \(indexPath) has size \(size); used 0×0")
        size = Size(
          width: size.width.isFinite ? Swift.max(0, size.width) : 0,
          height: size.height.isFinite ? Swift.max(0, size.height) : 0)
      }
      if size.width > available {
        report(
          .itemTooWide, indexPath, "item \(indexPath) is \(size.width) wide in \(available); narrowed to fit")
        size.width = available
      }
      if x > left && x + size.width > left + available {
        if shelfStyle != nil {
          appendShelf(&record, lineBottom: lineTop + lineHeight, left: left, width: available)
        }
        lineTop += lineHeight + lineSpacing
        maxLineHeight = Swift.max(maxLineHeight, lineHeight)
        lineHeight = 0
        x = left
      }
      let frame = Rect(x: x, y: lineTop, width: size.width, height: size.height)
      items.storage[start + item] = StoredRect(frame)
      union = union.map { $0.union(frame) } ?? frame
      x += size.width + interitemSpacing
      lineHeight = Swift.max(lineHeight, size.height)
    }
    if shelfStyle != nil {
      appendShelf(&record, lineBottom: lineTop + lineHeight, left: left, width: available)
    }
    maxLineHeight = Swift.max(maxLineHeight, lineHeight)
    let itemsBottom = lineTop + lineHeight
    record.maxLineHeight = Float(maxLineHeight)
    record.height = itemsBottom + inset.bottom + footerHeight

    if let style = dataSource.layout(self, decorationStyleOfKind: .sectionCard, forSection: section),
      var card = union
    {
      if cardIncludesHeader && headerHeight > 0 {
        card = card.union(Rect(x: 0, y: 0, width: width, height: headerHeight))
      }
      if cardIncludesFooter && footerHeight > 0 {
        card = card.union(Rect(x: 0, y: itemsBottom + inset.bottom, width: width, height: footerHeight))
      }
      record.card = StoredRect(card.outset(by: cardOutset))
      record.cardStyle = styleIndex(style)
    }
    if let style = dataSource.layout(self, decorationStyleOfKind: .sectionBackground, forSection: section) {
      record.backgroundStyle = styleIndex(style)
    }
    if let shelfStyle { record.shelfStyle = styleIndex(shelfStyle) }
    if record.cardStyle >= 0 {
      noteOverhang(top: Double(record.card.y), bottom: Double(record.card.y + record.card.height), record)
    }
    if record.shelfCount > 0 {
      let last = shelves.storage[Int(record.shelfStart) + Int(record.shelfCount) - 1]
      noteOverhang(top: 0, bottom: Double(last.y + last.height), record)
    }
    records[section] = record
  }

  private func noteOverhang(top: Double, bottom: Double, _ record: SectionRecord) {
    decorationOverhang.top = Swift.max(decorationOverhang.top, -top)
    decorationOverhang.bottom = Swift.max(decorationOverhang.bottom, bottom - record.height)
  }

  private func appendShelf(_ record: inout SectionRecord, lineBottom: Double, left: Double, width: Double) {
    let frame = Rect(x: left, y: lineBottom, width: width, height: Swift.max(0, shelfHeight))
    shelves.storage[Int(record.shelfStart) + Int(record.shelfCount)] = StoredRect(frame)
    record.shelfCount += 1
  }

  private func styleIndex(_ style: DecorationStyle) -> Int32 {
    if let index = styleIndexes[style] { return index }
    let index = Int32(truncatingIfNeeded: styles.count)
    styles.append(style)
    styleIndexes[style] = index
    return index
  }

  // MARK: - Diagnostics

  func report(_ kind: LayoutDiagnostic.Kind, _ indexPath: IndexPath?, _ message: String) {
    let diagnostic = LayoutDiagnostic(kind: kind, indexPath: indexPath, message: message)
    if diagnostics.count == 256 { diagnostics.removeFirst(64) }
    diagnostics.append(diagnostic)
    diagnosticHandler?(diagnostic)
  }

  private func sanitized(_ value: Double, _ what: String, _ section: Int) -> Double {
    if value.isFinite && value >= 0 { return value }
    report(
      .invalidSize, IndexPath(item: 0, section: section), "section \(section) has \(what) \(value); used 0")
    return 0
  }

  private func sanitizedCount(_ value: Int, what: String) -> Int {
    if value >= 0 { return value }
    report(.invalidSize, nil, "the data source gave \(value) \(what); used 0")
    return 0
  }
}

extension ItemSize {
  /// The size to lay out: the preferred size for an estimated item that has one.
  func resolved(preferred: Size?) -> Size {
    switch self {
    case .exact(let size): size
    case .estimated(let size): preferred ?? size
    }
  }
}
