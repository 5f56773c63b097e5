import SectionalDiff

/// The self-sizing bookkeeping the built-in layouts share: the preferred (measured) sizes they
/// were given, how many times each element's changed since its section was reloaded, and which
/// elements ran away (changed too often) and were reported.
///
/// Sizes and counts follow their sections through section updates and are dropped with a
/// reloaded section; a new width drops everything, since every size is measured again.
struct SelfSizingBook {
  /// Each item's preferred size, by index path.
  private(set) var itemSizes: [IndexPath: Size] = [:]
  /// Each supplementary's preferred size, by kind, then index path.
  private(set) var supplementarySizes: [ElementKind: [IndexPath: Size]] = [:]
  private var itemPasses: [IndexPath: Int] = [:]
  private var supplementaryPasses: [ElementKind: [IndexPath: Int]] = [:]
  private var reportedRunaways: Set<IndexPath> = []

  /// Forgets everything: a new width measures every element again.
  mutating func removeAll() { self = SelfSizingBook() }

  /// Forgets how often sizes changed (an invalidation of everything), keeping the sizes.
  mutating func resetPasses() {
    itemPasses = [:]
    supplementaryPasses = [:]
    reportedRunaways = []
  }

  /// Applies what `context` names: reloaded sections lose their sizes and counts, and each
  /// preferred size is stored and counted.
  mutating func record(_ context: InvalidationContext) {
    let reloaded = context.reloadedSections
    if !reloaded.isEmpty {
      // One pass over what is stored (usually nothing), not one per reloaded section.
      func keep<Value>(_ values: [IndexPath: Value]) -> [IndexPath: Value] {
        values.isEmpty ? values : values.filter { !reloaded.contains($0.key.section) }
      }
      itemSizes = keep(itemSizes)
      itemPasses = keep(itemPasses)
      supplementarySizes = supplementarySizes.mapValues(keep)
      supplementaryPasses = supplementaryPasses.mapValues(keep)
    }
    if !itemSizes.isEmpty || !itemPasses.isEmpty {
      for (section, updates) in context.itemUpdates {
        let map = updates.newIndexMap
        func follow<Value>(_ values: [IndexPath: Value]) -> [IndexPath: Value] {
          guard values.keys.contains(where: { $0.section == section }) else { return values }
          var moved: [IndexPath: Value] = [:]
          for (path, value) in values {
            if path.section != section {
              moved[path] = value
            } else if let item = map(path.item) {
              moved[IndexPath(item: item, section: section)] = value
            }
          }
          return moved
        }
        itemSizes = follow(itemSizes)
        itemPasses = follow(itemPasses)
      }
    }
    for (indexPath, size) in context.preferredSizes {
      itemSizes[indexPath] = size
      itemPasses[indexPath, default: 0] += 1
    }
    for (kind, sizes) in context.preferredSupplementarySizes {
      for (indexPath, size) in sizes {
        supplementarySizes[kind, default: [:]][indexPath] = size
        supplementaryPasses[kind, default: [:]][indexPath, default: 0] += 1
      }
    }
  }

  /// Moves everything to the new numbering of section updates (-1: the section is gone).
  mutating func remapSections(newSectionOfOld: [Int]) {
    func remap<Value>(_ values: [IndexPath: Value]) -> [IndexPath: Value] {
      remappingSections(values, newSectionOfOld: newSectionOfOld)
    }
    itemSizes = remap(itemSizes)
    itemPasses = remap(itemPasses)
    supplementarySizes = supplementarySizes.mapValues(remap)
    supplementaryPasses = supplementaryPasses.mapValues(remap)
  }

  /// Whether `preferred` may change the element's size once more: not when it already changed
  /// `maximum` times since its section was reloaded. The first refusal for an element is
  /// reported as `selfSizingDidNotSettle`, and the element keeps its last size.
  mutating func allowsAnotherChange(
    _ preferred: LayoutAttributes, from original: LayoutAttributes, maximum: Int,
    report: (Diagnostic) -> Void
  ) -> Bool {
    let indexPath = preferred.indexPath
    let passes =
      preferred.category == .cell
      ? itemPasses[indexPath, default: 0] : supplementaryPasses[preferred.kind]?[indexPath] ?? 0
    guard passes >= maximum else { return true }
    if reportedRunaways.insert(indexPath).inserted {
      let what = preferred.category == .cell ? "item" : "\(preferred.kind)"
      report(
        Diagnostic(
          .selfSizingDidNotSettle,
          "\(what) \(indexPath) changed its preferred size \(maximum) times "
            + "(last \(original.frame.size) → \(preferred.frame.size)); kept \(original.frame.size)",
          indexPaths: [indexPath]))
    }
    return false
  }
}
