/// Makes a model's text safe to draw: nothing in it can reach the terminal as a control.
///
/// - Escape sequences are removed whole: CSI (`ESC [ … final`), OSC (`ESC ] … BEL` or `ESC \`),
///   DCS/SOS/PM/APC strings, two-byte escapes, and their C1 forms (U+009B, U+009D, …).
/// - Other C0 and C1 controls and DEL are removed; a tab becomes a space.
/// - Carriage returns become line breaks (`\r\n` one break), so text cannot overwrite itself.
/// - Bidirectional embeddings, overrides and isolates are removed: they reorder what is shown.
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
      case 0x0A: output.append(lineBreak)
      case 0x09: output.append(" ")
      case 0x00..<0x20, 0x7F..<0xA0: break
      case 0x202A...0x202E, 0x2066...0x2069: break
      default: output.append(scalar)
      }
    }
    return String(output)
  }

  /// Whether `text` has nothing to clean (the common case, checked without allocating).
  package static func isClean(_ text: some StringProtocol, singleLine: Bool = false) -> Bool {
    for byte in text.utf8 {
      if byte < 0x20 {
        if byte == 0x0A && !singleLine { continue }
        return false
      }
      if byte == 0x7F { return false }
      // C1 controls are U+0080–U+009F: UTF-8 C2 80…C2 9F. Bidi controls start E2 80 / E2 81.
      if byte == 0xC2 || byte == 0xE2 { return isCleanScalars(text) }
    }
    return true
  }

  private static func isCleanScalars(_ text: some StringProtocol) -> Bool {
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x0A: continue
      case 0x00..<0x20, 0x7F..<0xA0, 0x202A...0x202E, 0x2066...0x2069: return false
      default: continue
      }
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
