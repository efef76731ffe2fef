import Foundation

/// The totals of one form in a project run.
public struct FormTotals: Sendable, Hashable {
    /// The form's name, or ``ProjectValidator/unrouted`` for records that named no known form.
    public var form: String
    /// The form's totals (`records == valid + invalid + unreadable`).
    public var summary: ValidationSummary
}

/// Validates the inputs of a project, each by the rules of its form: inputs a glob routes
/// to one form go through a ``BatchValidator`` of that form (in parallel, as with `--rules`);
/// inputs routed record by record go through a ``RecordRouter``. Results carry their form's
/// name; the summary has the overall totals and, in ``ValidationSummary/byForm``, each form's.
public final class ProjectValidator {
    /// The form name under which records that named no known form are counted.
    public static let unrouted = "(unrouted)"

    /// The project.
    public let project: Project
    /// Each form's compiled rules, in the project's order.
    public let forms: [(name: String, rules: CompiledRuleSet)]
    /// The options.
    public let options: ValidationOptions

    /// Creates a validator of `project` with its forms' compiled rules.
    public init(project: Project, forms: [(name: String, rules: CompiledRuleSet)],
                options: ValidationOptions = ValidationOptions()) {
        self.project = project
        self.forms = forms
        self.options = options
    }

    /// Where each input goes (excluded inputs left out), forms in the project's order, then
    /// the inputs routed record by record.
    public func plan(_ sources: [InputSource]) -> (byForm: [(form: String, sources: [InputSource])],
                                                   byRecord: [InputSource]) {
        var byForm: [String: [InputSource]] = [:]
        var byRecord: [InputSource] = []
        for source in sources {
            switch source.isStandardInput ? .byRecord : project.target(of: source.routingPath ?? source.path) {
            case .form(let name)?: byForm[name, default: []].append(source)
            case .byRecord?: byRecord.append(source)
            case nil: continue
            }
        }
        return (forms.compactMap { form in byForm[form.name].map { (form.name, $0) } }, byRecord)
    }

    /// Every file `--split-output DIRECTORY` may write for `sources`: those of the inputs
    /// routed to a form, and for each JSON Lines input routed record by record, its files in
    /// every form's folder and in `unrouted/`. Nothing is created.
    /// - Throws: when two inputs of one form would share a file.
    public func plannedSplitFiles(_ sources: [InputSource], directory: String) throws(InputError) -> [String] {
        let planned = plan(sources)
        var paths: [String] = []
        for group in planned.byForm {
            let folder = (directory as NSString).appendingPathComponent(group.form)
            paths += try SplitOutput.plan(directory: folder, sources: group.sources).flatMap { [$0.valid, $0.invalid] }
        }
        for source in planned.byRecord where source.format == .jsonLines && source.failure == nil {
            for form in forms.map(\.name) + ["unrouted"] {  // the folders MixedSplit writes
                let folder = (directory as NSString).appendingPathComponent(form)
                let base = (folder as NSString).appendingPathComponent((source.relativePath as NSString).deletingPathExtension)
                paths += ["\(base).valid.jsonl", "\(base).invalid.jsonl"]
            }
        }
        return paths
    }

    /// Validates `sources` and returns the totals; results go to `reporter` as they come,
    /// each naming its form. With `split`, the questionnaires of inputs routed to one
    /// form are also split into `DIRECTORY/FORM/` (see ``SplitOutput``), opened through the
    /// permit (from a ``RunFiles`` listing ``plannedSplitFiles(_:directory:)`` as written); the
    /// problems of writing them are returned.
    public func run(_ sources: [InputSource], reporter: any ValidationReporter,
                    split splitOutput: (directory: String, permit: OutputPermit)? = nil,
                    progress: ((ValidationProgress) -> Void)? = nil)
        throws(InputError) -> (summary: ValidationSummary, splitProblems: [String])
    {
        let planned = plan(sources)
        var totals: [FormTotals] = []
        var splitProblems: [String] = []
        var stopped = false
        // Progress goes on across the forms' runs: each run counts from zero.
        var done = ValidationProgress()
        for group in planned.byForm {
            guard let rules = forms.first(where: { $0.name == group.form })?.rules else { continue }
            let split = try splitOutput.map { output throws(InputError) in
                try SplitOutput(directory: (output.directory as NSString).appendingPathComponent(group.form),
                                sources: group.sources, permit: output.permit)
            }
            let tagger = FormTaggingReporter(form: group.form, inner: reporter)
            var last = ValidationProgress()
            let summary = BatchValidator(rules: rules, options: options)
                .run(group.sources, reporter: tagger, split: split, progress: progress.map { report in
                    { current in
                        last = current
                        report(ValidationProgress(records: done.records + current.records,
                                                  bytes: done.bytes + current.bytes))
                    }
                })
            done = ValidationProgress(records: done.records + last.records, bytes: done.bytes + last.bytes)
            splitProblems += split?.problems ?? []
            Self.add(summary, form: group.form, to: &totals)
            if summary.stoppedEarly { stopped = true; break }
        }
        if !stopped, !planned.byRecord.isEmpty, !forms.isEmpty {
            stopped = routeRecords(planned.byRecord, reporter: reporter, splitOutput: splitOutput,
                                   totals: &totals, splitProblems: &splitProblems)
        }
        var overall = ValidationSummary()
        for entry in totals { overall.merge(entry.summary) }
        overall.byForm = totals
        overall.stoppedEarly = stopped
        overall.today = forms.first?.rules.today
        reporter.finish(overall)
        return (overall, splitProblems)
    }

