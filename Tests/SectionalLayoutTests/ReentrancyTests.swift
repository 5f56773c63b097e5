import SectionalDiff
import SeededRandom
import Testing

@testable import SectionalLayout

/// The layouts skip the run-time exclusivity check on their hot properties while `prepare()`
/// calls user code (sizes, section providers). A callback that re-enters the layout — invalidates
/// it, queries it — must neither crash nor leave it wrong: after the next `prepare()` every frame
/// and the content size equal a freshly built layout's.
@Suite struct ReentrancyTests {
  /// Item sizes by section; while `reentering`, every `stride`-th size question first invalidates
  /// the layout in one of several ways and queries it.
  final class ReentrantSource: LayoutCollectionView, FlowLayoutDelegate {
    var sections: [[Size]]
    var reentering = false
    var stride = 3
    var asked = 0
    var reentries = 0
    var diagnostics = DiagnosticLog()
    init(_ sections: [[Size]]) { self.sections = sections }
    var numberOfSections: Int { sections.count }
    func numberOfItems(inSection section: Int) -> Int { sections[section].count }
    var layoutDelegate: AnyObject? { self }
    func report(_ diagnostic: Diagnostic) { diagnostics.record(diagnostic) }

    func layout(_ layout: FlowLayout, sizeForItemAt indexPath: IndexPath) -> ItemSize {
      asked += 1
      if reentering && asked % stride == 0 {
        reentries += 1
        reenter(layout, at: indexPath)
      }
      return .exact(sections[indexPath.section][indexPath.item])
    }

    /// A header for a section whose first item is of even width: a property of the section's
    /// content, not of its index, so inserting a section leaves the others as they were.
    func layout(_ layout: FlowLayout, headerHeightForSection section: Int) -> Double {
      sections[section].first.map { Int($0.width) % 2 == 0 ? 1 : 0 } ?? 0
    }

