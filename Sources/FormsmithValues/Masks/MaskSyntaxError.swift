/// A mask that cannot be parsed, with the position of the problem.
package struct MaskSyntaxError: Error, CustomStringConvertible, Hashable, Sendable {
    /// What is wrong and how to fix it.
    package let message: String
    /// Where the problem is, in characters (grapheme clusters) from the start of the mask.
    package let offset: Int

    /// Creates an error with a message and a character offset.
    package init(message: String, offset: Int) {
        self.message = message
        self.offset = offset
    }

    /// A one-line description: "invalid input mask at character N: message".
    package var description: String {
        "invalid input mask at character \(offset): \(message)"
    }

    /// Two lines: the mask, and a caret under the offending character followed by the message.
    package func rendered(mask: String) -> String {
        SourceCaret.render(source: mask, offset: offset, message: message)
    }
}
