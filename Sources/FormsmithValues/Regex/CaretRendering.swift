/// Draws a caret under a character offset of a source text (a pattern, a mask, an
/// expression), the way compilers point at errors:
///
///     payment.type in [1, 2
///                          ^ expected ']' to close the list
///
/// For multi-line text only the line holding the offset is shown. Tabs before the offset are
/// kept in the padding so the caret lines up in a terminal.
package enum SourceCaret {
    /// The line holding `offset` (in characters), then spaces up to its column, `^`, a space and `message`.
    package static func render(source: String, offset: Int, message: String) -> String {
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
        let (line, shownColumn) = CaretWindow.clip(lineOfOffset ?? [], column: column)
        let padding = (0..<shownColumn).map { index in index < line.count && line[index] == "\t" ? "\t" : " " }.joined()
        return String(line) + "\n" + padding + "^ " + message
    }
}

/// Cuts a long source line to a window around a column, so that a problem in a 1 MB regex or
/// expression is shown in a line a terminal can hold instead of megabytes of text.
package enum CaretWindow {
    /// The widest line shown in full.
    package static let maximumWidth = 120
    /// Characters kept on each side of the column when a line is cut.
    package static let context = 50

    /// The characters to show and the caret's column within them; cut ends are marked `…`.
    package static func clip(_ line: [Character], column: Int) -> (line: [Character], column: Int) {
        guard line.count > maximumWidth else { return (line, column) }
        let start = max(0, min(column, line.count) - context)
        let end = min(line.count, max(column, start) + context)
        var shown: [Character] = []
        var shift = start
        if start > 0 {
            shown.append("…")
            shift -= 1
        }
        shown += line[start..<end]
        if end < line.count { shown.append("…") }
        return (shown, column - shift)
    }
}
