import ArgumentParser
import Foundation
import FormsmithCore

/// `formsmith validate`: check questionnaires against a rule set.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check questionnaires (JSON, JSON Lines, CSV) against a rule set and explain every violation.",
        discussion: """
            INPUT is a file, a directory (its .json, .jsonl, .ndjson and .csv files, recursively, and \
            its .zip files, each read as the zip of ODK Central's CSV export) or - \
            for standard input (read as JSON Lines unless --input-format says otherwise). A .json file \
            holds one questionnaire or an array of them; a .jsonl file one per line; a .csv file one \
            per row, under a header naming each column by its dotted path (drivers.0.lastName for \
            list items).

            Without --rules, the project file (formsmith.yaml, found from this folder upwards, or \
            --project) routes each input to its form; see the README's 'Projects' section.

            Exit status: 0 all questionnaires valid, 1 some invalid or unreadable (or a CSV header \
            with problems; 0 with --exit-zero), 2 a problem with the rules, the command line or the \
            split output (an output that is one of the run's inputs, rule files or other outputs is one), or a report or split file that could not be written (nothing is left under \
            its name), 130 / 143 interrupted by SIGINT / SIGTERM (likewise).
            """
    )

    @Option(name: .long, help: "The rule file (YAML or JSON). Without it, the project file routes each input.")
    var rules: String?

    @Option(name: .long, help: "The project file (default: formsmith.yaml or .formsmith.yml here or above).")
    var project: String?

    @Flag(name: .customLong("list-forms"), help: "Print the project's forms, their inputs and field counts.")
    var listForms = false

    @OptionGroup var dates: DateOptions

    @Option(name: .long, help: ArgumentHelp("Report format: text for people, html for an audit (one self-contained "
                                            + "page), json for machines, jsonl, junit, sarif or github for CI."))
    var report: ReportFormat?

    @Option(name: .long, help: "Write the report to this file instead of standard output.")
    var output: String?

    @Option(name: .long, help: "Number of parallel workers (default: the number of cores).")
    var jobs: Int?

    @Option(name: .customLong("input-format"),
            help: "Read every input as this format instead of deciding by extension: json, jsonl, csv, kobo-json (a KoboToolbox JSON export, found by its _uuid/_submission_time keys too), odk-csv (an ODK Central CSV export, found by its header too) or odata (an ODK Central OData JSON response, found by its @odata.context too).")
    var inputFormat: String?

    @Option(name: .long, help: ArgumentHelp("The CSV delimiter: ',', ';' or tab.", valueName: ",|;|tab"))
    var delimiter: DelimiterOption = .comma

    @Option(name: .customLong("max-errors"),
            help: ArgumentHelp("Show at most N problems (violations, and unreadable records); still count every "
                               + "questionnaire.", valueName: "n"))
    var maxErrors: Int?

    @Flag(name: .customLong("fail-fast"), help: "Stop at the first invalid or unreadable questionnaire.")
    var failFast = false

    @Flag(name: .long, help: "Mask offending values in the report (Х999ХХ99: the shape without the data).")
    var redact = false

    @Option(name: .customLong("split-output"),
            help: ArgumentHelp("Also write valid and invalid questionnaires to separate files in this directory "
                               + "(NAME.valid.EXT and NAME.invalid.EXT), in the input's format.", valueName: "dir"))
    var splitOutput: String?

    @OptionGroup(title: "Terminal")
    var terminal: TerminalOptions

    @Flag(name: .customLong("exit-zero"),
          help: "Exit with 0 whatever the verdict (the report still gives it); for pipelines such as a Spark stage.")
    var exitZero = false

    @Option(name: .customLong("stdin-name"),
            help: ArgumentHelp("The file name reports give standard input (-), such as the file it was cut from.",
                               valueName: "name"))
    var stdinName: String?

    @Option(name: .customLong("line-offset"),
            help: ArgumentHelp("Standard input starts after line N of the original file: its first line is "
                               + "reported as N+1 (JSON Lines and CSV).", valueName: "n"))
    var lineOffset: Int?

    @Argument(help: "Questionnaire files or directories, or - for standard input.")
    var inputs: [String] = []

    /// The largest `--line-offset`: line numbers above 2^53 would not be exact in JSON readers.
    static let maximumLineOffset = (1 << 53) - 1

    func validate() throws {
        if let jobs, !(1...ValidationOptions.maximumJobs).contains(jobs) {
            throw ValidationError("--jobs must be between 1 and \(ValidationOptions.maximumJobs)")
        }
        if let maxErrors, maxErrors < 0 { throw ValidationError("--max-errors must be 0 or more") }
        if rules != nil, project != nil { throw ValidationError("give --rules or --project, not both") }
        if inputs.isEmpty, !listForms { throw ValidationError("give at least one input file or directory") }
        if let inputFormat, InputFormat(rawValue: inputFormat) == nil, !Self.exportFormats.contains(inputFormat) {
            throw ValidationError("--input-format must be one of json, jsonl, csv, kobo-json, odk-csv, odata")
        }
        if let inputFormat, Self.exportFormats.contains(inputFormat) {
            if rules == nil { throw ValidationError("--input-format \(inputFormat) works with --rules") }
            if splitOutput != nil { throw ValidationError("--split-output does not take \(inputFormat) inputs") }
            if inputs.contains("-") { throw ValidationError("--input-format \(inputFormat) reads files, not standard input") }
        }
        if stdinName != nil || lineOffset != nil, rules == nil {
            throw ValidationError("--stdin-name and --line-offset work with --rules (a project routes standard input "
                                  + "by record)")
        }
        if stdinName != nil || lineOffset != nil, !inputs.contains("-") {
            throw ValidationError("--stdin-name and --line-offset describe standard input: add - to the inputs")
        }
        if let lineOffset {
            if !(0...Self.maximumLineOffset).contains(lineOffset) {
                throw ValidationError("--line-offset must be between 0 and \(Self.maximumLineOffset) (2^53 - 1, so "
                                      + "that every line number stays exact in any JSON reader)")
            }
            if inputFormat == InputFormat.json.rawValue {
                throw ValidationError("--line-offset applies to JSON Lines and CSV input; a JSON document "
                                      + "numbers its own lines")
            }
        }
        if let stdinName, stdinName.isEmpty { throw ValidationError("--stdin-name must not be empty") }
    }

    func run() throws {
        guard let rules else { return try runProject() }
        let compiled = try loadRules(rules, today: dates.referenceDate, consequence: "the rules were not used")
        // Kobo exports are read first: their scratch files are outputs of the run, checked with the others.
        // An export named by --input-format, or ODK Central CSV files recognised by their header
        // (a header that a plain questionnaire CSV has no reason to have).
        var exportInputs: [(path: String, format: String)] = []
        var plainInputs = inputs
        if let inputFormat, Self.exportFormats.contains(inputFormat) {
            (exportInputs, plainInputs) = (inputs.map { ($0, inputFormat) }, [])
        } else if inputFormat == nil, splitOutput == nil {
            exportInputs = Self.detectedExports(inputs)
            plainInputs = inputs.filter { input in !exportInputs.contains { $0.path == input } }
            // A folder's zips are Central exports too, as in a project run (they were left out unsaid).
            exportInputs += Self.zipsInFolders(plainInputs).map { ($0, Self.odkCSV) }
        } else if inputFormat == nil {
            // --split-output writes each input's records in its own format: an export is read as
            // the plain file it is, and the run says so.
            Self.sayReadAsPlainFiles(Self.detectedExports(inputs))
        }
        let kobo = exportInputs.isEmpty ? nil : Self.readExports(exportInputs, rules: compiled.ruleSet)
        if let kobo { Self.sayAttachmentNotice(kobo) }
        var scratchFiles: [ScratchFile] = []
        defer { scratchFiles.forEach { $0.remove() } }
        var sources: [InputSource]
        let split: SplitOutput?
        let permit: OutputPermit
        do {
            var files = RunFiles()
            files.reads(compiled)
            sources = []
            for input in kobo ?? [] {
                files.reads(input.export, as: "the export")
                if let scratch = input.scratch { files.writes(scratch, as: "the converted export") }
            }
            if !plainInputs.isEmpty {
                sources = try InputDiscovery.sources(for: plainInputs, format: inputFormat.flatMap(InputFormat.init(rawValue:)),
                                                     archives: inputFormat == nil, bytes: commandLineBytes(of:))
                    .filter { source in !source.isArchive || !exportInputs.contains { $0.path == source.path } }
                    .map { source in
                        if source.isArchive, source.failure == nil {
                            // Only --split-output leaves a zip here: it is one unreadable record, not left out.
                            var unread = source
                            unread.failure = "the zip of an ODK Central CSV export is not split (--split-output writes "
                                + "each input's records in its own format, and a zip holds several files): leave out "
                                + "--split-output to validate it"
                            return unread
                        }
                        guard source.isStandardInput else { return source }
                        var renamed = source
                        renamed.name = stdinName ?? source.name
                        renamed.firstLine = 1 + (lineOffset ?? 0)
                        return renamed
                    }
                files.reads(sources)
            }
            if let output { files.writes(output, as: "--output") }
            if let splitOutput {
                for planned in try SplitOutput.plan(directory: splitOutput, sources: sources) {
                    files.writes(planned.valid, as: "the --split-output file")
                    files.writes(planned.invalid, as: "the --split-output file")
                }
            }
            permit = try OutputGuard.permit(files)
            if let kobo {
                let converted = try Self.exportSources(kobo, permit: permit)
                (sources, scratchFiles) = (converted.sources + sources, converted.scratch)
            }
            split = try splitOutput.map { directory throws(InputError) in
                try SplitOutput(directory: directory, sources: sources, permit: permit)
            }
        } catch let error as InputError {
            writeError("formsmith: \(error.message)")
            throw FormsmithExit(status: ExitStatus.usage)
        }
        let destination = try openOutput(output, permit)
        var reporter = terminal.reporter(report ?? .text, writingTo: destination, toFile: output != nil,
                                         context: HTMLReportContext(
            rules: compiled, rulesFile: rules, inputs: self.inputs.map { $0 == "-" ? stdinName ?? "-" : $0 },
            toolVersion: FormsmithVersion.current, reportFile: output))
        if let kobo {
            // Each submission is named by its instanceID in every report.
            var ids: [String: [String?]] = [:]
            var unreadable: [String: [Int: String]] = [:]
            for input in kobo {
                if let converted = input.converted { ids[input.export] = converted.instanceIDs }
                if !input.unreadable.isEmpty { unreadable[input.export] = input.unreadable }
            }
            reporter = ExportRecordIDs(ids, unreadable: unreadable, wrapping: reporter)
        }
        if let maxErrors { reporter = ProblemLimit(maxErrors, wrapping: reporter) }
        var options = ValidationOptions(jobs: jobs, csvDialect: delimiter.dialect, failFast: failFast, redact: redact)
        options.countsFills = report == .html
        options.inputLimits = Self.inputLimits()
        let progress = ProgressDisplay(totalBytes: Self.totalSize(of: sources), enabled: terminal.showsProgress)
        let summary = BatchValidator(rules: compiled, options: options)
            .run(sources, reporter: reporter, split: split) { progress?.update($0) }
        progress?.finish()
        destination.close()
        if let problems = split?.problems, !problems.isEmpty {
            for problem in problems { writeError("formsmith: --split-output: \(problem)") }
            throw FormsmithExit(status: ExitStatus.usage)
        }
        if summary.valid != summary.records, !exitZero { throw FormsmithExit(status: ExitStatus.invalidData) }
    }

    /// The input limits: the defaults, with the limit of one `.json` document lowered by the
    /// environment variable `FORMSMITH_MAX_DOCUMENT_BYTES` (a number of bytes below 512 MiB), so
    /// that tests reach the limit without writing half a gigabyte (docs/contributing.md).
    static func inputLimits() -> InputLimits {
        var limits = InputLimits()
        if let text = ProcessInfo.processInfo.environment["FORMSMITH_MAX_DOCUMENT_BYTES"], let bytes = Int(text),
           bytes > 0, bytes < limits.maxDocumentBytes {
            limits.maxDocumentBytes = bytes
        }
        return limits
    }

    /// The size of the inputs in bytes, or nil when one is standard input.
    static func totalSize(of sources: [InputSource]) -> Int? {
        var total = 0
        for source in sources where source.failure == nil {
            guard !source.isStandardInput,
                  let size = try? FileManager.default.attributesOfItem(atPath: source.path)[.size] as? NSNumber
            else { return nil }
            total += size.intValue
        }
        return total
    }
}
