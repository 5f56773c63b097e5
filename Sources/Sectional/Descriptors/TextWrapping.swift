/// Word wrapping by grapheme count: the model's default measure of text. The text front
/// replaces it with display-width measuring (CJK is two columns wide, combining marks zero).
package enum TextWrapping {
  /// The lines `text` takes when wrapped at `width` columns, words kept whole where they fit;
  /// a word longer than a line is broken. At least one line.
  package static func lines(_ text: String, width: Int, measure: (Substring) -> Int = { $0.count })
    -> [Substring]
  {
    guard width > 0 else { return [text[...]] }
    var lines: [Substring] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var line: Substring = paragraph[paragraph.startIndex..<paragraph.startIndex]
      var lineWidth = 0
      for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
        var word = word
        var wordWidth = measure(word)
        if lineWidth > 0 && lineWidth + 1 + wordWidth <= width {
          line = paragraph[line.startIndex..<word.endIndex]
          lineWidth += 1 + wordWidth
          continue
        }
        if lineWidth > 0 {
          lines.append(line)
          lineWidth = 0
        }
        while wordWidth > width {
          // Break a word longer than the line at the last grapheme that fits.
          var end = word.startIndex
          var used = 0
          while end < word.endIndex {
            let next = word.index(after: end)
            let step = measure(word[end..<next])
            if used + step > width && used > 0 { break }
            used += step
            end = next
          }
          lines.append(word[word.startIndex..<end])
          word = word[end...]
          wordWidth = measure(word)
        }
        line = word
        lineWidth = wordWidth
      }
      lines.append(line)
    }
    return lines
  }
}
