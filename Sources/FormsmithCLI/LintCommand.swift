import ArgumentParser
import FormsmithCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Report formats `formsmith lint` can write.
enum LintFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json, sarif
}

/// `formsmith lint`: review rule files before they reach production.
struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check rule files: everything validate would reject, plus warnings a careful reviewer would raise.",
        discussion: """
            Errors are what the rules loader rejects. Warnings: \
            \(LintCatalog.rules.filter { $0.severity == .warning }.map(\.id).joined(separator: ", ")) \
            (see the README).

            Exit status: 0 no errors (and, with --strict, no warnings), 1 errors (or warnings with \
            --strict), 2 a problem with the command line or a rule file that cannot be found.
            """
    )

    @Option(name: .long, parsing: .upToNextOption, help: "The rule files (YAML or JSON) to check.")
    var rules: [String]

    @Option(name: .long, help: "Report format: \(LintFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var report: LintFormat = .text

    @Flag(name: .long, help: "Exit with 1 on warnings too.")
    var strict = false

    @Option(name: .long, help: "The reference date for 'today' in rules, as yyyy-MM-dd (default: today's date, UTC).")
    var today: String?

    @Option(name: .long, help: "Write the report to this file instead of standard output.")
    var output: String?

    @Flag(name: [.short, .long], help: "Write no report to standard output: the exit status tells the verdict (--output still gets the report).")
    var quiet = false

    func validate() throws {
        if rules.isEmpty { throw ValidationError("give at least one rule file with --rules") }
        if let today, DatePattern.iso.parse(today) == nil {
            throw ValidationError("--today must be a date written yyyy-MM-dd, such as 2026-11-22")
        }
    }

    func run() throws {
        for file in rules where access(file, R_OK) != 0 {
            writeError("formsmith: cannot read the rule file '\(file)': check the path")
            throw FormsmithExit(status: ExitStatus.usage)
        }
        let referenceDate = today.flatMap { DatePattern.iso.parse($0) } ?? CivilDate.today()
        let lint = LintReport(files: rules, today: referenceDate)
        let destination: ReportOutput
        do {
            destination = try output.map { path throws(InputError) in try ReportOutput(path: path) } ?? .standardOutput()
        } catch {
            writeError("formsmith: \(error.message)")
            throw FormsmithExit(status: ExitStatus.usage)
        }
        if !(quiet && output == nil) {
            switch report {
            case .text: destination.write(lint.text())
            case .json: destination.write(lint.json())
            case .sarif: destination.write(lint.sarif(toolVersion: FormsmithVersion.current))
            }
            destination.flush()
        }
        if lint.errorCount > 0 || (strict && lint.warningCount > 0) {
            throw FormsmithExit(status: ExitStatus.invalidData)
        }
    }
}
