/// How serious a lint finding is.
public enum LintSeverity: String, Sendable, Hashable, Codable, Comparable {
    /// The rule file cannot be used: the loader or the compiler rejects it.
    case error
    /// The rules load, but a careful reviewer would question them.
    case warning

    /// Errors sort before warnings.
    public static func < (lhs: LintSeverity, rhs: LintSeverity) -> Bool {
        lhs == .error && rhs == .warning
    }
}

/// One thing `formsmith lint` reports: which check, how serious, where, and what to do.
public struct LintFinding: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The stable identifier of the check (see ``LintCatalog``), such as `unused-definition`.
    public var rule: String
    /// Error or warning.
    public var severity: LintSeverity
    /// Where in the rule file the reviewer should look.
    public var location: SourceLocation
    /// What is wrong and what to do about it. May span lines (a caret excerpt).
    public var message: String

    /// Creates a finding.
    public init(rule: String, severity: LintSeverity, location: SourceLocation, message: String) {
        self.rule = rule
        self.severity = severity
        self.location = location
        self.message = message
    }

    /// `file:line:column: warning[rule]: message`.
    public var description: String {
        "\(location): \(severity.rawValue)[\(rule)]: \(message)"
    }

    /// File order: file, line, column, then rule and message, so that output is stable.
    public static func < (lhs: LintFinding, rhs: LintFinding) -> Bool {
        (lhs.location.file, lhs.location.line, lhs.location.column, lhs.rule, lhs.message)
            < (rhs.location.file, rhs.location.line, rhs.location.column, rhs.rule, rhs.message)
    }
}

/// The documentation of one lint check, with examples that are also its tests (the SwiftLint
/// way: one table-driven test lints every example).
///
/// Examples are rule files without their `id:` line; a triggering example must produce at
/// least one finding of this check, a non-triggering one none.
public struct LintRule: Sendable {
    /// The stable identifier, used in output and in SARIF's `ruleId`.
    public let id: String
    /// Error or warning.
    public let severity: LintSeverity
    /// One line on what the check reports.
    public let summary: String
    /// Rule files (YAML, without `id:`) the check reports.
    public let triggering: [String]
    /// Rule files (YAML, without `id:`) the check accepts.
    public let nonTriggering: [String]

    init(id: String, severity: LintSeverity = .warning, summary: String, triggering: [String],
         nonTriggering: [String]) {
        self.id = id
        self.severity = severity
        self.summary = summary
        self.triggering = triggering
        self.nonTriggering = nonTriggering
    }

    /// A finding of this check; text quoted from the rule file is escaped like a
    /// ``RuleProblem``'s (line breaks too), so it cannot start a line of its own.
    func finding(_ message: String, at location: SourceLocation) -> LintFinding {
        LintFinding(rule: id, severity: severity, location: location, message: DisplayText.escaped(message))
    }

    /// A finding for a problem the loader or compiler found, its message already escaped
    /// (and keeping its caret excerpt).
    func finding(_ problem: RuleProblem) -> LintFinding {
        LintFinding(rule: id, severity: severity, location: problem.location, message: problem.message)
    }
}

/// One lint check: its documentation and the code that looks for it.
protocol LintCheck: Sendable {
    /// The check's identifier, summary and examples.
    var rule: LintRule { get }
    /// Whether the check needs the compiled rules (it is skipped when the file does not compile).
    var needsCompiledRules: Bool { get }
    /// The findings of this check in one rule file.
    func findings(in context: LintContext) -> [LintFinding]
}
