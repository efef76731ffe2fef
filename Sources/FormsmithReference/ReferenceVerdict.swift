/// What the reference validator says of one questionnaire: unreadable, or the set of broken
/// rules, each as a concrete field path (`drivers[1].documents[0].number`, empty for the
/// questionnaire itself) and a rule identifier.
public struct ReferenceVerdict: Hashable, Sendable, CustomStringConvertible {
    /// One broken rule at one concrete path.
    public struct Finding: Hashable, Comparable, Sendable, CustomStringConvertible {
        public var field: String
        public var rule: String

        public init(field: String, rule: String) {
            self.field = field
            self.rule = rule
        }

        public static func < (lhs: Finding, rhs: Finding) -> Bool {
            (lhs.field, lhs.rule) < (rhs.field, rhs.rule)
        }

        public var description: String { "\(field.isEmpty ? "(questionnaire)" : field) \(rule)" }
    }

    /// Whether the bytes are not a questionnaire (not JSON, or not an object).
    public var unreadable: Bool
    /// The broken rules (empty when unreadable or valid).
    public var findings: Set<Finding>

    public init(unreadable: Bool, findings: Set<Finding>) {
        self.unreadable = unreadable
        self.findings = findings
    }

    /// `unreadable`, `valid`, or the findings sorted, one per line.
    public var description: String {
        if unreadable { return "unreadable" }
        if findings.isEmpty { return "valid" }
        return findings.sorted().map(\.description).joined(separator: "\n")
    }
}
