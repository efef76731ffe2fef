/// Why questionnaires could not be generated: rules no value can satisfy, a fixture that
/// breaks a rule, or options that do not fit together. The message says what to change.
public struct GenerationError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The field concerned (`drivers[0].licenseIssued`), when there is one.
    public let field: String?
    /// The rule identifier concerned (`regex`, `min`, ...), when there is one.
    public let rule: String?
    /// What is wrong and what to do about it.
    public let message: String

    /// Creates an error about `field` and `rule`.
    public init(field: String?, rule: String?, message: String) {
        self.field = field
        self.rule = rule
        self.message = message
    }

    /// The message, prefixed with the field and rule when known.
    public var description: String {
        var prefix = ""
        if let field { prefix += "\(field): " }
        if let rule { prefix += "[\(rule)] " }
        return prefix + message
    }
}

/// A field that could not be given a value in one attempt (the attempt is retried; after the
/// last attempt it becomes a ``GenerationError``).
struct GenerationFailure {
    let address: FieldAddress
    let rule: String
    let reason: String
}
