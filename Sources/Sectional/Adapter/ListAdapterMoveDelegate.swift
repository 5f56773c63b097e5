/// Told when the user moves a whole section (its object) to another place: IGListKit's
/// `IGListAdapterMoveDelegate`. An adapter without one does not let sections be moved.
@MainActor
public protocol ListAdapterMoveDelegate: AnyObject {
  /// `object` was moved: the list showed `previousObjects` and shows `objects` now. Update your
  /// model so your data source returns `objects` from now on. Called once per movement, when the
  /// section is dropped.
  func listAdapter(
    _ listAdapter: ListAdapter, move object: any ListDiffable, from previousObjects: [any ListDiffable],
    to objects: [any ListDiffable])
}
