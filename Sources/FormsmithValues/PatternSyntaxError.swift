/// A pattern that cannot be parsed: what the PCRE2 regex syntax parser (`RegexParser`) throws,
/// with a message and the UTF-8 byte offset into the pattern where the problem was found.
///
/// Besides syntax errors, the parser throws it for valid PCRE2 that the value generator, its
/// main user, cannot support and has no fallback for (recursion, callouts, some verbs and
/// properties); the message says what to do instead.
package struct PatternSyntaxError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What is wrong and what to do about it.
    package let message: String
    /// The UTF-8 byte offset in the pattern where the problem was found.
    package let offset: Int

    /// Creates an error for the problem `message` found at byte `offset` of the pattern.
    package init(message: String, offset: Int) {
        self.message = message
        self.offset = offset
    }

    /// The message with its offset, in the words of the value generator, which is where a user
    /// sees it: "cannot generate values for the pattern: message (at byte offset N)".
    package var description: String {
        "cannot generate values for the pattern: \(message) (at byte offset \(offset))"
    }
}