    /// Validates inputs record by record; whether `--fail-fast` stopped the run.
    private func routeRecords(_ sources: [InputSource], reporter: any ValidationReporter,
                              splitOutput: (directory: String, permit: OutputPermit)?, totals: inout [FormTotals], splitProblems: inout [String]) -> Bool {
        let router = RecordRouter(routing: project.routing, rules: forms, options: options)
        var perForm: [String: ValidationSummary] = [:]
        var stopped = false
        for source in sources {
            guard !stopped else { break }
            var file: [String: ValidationSummary] = [:]
            var kept: [RecordResult] = []
            let split = splitOutput.map { MixedSplit(directory: $0.directory, source: source, permit: $0.permit) }
            defer { splitProblems += split?.finish() ?? [] }
            router.run(source, raw: split.map { split in { split.add($0, valid: $1.isValid, form: $2) } }) { result, form in
                guard !stopped else { return }
                let name = form ?? Self.unrouted
                if result.isValid {
                    perForm[name, default: ValidationSummary()].addValid(1)
                    file[name, default: ValidationSummary()].addValid(1)
                    return
                }
                var tagged = result
                tagged.form = name
                if options.redact { tagged.maskValues() }
                perForm[name, default: ValidationSummary()].add(tagged)
                file[name, default: ValidationSummary()].add(tagged)
                kept.append(tagged)
                if kept.count >= 256 { reporter.report(kept); kept.removeAll(keepingCapacity: true) }
                if options.failFast { stopped = true }
            }
            if !kept.isEmpty { reporter.report(kept) }
            for name in forms.map(\.name) + [Self.unrouted] {
                if let summary = file[name] { reporter.finishFile(source.path, form: name, summary: summary) }
            }
        }
        for name in forms.map(\.name) + [Self.unrouted] {
            if let summary = perForm[name] { Self.add(summary, form: name, to: &totals) }
        }
        return stopped
    }

    private static func add(_ summary: ValidationSummary, form: String, to totals: inout [FormTotals]) {
        if let index = totals.firstIndex(where: { $0.form == form }) {
            totals[index].summary.merge(summary)
        } else {
            totals.append(FormTotals(form: form, summary: summary))
        }
    }
}

/// Hands a form's results to the run's reporter with the form's name, keeping the form's
/// final totals to itself (the project run reports the totals once, at its end).
final class FormTaggingReporter: ValidationReporter {
    let form: String
    let inner: any ValidationReporter

    init(form: String, inner: any ValidationReporter) {
        self.form = form
        self.inner = inner
    }

    func report(_ results: [RecordResult]) {
        inner.report(results.map { result in
            var tagged = result
            tagged.form = form
            return tagged
        })
    }

    func finishFile(_ file: String, summary: ValidationSummary) {
        inner.finishFile(file, form: form, summary: summary)
    }

    func finish(_ summary: ValidationSummary) {}
}

/// `--split-output DIR` for a JSON Lines input routed record by record: each record goes to
/// `DIR/FORM/NAME.valid.jsonl` or `DIR/FORM/NAME.invalid.jsonl` of its form (records that
/// named no known form to `DIR/unrouted/`). Other mixed formats are not split.
final class MixedSplit {
    private let directory: String
    private let source: InputSource
    private var outputs: [String: OutputWriter] = [:]
    private var problems: [String] = []
    private let permit: OutputPermit

    init(directory: String, source: InputSource, permit: OutputPermit) {
        self.directory = directory
        self.source = source
        self.permit = permit
    }

    func add(_ record: UnsafeBufferPointer<UInt8>, valid: Bool, form: String?) {
        let folder = (directory as NSString).appendingPathComponent(form ?? "unrouted")
        let base = (folder as NSString).appendingPathComponent((source.relativePath as NSString).deletingPathExtension)
        let path = "\(base).\(valid ? "valid" : "invalid").jsonl"
        let output: OutputWriter
        if let known = outputs[path] {
            output = known
        } else {
            // Written to a temporary file, moved into place when the command commits its outputs.
            do {
                try FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent,
                                                        withIntermediateDirectories: true)
                output = try permit.open(path)
            } catch let error as OutputError {
                problems.append(error.description)
                output = OutputWriter()
            } catch {
                problems.append("cannot create the directory of \(path): \(error.localizedDescription)")
                output = OutputWriter()
            }
            outputs[path] = output
        }
        output.write(bytes: record)
        output.write("\n")
    }

    /// Closes every file; the problems met.
    func finish() -> [String] {
        for output in outputs.values {
            if let failure = output.close() { problems.append(failure.description) }
        }
        return problems
    }
}
