/// A key press or a mouse event read from the terminal.
public indirect enum Key: Hashable, Sendable {
  /// A printable character (a whole grapheme cluster).
  case character(Character)
  /// An arrow key.
  case up, down, left, right
  /// Page Up, Page Down, Home, End.
  case pageUp, pageDown, home, end
  /// Tab, Shift-Tab, Enter (Return), Esc on its own, Backspace, Delete.
  case tab, backTab, enter, escape, backspace, delete
  /// Ctrl and a letter, lowercased: `.control("c")` is Ctrl-C.
  case control(Character)
  /// Alt (Meta, macOS's Option as Meta) held with a key: terminals send ESC before the key
  /// (`ESC j`, `ESC CR`, `ESC ESC [A` for Alt-↑), so it is not the Esc key and then the key.
  case alt(Key)
  /// A mouse press, release or wheel turn.
  case mouse(MouseEvent)
  /// Text pasted into the terminal (bracketed paste), whole: never read as keys. Lines end in
  /// "\n"; other control characters and escape sequences are left out, and a paste is kept
  /// up to ``InputDecoder/pasteLimit`` characters.
  case paste(String)
}

/// A mouse event in SGR form (mode 1006), at a 0-based cell.
public struct MouseEvent: Hashable, Sendable {
  /// What the mouse did.
  public enum Action: Hashable, Sendable {
    /// A button went down: 0 left, 1 middle, 2 right.
    case press(button: Int)
    /// A button came up.
    case release
    /// The wheel turned away from (up) or towards (down) the user.
    case wheelUp, wheelDown
    /// The wheel tilted left or right (a trackpad's sideways swipe).
    case wheelLeft, wheelRight
  }

  /// What the mouse did.
  public var action: Action
  /// The 0-based column.
  public var x: Int
  /// The 0-based row.
  public var y: Int

  /// Whether Shift was held.
  public var isShifted: Bool

  /// An event of `action` at column `x`, row `y`, with Shift held or not (by default not).
  public init(action: Action, x: Int, y: Int, isShifted: Bool = false) {
    self.action = action
    self.x = x
    self.y = y
    self.isShifted = isShifted
  }
}

/// Turns the bytes a terminal sends into keys: UTF-8 text, control keys, CSI and SS3 sequences
/// (arrows, paging, Home/End in their several spellings, Shift-Tab) and mouse reports, in SGR
/// form (mode 1006) and in the older X10 form terminals without 1006 send.
///
/// Sequences may arrive split across reads; an incomplete one waits for more bytes. A lone ESC
/// is ambiguous (the Esc key, or the start of a sequence): the caller calls ``flush()`` when no
/// byte followed within a short time, which makes it the Esc key. ESC followed by a key is
/// ``Key/alt(_:)`` and that key. Malformed or unknown
/// sequences are dropped whole, a runaway one up to its final byte however long it runs, and a
/// byte that breaks off a UTF-8 character is read on its own: no byte of a sequence is ever read
/// as a key of its own. Text pasted between bracketed-paste markers is one ``Key/paste(_:)``,
/// never keys: pasted text is not a list of commands. ``Key`` gains cases as terminals report
/// more: a `switch` over it keeps a `default`.
public struct InputDecoder: Sendable {
  private var buffer: [UInt8] = []
  /// The text of the paste being read.
  private var pasted = ""
  private var pastedCount = 0

  /// The most characters a ``Key/paste(_:)`` holds; the rest of a longer paste is dropped.
  public static let pasteLimit = 1 << 20
  /// Inside a control sequence longer than ``sequenceLimit``: its bytes are dropped as they
  /// come, up to and including its final byte, so a runaway sequence holds no memory.
  private var discardingSequence = false
  /// Inside a bracketed paste (`ESC [ 200 ~` … `ESC [ 201 ~`): what is typed is its text, not
  /// keys, handed over whole as a ``Key/paste(_:)`` at the end marker. A paste may pause (a slow link delivers it in pieces), so a ``flush()`` does not
  /// end it; only ``pasteSilence`` flushes in a row with nothing read do, so a lost end marker
  /// leaves the keyboard dead for about a second (the viewer flushes every 30 ms), not for ever.
  private var pasting = false
  /// Flushes in a row, inside a paste, with nothing read in between.
  private var quietFlushes = 0

