import ArgumentParser
import FormsmithCore

/// Report formats `formsmith validate` can write.
enum ReportFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}

/// `formsmith validate`: check questionnaires against a rule set.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check questionnaires (JSON, JSON Lines) against a rule set and explain every violation.",
        discussion: """
            INPUT is a file, a directory (its .json, .jsonl and .ndjson files, recursively) or - for \
            standard input (read as JSON Lines unless --input-format says otherwise). A .json file \
            holds one questionnaire or an array of them; a .jsonl file one per line.

            Exit status: 0 all questionnaires valid, 1 some invalid or unreadable, 2 a problem with \
            the rules or the command line.
            """
    )

    @Option(name: .long, help: "The rule file (YAML or JSON).")
    var rules: String

    @Option(name: .long, help: "The reference date for 'today' in rules, as yyyy-MM-dd (default: today's date, UTC).")
    var today: String?

    @Option(name: .long, help: "Report format: \(ReportFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var report: ReportFormat = .text

    @Option(name: .long, help: "Write the report to this file instead of standard output.")
    var output: String?

    @Option(name: .long, help: "Number of parallel workers (default: the number of cores).")
    var jobs: Int?

    @Option(name: .customLong("input-format"),
            help: "Read every input as this format instead of deciding by extension: json, jsonl.")
    var inputFormat: String?

    @Argument(help: "Questionnaire files or directories, or - for standard input.")
    var inputs: [String]

    func validate() throws {
        if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1") }
        if let today, DatePattern.iso.parse(today) == nil {
            throw ValidationError("--today must be a date written yyyy-MM-dd, such as 2026-11-22")
        }
        if let inputFormat, InputFormat(rawValue: inputFormat) == nil {
            throw ValidationError("--input-format must be one of json, jsonl")
        }
    }

    func run() throws {
        let referenceDate = today.flatMap { DatePattern.iso.parse($0) } ?? CivilDate.today()
        let compiled: CompiledRuleSet
        do {
            compiled = try RulesLoader.load(path: rules, today: referenceDate)
        } catch {
            writeError(error.description)
            writeError("\(rules): \(error.problems.count) problem\(error.problems.count == 1 ? "" : "s"); "
                       + "the rules were not used")
            throw FormsmithExit(status: ExitStatus.usage)
        }
        let sources: [InputSource]
        let destination: ReportOutput
        do {
            sources = try InputDiscovery.sources(for: inputs, format: inputFormat.flatMap(InputFormat.init(rawValue:)))
            destination = try output.map { path throws(InputError) in try ReportOutput(path: path) }
                ?? .standardOutput()
        } catch {
            writeError("formsmith: \(error.message)")
            throw FormsmithExit(status: ExitStatus.usage)
        }
        let reporter: any ValidationReporter
        switch report {
        case .text: reporter = TextReporter(output: destination)
        case .json: reporter = JSONReporter(output: destination)
        }
        let summary = BatchValidator(rules: compiled, options: ValidationOptions(jobs: jobs))
            .run(sources, reporter: reporter)
        destination.flush()
        if summary.valid != summary.records { throw FormsmithExit(status: ExitStatus.invalidData) }
    }
}
