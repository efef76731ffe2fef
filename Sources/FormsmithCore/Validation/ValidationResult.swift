/// One broken rule in one questionnaire.
public struct Violation: Sendable, Hashable, Codable {
    /// The concrete field path (`drivers[1].licenseIssued`), or `""` for the questionnaire itself.
    public var field: String
    /// The stable rule identifier (see ``RuleIdentifier``).
    public var rule: String
    /// What is wrong, for people.
    public var message: String
    /// The offending value as written, when there is one.
    public var value: String?

    /// Creates a violation.
    public init(field: String, rule: String, message: String, value: String? = nil) {
        self.field = field
        self.rule = rule
        self.message = message
        self.value = value
    }
}

/// Where a questionnaire was read from.
public struct RecordLocation: Sendable, Hashable, Comparable {
    /// The input file as the user named it (`-` for standard input).
    public var file: String
    /// 1-based line where the record starts.
    public var line: Int
    /// 0-based position in a JSON array file, or nil for JSON Lines / CSV / single objects.
    public var index: Int?

    /// Creates a location.
    public init(file: String, line: Int, index: Int? = nil) {
        self.file = file
        self.line = line
        self.index = index
    }

    public static func < (lhs: RecordLocation, rhs: RecordLocation) -> Bool {
        (lhs.file, lhs.line, lhs.index ?? -1) < (rhs.file, rhs.line, rhs.index ?? -1)
    }
}

/// The verdict on one questionnaire.
public struct RecordResult: Sendable, Hashable {
    /// Where it was read from.
    public var location: RecordLocation
    /// Its `id` field, when it has a readable one.
    public var id: String?
    /// Every broken rule, in field evaluation order.
    public var violations: [Violation]
    /// Why the record could not be read at all (malformed JSON, broken CSV row); nil when read.
    public var unreadable: String?
    /// The form (rule set) it was validated against, in a project run; nil with `--rules`.
    public var form: String?

    /// Creates a result.
    public init(location: RecordLocation, id: String? = nil, violations: [Violation] = [], unreadable: String? = nil) {
        self.location = location
        self.id = id
        self.violations = violations
        self.unreadable = unreadable
    }

    /// Read and broke no rule.
    public var isValid: Bool { unreadable == nil && violations.isEmpty }
}
