import SectionalLayout

// Animated batches: the attributes before the update are captured, the update is applied as
// any other, and each element visible before or after is paired with itself across it. The
// view keeps the resulting transition and the progress a front gives it; the layout is at its
// end state throughout, so every query answers as if the update were not animated.

/// Which element an attributes value is, across the layout's answers.
struct ElementKey: Hashable {
  var category: ElementCategory
  var kind: ElementKind
  var indexPath: IndexPath

  init(_ attributes: LayoutAttributes) {
    category = attributes.category
    kind = attributes.kind
    indexPath = attributes.indexPath
  }

  init(category: ElementCategory, kind: ElementKind, indexPath: IndexPath) {
    self.category = category
    self.kind = kind
    self.indexPath = indexPath
  }
}

/// One element as it shows now, with what the transition does with it: all a front needs to
/// draw it. A leaving element is no longer in the data source, so its content is whatever the
/// front last drew for it, which the front keeps under its ``departureID``, else
/// ``departingCell`` (or ``departingSupplementary``).
public struct DisplayedElement: Hashable, Sendable {
  /// Where it is now: frame, z order, alpha, clip, and which element it is.
  public var attributes: LayoutAttributes
  /// What it does in the running transition; nil when the transition does not cover it (or
  /// none runs).
  public var phase: LayoutTransition.Phase?
  /// A leaving element's identity, unique across transitions; 0 for any other element.
  public var departureID = 0
  /// Its index path before the update (nil when it appears).
  public var before: IndexPath?
  /// Its index path after the update (nil when it leaves).
  public var after: IndexPath?
  /// Its frame at the start of the transition, in the content coordinates before the update.
  public var startFrame: Rect
  /// Its frame at the end of the transition: where the layout has it.
  public var endFrame: Rect
  /// A leaving cell's content as its data source gave it just before the update, when the
  /// data source had the view capture it (the diffable data source does); nil otherwise. A front
  /// draws what it last drew for the element, else this.
  public var departingCell: CellDescriptor?
  /// ``departingCell`` for a leaving header, footer or badge.
  public var departingSupplementary: SupplementaryDescriptor?

  init(attributes: LayoutAttributes) {
    self.attributes = attributes
    before = attributes.indexPath
    after = attributes.indexPath
    startFrame = attributes.frame
    endFrame = attributes.frame
  }

  init(attributes: LayoutAttributes, element: LayoutTransition.Element) {
    self.attributes = attributes
    phase = element.phase
    departureID = element.phase == .disappearing ? element.departureID : 0
    before = element.phase == .appearing ? nil : element.start.indexPath
    after = element.phase == .disappearing ? nil : element.end.indexPath
    startFrame = element.start.frame
    endFrame = element.end.frame
  }
}

/// A leaving element's content, read before its data went.
enum DepartingContent {
  case cell(CellDescriptor)
  case supplementary(SupplementaryDescriptor)
}

/// What the view looked like just before an animated batch.
struct TransitionStart {
  /// The elements around the viewport, in the numbering before the batch, each as it showed.
  var elements: [LayoutAttributes] = []
  /// Elements of an interrupted transition still leaving: they go on from where they are.
  var leaving: [LayoutTransition.Element] = []
  /// What the visible elements a batch removes showed, read before the data changed.
  var contents: [ElementKey: DepartingContent] = [:]
  /// The captured contents of ``leaving``, by departure identity.
  var departing: [Int: DepartingContent] = [:]
  var bounds: Rect
  var generation: Int
  var sectionCount: Int
}

extension CollectionView {
  /// The running transition: set by an animated batch, ended by ``finishTransition()``, by any
  /// batch that is not animated, by a reload and by a new width or layout.
  public var transition: LayoutTransition? { currentTransition }

  /// How far the running transition has come, 0 to 1 (linear: ``LayoutTransition`` eases it);
  /// 1 without one. A front sets it from its clock and calls ``finishTransition()`` at the end; a
  /// test sets any progress, in any order.
  public var transitionProgress: Double {
    get { currentTransition == nil ? 1 : progressOfTransition }
    set {
      progressOfTransition = newValue.isFinite ? min(1, max(0, newValue)) : 1
      if currentTransition != nil { setNeedsDisplay() }
    }
  }

