import ArgumentParser
import FormsmithCore

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

    @OptionGroup var dates: DateOptions

    @Option(name: .long, help: "Write the report to this file instead of standard output.")
    var output: String?

    func validate() throws {
        if rules.isEmpty { throw ValidationError("give at least one rule file with --rules") }
    }

    func run() throws {
        for file in rules where !Platform.isReadable(file) {
            writeError("formsmith: cannot read the rule file '\(file)': check the path")
            throw FormsmithExit(status: ExitStatus.usage)
        }
        let referenceDate = dates.referenceDate
        let lint = LintReport(files: rules, today: referenceDate)
        let destination = try openOutput(output)
        switch report {
        case .text: destination.write(lint.text())
        case .json: destination.write(lint.json())
        case .sarif: lint.writeSARIF(to: destination, toolVersion: FormsmithVersion.current)
        }
        destination.close()
        if lint.errorCount > 0 || (strict && lint.warningCount > 0) {
            throw FormsmithExit(status: ExitStatus.invalidData)
        }
    }
}
