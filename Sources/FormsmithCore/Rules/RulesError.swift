/// One problem found in a rule file.
public struct RuleProblem: Sendable, Hashable, CustomStringConvertible, Comparable {
    /// Where the problem is.
    public var location: SourceLocation
    /// What is wrong and what to do about it. May span lines (a caret excerpt).
    public var message: String

    /// Creates a problem.
    public init(_ message: String, at location: SourceLocation) {
        self.message = message
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
    func report(_ message: String, at location: SourceLocation) {
        let problem = RuleProblem(message, at: location)
        if problems.last == problem || problems.contains(problem) { return }
        problems.append(problem)
    }

    var isEmpty: Bool { problems.isEmpty }
}

/// Suggests the closest known word for a misspelt one ("did you mean 'mask'?").
///
/// The closest candidate is the first one at the smallest edit distance (Levenshtein, over
/// characters, ignoring case), offered when that distance is at most `max(2, length / 3)`.
/// Unknown keys are common in fuzzed and hand-written rule files alike, so the search is
/// bounded: a candidate whose length differs by more than the distance still acceptable is
/// skipped, the distance is computed only within that band of the table, and a row whose
/// every cell exceeds the bound ends the computation.
enum Suggestion {
    static func closest(to word: String, in candidates: [String]) -> String? {
        var bound = max(2, word.count / 3)
        let lowered = word.lowercased()
        var best: String?
        if let target = asciiUnits(lowered) {
            for candidate in candidates {
                let loweredCandidate = candidate.lowercased()
                let distance = asciiUnits(loweredCandidate).map { editDistance(target, $0, within: bound) }
                    ?? editDistance(Array(lowered), Array(loweredCandidate), within: bound)
                guard let distance else { continue }
                best = candidate
                if distance == 0 { break }
                bound = distance - 1
            }
        } else {
            let target = Array(lowered)
            for candidate in candidates {
                guard let distance = editDistance(target, Array(candidate.lowercased()), within: bound) else { continue }
                best = candidate
                if distance == 0 { break }
                bound = distance - 1
            }
        }
        return best
    }

    static func didYouMean(_ word: String, in candidates: [String]) -> String {
        closest(to: word, in: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// The bytes of an ASCII text in which every byte is one character (no CR LF pair, which
    /// is one character), or nil.
    private static func asciiUnits(_ text: String) -> [UInt8]? {
        var previous: UInt8 = 0
        for byte in text.utf8 {
            if byte >= 0x80 || (previous == 0x0D && byte == 0x0A) { return nil }
            previous = byte
        }
        return Array(text.utf8)
    }

    /// The edit distance of `a` and `b` when it is at most `limit`, else nil. Only the cells
    /// within `limit` of the diagonal are computed (the others cannot lead to a distance within
    /// it), and the computation stops at the first row with no cell within the limit.
    static func editDistance<Unit: Equatable>(_ a: [Unit], _ b: [Unit], within limit: Int) -> Int? {
        let n = a.count, m = b.count
        guard limit >= 0, abs(n - m) <= limit else { return nil }
        if n == 0 { return m }
        if m == 0 { return n }
        let beyond = limit + 1
        var previous = [Int](repeating: beyond, count: m + 1)
        var current = previous
        for j in 0...Swift.min(m, limit) { previous[j] = j }
        for i in 1...n {
            let low = Swift.max(1, i - limit), high = Swift.min(m, i + limit)
            current[0] = i <= limit ? i : beyond
            if low > 1 { current[low - 1] = beyond }
            var rowMinimum = current[0]
            for j in low...high {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                let value = Swift.min(previous[j - 1] + cost, previous[j] + 1, current[j - 1] + 1, beyond)
                current[j] = value
                rowMinimum = Swift.min(rowMinimum, value)
            }
            if high < m { current[high + 1] = beyond }
            if rowMinimum > limit { return nil }
            swap(&previous, &current)
        }
        return previous[m] <= limit ? previous[m] : nil
    }
}