  /// Ends the running transition at its end state (what the layout already shows).
  public func finishTransition() {
    currentTransition = nil
    progressOfTransition = 0
    departingContents = [:]
  }

  /// What to draw now in `rect` (the viewport by default, or any other part of the content), in
  /// drawing order: the elements the layout has there, or during a transition each element
  /// where it is at ``transitionProgress`` with what the transition does with it (and, after a
  /// scroll or a taller viewport, the elements the transition does not cover, where the layout
  /// has them). An item being moved interactively, or a lifted section, is drawn on top.
  public func displayedElements(in rect: Rect? = nil) -> [DisplayedElement] {
    let rect = rect ?? bounds
    var elements: [DisplayedElement] = []
    if let transition = currentTransition {
      elements.reserveCapacity(transition.elements.count)
      for element in transition.elements {
        guard let attributes = transition.attributes(of: element, at: progressOfTransition, in: bounds),
          attributes.frame.intersects(rect)
        else { continue }
        var displayed = DisplayedElement(attributes: attributes, element: element)
        if element.phase == .disappearing {
          switch departingContents[element.departureID] {
          case .cell(let cell): displayed.departingCell = cell
          case .supplementary(let supplementary): displayed.departingSupplementary = supplementary
          case nil: break
          }
        }
        elements.append(displayed)
      }
      for attributes in collectionViewLayout.layoutAttributesForElements(in: rect)
      where !transition.arrivingKeys.contains(ElementKey(attributes)) {
        elements.append(DisplayedElement(attributes: attributes))
      }
    } else {
      for attributes in collectionViewLayout.layoutAttributesForElements(in: rect) {
        elements.append(DisplayedElement(attributes: attributes))
      }
    }
    if let movement { lift(movement, in: &elements, rect: rect) }
    if let liftedSection {
      // In front of everything (its lowest layer at `interactivelyMoving`), in the order of its
      // own z-indexes.
      for index in elements.indices
      where elements[index].departureID == 0 && elements[index].attributes.indexPath.section == liftedSection
      {
        elements[index].attributes.zIndex += ZIndex.interactivelyMoving - ZIndex.sectionBackground
      }
    }
    elements.sort { LayoutAttributes.drawsBefore($0.attributes, $1.attributes) }
    return elements
  }

  /// The item being moved, in front of everything: where the layout puts it for its position
  /// (under a pointer), or, moved by keys while the others slide, where it slides.
  private func lift(_ movement: InteractiveMovement, in elements: inout [DisplayedElement], rect: Rect) {
    let index = elements.firstIndex {
      $0.attributes.category == .cell && $0.departureID == 0 && $0.attributes.indexPath == movement.target
    }
    if let index, elements[index].phase != nil, !movement.followsPointer {
      elements[index].attributes.zIndex = ZIndex.interactivelyMoving
      return
    }
    guard
      let lifted = collectionViewLayout.layoutAttributesForInteractivelyMovingItem(
        at: movement.target, withTargetPosition: movement.position)
    else { return }
    if let index {
      elements[index].attributes = lifted
    } else if lifted.frame.intersects(rect) {
      elements.append(DisplayedElement(attributes: lifted))
    }
  }

  /// The area captured around the viewport: a viewport above and below it, so an element that
  /// slides in from just off screen slides rather than fades in.
  func transitionCaptureRect() -> Rect {
    Rect(x: bounds.minX, y: bounds.minY - bounds.height, width: bounds.width, height: bounds.height * 3)
  }

