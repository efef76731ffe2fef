import ArgumentParser
import FormsmithCore

/// Report formats `formsmith merge` can write.
enum MergeFormat: String, ExpressibleByArgument, CaseIterable {
    case json, text
}

/// `formsmith merge`: one summary from the reports of several runs (shards).
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract: "Merge the summaries of several JSON or JSON Lines reports (the shards of one input) into one.",
        discussion: """
            Each REPORT is the output of 'formsmith validate --report json' or '--report jsonl' (or of \
            'formsmith merge'); only its summary, on its last line, is read. Counts are added; each rule \
            and field keeps the first three examples in the order the reports are given, so reports of \
            consecutive shards, given in order, merge into the summary one run over the whole input \
            writes. The json output is one line, {"summary":{...}}, itself a report merge reads.

            Exit status: 0 every questionnaire valid (or --exit-zero), 1 some invalid or unreadable, \
            2 a report that cannot be read, an output that could not be written (nothing is left under \
            its name) or a problem with the command line.
            """
    )

    @Option(name: .long, help: "Report format: json (one summary line) or text.")
    var report: MergeFormat = .json

    @Option(name: .long, help: "Write the merged summary to this file instead of standard output.")
    var output: String?

    @Flag(name: .customLong("exit-zero"), help: "Exit with 0 whatever the verdict.")
    var exitZero = false

    @Argument(help: "The reports to merge, in input order.")
    var reports: [String]

    func validate() throws {
        if reports.isEmpty { throw ValidationError("give at least one report to merge") }
    }

    func run() throws {
        var files = RunFiles()
        for report in reports { files.reads(report, as: "the report") }
        if let output { files.writes(output, as: "--output") }
        let permit = try OutputGuard.permit(files)
        var merged = ValidationSummary()
        for (position, path) in reports.enumerated() {
            let summary: ValidationSummary
            do {
                summary = try SummaryReader.read(path: path)
            } catch {
                writeError("formsmith: \(error.message)")
                throw FormsmithExit(status: ExitStatus.usage)
            }
            if position > 0, summary.today != merged.today {
                let date = { (date: CivilDate?) in date.map { "\($0)" } ?? "no date" }
                writeError("formsmith: \(path): its run took today as \(date(summary.today)), the reports before it "
                           + "as \(date(merged.today)); merge only reports of runs with the same --today")
                throw FormsmithExit(status: ExitStatus.usage)
            }
            guard merged.canMerge(summary) else {
                writeError("formsmith: \(path): adding its counts to those of the reports before it would pass "
                           + "\(Int.max), the largest count a summary holds; merge fewer reports")
                throw FormsmithExit(status: ExitStatus.usage)
            }
            merged.merge(summary)
            merged.today = summary.today
            merged.stoppedEarly = merged.stoppedEarly || summary.stoppedEarly
        }
        let destination = try openOutput(output, permit)
        switch report {
        case .json: JSONLinesReporter(output: destination).finish(merged)
        case .text: TextReporter(output: destination).finish(merged)
        }
        destination.close()
        if merged.valid != merged.records, !exitZero { throw FormsmithExit(status: ExitStatus.invalidData) }
    }
}
