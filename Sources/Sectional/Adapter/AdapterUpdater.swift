/// The adapter's updater, as IGListKit's `IGListAdapterUpdater`: coalesces the updates asked for
/// in one turn into one, queues an update asked for while one runs, folds into a pending update
/// the item batches controllers ask for before it runs, and holds the ones asked for while an
/// update is applied, to run right after it in the new numbering.
///
/// It knows nothing of objects or sections: the adapter gives it the work to run.
@MainActor
final class AdapterUpdater {
  private var pendingCompletions: [(Bool) -> Void] = []
  private var updateScheduled = false
  private var isUpdating = false
  private var needsAnotherUpdate = false
  /// Whether the pending update animates: only when every request coalesced into it asked to,
  /// as IGListKit's updater does.
  private var pendingIsAnimated: Bool?
  /// While an update (or a reload) is applied: item batches asked for now are folded into it or
  /// held until it is in.
  private(set) var isApplyingUpdate = false
  /// The controller whose `didUpdate(to:)` is running while an update is applied: its section is
  /// inserted or reloaded by the update anyway. Its identity only (the adapter holds the
  /// controller meanwhile): a `weak` reference would give every controller a side table for good,
  /// and every later retain and release of it the slow path.
  private(set) var controllerBeingUpdated: ObjectIdentifier?
  private var heldBatches: [() -> Void] = []
  /// What the controller being updated asked for in its `didUpdate(to:)`.
  private var folded = FoldedItems.none
  /// Item batches asked for while an update was pending, to be folded into it.
  private var queuedBatches: [QueuedBatch] = []

  /// The item batches a controller asked for while it was being updated.
  enum FoldedItems {
    case none
    case items(ItemUpdates)
    /// More than one batch: each is in the numbering the one before left, so they cannot be
    /// applied as one.
    case several
  }

  /// A controller's item batch waiting for the pending update. The controller is held: it is the
  /// batch's to change, and the adapter drops the queue with the update.
  struct QueuedBatch {
    let controller: SectionController
    let updates: (inout ItemUpdates) -> Void
    let completion: ((Bool) -> Void)?
  }

  /// Records an asked-for update and its completion; true when the caller should schedule a
  /// flush (none is scheduled yet, and no update is running: one that is runs it next).
  func request(animated: Bool, completion: ((Bool) -> Void)?) -> Bool {
    if let completion { pendingCompletions.append(completion) }
    pendingIsAnimated = (pendingIsAnimated ?? true) && animated
    if isUpdating {
      needsAnotherUpdate = true
      return false
    }
    guard !updateScheduled else { return false }
    updateScheduled = true
    return true
  }

  /// Whether an update was asked for and not yet applied.
  var hasPendingUpdate: Bool { updateScheduled || needsAnotherUpdate }

  /// Runs `apply` for the pending update, if any, then each completion; again while updates
  /// are asked for meanwhile.
  func flush(_ apply: (_ animated: Bool) -> Void) {
    guard updateScheduled || needsAnotherUpdate, !isUpdating else { return }
    repeat {
      updateScheduled = false
      needsAnotherUpdate = false
      let completions = pendingCompletions
      pendingCompletions = []
      let animated = pendingIsAnimated ?? false
      pendingIsAnimated = nil
      isUpdating = true
      apply(animated)
      // Still updating while completions run: an update they ask for is queued for the next
      // round of this loop.
      for completion in completions { completion(true) }
      isUpdating = false
    } while needsAnotherUpdate
  }

  /// Runs `body` as the application of an update, then the item batches held during it.
  func applying(_ body: () -> Void) {
    let wasApplying = isApplyingUpdate
    isApplyingUpdate = true
    body()
    isApplyingUpdate = wasApplying
    guard !wasApplying else { return }
    while !heldBatches.isEmpty {
      let batches = heldBatches
      heldBatches = []
      for batch in batches { batch() }
    }
  }

  /// Runs `body` (the controller's `didUpdate(to:)`) with `controller` as the one being updated;
  /// returns the item batches it asked for meanwhile.
  func updating(_ controller: SectionController, _ body: () -> Void) -> FoldedItems {
    let previous = (controllerBeingUpdated, folded)
    controllerBeingUpdated = ObjectIdentifier(controller)
    folded = .none
    body()
    let asked = folded
    (controllerBeingUpdated, folded) = previous
    return asked
  }

  /// Records an item batch of the controller being updated.
  func fold(_ updates: ItemUpdates) {
    if case .none = folded { folded = .items(updates) } else { folded = .several }
  }

  /// Keeps a controller's item batch for the pending update, which is animated only if the batch
  /// is too (as IGListKit's updater).
  func queue(_ batch: QueuedBatch, animated: Bool) {
    pendingIsAnimated = (pendingIsAnimated ?? true) && animated
    queuedBatches.append(batch)
  }

  /// The item batches queued for the update about to be applied; the queue is empty after.
  func takeQueuedBatches() -> [QueuedBatch] {
    let batches = queuedBatches
    queuedBatches = []
    return batches
  }

  /// Keeps `batch` to run once the update being applied is in.
  func hold(_ batch: @escaping () -> Void) { heldBatches.append(batch) }
}
