/// Draws a caret under a character offset of a source text (a pattern, a mask, an
/// expression), the way compilers point at errors:
///
///     payment.type in [1, 2
///                          ^ expected ']' to close the list
///
/// The source is shown on one line: a line break in it is written `\u{A}` (a carriage return
/// `\u{D}`), as reports write them, so no part of a rule file's text becomes a line of its own
/// in the output (a CI log reads a line starting `::error::` as a command). Tabs before the
/// offset are kept in the padding so the caret lines up in a terminal.
package enum SourceCaret {
    /// The source on one line, then spaces up to the offset's column, `^`, a space and `message`.
    package static func render(source: String, offset: Int, message: String) -> String {
        var line: [Character] = []
        var column: Int?
        for (position, character) in source.enumerated() {
            if position == offset { column = line.count }
            switch character {
            case "\n": line += Array("\\u{A}")
            case "\r\n": line += Array("\\u{D}\\u{A}")
            case "\r": line += Array("\\u{D}")
            default: line.append(character)
            }
        }
        let (shownLine, shownColumn) = CaretWindow.clip(line, column: column ?? line.count + max(0, offset - source.count))
        let padding = (0..<shownColumn).map { index in
            index < shownLine.count && shownLine[index] == "\t" ? "\t" : " "
        }.joined()
        return String(shownLine) + "\n" + padding + "^ " + message
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