  /// Runs `change` — a data source changing its data, then applying an animated batch — with
  /// what the view shows captured before the change. Captured after it, a layout that builds
  /// frames when a query first reaches them (the flow layout past its frame budget, or leaving
  /// changed sections at an estimate) would build them from the new data under the old
  /// numbering. The list adapter and the diffable data source do this; a data source of your
  /// own that calls ``performBatchUpdates(_:animated:)`` after changing its data is captured
  /// then (exact whenever the layout keeps its frames, as both built-in layouts do by default).
  ///
  /// With `leaving`, the batch about to be applied, the visible cells and supplementaries it
  /// removes (its deleted items and sections) are read now, while the data source still has
  /// them: a front that did not draw since the data last changed draws them as they were.
  package func capturingStart(_ animated: Bool, leaving batch: BatchUpdates? = nil, before change: () -> Void)
  {
    guard animated, capturedStart == nil else {
      change()
      return
    }
    var start = captureTransitionStart()
    if let batch { start.contents = contents(removedBy: batch, from: start) }
    capturedStart = start
    defer { capturedStart = nil }
    change()
  }

  /// What the visible elements `batch` removes show now: O(the elements captured), plus one cell
  /// or supplementary asked for per element removed.
  private func contents(removedBy batch: BatchUpdates, from start: TransitionStart) -> [ElementKey:
    DepartingContent]
  {
    guard !batch.deletedItems.isEmpty || !batch.deletedSections.isEmpty else { return [:] }
    let deletedItems = Set(batch.deletedItems)
    let deletedSections = Set(batch.deletedSections)
    var contents: [ElementKey: DepartingContent] = [:]
    for old in start.elements where old.category != .decoration && old.frame.intersects(start.bounds) {
      let path = old.indexPath
      guard deletedSections.contains(path.section) || deletedItems.contains(path) else { continue }
      if old.category == .cell {
        if let cell = cellDescriptor(at: path) { contents[ElementKey(old)] = .cell(cell) }
      } else if let supplementary = supplementaryDescriptor(ofKind: old.kind, at: path) {
        contents[ElementKey(old)] = .supplementary(supplementary)
      }
    }
    return contents
  }

  func captureTransitionStart() -> TransitionStart {
    var start = TransitionStart(bounds: bounds, generation: contentGeneration, sectionCount: itemCounts.count)
    start.elements = collectionViewLayout.layoutAttributesForElements(in: transitionCaptureRect())
    guard let running = currentTransition else { return start }
    // Interrupted: every element starts from where it is now (UIKit's beginFromCurrentState).
    var index: [ElementKey: Int] = [:]
    for (position, attributes) in start.elements.enumerated() { index[ElementKey(attributes)] = position }
    for element in running.elements {
      guard let now = running.attributes(of: element, at: progressOfTransition, in: bounds) else { continue }
      if element.phase == .disappearing {
        var leaving = element
        leaving.start = now
        start.leaving.append(leaving)
        if let content = departingContents[element.departureID] {
          start.departing[element.departureID] = content
        }
      } else if let position = index[ElementKey(element.end)] {
        start.elements[position] = now
      } else {
        index[ElementKey(element.end)] = start.elements.count
        start.elements.append(now)
      }
    }
    return start
  }

  /// Where a cell and a section before the batch are after it (nil: gone), `sources` being the
  /// old section of each new one when sections changed.
  func batchMappers(_ updates: BatchUpdates, sources: [Int?]?, oldSectionCount: Int) -> (
    cell: (IndexPath) -> IndexPath?, section: (Int) -> Int?
  ) {
    let mapCell = BatchValidation.indexPathMapper(
      updates, sources: sources, oldSectionCount: oldSectionCount, keepingReloads: true)
    var newSectionOfOld: [Int]?
    if let sources {
      var map = [Int](repeating: -1, count: oldSectionCount)
      for (new, old) in sources.enumerated() { if let old, old < oldSectionCount { map[old] = new } }
      newSectionOfOld = map
    }
    let newSectionCount = itemCounts.count
    func mapSection(_ old: Int) -> Int? {
      guard let newSectionOfOld else { return old < newSectionCount ? old : nil }
      return old >= 0 && old < newSectionOfOld.count && newSectionOfOld[old] >= 0 ? newSectionOfOld[old] : nil
    }
    return (mapCell, mapSection)
  }

