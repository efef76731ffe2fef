/// A pattern that cannot be parsed: what the input-mask parser (`MaskParser`, through
/// `InputMask`) and the PCRE2 regex syntax parser (`RegexParser`) throw, with a message and an
/// offset into the pattern where the problem was found.
///
/// The two parsers count the offset in different units, and `language` says which: a mask's
/// in characters (grapheme clusters), so a caret can sit under the character; a regex's in
/// UTF-8 bytes, the way the parser reads the pattern and PCRE2 counts.
///
/// Besides syntax errors, the regex parser throws it for valid PCRE2 that the value generator,
/// its main user, cannot support and has no fallback for (recursion, callouts, some verbs and
/// properties); the message says what to do instead.
package struct PatternSyntaxError: Error, CustomStringConvertible, Hashable, Sendable {
    /// The kind of pattern that failed to parse, which fixes the unit of `offset`.
    package enum Language: Hashable, Sendable {
        /// An input mask: `offset` counts characters (grapheme clusters).
        case inputMask
        /// A PCRE2 regular expression: `offset` counts UTF-8 bytes.
        case regex
    }

    /// Which parser rejected the pattern.
    package let language: Language
    /// What is wrong and how to fix it.
    package let message: String
    /// Where the problem is, from the start of the pattern: in characters for an input mask,
    /// in UTF-8 bytes for a regex (see `language`).
    package let offset: Int

    /// Creates an error for the problem `message` found at `offset` (in `language`'s unit).
    package init(_ language: Language, message: String, offset: Int) {
        self.language = language
        self.message = message
        self.offset = offset
    }

    /// One line. For a mask: "invalid input mask at character N: message". For a regex, in the
    /// words of the value generator, which is where a user sees it: "cannot generate values for
    /// the pattern: message (at byte offset N)".
    package var description: String {
        switch language {
        case .inputMask: "invalid input mask at character \(offset): \(message)"
        case .regex: "cannot generate values for the pattern: \(message) (at byte offset \(offset))"
        }
    }

    /// Two lines: the pattern, and a caret under the offending character followed by the message.
    package func rendered(pattern: String) -> String {
        let characterOffset = switch language {
        case .inputMask: offset
        case .regex: String(decoding: pattern.utf8.prefix(offset), as: UTF8.self).count
        }
        return SourceCaret.render(source: pattern, offset: characterOffset, message: message)
    }
}
