/// Renders a one-line source text with a caret under a character offset and the message after it:
///
///     (abc
///         ^ missing closing parenthesis
///
/// Tabs in the text are kept under the caret so the caret lines up in a terminal. A text longer
/// than ``CaretWindow/maximumWidth`` characters is cut to a window around the offset.
func renderCaret(text: String, offset: Int, message: String) -> String {
    let (shown, column) = CaretWindow.clip(Array(text), column: offset)
    var padding = ""
    for character in shown.prefix(column) {
        padding.append(character == "\t" ? "\t" : " ")
    }
    if column > shown.count {
        padding += String(repeating: " ", count: column - shown.count)
    }
    return "\(String(shown))\n\(padding)^ \(message)"
}

/// Cuts a long source line to a window around a column, so that a problem in a 1 MB regex or
/// expression is shown in a line a terminal can hold instead of megabytes of text.
enum CaretWindow {
    /// The widest line shown in full.
    static let maximumWidth = 120
    /// Characters kept on each side of the column when a line is cut.
    static let context = 50

    /// The characters to show and the caret's column within them; cut ends are marked `…`.
    static func clip(_ line: [Character], column: Int) -> (line: [Character], column: Int) {
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