  /// Tells the layout of a batch applied without animation, as UIKit does of every batch:
  /// ``CollectionViewLayout/prepare(forCollectionViewUpdates:)``, then at once
  /// ``CollectionViewLayout/finalizeCollectionViewUpdates()`` (no attributes are asked between).
  func tellLayoutOfBatch(_ updates: BatchUpdates, sources: [Int?]?, oldSectionCount: Int) {
    guard !(collectionViewLayout is any IgnoresCollectionViewUpdates) else { return }
    let (mapCell, mapSection) = batchMappers(updates, sources: sources, oldSectionCount: oldSectionCount)
    collectionViewLayout.prepare(
      forCollectionViewUpdates: Self.updateItems(updates, mapSection: mapSection, mapItem: mapCell))
    collectionViewLayout.finalizeCollectionViewUpdates()
  }

  /// Pairs the elements before the batch with those after it and keeps the transition (none
  /// when nothing visible moves, appears or goes).
  func buildTransition(from start: TransitionStart, updates: BatchUpdates, sources: [Int?]?) {
    let (mapCell, mapSection) = batchMappers(updates, sources: sources, oldSectionCount: start.sectionCount)
    func newKey(of old: LayoutAttributes) -> ElementKey? {
      switch old.category {
      case .cell:
        return mapCell(old.indexPath).map { ElementKey(category: .cell, kind: old.kind, indexPath: $0) }
      case .supplementary
      where mapSection(old.indexPath.section).map({
        collectionViewLayout.supplementaryFollowsItems(ofKind: old.kind, inSection: $0)
      }) == true:
        // A badge goes with its item, not with whatever item takes its index.
        return mapCell(old.indexPath).map {
          ElementKey(category: .supplementary, kind: old.kind, indexPath: $0)
        }
      case .supplementary, .decoration:
        return mapSection(old.indexPath.section).map {
          ElementKey(
            category: old.category, kind: old.kind,
            indexPath: IndexPath(item: old.indexPath.item, section: $0))
        }
      }
    }

    collectionViewLayout.prepare(
      forCollectionViewUpdates: Self.updateItems(updates, mapSection: mapSection, mapItem: mapCell))
    defer { collectionViewLayout.finalizeCollectionViewUpdates() }
    let endElements = collectionViewLayout.layoutAttributesForElements(in: transitionCaptureRect())
    var endIndex: [ElementKey: Int] = [:]
    for (position, attributes) in endElements.enumerated() { endIndex[ElementKey(attributes)] = position }
    var paired = [Bool](repeating: false, count: endElements.count)
    var elements: [LayoutTransition.Element] = []
    // The contents of what leaves: those of an interrupted transition still leaving, and those
    // the start captured.
    var departing = start.departing
    var changed = !start.leaving.isEmpty

    for old in start.elements {
      let wasVisible = old.frame.intersects(start.bounds)
      if let key = newKey(of: old) {
        if let position = endIndex[key] {
          paired[position] = true
          let end = endElements[position]
          guard wasVisible || end.frame.intersects(bounds) else { continue }
          if end.frame != old.frame || end.alpha != old.alpha || start.bounds.origin != bounds.origin {
            changed = true
          }
          elements.append(.init(start: old, end: end, phase: .staying, departureID: 0))
          continue
        }
        // Still there, but moved beyond the captured area: it slides out to its new place.
        guard wasVisible else { continue }
        if let end = attributes(of: key) {
          changed = true
          elements.append(.init(start: old, end: end, phase: .staying, departureID: 0))
          continue
        }
      }
      guard wasVisible else { continue }
      changed = true
      let end = finalAttributes(ofDisappearing: old) ?? Self.faded(old)
      let departure = nextDepartureID()
      if let content = start.contents[ElementKey(old)] { departing[departure] = content }
      elements.append(.init(start: old, end: end, phase: .disappearing, departureID: departure))
    }
    for (position, end) in endElements.enumerated() where !paired[position] && end.frame.intersects(bounds) {
      changed = true
      let initial = initialAttributes(ofAppearing: end) ?? Self.faded(end)
      elements.append(.init(start: initial, end: end, phase: .appearing, departureID: 0))
    }
    elements += start.leaving
    guard changed, !elements.isEmpty else {
      finishTransition()
      return
    }
    departingContents = departing
    var arriving = Set<ElementKey>()
    for element in elements where element.phase != .disappearing { arriving.insert(ElementKey(element.end)) }
    currentTransition = LayoutTransition(
      elements: elements, startBounds: start.bounds, startGeneration: start.generation,
      arrivingKeys: arriving)
    progressOfTransition = 0
  }

