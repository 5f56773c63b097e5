/// Makes a model's text safe to draw: nothing in it can reach the terminal as a control.
///
/// - Escape sequences are removed whole: CSI (`ESC [ … final`), OSC (`ESC ] … BEL` or `ESC \`),
///   DCS/SOS/PM/APC strings, two-byte escapes, and their C1 forms (U+009B, U+009D, …).
/// - Other C0 and C1 controls and DEL are removed; a tab becomes a space.
/// - Carriage returns, and the line and paragraph separators (U+2028, U+2029), become line
///   breaks (`\r\n` one break), so text cannot overwrite itself.
/// - Bidirectional embeddings, overrides and isolates are removed: they reorder what is shown.
/// - Noncharacters (U+FDD0–FDEF, the last two code points of every plane) are removed:
///   terminals draw nothing for them, as for the separators, and the row would shift.
/// - Line breaks are kept (text views wrap on them) unless `singleLine` is set.
public enum Sanitizer {
  /// `text` with every control removed or replaced.
  public static func clean(_ text: some StringProtocol, singleLine: Bool = false) -> String {
    if isClean(text, singleLine: singleLine) { return String(text) }
    var output = String.UnicodeScalarView()
    var scalars = text.unicodeScalars.makeIterator()
    var pending: Unicode.Scalar? = nil
    func next() -> Unicode.Scalar? {
      if let scalar = pending {
        pending = nil
        return scalar
      }
      return scalars.next()
    }
    let lineBreak: Unicode.Scalar = singleLine ? " " : "\n"
    while let scalar = next() {
      switch scalar.value {
      case 0x1B:
        guard let introducer = next() else { break }
        switch introducer.value {
        case 0x5B: skipControlSequence(&scalars)  // [
        case 0x5D: skipString(&scalars, bellEnds: true)  // ]
        case 0x50, 0x58, 0x5E, 0x5F: skipString(&scalars, bellEnds: true)  // P X ^ _
        default: break  // ESC and one character: dropped together
        }
      case 0x9B: skipControlSequence(&scalars)
      case 0x9D, 0x90, 0x98, 0x9E, 0x9F: skipString(&scalars, bellEnds: true)
      case 0x0D:
        output.append(lineBreak)
        if let following = next(), following.value != 0x0A { pending = following }
      case 0x0A, 0x2028, 0x2029: output.append(lineBreak)
      case 0x09: output.append(" ")
      case 0x00..<0x20, 0x7F..<0xA0: break
      case 0x202A...0x202E, 0x2066...0x2069, 0xFDD0...0xFDEF: break
      case let value where value & 0xFFFE == 0xFFFE: break  // a noncharacter
      default: output.append(scalar)
      }
    }
    return String(output)
  }

  /// Whether `text` has nothing to clean (the common case), checked on its UTF-8 bytes without
  /// decoding or allocating: C0 controls and DEL are single bytes, C1 controls are C2 80…C2 9F,
  /// the separators and bidi overrides U+2028–202E and the isolates U+2066–2069 are
  /// E2 80 A8…AE and E2 81 A6…A9, the noncharacters U+FDD0–FDEF EF B7 90…AF, U+FFFE and U+FFFF
  /// EF BF BE…BF, and the last two of the other planes F0…F4, x F, BF, BE…BF (x F: the plane's
  /// last 4,096).
  package static func isClean(_ text: some StringProtocol, singleLine: Bool = false) -> Bool {
    if let clean = text.utf8.withContiguousStorageIfAvailable({ isClean(bytes: $0, singleLine: singleLine) })
    {
      return clean
    }
    return isClean(bytes: Array(text.utf8), singleLine: singleLine)
  }

  private static func isClean(bytes: some RandomAccessCollection<UInt8>, singleLine: Bool) -> Bool {
    var index = bytes.startIndex
    let end = bytes.endIndex
    while index != end {
      let byte = bytes[index]
      if byte < 0x20 {
        if byte != 0x0A || singleLine { return false }
      } else if byte == 0x7F {
        return false
      } else if byte == 0xC2 || byte == 0xE2 || byte == 0xEF || (0xF0...0xF4).contains(byte) {
        let second = bytes.index(after: index)
        guard second != end else { return true }
        let next = bytes[second]
        if byte == 0xC2 {
          if (0x80...0x9F).contains(next) { return false }
        } else {
          let third = bytes.index(after: second)
          guard third != end else { return true }
          let last = bytes[third]
          switch byte {
          case 0xE2:
            if next == 0x80 && (0xA8...0xAE).contains(last) { return false }
            if next == 0x81 && (0xA6...0xA9).contains(last) { return false }
          case 0xEF:
            if next == 0xB7 && (0x90...0xAF).contains(last) { return false }
            if next == 0xBF && (last == 0xBE || last == 0xBF) { return false }
          default:
            let fourth = bytes.index(after: third)
            guard fourth != end else { return true }
            let final = bytes[fourth]
            if next & 0x0F == 0x0F && last == 0xBF && (final == 0xBE || final == 0xBF) { return false }
          }
        }
      }
      index = bytes.index(after: index)
    }
    return true
  }

  /// Skips a CSI's parameter and intermediate bytes up to and including its final byte.
  private static func skipControlSequence(_ scalars: inout some IteratorProtocol<Unicode.Scalar>) {
    while let scalar = scalars.next() {
      if (0x40...0x7E).contains(scalar.value) { return }
      // Anything outside a CSI's alphabet ends it too, and is dropped with it.
      if !(0x20...0x3F).contains(scalar.value) { return }
    }
  }

  /// Skips a string control (OSC, DCS…) up to its terminator: BEL, `ESC \` or ST (U+009C).
  private static func skipString(_ scalars: inout some IteratorProtocol<Unicode.Scalar>, bellEnds: Bool) {
    var sawEscape = false
    while let scalar = scalars.next() {
      if bellEnds && scalar.value == 0x07 { return }
      if scalar.value == 0x9C { return }
      if sawEscape && scalar.value == 0x5C { return }
      sawEscape = scalar.value == 0x1B
    }
  }
}
