/// What the collection view's layout delegate offers under a ``ListAdapter``: the controller of
/// each section. A layout of your own, with a delegate protocol of its own, gets per-section
/// answers from the section controllers through it, as IGListKit forwards a layout's delegate
/// calls; without an adapter, the layout delegate can conform to that protocol itself.
///
/// ```swift
/// protocol BandLayoutDelegate: AnyObject { var bandHeight: Double { get } }
/// final class TallController: SectionController, @MainActor BandLayoutDelegate {
///   var bandHeight: Double { 3 }
/// }
///
/// // In the layout's prepare(), for each section:
/// let lookup = collectionView?.layoutDelegate as? SectionControllerLookup
/// let height = (lookup?.sectionController(forSection: section) as? BandLayoutDelegate)?.bandHeight ?? 1
/// ```
///
/// Like the layouts' own delegate protocols it is not tied to an actor: the adapter conforms on
/// the main actor, where a collection view lays out.
public protocol SectionControllerLookup: AnyObject {
  /// The controller of `section`, or nil when there is no such section.
  func sectionController(forSection section: Int) -> SectionController?
}

extension AdapterBridge: @MainActor SectionControllerLookup {}
