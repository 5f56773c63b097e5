import SectionalTerminal

/// A JSON value with the byte offset it was read from, so that a feed file's errors can say
/// where. The offset becomes a line and column only when an error is reported
/// (``SourcePosition/init(offset:in:)``): counting columns for every value would make a
/// one-line (minified) file quadratic to load.
package struct JSONNode: Sendable {
  package indirect enum Value: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONNode])
    /// Members in file order (JSON objects are ordered here; duplicate keys are an error).
    case object([(key: String, value: JSONNode)])
  }

  package var value: Value
  /// The offset in the file's bytes of the value's first byte.
  package var offset: Int

  /// The value of the member `key`, or nil when this is not an object or has no such member.
  /// Linear in the members: feed objects have a handful.
  package subscript(key: String) -> JSONNode? {
    guard case .object(let members) = value else { return nil }
    return members.first { $0.key == key }?.value
  }

  package var typeName: String {
    switch value {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}

/// A line and column, both from 1; the column counts characters (UTF-8 sequences).
package struct SourcePosition: Hashable, Sendable, CustomStringConvertible {
  package var line: Int
  package var column: Int

  package init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  /// The line and column of byte `offset` in `bytes`. O(offset): for reporting an error, once.
  package init(offset: Int, in bytes: [UInt8]) {
    var line = 1
    var column = 1
    for byte in bytes[0..<max(0, min(offset, bytes.count))] {
      if byte == 0x0A {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    self.init(line: line, column: column)
  }

  package var description: String { "\(line):\(column)" }
}

/// What is wrong with a file, and where.
package struct FeedFileError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The offset of the offending byte, when the problem has a place.
  package var offset: Int?
  /// `offset` as a line and column, once the error is located in its file
  /// (``located(in:)``; ``FeedDocument/parse(_:)`` and ``JSONParser/parse(_:)`` do it).
  package var position: SourcePosition?
  package var message: String

  package init(_ message: String, at offset: Int?) {
    self.message = message
    self.offset = offset
  }

  /// The error with its offset turned into a line and column in `bytes`.
  package func located(in bytes: [UInt8]) -> FeedFileError {
    var located = self
    if let offset, position == nil { located.position = SourcePosition(offset: offset, in: bytes) }
    return located
  }

  package var description: String {
    if let position { return "line \(position.line), column \(position.column): \(message)" }
    return message
  }

  /// Text from the file as an error message may show it: no controls, at most 40 characters.
  static func shown(_ text: some StringProtocol) -> String {
    let head = text.prefix(200)
    let clean = FeedOptions.visible(head, cleaned: Sanitizer.clean(String(head), singleLine: true))
    return clean.count > 40 ? clean.prefix(39) + "…" : clean
  }
}

/// A strict JSON parser (RFC 8259): no comments, no trailing commas, no duplicate keys, nesting
/// at most 512 deep, UTF-8 only. Linear in the file's size: every byte is read a bounded number
/// of times (once by the cursor, once more when a run of string bytes or a number's digits is
/// converted), whatever the shape of the file.
package enum JSONParser {
  package static func parse(_ bytes: [UInt8]) throws(FeedFileError) -> JSONNode {
    try parse(bytes, streaming: nil)
  }

  /// What a streaming parse hands over as it reads: the elements of the document's one long
  /// array, and the other members around it.
  package struct Stream {
    /// The member of the top-level object whose array is streamed (or the document itself,
    /// when it is an array).
    package var member: String
    /// Called with each element of that array as soon as it is read; the element is not kept.
    package var element: (JSONNode) throws(FeedFileError) -> Void
    /// Called with each other member of the top-level object as soon as it is read.
    package var otherMember: (String, JSONNode) throws(FeedFileError) -> Void

    package init(
      member: String, element: @escaping (JSONNode) throws(FeedFileError) -> Void,
      otherMember: @escaping (String, JSONNode) throws(FeedFileError) -> Void = { _, _ in }
    ) {
      self.member = member
      self.element = element
      self.otherMember = otherMember
    }
  }

  /// Parses `bytes`, handing the elements of the streamed array to `stream` one by one as they
  /// are read (the root returned holds that array empty): a file of many cards is never a tree
  /// of all of them, and a reader can show the first ones while the rest is read. An error
  /// thrown by `stream` ends the parse and is located in `bytes` as the parser's own are.
  package static func parse(_ bytes: [UInt8], streaming stream: Stream?) throws(FeedFileError) -> JSONNode {
    // UTF-16 and UTF-32 (with their byte order mark, or ASCII's zero bytes between letters) are
    // named, rather than reported as a stray byte.
    if bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0xFE, 0xFF])
      || bytes.starts(with: [0x00, 0x00, 0xFE, 0xFF])  // UTF-32BE's mark: two zeros, then not
      || (bytes.count >= 2 && (bytes[0] == 0) != (bytes[1] == 0))
      || (bytes.count >= 4 && bytes[0] == 0 && bytes[1] == 0 && bytes[2] == 0 && bytes[3] != 0)  // UTF-32BE
    {
      throw FeedFileError("the file is UTF-16 or UTF-32; a feed file is UTF-8", at: 0).located(in: bytes)
    }
    let result = bytes.withUnsafeBufferPointer { buffer in
      var reader = JSONReader(source: BufferBytes(buffer: buffer))
      reader.stream = stream
      return Result { () throws(FeedFileError) in try reader.parseDocument() }
    }
    switch result {
    case .success(let node): return node
    case .failure(let error): throw error.located(in: bytes)
    }
  }

  /// Parses `bytes` counting every read of a byte, for the test that the parse is linear.
  package static func countingReads(_ bytes: [UInt8]) -> (result: Result<JSONNode, FeedFileError>, reads: Int)
  {
    let source = CountingBytes(bytes)
    var reader = JSONReader(source: source)
    let result = Result { () throws(FeedFileError) in try reader.parseDocument() }
    return (result, source.reads)
  }
}

