import Sectional

/// A full-screen viewer for a `ListAdapter` (or any `CollectionView`, a diffable data source's
/// say): it scrolls, moves focus between the items that can be selected or moved, selects the
/// focused one (a card's "View more"), scrolls sideways sections on their own, follows resizes, and draws each frame as the
/// smallest update of the one before.
///
/// The viewer is separate from the terminal: ``render()`` shows it at its size
/// (``resize(columns:rows:)``), and ``run(in:)`` connects it to a real terminal, whose keys drive
/// it. To test a list of your own without a terminal, use `SectionalTesting`'s `ListHarness`.
///
/// | key | does |
/// |---|---|
/// | ↑ ↓, k j, wheel | scroll a line (the wheel three) |
/// | PgUp PgDn, space, b | scroll a page |
/// | Home End, g G | top, bottom |
/// | ← →, h l, Shift-wheel | scroll a sideways section (the focused one, else the one under the pointer or the first in view) |
/// | Tab, Shift-Tab | focus the next, previous item that can be selected or moved, scrolled into view (sideways too) |
/// | Enter, click | tap the focused (clicked) item: it stays selected, as in UIKit, unless its controller deselects it in `didSelectItem(at:)` |
/// | m | pick up the focused item if it can move, else its section (a card) when the adapter has a move delegate; then ↑ ↓ move it, Enter drops it, Esc puts it back |
/// | Ctrl-L | redraw everything |
/// | Ctrl-Z | suspend: the shell is back until `fg`, which redraws everything |
/// | q, Esc, Ctrl-C | quit |
@MainActor
public final class ListViewer {
  /// The adapter whose list is shown; nil when the viewer was given a collection view alone.
  public let adapter: ListAdapter?
  /// Draws each frame.
  public let renderer: TextRenderer
  /// The collection view shown.
  public let collectionView: CollectionView
  /// The focused item, if any: the collection view's `focusedIndexPath`, which
  /// follows its item through every update (when its card moves, focus moves with it; when the
  /// item goes, focus passes to its nearest neighbour that can take it). Tab moves it between
  /// the items that can be selected or moved; an app may set it (to focus an item it added).
  /// Reading or setting it applies the adapter's pending update first.
  public var focused: IndexPath? {
    get {
      // What the next frame shows: a pending update of the adapter is applied first.
      adapter?.flushPendingUpdates()
      return collectionView.focusedIndexPath
    }
    set {
      // An index path of the list the app just asked for (an item it added), not the one shown.
      adapter?.flushPendingUpdates()
      collectionView.focusedIndexPath = newValue
    }
  }
  /// The bottom row: title, position, a message and the keys that work now (see
  /// ``StatusLine``). Changing it draws it in the next frame.
  public var statusLine = StatusLine() {
    didSet {
      statusLine.sanitize()
      setNeedsDisplay()
    }
  }
  /// What each key does (see ``KeyBindings``); the app's ``onKeyPress`` sees every key first.
  public var keyBindings = KeyBindings.standard
  /// Sees every key and mouse event before the viewer does: an app's own keys (refresh, delete,
  /// search). Return `.handled` for a key the app acted on, `.ignored` to leave it to the
  /// viewer. Offer the app's keys on the status line through `statusLine.appKeys`.
  public var onKeyPress: (@MainActor (Key) -> KeyPressResult)?
  /// The viewer's width in columns: the terminal's while it runs in one.
  public private(set) var columns: Int
  /// The viewer's height in rows, the status line included: the terminal's while it runs in one.
  public private(set) var rows: Int
  /// How animated updates play in the terminal (``run(in:)``): an expanding card opens and the
  /// cards below slide down. Headless or printed into a pipe, each update shows its end at once.
  public var animation = Animation()

  /// How a viewer plays animated updates.
  public struct Animation: Hashable, Sendable {
    /// Whether they play at all; off, each update shows its end at once. Default true.
    public var isEnabled: Bool
    /// How long one plays. Default 200 ms.
    public var duration: Duration
    /// The longest a frame may take (drawn and written): a terminal that cannot keep up gets
    /// the end at once instead of a slide in slow motion. Default 50 ms.
    public var frameBudget: Duration

    /// Animation as described, by default the viewer's.
    public init(
      isEnabled: Bool = true, duration: Duration = .milliseconds(200),
      frameBudget: Duration = .milliseconds(50)
    ) {
      self.isEnabled = isEnabled
      self.duration = duration
      self.frameBudget = frameBudget
    }
  }

