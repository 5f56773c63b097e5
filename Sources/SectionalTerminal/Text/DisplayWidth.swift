/// How many terminal columns text takes, measured per grapheme cluster (what a person sees as
/// one character): ASCII 1, East Asian wide and fullwidth 2, emoji presentation 2 (including ZWJ
/// sequences, flags, keycaps and anything made an emoji by VS16), combining marks (wide ones
/// too, as the kana voicing marks) and other zero-width scalars 0. C0/C1 controls, the line and
/// paragraph separators and noncharacters are 0: terminals do not draw them (glibc's `wcwidth`
/// is -1), so they are sanitised away before drawing, and a canvas drops them.
///
/// The table is the East Asian Width property's W and F ranges, of the Unicode version the
/// toolchain's properties are (16); emoji come from the standard library's
/// `isEmojiPresentation` property, so no Foundation is needed.
public enum DisplayWidth {
  /// The width of one grapheme cluster: 0, 1 or 2.
  @inlinable
  public static func of(_ character: Character) -> Int {
    // One UTF-8 byte is one ASCII scalar. (`asciiValue` would first compare with "\r\n", a
    // string comparison per character; "\r\n" has two bytes and measures 0 below.)
    let utf8 = character.utf8
    if utf8.count == 1, let ascii = utf8.first {
      return ascii >= 0x20 && ascii < 0x7F ? 1 : 0
    }
    return clusterWidth(character.unicodeScalars)
  }

  /// The width of a string: the sum of its grapheme clusters' widths.
  public static func of<S: StringProtocol>(_ text: S) -> Int {
    // Fast path: printable ASCII is one column a byte.
    var allPrintableASCII = true
    for byte in text.utf8 where byte < 0x20 || byte >= 0x7F {
      allPrintableASCII = false
      break
    }
    if allPrintableASCII { return text.utf8.count }
    var width = 0
    for character in text { width += of(character) }
    return width
  }

  /// Whether terminals disagree on how wide `character` is: emoji sequences (ZWJ, variation
  /// selectors, skin tones, flags), emoji that default to text presentation, private-use
  /// characters, clusters of the Indic and Southeast Asian scripts, and any character whose
  /// width depends on the terminal's Unicode version: assigned after Unicode 9 (when emoji
  /// became wide), its width changed since (the Yijing and trigram symbols), not assigned at
  /// all, a format character (a prepended concatenation mark, a soft hyphen) or a conjoining
  /// Hangul jamo. A front drawing one must not trust the terminal's cursor after it.
  package static func isUncertain(_ character: Character) -> Bool {
    if character.utf8.count == 1 { return false }
    let scalars = character.unicodeScalars
    var count = 0
    for scalar in scalars {
      count += 1
      switch scalar.value {
      case 0x200D, 0xFE0E, 0xFE0F, 0x1F3FB...0x1F3FF, 0x1F1E6...0x1F1FF, 0x20E3: return true
      case 0xE000...0xF8FF, 0xF0000...0x10FFFF: return true
      case 0x2630...0x2637, 0x268A...0x268F, 0x4DC0...0x4DFF, 0x1D300...0x1D376: return true
      case 0x0900...0x0DFF, 0x0E00...0x0EFF, 0x1000...0x109F, 0x1780...0x17FF:
        if scalar.properties.generalCategory == .spacingMark { return true }
      case 0x1160...0x11FF, 0xD7B0...0xD7FF: return true
      // Box drawing, block elements, kana, CJK and Hangul syllables of Unicode 9 or before: what
      // cards and pictures are drawn with, answered without a property lookup.
      case 0x2500...0x259F, 0x3041...0x3096, 0x30A0...0x30FF, 0x4E00...0x9FD5, 0xAC00...0xD7A3: continue
      default: break
      }
      guard scalar.value >= 0x80 else { continue }
      let properties = scalar.properties
      guard let age = properties.age, age.major <= 9 else { return true }
      if properties.generalCategory == .format { return true }
    }
    guard let first = scalars.first else { return false }
    if count > 1, (0x0900...0x0DFF).contains(first.value) || (0x0E00...0x0EFF).contains(first.value) {
      return true
    }
    let properties = first.properties
    return properties.isEmoji && !properties.isEmojiPresentation && first.value >= 0x80
  }

