import Sectional

/// Shows a ``FeedCard``: title, description, image and caption, then "View more"; selecting it
/// inserts the detail and the extras before the button, and "View less" folds them away. One use
/// of the core's ``ExpandableSectionController``: every index comes from the component lists.
@MainActor
package final class FeedCardController: ExpandableSectionController<FeedCard, FeedCard.Component> {
  package override init() {
    super.init()
    // Room for the layout's standard card: its border, its shadow and the gap to the next card.
    inset = CardGeometry.standard.sectionInset
  }

  /// The card shown, nil before the first update.
  package var card: FeedCard? { object }

  package override func collapsedComponents(for card: FeedCard) -> [FeedCard.Component] {
    // An empty caption is no caption: no blank row under the picture.
    card.caption.isEmpty ? [.title, .description, .image] : [.title, .description, .image, .caption]
  }

  package override func expandedComponents(for card: FeedCard) -> [FeedCard.Component] {
    // A card without a detail or extras has nothing to open: no empty row, and no toggle.
    (card.detail.isEmpty ? [] : [.detail]) + card.extras.indices.map(FeedCard.Component.extra)
  }

  package override func isUnchanged(_ component: FeedCard.Component, from old: FeedCard, to new: FeedCard)
    -> Bool
  {
    switch component {
    case .title: old.title == new.title
    case .description: old.description == new.description
    case .image: old.image == new.image
    case .caption: old.caption == new.caption
    case .detail: old.detail == new.detail
    case .extra(let index): old.extras[index] == new.extras[index]
    }
  }

  /// Only the card's button ("View more" / "View less") is selectable: a keyboard's Tab stops
  /// there, not on every line of text (every item is selectable by default, as in UIKit).
  package override func shouldSelectItem(at index: Int) -> Bool {
    if case .button = cellForItem(at: index).content { return true }
    return false
  }

  package override func cell(for component: FeedCard.Component, of card: FeedCard) -> CellDescriptor {
    let kind = component.reuseKind
    switch component {
    case .title: return textCell(card.title, role: .title, kind: kind)
    case .description: return textCell(card.description, role: .body, kind: kind)
    case .caption: return textCell(card.caption, role: .caption, kind: kind)
    case .detail: return textCell(card.detail, role: .detail, kind: kind)
    case .extra(let index): return textCell(card.extras[index], role: .body, kind: kind)
    case .image:
      return CellDescriptor(
        reuseKind: kind, size: .exact(card.image.size(fitting: availableWidth)), custom: card.image)
    }
  }
}
