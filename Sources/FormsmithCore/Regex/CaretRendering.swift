/// Renders a one-line source text with a caret under a character offset and the message after it:
///
///     (abc
///         ^ missing closing parenthesis
///
/// Tabs in the text are kept under the caret so the caret lines up in a terminal.
func renderCaret(text: String, offset: Int, message: String) -> String {
    var padding = ""
    var column = 0
    for character in text {
        if column >= offset { break }
        padding.append(character == "\t" ? "\t" : " ")
        column += 1
    }
    if offset > column {
        padding += String(repeating: " ", count: offset - column)
    }
    return "\(text)\n\(padding)^ \(message)"
}