  @usableFromInline
  static func clusterWidth(_ scalars: Character.UnicodeScalarView) -> Int {
    var iterator = scalars.makeIterator()
    guard let first = iterator.next() else { return 0 }
    var hasVS16 = false
    var hasVS15 = false
    var second: Unicode.Scalar?
    var count = 1
    while let scalar = iterator.next() {
      if count == 1 { second = scalar }
      count += 1
      if scalar.value == 0xFE0F { hasVS16 = true }
      if scalar.value == 0xFE0E { hasVS15 = true }
    }
    let value = first.value
    if value < 0x20 || (value >= 0x7F && value < 0xA0) || isNotDrawn(value) { return 0 }
    // Regional indicators: a pair is a flag (2 columns); one alone is narrow.
    if (0x1F1E6...0x1F1FF).contains(value) {
      if let second, (0x1F1E6...0x1F1FF).contains(second.value) { return 2 }
      return 1
    }
    let properties = first.properties
    if hasVS15 && !isWide(value) { return 1 }
    if properties.isEmojiPresentation { return 2 }
    if hasVS16 && properties.isEmoji { return 2 }
    // A mark before the wide table: the kana voicing marks and the ideographic tone marks are
    // East Asian Wide and combining, and terminals draw them in no column of their own.
    if count == 1 { return isZeroWidth(first) ? 0 : (isWide(value) ? 2 : 1) }
    // Other clusters (a letter with combining marks, a conjunct, conjoining jamo) are as wide as
    // terminals draw them: the sum of their scalars' widths, at most two.
    var width = 0
    for scalar in scalars where scalar.value != 0x200D && !isZeroWidth(scalar) && !isNotDrawn(scalar.value) {
      width += isWide(scalar.value) ? 2 : 1
    }
    return min(2, width)
  }

  /// The line and paragraph separators (U+2028, U+2029) and the noncharacters (U+FDD0–FDEF and
  /// the last two code points of every plane): terminals draw nothing for them (`wcwidth` -1),
  /// so they take no column, and ``Sanitizer`` removes them.
  static func isNotDrawn(_ value: UInt32) -> Bool {
    value == 0x2028 || value == 0x2029 || (0xFDD0...0xFDEF).contains(value) || value & 0xFFFE == 0xFFFE
  }

  static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .format: return true
    default: return isConjoiningJamo(scalar.value)
    }
  }

  /// Hangul medial vowels and final consonants, and their extended-B forms: terminals draw them
  /// in no column of their own, joined to the syllable before.
  static func isConjoiningJamo(_ value: UInt32) -> Bool {
    (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value)
  }

  /// Whether the scalar is East Asian Wide or Fullwidth.
  @usableFromInline
  static func isWide(_ value: UInt32) -> Bool {
    if value < 0x1100 { return false }
    var low = 0
    var high = wideRanges.count - 1
    while low <= high {
      let middle = (low + high) / 2
      let range = wideRanges[middle]
      if value < range.lowerBound {
        high = middle - 1
      } else if value > range.upperBound {
        low = middle + 1
      } else {
        return true
      }
    }
    return false
  }

  /// East Asian Width W and F of assigned characters (Unicode 16, the version the toolchain's
  /// Unicode properties are), sorted, and the areas whose unassigned code points are W too;
  /// emoji are answered by their properties.
  static let wideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0...0x23F0, 0x23F3...0x23F3,
    0x25FD...0x25FE, 0x2614...0x2615, 0x2630...0x2637, 0x2648...0x2653, 0x267F...0x267F, 0x268A...0x268F,
    0x2693...0x2693, 0x26A1...0x26A1, 0x26AA...0x26AB, 0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE...0x26CE,
    0x26D4...0x26D4, 0x26EA...0x26EA, 0x26F2...0x26F3, 0x26F5...0x26F5, 0x26FA...0x26FA, 0x26FD...0x26FD,
    0x2705...0x2705, 0x270A...0x270B, 0x2728...0x2728, 0x274C...0x274C, 0x274E...0x274E, 0x2753...0x2755,
    0x2757...0x2757, 0x2795...0x2797, 0x27B0...0x27B0, 0x27BF...0x27BF, 0x2B1B...0x2B1C, 0x2B50...0x2B50,
    0x2B55...0x2B55, 0x2E80...0x2E99, 0x2E9B...0x2EF3, 0x2F00...0x2FD5, 0x2FF0...0x303E, 0x3041...0x3096,
    0x3099...0x30FF, 0x3105...0x312F, 0x3131...0x318E, 0x3190...0x31E5, 0x31EF...0x321E, 0x3220...0x3247,
    0x3250...0xA48C, 0xA490...0xA4C6, 0xA960...0xA97C, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
    0xFE30...0xFE52, 0xFE54...0xFE66, 0xFE68...0xFE6B, 0xFF01...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4,
    0x16FF0...0x16FF1, 0x17000...0x187F7, 0x18800...0x18CD5, 0x18CFF...0x18D08, 0x1AFF0...0x1AFF3,
    0x1AFF5...0x1AFFB, 0x1AFFD...0x1AFFE, 0x1B000...0x1B122, 0x1B132...0x1B132, 0x1B150...0x1B152,
    0x1B155...0x1B155, 0x1B164...0x1B167, 0x1B170...0x1B2FB, 0x1D300...0x1D356, 0x1D360...0x1D376,
    0x1F004...0x1F004, 0x1F0CF...0x1F0CF, 0x1F18E...0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F202,
    0x1F210...0x1F23B, 0x1F240...0x1F248, 0x1F250...0x1F251, 0x1F260...0x1F265, 0x20000...0x2FFFD,
    0x30000...0x3FFFD,
  ]
}
