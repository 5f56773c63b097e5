import Sectional

/// What a key does in a ``ListViewer``.
public enum ViewerAction: Hashable, Sendable {
  /// Scroll a line up or down.
  case scrollUp, scrollDown
  /// Scroll a page up or down.
  case pageUp, pageDown
  /// Scroll to the top or the bottom.
  case scrollToTop, scrollToBottom
  /// Scroll a sideways section (the focused item's, else the first in view) left or right.
  case scrollLeft, scrollRight
  /// Focus the next or previous item that can be selected or moved, in reading order (Tab).
  case focusNext, focusPrevious
  /// Move the focus to the item before or after the focused one, as in a list of messages;
  /// where nothing can take the focus, scroll a line instead.
  case moveFocusUp, moveFocusDown
  /// Tap the focused item, as Enter does.
  case activate
  /// Pick up the focused item (or its section) to move it.
  case pickUp
  /// Draw everything again.
  case redraw
  /// Give the terminal back and stop until `fg`.
  case suspend
  /// End the viewer's run.
  case quit
}

/// The viewer's keys: a value an app changes as it likes (`viewer.keyBindings[.character("n")] =
/// nil`), or replaces. Mouse events and the keys that move a picked-up item are not bound here.
public struct KeyBindings: Hashable, Sendable {
  /// What each bound key does.
  public var actions: [Key: ViewerAction]

  /// Bindings of `actions`.
  public init(_ actions: [Key: ViewerAction] = [:]) { self.actions = actions }

  /// What `key` does; nil when it is not bound. Set nil to unbind it.
  public subscript(key: Key) -> ViewerAction? {
    get { actions[key] }
    set { actions[key] = newValue }
  }

  /// The viewer's keys, as a pager's: ↑ ↓ and k j scroll a line, PgUp PgDn, space and b a page,
  /// Home End and g G to the ends, ← → and h l sideways, Tab and Shift-Tab focus, Enter taps, m
  /// picks up, Ctrl-L redraws, Ctrl-Z suspends, q, Esc and Ctrl-C quit.
  public static let standard = KeyBindings([
    .up: .scrollUp, .character("k"): .scrollUp, .down: .scrollDown, .character("j"): .scrollDown,
    .pageUp: .pageUp, .character("b"): .pageUp, .pageDown: .pageDown, .character(" "): .pageDown,
    .home: .scrollToTop, .character("g"): .scrollToTop, .end: .scrollToBottom,
    .character("G"): .scrollToBottom,
    .left: .scrollLeft, .character("h"): .scrollLeft, .right: .scrollRight, .character("l"): .scrollRight,
    .tab: .focusNext, .backTab: .focusPrevious, .enter: .activate, .character("m"): .pickUp,
    .control("l"): .redraw, .control("z"): .suspend,
    // Not Ctrl-D: in a full-screen program it ends no input.
    .character("q"): .quit, .escape: .quit, .control("c"): .quit,
  ])

  /// The standard keys, but ↑ ↓ and k j move the focus from item to item, as a list of
  /// messages or a mail client wants; the pages and the ends still scroll.
  public static var focusMoving: KeyBindings {
    var bindings = standard
    for key in [Key.up, .character("k")] { bindings[key] = .moveFocusUp }
    for key in [Key.down, .character("j")] { bindings[key] = .moveFocusDown }
    return bindings
  }
}
