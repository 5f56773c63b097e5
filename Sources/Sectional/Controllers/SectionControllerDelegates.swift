/// Supplies a section's header and footer.
@MainActor
public protocol SupplementaryViewSource: AnyObject {
  /// The header, or nil for none.
  func header(for controller: SectionController) -> SupplementaryDescriptor?
  /// The footer, or nil for none.
  func footer(for controller: SectionController) -> SupplementaryDescriptor?
}

/// Told when a section's cells come on and go off screen.
@MainActor
public protocol DisplayDelegate: AnyObject {
  func willDisplay(_ controller: SectionController)
  func didEndDisplaying(_ controller: SectionController)
}

/// Told when a section comes within the adapter's working range of the viewport (to prefetch)
/// and when it leaves it.
@MainActor
public protocol WorkingRangeDelegate: AnyObject {
  func willEnterWorkingRange(_ controller: SectionController)
  func didExitWorkingRange(_ controller: SectionController)
}

/// Told when the list scrolls while the section is visible.
@MainActor
public protocol ScrollDelegate: AnyObject {
  func didScroll(_ controller: SectionController)
}