/// Where the reader's bytes come from: a buffer, or (in a test) a counter of reads.
protocol JSONBytes {
  var count: Int { get }
  subscript(_ index: Int) -> UInt8 { get }
  /// The bytes in `range` as a string, or nil when they are not valid UTF-8.
  func string(_ range: Range<Int>) -> String?
}

struct BufferBytes: JSONBytes {
  let buffer: UnsafeBufferPointer<UInt8>
  var count: Int { buffer.count }
  subscript(_ index: Int) -> UInt8 { buffer[index] }
  func string(_ range: Range<Int>) -> String? {
    String(validating: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self)
  }
}

final class CountingBytes: JSONBytes {
  let bytes: [UInt8]
  private(set) var reads = 0
  init(_ bytes: [UInt8]) { self.bytes = bytes }
  var count: Int { bytes.count }
  subscript(_ index: Int) -> UInt8 {
    reads += 1
    return bytes[index]
  }
  func string(_ range: Range<Int>) -> String? {
    reads += range.count
    return String(validating: bytes[range], as: UTF8.self)
  }
}

/// The parser proper, over any ``JSONBytes``; positions are byte offsets.
struct JSONReader<Source: JSONBytes> {
  private let source: Source
  private var index = 0
  private var depth = 0
  /// Bytes of a string with escapes, reused from one string to the next.
  private var scratch: [UInt8] = []
  /// Where the document's long array goes instead of into the tree (see `JSONParser.Stream`).
  var stream: JSONParser.Stream?

  init(source: Source) { self.source = source }

  mutating func parseDocument() throws(FeedFileError) -> JSONNode {
    if source.count >= 3 && source[0] == 0xEF && source[1] == 0xBB && source[2] == 0xBF { index = 3 }
    skipWhitespace()
    let node = try parseValue()
    skipWhitespace()
    guard index == source.count else {
      throw FeedFileError("unexpected \(describeCurrent()) after the JSON value", at: index)
    }
    return node
  }

  private func describeCurrent() -> String {
    guard index < source.count else { return "end of file" }
    let byte = source[index]
    if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    return "byte 0x\(String(byte, radix: 16, uppercase: true))"
  }

