import Foundation
import FormsmithValues

/// Options of a validation run.
public struct ValidationOptions: Sendable {
    /// Number of parallel workers (1 to ``maximumJobs``).
    public var jobs: Int
    /// The most workers a run takes (`--jobs`); more is a command-line error.
    public static let maximumJobs = 1024
    /// Record and chunk sizes.
    public var inputLimits: InputLimits
    /// Nesting and size limits of one JSON record.
    public var jsonLimits: JSONLimits
    /// PCRE2 match and depth limits.
    public var regexLimits: RegexLimits
    /// How CSV inputs separate their fields.
    public var csvDialect: CSVDialect
    /// Stop at the first invalid or unreadable questionnaire (`--fail-fast`).
    public var failFast: Bool
    /// Mask offending values in violations and messages (`--redact`); see ``Redaction``.
    public var redact: Bool
    /// Count how often each field is filled (``ValidationSummary/fills``), for reports that
    /// show it; off, it costs nothing.
    public var countsFills = false
    /// Hand valid records to the reporter too (each with its location), not only invalid and
    /// unreadable ones: for a caller that wants a result per record, such as
    /// ``QuestionnaireValidator/validate(fileAt:format:csvDialect:)``. Off, valid records are
    /// only counted.
    public var reportsValidRecords = false

    /// Creates options; `jobs` defaults to the number of active processors, and is kept
    /// within 1...``maximumJobs`` (the command line refuses other values).
    public init(jobs: Int? = nil, inputLimits: InputLimits = InputLimits(), jsonLimits: JSONLimits = JSONLimits(),
                regexLimits: RegexLimits = .default, csvDialect: CSVDialect = .comma, failFast: Bool = false,
                redact: Bool = false) {
        self.jobs = min(max(1, jobs ?? ProcessInfo.processInfo.activeProcessorCount), Self.maximumJobs)
        self.inputLimits = inputLimits
        self.jsonLimits = jsonLimits
        self.regexLimits = regexLimits
        self.csvDialect = csvDialect
        self.failFast = failFast
        self.redact = redact
    }
}

/// Receives results in input order while a run goes on.
public protocol ValidationReporter: AnyObject {
    /// Invalid and unreadable records of the next piece of input, in order.
    func report(_ results: [RecordResult])
    /// Called once an input file has been read to its end (in input order, also for files
    /// without records), with that file's totals.
    func finishFile(_ file: String, summary: ValidationSummary)
    /// In a project run, called instead of ``finishFile(_:summary:)`` once a file has been
    /// read, for each form with questionnaires in it (inputs routed to one form: that form).
    func finishFile(_ file: String, form: String, summary: ValidationSummary)
    /// Called once at the end with the totals.
    func finish(_ summary: ValidationSummary)
}

extension ValidationReporter {
    /// Most reports do not group by file.
    public func finishFile(_ file: String, summary: ValidationSummary) {}

    /// Reports that do not group by form group by file.
    public func finishFile(_ file: String, form: String, summary: ValidationSummary) {
        finishFile(file, summary: summary)
    }
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
    /// With `split`, every questionnaire is also copied to the valid or the invalid file of
    /// its input. `progress` is called on the calling thread after each batch of chunks.
    @discardableResult
    public func run(_ sources: [InputSource], reporter: some ValidationReporter, split: SplitOutput? = nil,
                    progress: ((ValidationProgress) -> Void)? = nil) -> ValidationSummary {
        let planner = InputChunker(sources: sources, limits: options.inputLimits, dialect: options.csvDialect)
        let binding = CSVColumnBinding(rules: rules)
        var ledger = RunLedger(sources: sources, reporter: reporter, split: split, today: rules.today)
        let splits = split != nil
        let deliver = { (outcome: ChunkOutcome, bytes: Int) in
            guard !ledger.isStopped else { return }
            ledger.accept(outcome, bytes: bytes)
            progress?(ledger.progress)
            planner.recycle(outcome.bytes)
        }
        if options.jobs == 1 {
            let validator = makeValidator()
            while !ledger.isStopped, let item = planner.next() {
                let size = item.bytes.count
                let layout = binding.layout(for: item)
                let outcome = validate(item, csv: layout, with: validator, splits: splits)
                _ = consume item  // the outcome holds the only reference to the chunk's bytes
                deliver(outcome, size)
            }
        } else {
            ParallelValidation(batch: self, splits: splits).run(planner, binding: binding, isStopped: { ledger.isStopped }, deliver: deliver)
        }
        return ledger.finish()
    }

    /// A validator for one worker; with more than one job, on its own copy of the compiled
    /// rules (see ``CompiledRuleSet/compiledForWorker()``).
    func makeValidator() -> RecordValidator {
        RecordValidator(rules: options.jobs > 1 ? rules.compiledForWorker() : rules,
                        regexLimits: options.regexLimits, redactsValues: options.redact)
    }

