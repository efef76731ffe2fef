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
            2 a report that cannot be read or a problem with the command line.
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
        var merged = ValidationSummary()
        do {
            for path in reports {
                let summary = try SummaryReader.read(path: path)
                merged.merge(summary)
                merged.stoppedEarly = merged.stoppedEarly || summary.stoppedEarly
            }
        } catch {
            writeError("formsmith: \(error.message)")
            throw FormsmithExit(status: ExitStatus.usage)
        }
        let destination: ReportOutput
        do {
            destination = try output.map { path throws(InputError) in try ReportOutput(path: path) } ?? .standardOutput()
        } catch {
            writeError("formsmith: \(error.message)")
            throw FormsmithExit(status: ExitStatus.usage)
        }
        switch report {
        case .json: JSONLinesReporter(output: destination).finish(merged)
        case .text: TextReporter(output: destination).finish(merged)
        }
        destination.flush()
        if destination.hasFailed {
            writeError("formsmith: cannot write the merged summary\(output.map { " to \($0)" } ?? "")")
            throw FormsmithExit(status: ExitStatus.usage)
        }
        if merged.valid != merged.records, !exitZero { throw FormsmithExit(status: ExitStatus.invalidData) }
    }
}