  private mutating func skipWhitespace() {
    while index < source.count {
      switch source[index] {
      case 0x20, 0x09, 0x0D, 0x0A: index += 1
      default: return
      }
    }
  }

  private mutating func parseValue() throws(FeedFileError) -> JSONNode {
    let start = index
    guard index < source.count else { throw FeedFileError("expected a value, found end of file", at: start) }
    switch source[index] {
    case 0x7B: return try parseObject()
    case 0x5B: return try parseArray(streaming: depth == 0 && stream != nil)
    case 0x22: return JSONNode(value: .string(try parseString()), offset: start)
    case 0x74: return try literal("true", .bool(true))
    case 0x66: return try literal("false", .bool(false))
    case 0x6E: return try literal("null", .null)
    case 0x2D, 0x30...0x39: return JSONNode(value: .number(try parseNumber()), offset: start)
    default: throw FeedFileError("expected a value, found \(describeCurrent())", at: start)
    }
  }

  private mutating func literal(_ word: StaticString, _ value: JSONNode.Value) throws(FeedFileError)
    -> JSONNode
  {
    let start = index
    let length = word.utf8CodeUnitCount
    var matches = source.count - index >= length
    if matches {
      word.withUTF8Buffer { expected in
        for offset in 0..<length where source[index + offset] != expected[offset] {
          matches = false
          break
        }
      }
    }
    guard matches else {
      // The letters there, so "tru" reads as a misspelt true rather than a stray 't'.
      var end = start
      while end < source.count, end - start < 12, (0x61...0x7A).contains(source[end] | 0x20) { end += 1 }
      let found = String(decoding: (start..<end).map { source[$0] }, as: UTF8.self)
      throw FeedFileError("expected \(word), found \"\(found)\"", at: start)
    }
    index += length
    return JSONNode(value: value, offset: start)
  }

  private mutating func enter() throws(FeedFileError) {
    depth += 1
    if depth > 512 { throw FeedFileError("nested more than 512 deep", at: index) }
  }

  private mutating func parseObject() throws(FeedFileError) -> JSONNode {
    let start = index
    var members: [(key: String, value: JSONNode)] = []
    // Small objects check duplicates by scanning; from 8 members on, by a set (linear overall).
    var keys: Set<String>? = nil
    try parseElements(close: 0x7D, what: "an object") { reader throws(FeedFileError) in
      let keyOffset = reader.index
      guard reader.index < reader.source.count, reader.source[reader.index] == 0x22 else {
        throw FeedFileError(
          "expected a member name in quotes, found \(reader.describeCurrent())", at: keyOffset)
      }
      let key = try reader.parseString()
      let duplicate: Bool
      if var set = keys {
        keys = nil  // keep the set uniquely referenced while it is mutated
        duplicate = !set.insert(key).inserted
        keys = set
      } else {
        duplicate = members.contains { $0.key == key }
        if members.count == 7 { keys = Set(members.map(\.key) + [key]) }
      }
      if duplicate {
        throw FeedFileError("the member \"\(FeedFileError.shown(key))\" appears twice", at: keyOffset)
      }
      reader.skipWhitespace()
      guard reader.index < reader.source.count, reader.source[reader.index] == 0x3A else {
        throw FeedFileError(
          "expected ':' after \"\(FeedFileError.shown(key))\", found \(reader.describeCurrent())",
          at: reader.index)
      }
      reader.index += 1
      reader.skipWhitespace()
      // The top-level object (depth 1 inside it): its streamed member's array goes to the
      // stream; the other members go to it too, and stay in the tree.
      if reader.depth == 1, let stream = reader.stream {
        if key == stream.member, reader.index < reader.source.count, reader.source[reader.index] == 0x5B {
          members.append((key, try reader.parseArray(streaming: true)))
          return
        }
        let value = try reader.parseValue()
        try stream.otherMember(key, value)
        members.append((key, value))
        return
      }
      members.append((key, try reader.parseValue()))
    }
    return JSONNode(value: .object(members), offset: start)
  }

