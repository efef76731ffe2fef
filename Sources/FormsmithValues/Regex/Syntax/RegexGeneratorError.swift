/// Why a pattern cannot be turned into a value generator: a syntax error, or a construct
/// the generator does not support and has no fallback for.
package struct RegexGeneratorError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What is wrong and what to do about it.
    package let message: String
    /// The UTF-8 byte offset in the pattern where the problem was found.
    package let offset: Int

    /// Creates an error for the problem `message` found at byte `offset` of the pattern.
    package init(message: String, offset: Int) {
        self.message = message
        self.offset = offset
    }

    /// The message with its offset, ready to show to a user.
    package var description: String {
        "cannot generate values for the pattern: \(message) (at byte offset \(offset))"
    }
}
