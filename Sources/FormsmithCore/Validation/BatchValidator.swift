import Foundation

/// Options of a validation run.
public struct ValidationOptions: Sendable {
    /// Number of parallel workers (at least 1).
    public var jobs: Int
    /// Record and chunk sizes.
    public var inputLimits: InputLimits
    /// Nesting and size limits of one JSON record.
    public var jsonLimits: JSONLimits
    /// PCRE2 match and depth limits.
    public var regexLimits: RegexLimits

    /// Creates options; `jobs` defaults to the number of active processors.
    public init(jobs: Int? = nil, inputLimits: InputLimits = InputLimits(), jsonLimits: JSONLimits = JSONLimits(),
                regexLimits: RegexLimits = .default) {
        self.jobs = max(1, jobs ?? ProcessInfo.processInfo.activeProcessorCount)
        self.inputLimits = inputLimits
        self.jsonLimits = jsonLimits
        self.regexLimits = regexLimits
    }
}

/// Receives results in input order while a run goes on.
public protocol ValidationReporter: AnyObject {
    /// Invalid and unreadable records of the next piece of input, in order.
    func report(_ results: [RecordResult])
    /// Called once at the end with the totals.
    func finish(_ summary: ValidationSummary)
}

/// Validates many inputs in parallel: the inputs are cut into chunks at record boundaries,
/// workers (each with its own ``RecordValidator``) validate them with Dispatch while the
/// calling thread reads ahead, and results are handed to the reporter in input order, so
/// output does not depend on the number of jobs. Only invalid and unreadable records are
/// kept; valid ones are counted.
public final class BatchValidator: Sendable {
    /// The rules.
    public let rules: CompiledRuleSet
    /// The options.
    public let options: ValidationOptions

    /// Creates a batch validator.
    public init(rules: CompiledRuleSet, options: ValidationOptions = ValidationOptions()) {
        self.rules = rules
        self.options = options
    }

    /// Validates `sources` and returns the totals; results go to `reporter` as they come.
    @discardableResult
    public func run(_ sources: [InputSource], reporter: some ValidationReporter) -> ValidationSummary {
        let planner = WorkPlanner(sources: sources, limits: options.inputLimits)
        var summary = ValidationSummary()
        let deliver = { (outcome: ChunkOutcome) in
            summary.merge(outcome.summary)
            if !outcome.results.isEmpty { reporter.report(outcome.results) }
            planner.recycle(outcome.bytes)
        }
        if options.jobs == 1 {
            let validator = RecordValidator(rules: rules, regexLimits: options.regexLimits)
            while let item = planner.next() {
                let outcome = validate(item, with: validator)
                _ = consume item  // the outcome holds the only reference to the chunk's bytes
                deliver(outcome)
            }
        } else {
            ParallelValidation(batch: self).run(planner, deliver: deliver)
        }
        reporter.finish(summary)
        return summary
    }

    /// Validates one work item.
    func validate(_ item: WorkItem, with validator: RecordValidator) -> ChunkOutcome {
        var outcome = ChunkOutcome(bytes: item.bytes)
        switch item.kind {
        case .lines:
            JSONLinesReader.forEachRecord(in: item.bytes, firstLine: item.firstLine) { line, lineNumber in
                outcome.add(validator.validate(
                    json: line, location: RecordLocation(file: item.source.path, line: lineNumber),
                    limits: options.jsonLimits))
            }
        case .document:
            JSONDocumentReader.forEachRecord(in: item.bytes, file: item.source.path, validator: validator,
                                             limits: options.jsonLimits) { outcome.add($0) }
        case .failure(let message):
            outcome.add(RecordResult(location: RecordLocation(file: item.source.path, line: item.firstLine),
                                     unreadable: message))
        }
        return outcome
    }
}

/// The verdicts of one work item: totals plus the records worth reporting.
struct ChunkOutcome: Sendable {
    var summary = ValidationSummary()
    var results: [RecordResult] = []
    /// The chunk's bytes, handed back to the planner for reuse.
    var bytes: [UInt8]

    mutating func add(_ result: RecordResult) {
        if result.isValid {
            summary.addValid(1)
        } else {
            summary.add(result)
            results.append(result)
        }
    }
}