  /// How many quiet flushes end a paste whose end marker never came.
  package static let pasteSilence = 33

  /// The most bytes a control sequence may take before the rest of it is dropped as it comes.
  static let sequenceLimit = 64

  public init() {}

  /// Whether bytes are waiting for the rest of a sequence, or a sequence or a paste for its end
  /// (wait briefly, then ``flush()``).
  public var hasPendingInput: Bool { !buffer.isEmpty || pasting || discardingSequence }

  /// The keys `bytes` complete, in order: bytes read from the terminal, as they come (a
  /// sequence split across reads waits for its rest).
  public mutating func feed(_ bytes: some Sequence<UInt8>) -> [Key] {
    buffer.append(contentsOf: bytes)
    quietFlushes = 0
    return decode(final: false)
  }

  /// Decodes what is pending as if no more bytes will come: a lone ESC is the Esc key, and a
  /// runaway sequence still open ends (the next key typed is a key, not its end). Inside a
  /// paste, nothing happens until 33 quiet flushes in a row (a second, at the viewer's 30 ms)
  /// end it.
  public mutating func flush() -> [Key] {
    var ended: [Key] = []
    if pasting {
      quietFlushes += 1
      guard quietFlushes >= Self.pasteSilence else { return [] }
      pasting = false
      quietFlushes = 0
      // The end marker never came: what was pasted is still the user's.
      ended = endPaste()
    }
    let keys = decode(final: true)
    if pasting { ended += endPaste() }
    pasting = false
    discardingSequence = false
    return ended + keys
  }

  /// The paste read so far as a key (none for an empty one), and a fresh start.
  private mutating func endPaste() -> [Key] {
    defer {
      pasted = ""
      pastedCount = 0
    }
    return pasted.isEmpty ? [] : [.paste(pasted)]
  }

  /// Adds a key read inside a paste to its text: characters as they are, Enter and Tab as the
  /// characters they type, anything else left out.
  private mutating func collect(_ key: Key) {
    guard pastedCount < Self.pasteLimit else { return }
    switch key {
    case .character(let character): pasted.append(character)
    case .enter: pasted.append("\n")
    case .tab: pasted.append("\t")
    case .alt(let key): return collect(key)  // a stray ESC in the text is left out, not its key
    default: return
    }
    pastedCount += 1
  }

  private mutating func decode(final: Bool) -> [Key] {
    var keys: [Key] = []
    var index = 0
    while index < buffer.count {
      if discardingSequence {
        let byte = buffer[index]
        if (0x20...0x3F).contains(byte) {
          index += 1
          continue
        }
        discardingSequence = false
        if (0x40...0x7E).contains(byte) {
          index += 1
          continue
        }
      }
      let wasPasting = pasting
      let (consumed, key) = decodeOne(at: index, final: final)
      if consumed == 0 { break }  // incomplete: wait for more
      if let key {
        if pasting { collect(key) } else { keys.append(key) }
      }
      if wasPasting && !pasting { keys += endPaste() }
      index += consumed
    }
    buffer.removeFirst(index)
    return keys
  }

  /// How many bytes the key at `index` takes (0: incomplete), and the key (nil: dropped).
  private mutating func decodeOne(at index: Int, final: Bool) -> (Int, Key?) {
    let byte = buffer[index]
    switch byte {
    case 0x1B: return decodeEscape(at: index, final: final)
    case 0x0D, 0x0A: return (1, .enter)
    case 0x09: return (1, .tab)
    case 0x7F, 0x08: return (1, .backspace)
    case 0x00: return (1, nil)
    case 0x01...0x1A: return (1, .control(Character(Unicode.Scalar(byte + 0x60))))
    case 0x1C...0x1F: return (1, nil)
    case 0x20...0x7E: return (1, .character(Character(Unicode.Scalar(byte))))
    default: return decodeUTF8(at: index, final: final)
    }
  }

