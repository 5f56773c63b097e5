/// The position of an item: its section and its index within the section.
///
/// Ordered by section, then item — the order a vertical list shows them in.
public struct IndexPath: Hashable, Comparable, Sendable {
  /// The section's index.
  public var section: Int
  /// The item's index within its section.
  public var item: Int

  /// The index path of item `item` in section `section`.
  public init(item: Int, section: Int) {
    self.item = item
    self.section = section
  }

  /// Whether `lhs` comes first: by section, then by item.
  public static func < (lhs: IndexPath, rhs: IndexPath) -> Bool {
    lhs.section != rhs.section ? lhs.section < rhs.section : lhs.item < rhs.item
  }
}

extension IndexPath: CustomStringConvertible {
  /// `[section, item]`, as IGListKit and UIKit print index paths.
  public var description: String { "[\(section), \(item)]" }
}
