/// How far a run has got, for a progress display.
public struct ValidationProgress: Sendable, Equatable {
    /// Questionnaires validated so far.
    public var records = 0
    /// Input bytes validated so far.
    public var bytes = 0

    /// Creates a progress value.
    public init(records: Int = 0, bytes: Int = 0) {
        self.records = records
        self.bytes = bytes
    }
}

/// Takes the outcomes of work items in input order and does everything that must happen
/// in that order: totals (per file and overall), results to the reporter, split output,
/// and the stop of `--fail-fast`. Because outcomes arrive in input order whatever the
/// number of jobs, all of these are the same for any `--jobs`.
struct RunLedger<Reporter: ValidationReporter> {
    private let sources: [InputSource]
    private let reporter: Reporter
    private let split: SplitOutput?
    private let today: CivilDate?
    private var summary = ValidationSummary()
    private var fileSummary = ValidationSummary()
    /// The input being read (-1 before the first).
    private var current = -1
    /// Set once `--fail-fast` met an invalid or unreadable questionnaire.
    private(set) var isStopped = false
    /// Records and bytes validated so far.
    private(set) var progress = ValidationProgress()

    init(sources: [InputSource], reporter: Reporter, split: SplitOutput?, today: CivilDate? = nil) {
        self.sources = sources
        self.today = today
        self.reporter = reporter
        self.split = split
    }

    /// Takes the next outcome; `bytes` is the size of its work item.
    mutating func accept(_ outcome: ChunkOutcome, bytes: Int) {
        advance(to: outcome.sourceIndex)
        summary.merge(outcome.summary)
        fileSummary.merge(outcome.summary)
        if !outcome.results.isEmpty { reporter.report(outcome.results) }
        if let chunk = outcome.split { split?.write(chunk, sourceIndex: outcome.sourceIndex) }
        progress.records += outcome.summary.records
        progress.bytes += bytes
        isStopped = outcome.isStopped
    }

    /// Ends the run: closes the last files and hands the totals to the reporter.
    mutating func finish() -> ValidationSummary {
        advance(to: isStopped ? current + 1 : sources.count)
        split?.finish()
        summary.stoppedEarly = isStopped
        summary.today = today
        reporter.finish(summary)
        return summary
    }

    /// Finishes every input before `index` (inputs without work items included).
    private mutating func advance(to index: Int) {
        while current < index {
            if current >= 0 { reporter.finishFile(sources[current].name, summary: fileSummary) }
            fileSummary = ValidationSummary()
            current += 1
        }
    }
}
