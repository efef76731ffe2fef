/// A pattern (or its flag string) that cannot be compiled.
public struct RegexCompileError: Error, CustomStringConvertible, Hashable, Sendable {
    /// What is wrong, in PCRE2's own words for pattern errors
    /// (for example "missing terminating ] for character class").
    public let message: String
    /// Where the problem was found, in characters (grapheme clusters) from the start of the
    /// pattern, so it can be shown with a caret; for a bad flag letter, the position in the flags.
    public let offset: Int

    /// Creates an error with a message and a character offset.
    public init(message: String, offset: Int) {
        self.message = message
        self.offset = offset
    }

    /// A one-line description: "invalid regular expression at character N: message".
    public var description: String {
        "invalid regular expression at character \(offset): \(message)"
    }

    /// Two lines: the pattern, and a caret under the offending character followed by the message.
    public func rendered(pattern: String) -> String {
        SourceCaret.render(source: pattern, offset: offset, message: message)
    }
}
