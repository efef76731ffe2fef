/// One problem found in a rule file.
public struct RuleProblem: Sendable, Hashable, CustomStringConvertible, Comparable {
    /// Where the problem is.
    public var location: SourceLocation
    /// What is wrong and what to do about it. May span lines (a caret excerpt). Text quoted
    /// from the rule file is shown escaped (see ``DisplayText``): a key holding a line break
    /// and `::error::` must not become a line of its own, which CI systems read as a command.
    public var message: String

    /// Creates a problem; every hidden character of `message` (line breaks too) is escaped.
    public init(_ message: String, at location: SourceLocation) {
        self.init(message, excerpt: nil, at: location)
    }

    /// Creates a problem whose message ends with a caret `excerpt` (a source line, then a line
    /// with `^` under a column): the only line breaks a message keeps.
    public init(_ message: String, excerpt: String?, at location: SourceLocation) {
        self.message = DisplayText.escaped(message) + (excerpt.map { "\n" + DisplayText.escapedExcerpt($0) } ?? "")
        self.location = location
    }

    /// `file:line:column: message`.
    public var description: String { "\(location): \(message)" }

    public static func < (lhs: RuleProblem, rhs: RuleProblem) -> Bool {
        (lhs.location.file, lhs.location.line, lhs.location.column, lhs.message)
            < (rhs.location.file, rhs.location.line, rhs.location.column, rhs.message)
    }
}

/// A rule file that cannot be used, with every problem found in it.
public struct RulesError: Error, Sendable, CustomStringConvertible {
    /// All problems, in file order.
    public var problems: [RuleProblem]

    /// The rule set, when the file's shape had problems but it could still be read (so that
    /// compiling it can find the remaining problems).
    let readable: RuleSet?

    /// Creates the error from problems (sorted by position).
    public init(problems: [RuleProblem]) {
        self.init(problems: problems, readable: nil)
    }

    init(problems: [RuleProblem], readable: RuleSet?) {
        self.problems = problems.sorted()
        self.readable = readable
    }

    /// One line per problem.
    public var description: String {
        problems.map(\.description).joined(separator: "\n")
    }
}

/// Collects problems while a rule file is read and compiled, so that all of them can be
/// reported at once.
final class ProblemCollector {
    private(set) var problems: [RuleProblem] = []

    /// Records a problem; the same problem at the same place (a section's condition compiled
    /// for each of its fields) is recorded once.
    func report(_ message: String, excerpt: String? = nil, at location: SourceLocation) {
        let problem = RuleProblem(message, excerpt: excerpt, at: location)
        if problems.last == problem || problems.contains(problem) { return }
        problems.append(problem)
    }

    var isEmpty: Bool { problems.isEmpty }
}
