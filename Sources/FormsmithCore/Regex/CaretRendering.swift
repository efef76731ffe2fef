/// Draws a caret under a character offset of a source text (a pattern, a mask, an
/// expression), the way compilers point at errors:
///
///     payment.type in [1, 2
///                          ^ expected ']' to close the list
///
/// For multi-line text only the line holding the offset is shown. Tabs before the offset are
/// kept in the padding so the caret lines up in a terminal.
enum SourceCaret {
    /// The line holding `offset` (in characters), then spaces up to its column, `^`, a space and `message`.
    static func render(source: String, offset: Int, message: String) -> String {
        var lineStart = 0
        var currentLine: [Character] = []
        var lineOfOffset: [Character]?
        var column = 0
        var position = 0
        for character in source {
            if character == "\n" || character == "\r\n" {
                if lineOfOffset == nil, offset <= position {
                    lineOfOffset = currentLine
                    column = offset - lineStart
                }
                currentLine = []
                lineStart = position + 1
            } else {
                currentLine.append(character)
            }
            position += 1
        }
        if lineOfOffset == nil {
            lineOfOffset = currentLine
            column = max(0, offset - lineStart)
        }
        let line = lineOfOffset ?? []
        let padding = (0..<column).map { index in index < line.count && line[index] == "\t" ? "\t" : " " }.joined()
        return String(line) + "\n" + padding + "^ " + message
    }
}
