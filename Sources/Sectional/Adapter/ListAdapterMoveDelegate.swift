/// Told when the user moves a whole section (its object) to another place: IGListKit's
/// `IGListAdapterMoveDelegate`. An adapter without one does not let sections be moved.
@MainActor
public protocol ListAdapterMoveDelegate: AnyObject {
  /// `object` was moved: the list showed `previousObjects` and shows `objects` now. Update your
  /// model so your data source returns `objects` from now on. Called once per movement, when the
  /// section is dropped. When you asked for updates while it was up, `previousObjects` are your
  /// data source's objects now and `objects` the same with `object` moved (after the object it
  /// follows on screen): taking them keeps your changes, which are applied next.
  func listAdapter(
    _ listAdapter: ListAdapter, move object: any ListDiffable, from previousObjects: [any ListDiffable],
    to objects: [any ListDiffable])
}
