/// Gives a ``ListAdapter`` its objects and a section controller for each.
@MainActor
public protocol ListAdapterDataSource: AnyObject {
  /// The objects to show, one section each. Duplicate identifiers are dropped with a
  /// diagnostic naming them (first occurrence kept).
  func objects(for adapter: ListAdapter) -> [any ListDiffable]
  /// A new controller for `object`; called once per identifier while it stays in the list.
  func listAdapter(_ adapter: ListAdapter, sectionControllerFor object: any ListDiffable) -> SectionController
  /// What to show when there are no objects. The default returns nil.
  func emptyView(for adapter: ListAdapter) -> CellDescriptor?
}

extension ListAdapterDataSource {
  /// The default: nothing is shown for an empty list.
  public func emptyView(for adapter: ListAdapter) -> CellDescriptor? { nil }
}