  /// Whether the viewer is live in a terminal, so that animated updates play by the clock
  /// (``animation``); headless, each update shows its end at once. ``run(in:)`` sets it
  /// while it runs; an app that runs its own loop sets it too.
  public var isLive = false
  /// The running loop's wake-ups (see ``run(in:)``); nil while it does not run.
  var loop: AsyncStream<WakeUp>.Continuation?
  /// Whether a frame was asked for and not drawn yet.
  var framePending = false
  /// Whether a frame is being drawn: what drawing it changes (pending updates applied, the
  /// focus followed) is in that frame, and asks for no other.
  var isDrawing = false
  /// The sleep before a transition's next frame.
  var animationTick: Task<Void, Never>?
  /// The transition being played (by its start generation) and when it started.
  var playing: (generation: Int, start: ContinuousClock.Instant)?
  /// Where the item picked up with m was, to focus it again when it is put back.
  var pickedUpItem: IndexPath?
  /// The offset when something was picked up, scrolled back to when it is put back.
  var offsetBeforeMove: Point?
  /// A quit key was pressed, or ``quit()`` called: ``run(in:)`` returns after this turn.
  public internal(set) var wantsToQuit = false
  /// Ctrl-Z was pressed: ``run(in:)`` stops the program (the terminal is given back until `fg`);
  /// a loop of an app's own calls `TerminalSession.suspend()` and sets this back to false.
  public var wantsToSuspend = false
  var encoder: FrameEncoder
  var canvas: Canvas

  /// A viewer showing `adapter`'s list drawn by `renderer`. It sizes the collection view to the
  /// rows above the status line and, unless the view has a measurer already, gives it the
  /// renderer's.
  ///
  /// `columns` and `rows` are its size until it runs in a terminal: what ``render()`` draws, and
  /// the width ``present(input:output:)`` prints at into a pipe. In a
  /// terminal, ``run(in:)`` takes the terminal's size and follows its resizes, as every
  /// full-screen program does.
  public convenience init(
    adapter: ListAdapter, renderer: TextRenderer, columns: Int = 80, rows: Int = 24, title: String = ""
  ) {
    self.init(
      collectionView: adapter.collectionView, adapter: adapter, renderer: renderer, columns: columns,
      rows: rows,
      title: title)
  }

  /// A viewer of `collectionView` — whatever its data source — drawn by `renderer`; `columns`
  /// and `rows` as in ``init(adapter:renderer:columns:rows:title:)``.
  public convenience init(
    collectionView: CollectionView, renderer: TextRenderer, columns: Int = 80, rows: Int = 24,
    title: String = ""
  ) {
    self.init(
      collectionView: collectionView, adapter: nil, renderer: renderer, columns: columns, rows: rows,
      title: title)
  }

  private init(
    collectionView: CollectionView, adapter: ListAdapter?, renderer: TextRenderer, columns: Int, rows: Int,
    title: String
  ) {
    self.collectionView = collectionView
    self.adapter = adapter
    self.renderer = renderer
    statusLine.title = Sanitizer.clean(title, singleLine: true)
    // The size a canvas can have: a screen past its cell limit is cut to the rows that fit, and
    // the viewer uses those rows (the status line on the last of them).
    (self.columns, self.rows) = Canvas.size(width: columns, height: rows)
    encoder = FrameEncoder(colors: renderer.environment.colors)
    canvas = Canvas(width: self.columns, height: self.rows)
    // A measurer set before (by whoever built the list, usually with this renderer's registry)
    // is kept: setting one lays everything out again, and a big list's first layout is the cost
    // of loading it.
    if collectionView.measurer == nil { collectionView.measurer = renderer.measurer() }
    collectionView.setSize(Size(width: Double(self.columns), height: Double(listRows)))
    collectionView.onNeedsDisplay = { [weak self] in self?.setNeedsDisplay() }
    // A reader keeps what they read in view when messages arrive above it; an app that wants
    // UIKit's kept offset sets `.offset` back.
    collectionView.contentAnchoring = .visibleContent
  }

  var hasStatusLine: Bool { statusLine.isShown && rows >= 3 }
  var listRows: Int { hasStatusLine ? rows - 1 : rows }
  var pageSize: Double { Double(max(1, listRows - 1)) }

  // MARK: - Drawing

  /// Paints the current frame and returns it. During a transition the viewer plays (see
  /// ``animation``), the frame is the transition's at this moment; otherwise any transition
  /// is ended first and the frame is the end state.
  @discardableResult
  public func render() -> Canvas {
    isDrawing = true
    defer { isDrawing = false }
    adapter?.flushPendingUpdates()
    followFocus()
    advanceTransition()
    return paint()
  }