  private func attributes(of key: ElementKey) -> LayoutAttributes? {
    switch key.category {
    case .cell: collectionViewLayout.layoutAttributesForItem(at: key.indexPath)
    case .supplementary:
      collectionViewLayout.layoutAttributesForSupplementaryElement(ofKind: key.kind, at: key.indexPath)
    case .decoration: collectionViewLayout.layoutAttributesForDecoration(ofKind: key.kind, at: key.indexPath)
    }
  }

  private func finalAttributes(ofDisappearing old: LayoutAttributes) -> LayoutAttributes? {
    switch old.category {
    case .cell: collectionViewLayout.finalLayoutAttributesForDisappearingItem(at: old.indexPath)
    case .supplementary:
      collectionViewLayout.finalLayoutAttributesForDisappearingSupplementaryElement(
        ofKind: old.kind, at: old.indexPath)
    case .decoration:
      collectionViewLayout.finalLayoutAttributesForDisappearingDecorationElement(
        ofKind: old.kind, at: old.indexPath)
    }
  }

  private func initialAttributes(ofAppearing new: LayoutAttributes) -> LayoutAttributes? {
    switch new.category {
    case .cell: collectionViewLayout.initialLayoutAttributesForAppearingItem(at: new.indexPath)
    case .supplementary:
      collectionViewLayout.initialLayoutAttributesForAppearingSupplementaryElement(
        ofKind: new.kind, at: new.indexPath)
    case .decoration:
      collectionViewLayout.initialLayoutAttributesForAppearingDecorationElement(
        ofKind: new.kind, at: new.indexPath)
    }
  }

  private static func faded(_ attributes: LayoutAttributes) -> LayoutAttributes {
    var faded = attributes
    faded.alpha = 0
    return faded
  }

  private func nextDepartureID() -> Int {
    departureCounter += 1
    return departureCounter
  }

  /// The batch as UIKit's update items: section changes first, then item changes.
  static func updateItems(
    _ updates: BatchUpdates, mapSection: (Int) -> Int?, mapItem: (IndexPath) -> IndexPath?
  ) -> [UpdateItem] {
    var items: [UpdateItem] = []
    func section(_ index: Int?) -> IndexPath? { index.map { IndexPath(item: 0, section: $0) } }
    for old in updates.deletedSections {
      items.append(
        UpdateItem(
          action: .delete, indexPathBeforeUpdate: section(old), indexPathAfterUpdate: nil,
          isSectionChange: true))
    }
    for new in updates.insertedSections {
      items.append(
        UpdateItem(
          action: .insert, indexPathBeforeUpdate: nil, indexPathAfterUpdate: section(new),
          isSectionChange: true))
    }
    for move in updates.movedSections {
      items.append(
        UpdateItem(
          action: .move, indexPathBeforeUpdate: section(move.from), indexPathAfterUpdate: section(move.to),
          isSectionChange: true))
    }
    for old in updates.reloadedSections {
      items.append(
        UpdateItem(
          action: .reload, indexPathBeforeUpdate: section(old),
          indexPathAfterUpdate: section(mapSection(old)), isSectionChange: true))
    }
    for path in updates.deletedItems {
      items.append(UpdateItem(action: .delete, indexPathBeforeUpdate: path, indexPathAfterUpdate: nil))
    }
    for path in updates.insertedItems {
      items.append(UpdateItem(action: .insert, indexPathBeforeUpdate: nil, indexPathAfterUpdate: path))
    }
    for path in updates.reloadedItems {
      items.append(
        UpdateItem(action: .reload, indexPathBeforeUpdate: path, indexPathAfterUpdate: mapItem(path)))
    }
    for move in updates.movedItems {
      items.append(UpdateItem(action: .move, indexPathBeforeUpdate: move.from, indexPathAfterUpdate: move.to))
    }
    return items
  }
}
