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

            Without --rules, lints the project (formsmith.yaml here or above, or --project): the \
            project file, every form's rules and their libraries, and libraries or library \
            definitions no form uses.

            Exit status: 0 no errors (and, with --strict, no warnings), 1 errors (or warnings with \
            --strict), 2 a problem with the command line or a rule file that cannot be found.
            """
    )

    @Option(name: .long, parsing: .upToNextOption, help: "The rule files (YAML or JSON) to check (default: the project's).")
    var rules: [String] = []

    @Option(name: .long, help: "The project file (default: formsmith.yaml or .formsmith.yml here or above).")
    var project: String?

    @Option(name: .long, help: "Report format: \(LintFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var report: LintFormat = .text

    @Flag(name: .long, help: "Exit with 1 on warnings too.")
    var strict = false

    @Option(name: .long, help: "The reference date for 'today' in rules, as yyyy-MM-dd (default: today's date, UTC).")
    var today: String?

    @Option(name: .long, help: "Write the report to this file instead of standard output.")
    var output: String?

    func validate() throws {
        if !rules.isEmpty, project != nil { throw ValidationError("give --rules or --project, not both") }
        if let today, DatePattern.iso.parse(today) == nil {
            throw ValidationError("--today must be a date written yyyy-MM-dd, such as 2026-11-22")
        }
    }

    func run() throws {
        if let project, access(project, R_OK) != 0 {
            writeError("formsmith: cannot read the project file '\(project)': check the path")
            throw FormsmithExit(status: ExitStatus.usage)
        }
        for file in rules where access(file, R_OK) != 0 {
            writeError("formsmith: cannot read the rule file '\(file)': check the path")
            throw FormsmithExit(status: ExitStatus.usage)
        }
        let lint: LintReport
        if rules.isEmpty {
            guard let path = project ?? ProjectLoader.find() else {
                writeError("formsmith: lint needs --rules FILE, or a project file (\(ProjectLoader.fileNames[0]) or "
                           + "\(ProjectLoader.fileNames[1])) in this folder or one above it")
                throw FormsmithExit(status: ExitStatus.usage)
            }
            let result = ProjectLinter.lint(path: path, today: today.flatMap { DatePattern.iso.parse($0) },
                                            reportFormats: ReportFormat.allCases.map(\.rawValue))
            lint = LintReport(files: result.files, findings: result.findings)
        } else {
            lint = LintReport(files: rules, today: today.flatMap { DatePattern.iso.parse($0) } ?? CivilDate.today())
        }
        let destination: ReportOutput
        do {
            destination = try output.map { path throws(InputError) in try ReportOutput(path: path) } ?? .standardOutput()
        } catch {
            writeError("formsmith: \(error.message)")
            throw FormsmithExit(status: ExitStatus.usage)
        }
        switch report {
        case .text: destination.write(lint.text())
        case .json: destination.write(lint.json())
        case .sarif: destination.write(lint.sarif(toolVersion: FormsmithVersion.current))
        }
        destination.flush()
        if lint.errorCount > 0 || (strict && lint.warningCount > 0) {
            throw FormsmithExit(status: ExitStatus.invalidData)
        }
    }
}