  /// Paints the frame as the collection view shows it now.
  @discardableResult
  private func paint() -> Canvas {
    if canvas.width != columns || canvas.height != rows { canvas = Canvas(width: columns, height: rows) }
    renderer.render(collectionView, focused: focused, emptyView: adapter?.emptyView, into: &canvas)
    if hasStatusLine { drawStatusLine() }
    return canvas
  }

  /// The bytes that bring the terminal from the last frame to this one (empty when nothing
  /// changed): what a loop of an app's own writes after each turn, and every
  /// ``frameInterval`` while ``isAnimating``.
  public func frameBytes() -> [UInt8] {
    render()
    return encoder.encode(canvas)
  }

  /// The bytes of the running transition's frame at `progress`, without a clock: how the
  /// benchmark plays one frame by frame.
  package func frameBytes(atTransitionProgress progress: Double) -> [UInt8] {
    collectionView.transitionProgress = progress
    paint()
    return encoder.encode(canvas)
  }

  /// Forgets what the terminal shows: the next frame is drawn in full (after Ctrl-L, a resize, or
  /// anything else that wrote to the terminal).
  public func invalidateScreen() {
    encoder.invalidate()
    setNeedsDisplay()
  }

  /// A new encoder for the renderer's colours: the next frame is drawn in full.
  func replaceEncoder() {
    encoder = FrameEncoder(colors: renderer.environment.colors)
    setNeedsDisplay()
  }

  /// Ends ``run(in:)`` after this turn, as the quit key does: from a key of the app's own, a
  /// task, a timer.
  public func quit() {
    wantsToQuit = true
    loop?.yield(.frame)
  }

  /// Sets the transition's progress from the clock (starting it for a new transition), or ends it
  /// when it is over or the viewer does not play transitions.
  private func advanceTransition() {
    guard let transition = collectionView.transition else {
      playing = nil
      return
    }
    guard isLive, animation.isEnabled, animation.duration > .zero else {
      collectionView.finishTransition()
      playing = nil
      return
    }
    let now = ContinuousClock.now
    if playing?.generation != transition.startGeneration {
      playing = (transition.startGeneration, now)
    }
    let elapsed = playing.map { $0.start.duration(to: now) } ?? .zero
    if elapsed >= animation.duration {
      collectionView.finishTransition()
      playing = nil
    } else {
      collectionView.transitionProgress = elapsed / animation.duration
    }
  }

  /// Whether a transition is playing: the run loop wakes for its next frame.
  var isPlayingTransition: Bool { playing != nil && collectionView.transition != nil }

  /// Whether an animated update is playing: a loop of an app's own asks for ``frameBytes()``
  /// again within ``frameInterval``.
  public var isAnimating: Bool { isPlayingTransition }

  /// How often a loop asks for a frame while ``isAnimating``.
  public static var frameInterval: Duration { .milliseconds(frameIntervalMilliseconds) }

  /// Ends the transition being played at its end state (the terminal could not keep up).
  func skipTransition() {
    collectionView.finishTransition()
    playing = nil
  }

  // MARK: - Size

  /// A new terminal size: the layout is invalidated and the first visible card stays at the top.
  public func resize(columns: Int, rows: Int) {
    let (columns, rows) = Canvas.size(width: columns, height: rows)
    guard columns != self.columns || rows != self.rows else { return }
    let anchor = topAnchor()
    self.columns = columns
    self.rows = rows
    collectionView.setSize(Size(width: Double(columns), height: Double(listRows)))
    if let anchor,
      let frame = collectionView.collectionViewLayout.layoutAttributesForItem(at: anchor.path)?.frame
    {
      collectionView.setContentOffset(Point(x: 0, y: frame.minY - anchor.delta))
    }
    encoder.invalidate()
  }

  /// The first cell at or below the top of the viewport, and how far above it the top is.
  private func topAnchor() -> (path: IndexPath, delta: Double)? {
    let bounds = collectionView.bounds
    let cells = collectionView.collectionViewLayout.layoutAttributesForElements(in: bounds).filter {
      $0.category == .cell
    }
    guard
      let first = cells.min(by: {
        $0.frame.minY != $1.frame.minY ? $0.frame.minY < $1.frame.minY : $0.indexPath < $1.indexPath
      })
    else { return nil }
    return (first.indexPath, first.frame.minY - bounds.minY)
  }
}
