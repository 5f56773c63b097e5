/// The position of an item: its section and its index within the section.
///
/// Ordered by section, then item — the order a vertical list shows them in.
public struct IndexPath: Hashable, Comparable, Sendable {
  /// The section's index.
  public var section: Int
  /// The item's index within its section.
  public var item: Int

  public init(item: Int, section: Int) {
    self.item = item
    self.section = section
  }

  public static func < (lhs: IndexPath, rhs: IndexPath) -> Bool {
    lhs.section != rhs.section ? lhs.section < rhs.section : lhs.item < rhs.item
  }
}

extension IndexPath: CustomStringConvertible {
  public var description: String { "[\(section), \(item)]" }
}
