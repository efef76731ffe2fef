import FormsmithValues

/// An expression that could not be parsed: what was expected, and where.
public struct ExpressionSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, phrased as what was expected (`expected ']' to close the list`).
    public let message: String
    /// The position of the problem: a 0-based offset in characters from the start of the
    /// source (equal to the source length for "unexpected end of expression").
    public let offset: Int

    /// An error at a character offset.
    public init(message: String, offset: Int) {
        self.message = message
        self.offset = offset
    }

    /// `offset N: message`.
    public var description: String { "offset \(offset): \(message)" }

    /// The source line containing the problem and a caret under it, followed by the message:
    /// ```
    /// payment.type in [1, 2
    ///                      ^ expected ']' to close the list
    /// ```
    public func rendered(source: String) -> String {
        SourceCaret.render(source: source, offset: offset, message: message)
    }
}
