/// Where a section card sits around its section's items, and the room a section needs for it.
///
/// A terminal draws a card's border in cells of its own, so a card exactly the size of its
/// items (UIKit's section shadow) would draw its border over their text. The card therefore
/// reaches ``outset`` beyond the items, and the section keeps ``margin`` more around it for the
/// drop shadow and the gap to the next card. A section whose inset is at least ``sectionInset``
/// keeps its card, border and shadow inside itself, so neighbouring cards never overlap.
///
/// The feed, the test kit's card layout and the examples in the guides all use ``standard``:
///
/// ```swift
/// import SectionalLayout
///
/// let layout = FlowLayout()
/// layout.decorationStyles = [.sectionCard: .card]
/// layout.cardOutset = CardGeometry.standard.outset  // the default, said for clarity
/// // Under an adapter a section controller sets `inset = CardGeometry.standard.sectionInset`;
/// // a flow layout on its own uses its section inset.
/// layout.sectionInset = CardGeometry.standard.sectionInset
/// ```
public struct CardGeometry: Hashable, Sendable {
  /// How far the card's frame reaches beyond the union of the section's items: the space
  /// between the items and the border, plus the border itself.
  public var outset: EdgeInsets
  /// The space kept around the card's frame inside the section: the shadow's row and column,
  /// and the gap to the neighbouring cards.
  public var margin: EdgeInsets

  /// A card `outset` beyond its items, with `margin` around it.
  public init(outset: EdgeInsets, margin: EdgeInsets) {
    self.outset = outset
    self.margin = margin
  }

  /// The section inset that holds the card, its border, its shadow and the gap: the outset plus
  /// the margin.
  public var sectionInset: EdgeInsets {
    EdgeInsets(
      top: outset.top + margin.top, left: outset.left + margin.left,
      bottom: outset.bottom + margin.bottom, right: outset.right + margin.right)
  }

  /// The card the feed draws: its border one row above and below the text and two columns
  /// beside it (one blank column between), its shadow one cell right and down, a blank row
  /// above the card and a blank column on each side. Section inset: top 2, left 3, bottom 2,
  /// right 4.
  public static let standard = CardGeometry(
    outset: EdgeInsets(top: 1, left: 2, bottom: 1, right: 2),
    margin: EdgeInsets(top: 1, left: 1, bottom: 1, right: 2))
}