    /// Validates one work item; with `splits`, also sorts its records' text by verdict. A CSV
    /// item is read with `csv`, its file's header bound to the rules (bound here without it).
    func validate(_ item: WorkItem, csv: CSVFileLayout? = nil, with validator: RecordValidator,
                  splits: Bool) -> ChunkOutcome {
        var outcome = ChunkOutcome(sourceIndex: item.sourceIndex, bytes: item.bytes, failFast: options.failFast,
                                   splits: splits, keepsValid: options.reportsValidRecords)
        if options.countsFills { outcome.summary.fills = FieldFills(rules: rules) }
        validator.attachmentSizesUnknown = item.source.attachmentSizesUnknown
        switch item.kind {
        case .lines:
            JSONLinesReader.forEachRecord(in: item.bytes, firstLine: item.firstLine) { line, lineNumber in
                guard !outcome.isStopped else { return }
                outcome.add(validator.validate(
                    json: line, location: RecordLocation(file: item.source.name, line: lineNumber),
                    limits: options.jsonLimits), raw: line, evaluatedBy: validator)
            }
        case .document:
            var verdicts: [SplitChunk.Verdict] = []
            var tape = JSONTape()
            JSONDocumentReader.forEachRecord(in: item.bytes, file: item.source.name, limits: options.jsonLimits,
                                             tape: &tape) { record, tape in
                guard !outcome.isStopped else { return }
                let result: RecordResult
                switch record {
                case .parsed(let bytes, let location):
                    // Counted while the validator holds the tape: fill counts read its values.
                    result = validator.validate(parsed: &tape, bytes: bytes, location: location) { result in
                        outcome.add(result, evaluatedBy: validator)
                        return result
                    }
                case .unreadable(let reason, let location):
                    result = RecordResult(location: location, unreadable: reason)
                    outcome.add(result)
                }
                if splits { verdicts.append(result.unreadable != nil ? .unreadable : result.isValid ? .valid : .invalid) }
            }
            if splits { outcome.split = SplitChunk(document: item.bytes, verdicts: verdicts) }
        case .csvHeader(let file):
            let layout = csv ?? CSVFileLayout(binding: file, to: rules)
            if let result = layout.headerResult(file: item.source.name) { outcome.add(result) }
            outcome.split?.prefix = layout.headerRecord
        case .csvRows(let file):
            let layout = csv ?? CSVFileLayout(binding: file, to: rules)
            CSVChunkValidation.validate(item, layout: layout, validator: validator, into: &outcome)
        case .failure(let message):
            outcome.add(RecordResult(location: RecordLocation(file: item.source.name, line: item.firstLine),
                                     unreadable: message))
        case .oversizedDocument(let message):
            outcome.add(RecordResult(location: RecordLocation(file: item.source.name, line: item.firstLine),
                                     unreadable: message))
            // Split output keeps every questionnaire: the document goes whole to the invalid side.
            if splits { outcome.split = SplitChunk(copyingWhole: item.source) }
        }
        return outcome
    }
}

/// The verdicts of one work item: totals plus the records worth reporting, and, for split
/// output, the records' text sorted by verdict.
struct ChunkOutcome: Sendable {
    var summary = ValidationSummary()
    var results: [RecordResult] = []
    /// The position of the item's input in the run's list of inputs.
    let sourceIndex: Int
    /// The records' text by verdict, when split output is on.
    var split: SplitChunk?
    /// Set under `--fail-fast` once a record is invalid or unreadable: later records are ignored.
    private(set) var isStopped = false
    private let failFast: Bool
    /// Whether valid records are kept in ``results`` too (``ValidationOptions/reportsValidRecords``).
    private let keepsValid: Bool
    /// The chunk's bytes, handed back to the planner for reuse.
    var bytes: [UInt8]

    init(sourceIndex: Int, bytes: [UInt8] = [], failFast: Bool = false, splits: Bool = false, keepsValid: Bool = false) {
        self.sourceIndex = sourceIndex
        self.bytes = bytes
        self.failFast = failFast
        self.keepsValid = keepsValid
        self.split = splits ? SplitChunk() : nil
    }

    /// Counts one record; `raw` is its text, for split output; `validator` has just evaluated
    /// it (and still holds its values, for fill counts).
    mutating func add(_ result: RecordResult, raw: UnsafeBufferPointer<UInt8>? = nil,
                      evaluatedBy validator: RecordValidator? = nil) {
        guard !isStopped else { return }
        if summary.fills != nil, let validator, result.unreadable == nil { summary.fills?.count(validator) }
        if result.isValid {
            summary.addValid(1)
            if keepsValid { results.append(result) }
        } else {
            summary.add(result)
            results.append(result)
            isStopped = failFast
        }
        if let raw { split?.append(raw, valid: result.isValid) }
    }
}
