/// One card of the feed: title, description, image, caption and a "View more" button;
/// selecting the button expands it in place to add the detailed description and up to three
/// extra components, and "View less" folds it back.
///
/// The toggle is a batch of item inserts or deletes plus a reload of the button — never a
/// reload of the section — so the layout recomputes this section only and moves every later
/// section by exactly the height change. Expansion survives ``didUpdate(to:)`` for the same
/// identifier (the adapter keeps this controller), and ends when the identifier leaves the list.
@MainActor
public final class ExpandableSectionController: SectionController {
  /// One item of the card.
  public enum Component: Hashable, Sendable {
    case title, description, image, caption, detail
    case extra(Int)
    case button

    /// The reuse kind a front registers a view for.
    public var reuseKind: ElementKind {
      switch self {
      case .title: "title"
      case .description: "body"
      case .image: "image"
      case .caption: "caption"
      case .detail: "detail"
      case .extra: "extra"
      case .button: "button"
      }
    }
  }

  public static let moreLabel = "View more"
  public static let lessLabel = "View less"

  public private(set) var card: ExpandableCard?
  public private(set) var isExpanded = false
  /// The rows `text` takes when wrapped at a width in columns. The default counts graphemes; the
  /// text front replaces it with its own layout (sanitised, display width), the same function
  /// its views draw with, so a cell is exactly as tall as its text.
  public var textHeight: @MainActor (String, Int) -> Int = { text, width in
    TextWrapping.lines(text, width: width).count
  }

  public init(
    card: ExpandableCard? = nil, inset: EdgeInsets = EdgeInsets(top: 2, left: 3, bottom: 2, right: 4)
  ) {
    self.card = card
    super.init()
    self.inset = inset
  }

  /// The components shown now, in order.
  public var components: [Component] {
    guard let card else { return [] }
    var components: [Component] = [.title, .description, .image, .caption]
    if isExpanded {
      components.append(.detail)
      components += card.extras.indices.map(Component.extra)
    }
    components.append(.button)
    return components
  }

  public var buttonLabel: String { isExpanded ? Self.lessLabel : Self.moreLabel }

  // MARK: - SectionController

  public override func numberOfItems() -> Int {
    guard let card else { return 0 }
    return isExpanded ? 6 + card.extras.count : 5
  }

  public override func cellForItem(at index: Int) -> CellDescriptor {
    let components = components
    guard let card, components.indices.contains(index) else { return super.cellForItem(at: index) }
    let width = availableWidth
    let component = components[index]
    func text(_ string: String, _ role: TextRole) -> CellDescriptor {
      let lines = max(1, textHeight(string, Int(width)))
      return CellDescriptor(
        reuseKind: component.reuseKind, size: .exact(Size(width: width, height: Double(lines))),
        content: .text(string, role: role))
    }
    switch component {
    case .title: return text(card.title, .title)
    case .description: return text(card.description, .body)
    case .caption: return text(card.caption, .caption)
    case .detail: return text(card.detail, .detail)
    case .extra(let extra): return text(card.extras[extra], .body)
    case .image:
      return CellDescriptor(
        reuseKind: component.reuseKind, size: .exact(Self.imageSize(card.image, width: width)),
        content: .image(card.image))
    case .button:
      let label = buttonLabel
      return CellDescriptor(
        reuseKind: component.reuseKind,
        size: .exact(Size(width: min(width, Double(label.count + 4)), height: 1)),
        content: .button(label))
    }
  }

  /// A picture drawn with half blocks: one row of cells holds two rows of pixels; scaled down to
  /// fit the width, aspect ratio kept.
  public nonisolated static func imageSize(_ picture: Picture, width: Double) -> Size {
    guard picture.width > 0, picture.height > 0, width >= 1 else { return .zero }
    let columns = min(Double(picture.width), width.rounded(.down))
    let rows = (Double(picture.height) * columns / Double(picture.width) / 2).rounded(.up)
    return Size(width: columns, height: max(1, rows))
  }

  public override func didUpdate(to object: any ListDiffable) {
    guard let card = object as? ExpandableCard else { return }
    self.card = card
  }

  public override func didSelectItem(at index: Int) {
    if index == numberOfItems() - 1 { toggle() }
  }

  // MARK: - Expansion

  /// The item indexes the expansion adds: the detail and the extras, between the caption and the
  /// button.
  private var expansionIndexes: [Int] {
    guard let card else { return [] }
    return Array(4..<(5 + card.extras.count))
  }

  /// Expands or collapses, animated as inserts or deletes of the extra items plus a reload of the
  /// button. Outside a list, only the state changes.
  public func toggle() { setExpanded(!isExpanded) }

  /// Expands or collapses. With `updatingList` false only the state changes and the caller
  /// updates the list (for example restoring state before a `reloadData`).
  public func setExpanded(_ expanded: Bool, updatingList: Bool = true) {
    guard expanded != isExpanded, card != nil else { return }
    let changed = expansionIndexes
    guard updatingList, let context = collectionContext, context.section(for: self) != nil else {
      isExpanded = expanded
      return
    }
    context.performBatch(
      animated: true, for: self,
      updates: { updates in
        self.isExpanded = expanded
        if expanded {
          updates.insert(changed)
          updates.reload([4])  // the button, at its old index
        } else {
          updates.delete(changed)
          updates.reload([changed.count + 4])
        }
      }, completion: nil)
  }
}