  private func decodeUTF8(at index: Int, final: Bool) -> (Int, Key?) {
    let lead = buffer[index]
    let length: Int
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF4: length = 4
    default: return (1, nil)  // a stray continuation or invalid byte
    }
    // A byte that is not a continuation ends the character there, arrived whole or not: the
    // lead is dropped and that byte is read on its own (a key, or the start of another).
    let available = min(length, buffer.count - index)
    for offset in 1..<available where buffer[index + offset] & 0xC0 != 0x80 { return (offset, nil) }
    guard available == length else { return final ? (available, nil) : (0, nil) }
    let bytes = buffer[index..<(index + length)]
    var decoded = String(decoding: bytes, as: UTF8.self).unicodeScalars.makeIterator()
    guard let scalar = decoded.next(), scalar.value != 0xFFFD else { return (length, nil) }
    return (length, .character(Character(scalar)))
  }

  private mutating func decodeEscape(at index: Int, final: Bool) -> (Int, Key?) {
    guard index + 1 < buffer.count else { return final ? (1, .escape) : (0, nil) }
    let introducer = buffer[index + 1]
    switch introducer {
    case 0x5B:  // [
      return decodeCSI(at: index, final: final)
    case 0x4F:  // O: SS3, parameter bytes (a modifier: ESC O 5 A is Ctrl-Up) then a final byte
      var end = index + 2
      while end < buffer.count, (0x30...0x3F).contains(buffer[end]) {
        end += 1
        if end - index > Self.sequenceLimit {
          // A runaway, as in a CSI: the rest is dropped as it comes, up to its final byte.
          discardingSequence = true
          return (end - index, nil)
        }
      }
      guard end < buffer.count else { return final ? (end - index, nil) : (0, nil) }
      // Cut short by anything else (another sequence, a control): dropped, the rest read on
      // its own, never an Esc that would quit.
      guard (0x40...0x7E).contains(buffer[end]) else { return (end - index, nil) }
      return (end - index + 1, Self.cursorKey(buffer[end]))
    case 0x1B:
      // ESC ESC and a CSI or SS3 sequence: Alt and that key (Alt-↑). Otherwise the first ESC is
      // the Esc key, pressed on its own.
      guard index + 2 < buffer.count else { return final ? (1, .escape) : (0, nil) }
      guard buffer[index + 2] == 0x5B || buffer[index + 2] == 0x4F else { return (1, .escape) }
      let (consumed, key) = decodeEscape(at: index + 1, final: final)
      if consumed == 0 { return (0, nil) }
      if case .mouse = key { return (1, .escape) }  // a click just after Esc: both stand
      return (1 + consumed, key.map { .alt($0) })
    default:
      // Alt and a key: terminals send ESC before it, in one write. Read as the Esc key, it
      // quit the viewer whenever the user held Alt (or Option as Meta).
      let (consumed, key) = decodeOne(at: index + 1, final: final)
      if consumed == 0 { return (0, nil) }
      return (1 + consumed, key.map { .alt($0) })
    }
  }

  private mutating func decodeCSI(at index: Int, final: Bool) -> (Int, Key?) {
    var end = index + 2
    while end < buffer.count {
      let byte = buffer[end]
      if (0x40...0x7E).contains(byte) { break }
      if !(0x20...0x3F).contains(byte) { return (end - index, nil) }  // not a CSI after all
      end += 1
      if end - index > Self.sequenceLimit {
        // A runaway: what came is dropped now, the rest as it comes.
        discardingSequence = true
        return (end - index, nil)
      }
    }
    guard end < buffer.count else { return final ? (buffer.count - index, nil) : (0, nil) }
    let finalByte = buffer[end]
    let body = Array(buffer[(index + 2)..<end])
    let length = end - index + 1
    if body.isEmpty && finalByte == 0x4D {  // M: an X10 mouse report, three bytes follow
      guard end + 3 < buffer.count else { return final ? (buffer.count - index, nil) : (0, nil) }
      let values = buffer[(end + 1)...(end + 3)].map { Int($0) - 32 }
      guard values.allSatisfy({ $0 >= 0 }) else { return (length + 3, nil) }
      // X10 does not say which button came up: 3 is a release.
      let release = values[0] & 3 == 3 && values[0] & 64 == 0
      let event = Self.mouse(
        code: values[0], x: values[1] - 1, y: values[2] - 1, release: release)
      return (length + 3, event)
    }
    if body.first == 0x3C {  // <: SGR mouse
      guard let values = Self.fields(body.dropFirst()), values.count == 3,
        finalByte == 0x4D || finalByte == 0x6D
      else { return (length, nil) }
      return (
        length, Self.mouse(code: values[0], x: values[1] - 1, y: values[2] - 1, release: finalByte == 0x6D)
      )
    }
    // The paste's start or end marker, spelled exactly: `numbers` reads past a `?` or a `$`,
    // and a malformed sequence must not leave the keyboard dead for a second.
    if finalByte == 0x7E, body.elementsEqual("200".utf8) || body.elementsEqual("201".utf8) {
      pasting = body.elementsEqual("200".utf8)
      return (length, nil)
    }
    let parameters = Self.numbers(body[...])
    if let key = Self.cursorKey(finalByte) { return (length, key) }
    let key: Key? =
      switch finalByte {
      case 0x5A: .backTab
      case 0x7E:
        switch parameters.first ?? 0 {
        case 1, 7: .home
        case 4, 8: .end
        case 5: .pageUp
        case 6: .pageDown
        case 3: .delete
        default: nil
        }
      default: nil
      }
    return (length, key)
  }

  /// The keys that CSI and SS3 spell alike: arrows, Home (H) and End (F).
  private static func cursorKey(_ final: UInt8) -> Key? {
    switch final {
    case 0x41: .up
    case 0x42: .down
    case 0x43: .right
    case 0x44: .left
    case 0x48: .home
    case 0x46: .end
    default: nil
    }
  }

  /// A mouse report's event: `code` as xterm encodes it (the low two bits a button, 4 Shift,
  /// 32 motion, 64 the wheel, 128 the buttons past the wheel), at 0-based `x`, `y`. Nil for
  /// what the viewer does not use: motion, and the extra buttons.
  private static func mouse(code: Int, x: Int, y: Int, release: Bool) -> Key? {
    let x = max(0, x)
    let y = max(0, y)
    if code & 128 != 0 { return nil }
    if code & 64 != 0 {
      guard !release else { return nil }
      // 64/65 turn the wheel up/down, 66/67 tilt it left/right; 4 is Shift.
      let actions: [MouseEvent.Action] = [.wheelUp, .wheelDown, .wheelLeft, .wheelRight]
      return .mouse(MouseEvent(action: actions[code & 3], x: x, y: y, isShifted: code & 4 != 0))
    }
    if code & 32 != 0 { return nil }  // motion
    if release { return .mouse(MouseEvent(action: .release, x: x, y: y)) }
    return .mouse(MouseEvent(action: .press(button: code & 3), x: x, y: y))
  }

  /// The `;`-separated numbers of `body`, each of at least one digit; nil when a field is empty
  /// or holds anything else (an SGR mouse report is three such numbers, nothing less).
  private static func fields(_ body: ArraySlice<UInt8>) -> [Int]? {
    var values: [Int] = []
    for field in body.split(separator: 0x3B, omittingEmptySubsequences: false) {
      guard !field.isEmpty, field.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
      values.append(field.reduce(0) { min(100_000, $0 * 10 + Int($1 - 0x30)) })
    }
    return values
  }

  private static func numbers(_ body: ArraySlice<UInt8>) -> [Int] {
    var values: [Int] = []
    var current = 0
    var any = false
    for byte in body {
      if byte >= 0x30 && byte <= 0x39 {
        current = min(100_000, current * 10 + Int(byte - 0x30))
        any = true
      } else if byte == 0x3B {
        values.append(current)
        current = 0
        any = false
      }
    }
    if any || !values.isEmpty { values.append(current) }
    return values
  }
}