  /// An array from its opening bracket; `streaming`, its elements go to ``stream`` and the node
  /// returned is empty.
  private mutating func parseArray(streaming: Bool = false) throws(FeedFileError) -> JSONNode {
    let start = index
    var elements: [JSONNode] = []
    if streaming, let stream {
      try parseElements(close: 0x5D, what: "an array") { reader throws(FeedFileError) in
        try stream.element(try reader.parseValue())
      }
    } else {
      try parseElements(close: 0x5D, what: "an array") { reader throws(FeedFileError) in
        elements.append(try reader.parseValue())
      }
    }
    return JSONNode(value: .array(elements), offset: start)
  }

  /// The comma-separated elements of an object or array, from its opening bracket to `close`:
  /// `element` reads one (whitespace before it skipped).
  private mutating func parseElements(
    close: UInt8, what: String, element: (inout JSONReader) throws(FeedFileError) -> Void
  ) throws(FeedFileError) {
    try enter()
    defer { depth -= 1 }
    let closing = Character(Unicode.Scalar(close))
    index += 1
    skipWhitespace()
    if index < source.count && source[index] == close {
      index += 1
      return
    }
    while true {
      skipWhitespace()
      try element(&self)
      skipWhitespace()
      guard index < source.count else {
        throw FeedFileError("\(what) is not closed: expected '\(closing)'", at: index)
      }
      let byte = source[index]
      if byte == 0x2C {
        index += 1
        continue
      }
      if byte == close {
        index += 1
        return
      }
      throw FeedFileError("expected ',' or '\(closing)', found \(describeCurrent())", at: index)
    }
  }

  /// A string from its opening quote. Without escapes, the bytes between the quotes become the
  /// string in one validating copy; with escapes, they are gathered in `scratch` first.
  private mutating func parseString() throws(FeedFileError) -> String {
    let start = index
    index += 1
    var runStart = index
    var escaped = false
    while index < source.count {
      let byte = source[index]
      if byte == 0x22 {
        let text: String?
        if escaped {
          appendRun(runStart..<index)
          text = String(validating: scratch, as: UTF8.self)
        } else {
          text = source.string(runStart..<index)
        }
        guard let text else {
          throw FeedFileError(
            "a string is not valid UTF-8", at: firstInvalidUTF8(in: (start + 1)..<index) ?? start)
        }
        index += 1
        return text
      }
      if byte < 0x20 {
        throw FeedFileError(
          byte == 0x0A
            ? "a string is not closed before the end of the line"
            : "a control character in a string must be escaped",
          at: index)
      }
      if byte == 0x5C {
        if !escaped {
          scratch.removeAll(keepingCapacity: true)
          escaped = true
        }
        appendRun(runStart..<index)
        try parseEscape()
        runStart = index
        continue
      }
      index += 1
    }
    throw FeedFileError("a string is not closed: expected '\"'", at: start)
  }

