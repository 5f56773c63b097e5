/// Supplies a section's supplementary views: its header and footer, and any other kind a layout
/// places (a badge, a section label), as IGListKit's `IGListSupplementaryViewSource`.
@MainActor
public protocol SupplementaryViewSource: AnyObject {
  /// The kinds this source supplies, such as `[.header]` or `[.header, .footer]`. The adapter
  /// asks ``supplementary(ofKind:at:for:)`` for these kinds only; a kind missing here is none.
  var supportedElementKinds: [ElementKind] { get }

  /// The supplementary of `kind` at `index` (its index among the section's supplementaries of
  /// that kind: 0 for a header or footer, the item's index for a per-item badge), or nil for
  /// none. Its height is what the flow layout gives a header or footer; other layouts size
  /// their own kinds.
  func supplementary(ofKind kind: ElementKind, at index: Int, for controller: SectionController)
    -> SupplementaryDescriptor?
}

/// Told when a section and its cells come on and go off screen (IGListKit's
/// `IGListDisplayDelegate`). Every method defaults to doing nothing.
///
/// A section is on screen while any of its elements (a cell, a header) is in the visible area;
/// it is told once when that starts and once when it ends, also when it leaves the list while
/// shown. A cell is told by its index in the section; when a batch deletes or reloads a shown
/// cell, `didEndDisplayingCell` gets the index it had, before the new one is displayed.
@MainActor
public protocol DisplayDelegate: AnyObject {
  /// The section is about to come on screen (before its cells).
  func willDisplay(_ controller: SectionController)
  /// The section went off screen (after its cells), or left the list while shown.
  func didEndDisplaying(_ controller: SectionController)
  /// Item `index`'s cell is about to come on screen.
  func willDisplayCell(at index: Int, in controller: SectionController)
  /// Item `index`'s cell went off screen, or was deleted or reloaded while shown.
  func didEndDisplayingCell(at index: Int, in controller: SectionController)
}

extension DisplayDelegate {
  /// The default does nothing.
  public func willDisplay(_ controller: SectionController) {}
  /// The default does nothing.
  public func didEndDisplaying(_ controller: SectionController) {}
  /// The default does nothing.
  public func willDisplayCell(at index: Int, in controller: SectionController) {}
  /// The default does nothing.
  public func didEndDisplayingCell(at index: Int, in controller: SectionController) {}
}

/// Told when a section comes within the adapter's working range of the viewport (to prefetch)
/// and when it leaves it (IGListKit's `IGListWorkingRangeDelegate`).
@MainActor
public protocol WorkingRangeDelegate: AnyObject {
  /// The section came within ``ListAdapter/workingRangeSize`` sections of the visible ones.
  func willEnterWorkingRange(_ controller: SectionController)
  /// The section left the working range, or the list.
  func didExitWorkingRange(_ controller: SectionController)
}

/// Told when the list scrolls while the section is visible (IGListKit's `IGListScrollDelegate`).
@MainActor
public protocol ScrollDelegate: AnyObject {
  /// The content offset or the viewport's size changed while the section was visible.
  func didScroll(_ controller: SectionController)
}
