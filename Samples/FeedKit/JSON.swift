/// A JSON value with the place it was read from, so that a feed file's errors can say where.
public struct JSONNode: Sendable {
  public indirect enum Value: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONNode])
    /// Members in file order (JSON objects are ordered here; duplicate keys are an error).
    case object([(key: String, value: JSONNode)])
  }

  public var value: Value
  public var position: SourcePosition

  public subscript(key: String) -> JSONNode? {
    guard case .object(let members) = value else { return nil }
    return members.first { $0.key == key }?.value
  }

  public var typeName: String {
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

/// A line and column, both from 1; the column counts characters.
public struct SourcePosition: Hashable, Sendable, CustomStringConvertible {
  public var line: Int
  public var column: Int

  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  public var description: String { "\(line):\(column)" }
}

/// What is wrong with a file, and where.
public struct FeedFileError: Error, Hashable, Sendable, CustomStringConvertible {
  public var position: SourcePosition?
  public var message: String

  public init(_ message: String, at position: SourcePosition?) {
    self.message = message
    self.position = position
  }

  public var description: String {
    if let position { return "line \(position.line), column \(position.column): \(message)" }
    return message
  }
}

/// A strict JSON parser (RFC 8259) that remembers positions: no comments, no trailing commas,
/// no duplicate keys, nesting at most 512 deep, UTF-8 only.
public struct JSONParser {
  private let bytes: [UInt8]
  private var index = 0
  private var line = 1
  private var lineStart = 0
  private var depth = 0

  public static func parse(_ bytes: [UInt8]) throws(FeedFileError) -> JSONNode {
    var parser = JSONParser(bytes: bytes)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
    parser.skipWhitespace()
    let node = try parser.parseValue()
    parser.skipWhitespace()
    guard parser.index == bytes.count else {
      throw FeedFileError("unexpected \(parser.describeCurrent()) after the JSON value", at: parser.position)
    }
    return node
  }

  private init(bytes: [UInt8]) { self.bytes = bytes }

  /// The position of `index`; the column counts UTF-8 characters, not bytes.
  private var position: SourcePosition {
    var column = 1
    for byte in bytes[lineStart..<min(index, bytes.count)] where byte & 0xC0 != 0x80 { column += 1 }
    return SourcePosition(line: line, column: column)
  }

  private func describeCurrent() -> String {
    guard index < bytes.count else { return "end of file" }
    let byte = bytes[index]
    if byte >= 0x21 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    return "byte 0x\(String(byte, radix: 16, uppercase: true))"
  }

  private mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0D: index += 1
      case 0x0A:
        index += 1
        line += 1
        lineStart = index
      default: return
      }
    }
  }

  private mutating func parseValue() throws(FeedFileError) -> JSONNode {
    let start = position
    guard index < bytes.count else { throw FeedFileError("expected a value, found end of file", at: start) }
    switch bytes[index] {
    case 0x7B: return try parseObject(start)
    case 0x5B: return try parseArray(start)
    case 0x22: return JSONNode(value: .string(try parseString()), position: start)
    case 0x74: return try literal("true", .bool(true), start)
    case 0x66: return try literal("false", .bool(false), start)
    case 0x6E: return try literal("null", .null, start)
    case 0x2D, 0x30...0x39: return JSONNode(value: .number(try parseNumber()), position: start)
    default: throw FeedFileError("expected a value, found \(describeCurrent())", at: start)
    }
  }

  private mutating func literal(_ word: String, _ value: JSONNode.Value, _ start: SourcePosition)
    throws(FeedFileError) -> JSONNode
  {
    let expected = Array(word.utf8)
    guard bytes.count - index >= expected.count, Array(bytes[index..<(index + expected.count)]) == expected
    else {
      throw FeedFileError("expected a value, found \(describeCurrent())", at: start)
    }
    index += expected.count
    return JSONNode(value: value, position: start)
  }

  private mutating func enter() throws(FeedFileError) {
    depth += 1
    if depth > 512 { throw FeedFileError("nested more than 512 deep", at: position) }
  }

  private mutating func parseObject(_ start: SourcePosition) throws(FeedFileError) -> JSONNode {
    var members: [(key: String, value: JSONNode)] = []
    try parseElements(close: 0x7D, what: "an object") { parser throws(FeedFileError) in
      let keyPosition = parser.position
      guard parser.index < parser.bytes.count, parser.bytes[parser.index] == 0x22 else {
        throw FeedFileError(
          "expected a member name in quotes, found \(parser.describeCurrent())", at: keyPosition)
      }
      let key = try parser.parseString()
      if members.contains(where: { $0.key == key }) {
        throw FeedFileError("the member \"\(key)\" appears twice", at: keyPosition)
      }
      parser.skipWhitespace()
      guard parser.index < parser.bytes.count, parser.bytes[parser.index] == 0x3A else {
        throw FeedFileError(
          "expected ':' after \"\(key)\", found \(parser.describeCurrent())", at: parser.position)
      }
      parser.index += 1
      parser.skipWhitespace()
      members.append((key, try parser.parseValue()))
    }
    return JSONNode(value: .object(members), position: start)
  }

  private mutating func parseArray(_ start: SourcePosition) throws(FeedFileError) -> JSONNode {
    var elements: [JSONNode] = []
    try parseElements(close: 0x5D, what: "an array") { parser throws(FeedFileError) in
      elements.append(try parser.parseValue())
    }
    return JSONNode(value: .array(elements), position: start)
  }

  /// The comma-separated elements of an object or array, from its opening bracket to `close`:
  /// `element` reads one (whitespace before it skipped).
  private mutating func parseElements(
    close: UInt8, what: String, element: (inout JSONParser) throws(FeedFileError) -> Void
  ) throws(FeedFileError) {
    try enter()
    defer { depth -= 1 }
    let closing = Character(Unicode.Scalar(close))
    index += 1
    skipWhitespace()
    if index < bytes.count && bytes[index] == close {
      index += 1
      return
    }
    while true {
      skipWhitespace()
      try element(&self)
      skipWhitespace()
      guard index < bytes.count else {
        throw FeedFileError("\(what) is not closed: expected '\(closing)'", at: position)
      }
      if bytes[index] == 0x2C {
        index += 1
        continue
      }
      if bytes[index] == close {
        index += 1
        return
      }
      throw FeedFileError("expected ',' or '\(closing)', found \(describeCurrent())", at: position)
    }
  }

  private mutating func parseString() throws(FeedFileError) -> String {
    let start = position
    index += 1
    var scalars = String.UnicodeScalarView()
    var runStart = index
    func flushRun(_ scalars: inout String.UnicodeScalarView, _ end: Int) throws(FeedFileError) {
      guard end > runStart else { return }
      guard let text = String(validating: bytes[runStart..<end], as: UTF8.self) else {
        throw FeedFileError("a string is not valid UTF-8", at: start)
      }
      scalars.append(contentsOf: text.unicodeScalars)
    }
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x22 {
        try flushRun(&scalars, index)
        index += 1
        return String(scalars)
      }
      if byte < 0x20 {
        throw FeedFileError(
          byte == 0x0A
            ? "a string is not closed before the end of the line"
            : "a control character in a string must be escaped",
          at: position)
      }
      if byte == 0x5C {
        try flushRun(&scalars, index)
        let escapePosition = position
        index += 1
        guard index < bytes.count else { break }
        switch bytes[index] {
        case 0x22: scalars.append("\"")
        case 0x5C: scalars.append("\\")
        case 0x2F: scalars.append("/")
        case 0x62: scalars.append("\u{08}")
        case 0x66: scalars.append("\u{0C}")
        case 0x6E: scalars.append("\n")
        case 0x72: scalars.append("\r")
        case 0x74: scalars.append("\t")
        case 0x75:
          var value = try hex4(at: index + 1, escapePosition)
          index += 4
          if (0xD800...0xDBFF).contains(value), index + 6 < bytes.count, bytes[index + 1] == 0x5C,
            bytes[index + 2] == 0x75
          {
            let low = try hex4(at: index + 3, escapePosition)
            if (0xDC00...0xDFFF).contains(low) {
              value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
              index += 6
            }
          }
          // Unpaired surrogates become U+FFFD rather than failing the whole file.
          scalars.append(Unicode.Scalar(value) ?? "\u{FFFD}")
        default:
          throw FeedFileError("unknown escape \\\(describeCurrent())", at: escapePosition)
        }
        index += 1
        runStart = index
        continue
      }
      index += 1
    }
    throw FeedFileError("a string is not closed: expected '\"'", at: start)
  }

  private func hex4(at offset: Int, _ start: SourcePosition) throws(FeedFileError) -> UInt32 {
    guard offset + 4 <= bytes.count else { throw FeedFileError("\\u needs four hex digits", at: start) }
    var value: UInt32 = 0
    for byte in bytes[offset..<(offset + 4)] {
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

  private mutating func parseNumber() throws(FeedFileError) -> Double {
    let start = position
    let first = index
    if bytes[index] == 0x2D { index += 1 }
    func digits(_ parser: inout JSONParser) -> Int {
      let from = parser.index
      while parser.index < parser.bytes.count, (0x30...0x39).contains(parser.bytes[parser.index]) {
        parser.index += 1
      }
      return parser.index - from
    }
    let integerStart = index
    guard digits(&self) > 0 else { throw FeedFileError("a number needs digits", at: start) }
    if bytes[integerStart] == 0x30 && index - integerStart > 1 {
      throw FeedFileError("a number cannot start with 0", at: start)
    }
    if index < bytes.count && bytes[index] == 0x2E {
      index += 1
      guard digits(&self) > 0 else { throw FeedFileError("a number needs digits after '.'", at: start) }
    }
    if index < bytes.count && (bytes[index] == 0x65 || bytes[index] == 0x45) {
      index += 1
      if index < bytes.count && (bytes[index] == 0x2B || bytes[index] == 0x2D) { index += 1 }
      guard digits(&self) > 0 else { throw FeedFileError("a number needs digits in its exponent", at: start) }
    }
    let text = String(decoding: bytes[first..<index], as: UTF8.self)
    guard let value = Double(text), value.isFinite else {
      throw FeedFileError("the number \(text) is out of range", at: start)
    }
    return value
  }
}