    func reenter(_ layout: FlowLayout, at indexPath: IndexPath) {
      switch asked / stride % 5 {
      case 0: layout.invalidateLayout()
      case 1:
        var context = InvalidationContext()
        context.invalidateSections([indexPath.section])
        layout.invalidateLayout(with: context)
      case 2:
        var context = InvalidationContext()
        context.invalidateItems([indexPath])
        layout.invalidateLayout(with: context)
      case 3:
        var context = InvalidationContext()
        context.reloadSections([(indexPath.section + 1) % sections.count])
        layout.invalidateLayout(with: context)
      default: break
      }
      // Queries of every kind, answered from whatever state the layout is in; they must not
      // crash, and they are not trusted.
      _ = layout.contentSize
      _ = layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 40, height: 30))
      _ = layout.layoutAttributesForItem(at: indexPath)
      _ = layout.layoutAttributesForItem(at: IndexPath(item: 0, section: sections.count - 1))
      _ = layout.layoutAttributesForSupplementaryElement(
        ofKind: .header, at: IndexPath(item: 0, section: indexPath.section))
    }
  }

  static func randomSections(_ rng: inout SplitMix64) -> [[Size]] {
    (0..<Int.random(in: 1...12, using: &rng)).map { _ in
      (0..<Int.random(in: 0...9, using: &rng)).map { _ in
        Size(
          width: Double(Int.random(in: 1...20, using: &rng)),
          height: Double(Int.random(in: 1...3, using: &rng)))
      }
    }
  }

  func fresh(_ sections: [[Size]], width: Double) -> (ReentrantSource, FlowLayout) {
    let source = ReentrantSource(sections)
    let layout = FlowLayout()
    layout.decorationStyles = [
      .sectionCard: .card, .shelf: DecorationStyle(cornerRadius: 0, shadow: nil, borderColor: nil),
    ]
    layout.collectionView = source
    layout.bounds = Rect(x: 0, y: 0, width: width, height: 30)
    layout.prepare()
    return (source, layout)
  }

  /// Every frame of `layout` equals the one of a layout built from scratch for the same content:
  /// the content size, the rect query over everything, and each item, header and decoration
  /// asked for alone.
  func expectFresh(_ layout: FlowLayout, _ source: ReentrantSource, _ context: String) {
    let (freshSource, reference) = fresh(source.sections, width: layout.bounds.width)
    defer { withExtendedLifetime(freshSource) {} }
    var differences: [String] = []
    func check(_ what: String, _ mine: LayoutAttributes?, _ theirs: LayoutAttributes?) {
      if mine != theirs {
        differences.append(
          "\(what): \(String(describing: mine?.frame)) for \(String(describing: theirs?.frame))")
      }
    }
    if layout.contentSize != reference.contentSize {
      differences.append("content size \(layout.contentSize) for \(reference.contentSize)")
    }
    let all = Rect(x: 0, y: 0, width: layout.bounds.width, height: reference.contentSize.height + 1)
    if layout.layoutAttributesForElements(in: all) != reference.layoutAttributesForElements(in: all) {
      differences.append("the rect query")
    }
    for (section, items) in source.sections.enumerated() {
      for item in items.indices {
        let path = IndexPath(item: item, section: section)
        check(
          "item \(path)", layout.layoutAttributesForItem(at: path),
          reference.layoutAttributesForItem(at: path))
      }
      let header = IndexPath(item: 0, section: section)
      check(
        "header \(section)", layout.layoutAttributesForSupplementaryElement(ofKind: .header, at: header),
        reference.layoutAttributesForSupplementaryElement(ofKind: .header, at: header))
      check(
        "card \(section)", layout.layoutAttributesForDecoration(ofKind: .sectionCard, at: header),
        reference.layoutAttributesForDecoration(ofKind: .sectionCard, at: header))
    }
    #expect(differences.isEmpty, "\(context): \(differences.prefix(4))")
  }

  @Test func aSizeCallbackThatReentersTheFlowLayoutLeavesItExact() {
    var rng = SplitMix64(seed: 31_337)
    for run in 0..<120 {
      let source = ReentrantSource(Self.randomSections(&rng))
      source.stride = Int.random(in: 1...4, using: &rng)
      let layout = FlowLayout()
      layout.decorationStyles = [
        .sectionCard: .card, .shelf: DecorationStyle(cornerRadius: 0, shadow: nil, borderColor: nil),
      ]
      // Exact after every prepare (changed sections not left at their last height until a query
      // reaches them), so the content size is compared too.
      layout.collectionView = source
      layout.bounds = Rect(x: 0, y: 0, width: 40, height: 30)
      // The first build, re-entered.
      source.reentering = true
      layout.prepare()
      source.reentering = false
      layout.prepare()
      expectFresh(layout, source, "run \(run), built")
      // Updates, each prepared while re-entered: a section's sizes change, sections are inserted
      // and deleted, the width changes.
      for step in 0..<4 {
        var context = InvalidationContext()
        switch Int.random(in: 0..<3, using: &rng) {
        case 0:
          let section = Int.random(in: 0..<source.sections.count, using: &rng)
          source.sections[section] = Self.randomSections(&rng)[0]
          context.invalidatesDataSourceCounts = true
          context.reloadSections([section])
        case 1:
          let section = Int.random(in: 0...source.sections.count, using: &rng)
          source.sections.insert(Self.randomSections(&rng)[0], at: section)
          context.invalidatesDataSourceCounts = true
          context.sectionUpdates = SectionUpdates(inserted: [section])
        default:
          layout.bounds.size.width = Double(Int.random(in: 10...60, using: &rng))
          context = .everything
        }
        layout.invalidateLayout(with: context)
        source.reentering = true
        layout.prepare()
        source.reentering = false
        layout.prepare()
        expectFresh(layout, source, "run \(run), step \(step)")
      }
      #expect(source.reentries > 0)
      // Each pass that was re-entered says so.
      #expect(source.diagnostics.contains { $0.kind == .reentrantLayout })
    }
  }

  @Test func aSectionProviderThatReentersTheCompositionalLayoutLeavesItExact() {
    final class Reentry {
      var on = false
      var count = 0
    }
    let reentry = Reentry()
    let source = CountSource([4, 7, 2, 9, 5])
    var layout: CompositionalLayout!
    let section = { (index: Int) -> LayoutSection in
      LayoutSection(
        group: .horizontal(
          layoutSize: dimensions(.fractionalWidth(1), .absolute(Double(1 + index % 3))),
          subitems: [LayoutItem(layoutSize: dimensions(.fractionalWidth(0.25), .fractionalHeight(1)))]))
    }
    layout = compositional(source, width: 40, height: 10) { index, _ in
      if reentry.on, let layout {
        reentry.count += 1
        if reentry.count % 2 == 0 { layout.invalidateLayout() }
        var context = InvalidationContext()
        context.invalidateSections([index])
        layout.invalidateLayout(with: context)
        _ = layout.contentSize
        _ = layout.layoutAttributesForElements(in: Rect(x: 0, y: 0, width: 40, height: 10))
        _ = layout.layoutAttributesForItem(at: IndexPath(item: 0, section: index))
      }
      return section(index)
    }
    for step in 0..<6 {
      if step > 0 {
        source.counts[step % source.counts.count] += step
        var context = InvalidationContext()
        context.invalidatesDataSourceCounts = true
        context.reloadSections([step % source.counts.count])
        layout.invalidateLayout(with: step.isMultiple(of: 3) ? .everything : context)
      }
      reentry.on = true
      layout.prepare()
      reentry.on = false
      layout.prepare()
      let referenceSource = CountSource(source.counts)
      let reference = compositional(referenceSource, width: 40, height: 10) { index, _ in section(index) }
      defer { withExtendedLifetime(referenceSource) {} }
      #expect(layout.contentSize == reference.contentSize, "step \(step)")
      let all = Rect(x: 0, y: 0, width: 40, height: reference.contentSize.height + 1)
      #expect(layout.layoutAttributesForElements(in: all) == reference.layoutAttributesForElements(in: all))
      for (index, count) in source.counts.enumerated() {
        for item in 0..<count {
          let path = IndexPath(item: item, section: index)
          #expect(layout.layoutAttributesForItem(at: path) == reference.layoutAttributesForItem(at: path))
        }
      }
    }
    #expect(reentry.count > 0)
  }
}
