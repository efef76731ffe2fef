import ArgumentParser
import Foundation
import FormsmithCore

/// `formsmith validate`: check questionnaires against a rule set.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check questionnaires (JSON, JSON Lines, CSV) against a rule set and explain every violation.",
        discussion: """
            INPUT is a file, a directory (its .json, .jsonl, .ndjson and .csv files, recursively) or - \
            for standard input (read as JSON Lines unless --input-format says otherwise). A .json file \
            holds one questionnaire or an array of them; a .jsonl file one per line; a .csv file one \
            per row, under a header naming each column by its dotted path (drivers.0.lastName for \
            list items).

            Without --rules, the project file (formsmith.yaml, found from this folder upwards, or \
            --project) routes each input to its form; see the README's 'Projects' section.

            Exit status: 0 all questionnaires valid, 1 some invalid or unreadable (or a CSV header \
            with problems), 2 a problem with the rules, the command line or the split output, or a \
            report or split file that could not be written (nothing is left under its name), 130 / 143 \
            interrupted by SIGINT / SIGTERM (likewise).
            """
    )

    @Option(name: .long, help: "The rule file (YAML or JSON). Without it, the project file routes each input.")
    var rules: String?

    @Option(name: .long, help: "The project file (default: formsmith.yaml or .formsmith.yml here or above).")
    var project: String?

    @Flag(name: .customLong("list-forms"), help: "Print the project's forms, their inputs and field counts.")
    var listForms = false

    @OptionGroup var dates: DateOptions

    @Option(name: .long, help: "Report format: text for people, json for machines, jsonl, junit, sarif or github for CI.")
    var report: ReportFormat?

    @Option(name: .long, help: "Write the report to this file instead of standard output.")
    var output: String?

    @Option(name: .long, help: "Number of parallel workers (default: the number of cores).")
    var jobs: Int?

    @Option(name: .customLong("input-format"),
            help: "Read every input as this format instead of deciding by extension: json, jsonl, csv.")
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

    @Argument(help: "Questionnaire files or directories, or - for standard input.")
    var inputs: [String] = []

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if let maxErrors, maxErrors < 0 { throw ValidationError("--max-errors must be 0 or more") }
        if rules != nil, project != nil { throw ValidationError("give --rules or --project, not both") }
        if inputs.isEmpty, !listForms { throw ValidationError("give at least one input file or directory") }
        if let inputFormat, InputFormat(rawValue: inputFormat) == nil {
            throw ValidationError("--input-format must be one of json, jsonl, csv")
        }
    }

    func run() throws {
        guard let rules else { return try runProject() }
        let compiled = try loadRules(rules, today: dates.referenceDate, consequence: "the rules were not used")
        let sources: [InputSource]
        let split: SplitOutput?
        do {
            sources = try InputDiscovery.sources(for: inputs, format: inputFormat.flatMap(InputFormat.init(rawValue:)))
            split = try splitOutput.map { directory throws(InputError) in
                try SplitOutput(directory: directory, sources: sources)
            }
        } catch {
            writeError("formsmith: \(error.message)")
            throw FormsmithExit(status: ExitStatus.usage)
        }
        let destination = try openOutput(output)
        var reporter = terminal.reporter(report ?? .text, writingTo: destination, toFile: output != nil)
        if let maxErrors { reporter = ProblemLimit(maxErrors, wrapping: reporter) }
        let options = ValidationOptions(jobs: jobs, csvDialect: delimiter.dialect, failFast: failFast, redact: redact)
        let progress = ProgressDisplay(totalBytes: Self.totalSize(of: sources), enabled: terminal.showsProgress)
        let summary = BatchValidator(rules: compiled, options: options)
            .run(sources, reporter: reporter, split: split) { progress?.update($0) }
        progress?.finish()
        destination.close()
        if let problems = split?.problems, !problems.isEmpty {
            for problem in problems { writeError("formsmith: --split-output: \(problem)") }
            throw FormsmithExit(status: ExitStatus.usage)
        }
        if summary.valid != summary.records { throw FormsmithExit(status: ExitStatus.invalidData) }
    }

    /// The size of the inputs in bytes, or nil when one is standard input.
    static func totalSize(of sources: [InputSource]) -> Int? {
        var total = 0
        for source in sources {
            guard !source.isStandardInput,
                  let size = try? FileManager.default.attributesOfItem(atPath: source.path)[.size] as? NSNumber
            else { return nil }
            total += size.intValue
        }
        return total
    }
}
