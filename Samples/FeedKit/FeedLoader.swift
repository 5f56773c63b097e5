import Sectional
import SectionalTerminal

/// `feed FILE` in a terminal: the file is parsed on a task of its own while the viewer runs, and
/// its cards join the list a slice per turn of the viewer's loop, so the first screen is drawn
/// as soon as its cards are read and every key is answered while the rest loads, as a pager
/// does. The status line counts the cards until the end; a problem in the file ends the
/// loading there, says where on the status line, and leaves the cards before it shown.
@MainActor
package final class FeedLoader {
  package let list: FeedList
  /// What the status line says: the progress, or the problem that ended the loading.
  package private(set) var message: String?
  /// Whether cards read wait to be shown.
  package var hasPendingCards: Bool { pendingStart < pending.count || title != nil }
  /// Whether cards are still being read or wait to be shown.
  package var isLoading: Bool { !finished || !pending.isEmpty }
  /// The cards read and not shown yet.
  private var pending: [FeedCard] = []
  private var pendingStart = 0
  private var finished = false
  private var title: String?
  private var failure: String?
  /// How many cards a turn shows: adjusted after each turn so that one takes about
  /// ``turnBudget``, whatever the size of the list (each update diffs every card).
  private var sliceSize = 256
  /// What the file is called in messages.
  private let name: String
  /// Set when something else replaced the list (a watched file's new version): what is still
  /// read is dropped.
  private var cancelled = false
  /// What the parsing task and the loader share: whether to stop, and whether it has.
  private let task = Locked((stop: false, ended: false))
  /// Whether the parsing task has ended (read everything, failed, or stopped).
  package var hasEnded: Bool { task.withLock { $0.ended } }

  /// Called when cards (or the end) arrive: the caller shows them a slice per turn from then on.
  package var onArrival: (() -> Void)?

  /// The time a turn of the loop may spend showing cards: keys typed meanwhile wait that long,
  /// within the tenth of a second a person reads as at once.
  static let turnBudget = Duration.milliseconds(70)

  package init(list: FeedList, name: String) {
    self.list = list
    self.name = name
  }

  /// What the parsing task has read and the main actor has not taken yet, in order.
  private let inbox = Locked<[Arrival]>([])

  enum Arrival: Sendable {
    case cards([FeedCard])
    case title(String)
    case finished([FeedCard], FeedFileError?)
  }

  /// Parses `bytes` on a task of its own; what it reads comes back to the main actor in order
  /// and waits in ``pending`` until ``showNextSlice()`` shows it.
  package func start(_ bytes: [UInt8]) {
    let task = self.task
    let inbox = self.inbox
    // Each hand-over queues what was read and wakes the main actor, which takes everything
    // queued so far: the order is the queue's, whichever wake-up runs first.
    let post: @Sendable (Arrival) -> Void = { [weak self] arrival in
      inbox.withLock { $0.append(arrival) }
      Task { @MainActor in self?.takeArrivals() }
    }
    Task.detached(priority: .userInitiated) {
      defer { task.withLock { $0.ended = true } }
      var batch: [FeedCard] = []
      var posted = false
      do throws(FeedFileError) {
        try FeedDocument.parse(
          bytes,
          cards: { cards throws(FeedFileError) in
            // Stopped: the rest of the file is not read.
            if task.withLock({ $0.stop }) { throw FeedFileError("stopped", at: nil) }
            batch += cards
            // A screenful goes out as soon as it is read, then larger hand-overs.
            guard batch.count >= (posted ? 1024 : 64) else { return }
            posted = true
            post(.cards(batch))
            batch = []
          },
          title: { title in post(.title(title)) },
          done: { _ in })
        post(.finished(batch, nil))
      } catch {
        post(.finished(batch, error))
      }
    }
  }

  /// Takes what the parsing task has handed over so far: `start` wakes the main actor for it,
  /// and a caller polling the loader (the benchmark) calls it itself.
  package func takeArrivals() {
    let arrivals = inbox.withLock { queue in
      defer { queue.removeAll() }
      return queue
    }
    for arrival in arrivals {
      switch arrival {
      case .cards(let cards): receive(cards)
      case .title(let title): if !cancelled { self.title = title }
      case .finished(let cards, let failure): finish(cards, failure: failure)
      }
    }
  }

  private func receive(_ cards: [FeedCard]) {
    guard !cancelled else { return }
    pending += cards
    updateMessage()
    onArrival?()
  }

  private func finish(_ cards: [FeedCard], failure: FeedFileError?) {
    guard !cancelled else { return }
    pending += cards
    finished = true
    if let failure { self.failure = FeedCommand.describe(failure, in: name) }
    updateMessage()
    onArrival?()
  }

  /// Stops showing what is still read: the list shows something else now.
  package func cancel() {
    task.withLock { $0.stop = true }
    cancelled = true
    pending = []
    finished = true
    message = nil
  }

  /// Shows the next slice of the cards read, timed so that a turn stays within ``turnBudget``.
  /// Returns whether cards remain to be shown.
  @discardableResult
  package func showNextSlice() -> Bool {
    guard !cancelled, pendingStart < pending.count || title != nil else { return isLoading }
    let clock = ContinuousClock()
    let started = clock.now
    let end = min(pending.count, pendingStart + sliceSize)
    list.append(pending[pendingStart..<end], title: title)
    pendingStart = end
    if pendingStart == pending.count {
      pending = []
      pendingStart = 0
    }
    title = nil
    list.adapter.flushPendingUpdates()
    let elapsed = started.duration(to: clock.now)
    // The next slice in proportion to how long this one took: a turn's cost grows with the
    // list (the update diffs every card), so the slices adapt rather than follow a schedule.
    let scale = elapsed > .zero ? Self.turnBudget / elapsed : 2
    sliceSize = max(64, min(sliceSize * 4, Int(Double(sliceSize) * min(2, scale))))
    updateMessage()
    return isLoading
  }

  private func updateMessage() {
    let shown = list.document.cards.count
    if let failure {
      message =
        isLoading
        ? "loading… \(shown) cards · \(failure)" : "\(failure); the \(shown) cards before it are shown"
    } else {
      message = isLoading ? "loading… \(shown) cards" : nil
    }
  }
}
