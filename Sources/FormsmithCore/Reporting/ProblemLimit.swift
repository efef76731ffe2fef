/// `--max-errors N`: passes results on to another reporter until N problems (violations,
/// plus one per unreadable record) have been shown, then drops the rest. A questionnaire
/// that straddles the limit is shown with the violations that fit. The summary still counts
/// every record and violation, and says that the output was truncated.
public final class ProblemLimit: ValidationReporter {
    private let wrapped: any ValidationReporter
    private let limit: Int
    private var shown = 0
    private var dropped = false

    /// Shows at most `limit` problems through `wrapped`.
    public init(_ limit: Int, wrapping wrapped: any ValidationReporter) {
        self.limit = max(0, limit)
        self.wrapped = wrapped
    }

    public func report(_ results: [RecordResult]) {
        var kept: [RecordResult] = []
        for result in results {
            let cost = result.violations.count + (result.unreadable == nil ? 0 : 1)
            if shown + cost <= limit {
                kept.append(result)
                shown += cost
                continue
            }
            dropped = true
            let room = limit - shown - (result.unreadable == nil ? 0 : 1)
            guard room > 0 || (room == 0 && result.unreadable != nil) else { continue }
            var partial = result
            partial.violations = Array(result.violations.prefix(room))
            kept.append(partial)
            shown = limit
        }
        if !kept.isEmpty { wrapped.report(kept) }
    }

    public func finishFile(_ file: String, summary: ValidationSummary) {
        wrapped.finishFile(file, summary: summary)
    }

    public func finishFile(_ file: String, form: String, summary: ValidationSummary) {
        wrapped.finishFile(file, form: form, summary: summary)
    }

    public func finish(_ summary: ValidationSummary) {
        var summary = summary
        if dropped { summary.truncatedAt = limit }
        wrapped.finish(summary)
    }
}
