import SectionalDiff

// `prepare()` asks the delegate for sizes, and the cache's hot properties skip the run-time
// exclusivity check (see `FlowLayout.swift`), so the layout must never be re-entered while it
// rebuilds them. A delegate that calls back into the layout from `prepare()` — UIKit leaves this
// undefined — gets a defined answer instead: an invalidation is deferred until `prepare()`
// returns (the next `prepare()` applies it), a query answers nothing (the cache is half built),
// a nested `prepare()` does nothing, and a `reentrant-layout` diagnostic says so once per pass.

extension FlowLayout {
  /// Starts a pass of ``prepare()``; false (and a diagnostic) when one is already running.
  func beginPreparing() -> Bool {
    guard !isPreparing else {
      reportReentry("prepare() was called from inside prepare(); it did nothing")
      return false
    }
    isPreparing = true
    reportedReentry = false
    return true
  }

  /// Ends a pass of ``prepare()`` and applies what the delegate invalidated during it.
  func endPreparing() {
    isPreparing = false
    if let deferred = deferredInvalidation {
      deferredInvalidation = nil
      invalidateLayout(with: deferred)
    }
  }

  /// Keeps an invalidation made during ``prepare()`` for when it returns.
  func deferDuringPrepare(_ context: InvalidationContext) {
    reportReentry("the layout was invalidated from inside prepare(); applied after it")
    if deferredInvalidation == nil {
      deferredInvalidation = context
    } else {
      deferredInvalidation?.formUnion(context)
    }
  }

  /// Whether a query arrives during ``prepare()``, when it is refused (and reported).
  func refusesQueryDuringPrepare() -> Bool {
    guard isPreparing else { return false }
    reportReentry("the layout was queried from inside prepare(); it answered nothing")
    return true
  }

  private func reportReentry(_ message: String) {
    guard !reportedReentry else { return }
    reportedReentry = true
    report(.reentrantLayout, nil, message)
  }
}

extension Diagnostic.Kind {
  /// The layout was invalidated, queried or prepared from a callback of its own `prepare()`: the
  /// invalidation was applied after it, the query answered nothing.
  public static let reentrantLayout: Self = "reentrant-layout"
}