  /// Where the first byte of `range` is that does not begin or continue a well-formed UTF-8
  /// character (an escape is ASCII, so the raw bytes of a string are what can be ill-formed).
  private func firstInvalidUTF8(in range: Range<Int>) -> Int? {
    var offset = range.lowerBound
    while offset < range.upperBound {
      let lead = source[offset]
      // The length, and the range the second byte must be in (no overlong forms, no surrogates,
      // nothing past U+10FFFF).
      let (length, second): (Int, ClosedRange<UInt8>) =
        switch lead {
        case 0x00...0x7F: (1, 0...0)
        case 0xC2...0xDF: (2, 0x80...0xBF)
        case 0xE0: (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (3, 0x80...0xBF)
        case 0xED: (3, 0x80...0x9F)
        case 0xF0: (4, 0x90...0xBF)
        case 0xF1...0xF3: (4, 0x80...0xBF)
        case 0xF4: (4, 0x80...0x8F)
        default: (0, 0...0)
        }
      guard length > 0, offset + length <= range.upperBound else { return offset }
      if length > 1 {
        guard second.contains(source[offset + 1]) else { return offset }
        for next in (offset + 2)..<(offset + length) where source[next] & 0xC0 != 0x80 { return offset }
      }
      offset += length
    }
    return nil
  }

  private mutating func appendRun(_ range: Range<Int>) {
    for offset in range { scratch.append(source[offset]) }
  }

  /// One escape from its backslash, appended to `scratch` as UTF-8.
  private mutating func parseEscape() throws(FeedFileError) {
    let escapeOffset = index
    index += 1
    guard index < source.count else {
      throw FeedFileError("a string is not closed: expected '\"'", at: escapeOffset)
    }
    let scalar: Unicode.Scalar
    switch source[index] {
    case 0x22: scalar = "\""
    case 0x5C: scalar = "\\"
    case 0x2F: scalar = "/"
    case 0x62: scalar = "\u{08}"
    case 0x66: scalar = "\u{0C}"
    case 0x6E: scalar = "\n"
    case 0x72: scalar = "\r"
    case 0x74: scalar = "\t"
    case 0x75:
      var value = try hex4(at: index + 1, escapeOffset)
      index += 4
      if (0xD800...0xDBFF).contains(value), index + 6 < source.count, source[index + 1] == 0x5C,
        source[index + 2] == 0x75
      {
        let low = try hex4(at: index + 3, index + 1)  // a bad second escape is reported where it is
        if (0xDC00...0xDFFF).contains(low) {
          value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
          index += 6
        }
      }
      // Unpaired surrogates become U+FFFD rather than failing the whole file.
      scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
    default:
      throw FeedFileError("unknown escape \\\(describeCurrent())", at: escapeOffset)
    }
    UTF8.encode(scalar) { scratch.append($0) }
    index += 1
  }

  private func hex4(at offset: Int, _ start: Int) throws(FeedFileError) -> UInt32 {
    guard offset + 4 <= source.count else { throw FeedFileError("\\u needs four hex digits", at: start) }
    var value: UInt32 = 0
    for position in offset..<(offset + 4) {
      let byte = source[position]
      let digit: UInt32
      switch byte {
      case 0x30...0x39: digit = UInt32(byte - 0x30)
      case 0x41...0x46: digit = UInt32(byte - 0x41 + 10)
      case 0x61...0x66: digit = UInt32(byte - 0x61 + 10)
      default: throw FeedFileError("\\u needs four hex digits", at: start)
      }
      value = value * 16 + digit
    }
    return value
  }

  private mutating func digits() -> Int {
    let from = index
    while index < source.count, (0x30...0x39).contains(source[index]) { index += 1 }
    return index - from
  }

  /// A number. Whole numbers of up to 15 digits are accumulated as they are read (exact in a
  /// `Double`); the rest are converted from their text.
  private mutating func parseNumber() throws(FeedFileError) -> Double {
    let start = index
    let negative = source[index] == 0x2D
    if negative { index += 1 }
    let integerStart = index
    let integerDigits = digits()
    guard integerDigits > 0 else { throw FeedFileError("a number needs digits", at: start) }
    if source[integerStart] == 0x30 && integerDigits > 1 {
      throw FeedFileError("a number cannot start with 0", at: start)
    }
    var isWhole = true
    if index < source.count && source[index] == 0x2E {
      isWhole = false
      index += 1
      guard digits() > 0 else { throw FeedFileError("a number needs digits after '.'", at: start) }
    }
    if index < source.count && (source[index] == 0x65 || source[index] == 0x45) {
      isWhole = false
      index += 1
      if index < source.count && (source[index] == 0x2B || source[index] == 0x2D) { index += 1 }
      guard digits() > 0 else { throw FeedFileError("a number needs digits in its exponent", at: start) }
    }
    if isWhole && integerDigits <= 15 {
      var value = 0
      for offset in integerStart..<index { value = value * 10 + Int(source[offset] - 0x30) }
      return negative ? -Double(value) : Double(value)
    }
    // Digits and signs are ASCII: the text is valid UTF-8.
    let text = source.string(start..<index) ?? ""
    guard let value = Double(text), value.isFinite else {
      throw FeedFileError("the number \(FeedFileError.shown(text)) is out of range", at: start)
    }
    return value
  }
}
