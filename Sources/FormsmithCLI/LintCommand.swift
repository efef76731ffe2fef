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

    @Argument(help: ArgumentHelp("More rule files to check (as pre-commit passes them).", valueName: "rule-file"))
    var files: [String] = []

    @Option(name: .long, help: "Report format: \(LintFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var report: LintFormat = .text

    @Flag(name: .long, help: "Exit with 1 on warnings too.")
    var strict = false

    @OptionGroup var dates: DateOptions

    @Option(name: .long, help: "Write the report to this file instead of standard output.")
    var output: String?

    @Flag(name: [.short, .long], help: "Write no report to standard output: the exit status tells the verdict (--output still gets the report).")
    var quiet = false

    func validate() throws {
        if !(rules + files).isEmpty, project != nil { throw ValidationError("give --rules or --project, not both") }
    }

    func run() throws {
        let rules = self.rules + files
        if let project, !Platform.isReadable(project) {
            writeError("formsmith: cannot read the project file '\(project)': check the path")
            throw FormsmithExit(status: ExitStatus.usage)
        }
        for file in rules where !Platform.isReadable(file) {
            writeError("formsmith: cannot read the rule file '\(file)': check the path")
            throw FormsmithExit(status: ExitStatus.usage)
        }
        let lint: LintReport
        if rules.isEmpty {
            if let project { ReadableRoots.projectInUse = project }
            guard let path = project ?? ProjectLoader.find() else {
                writeError("formsmith: lint needs --rules FILE, or a project file (\(ProjectLoader.fileNames[0]) or "
                           + "\(ProjectLoader.fileNames[1])) in this folder or one above it")
                throw FormsmithExit(status: ExitStatus.usage)
            }
            // --today or --timezone, else the project's default.
            let date = dates.today != nil || dates.timezone != nil ? dates.referenceDate : nil
            let result = ProjectLinter.lint(path: path, today: date,
                                            reportFormats: ReportFormat.allCases.map(\.rawValue))
            lint = LintReport(files: result.files, findings: result.findings)
        } else {
            let report = LintReport(files: rules, today: dates.referenceDate)
            // Project files beside the rule files that are not the project in use: ignored, said so.
            lint = LintReport(files: report.files, findings: report.findings
                                + StrayProjectFiles.findings(around: rules, inUse: ProjectLoader.find()))
        }
        var files = RunFiles()
        if let output {
            for file in lint.files {
                files.reads(file, as: "the linted file")
                // The libraries and word lists a rule file reads, problems in it or not.
                if let ruleSet = RulesLoader.readAsFarAsPossible(path: file) { files.reads(ruleSet) }
            }
            files.writes(output, as: "--output")
        }
        let permit = try OutputGuard.permit(files)
        if !(quiet && output == nil) {
            let destination = try openOutput(output, permit)
            switch report {
            case .text: destination.write(lint.text())
            case .json: destination.write(lint.json())
            case .sarif: lint.writeSARIF(to: destination, toolVersion: FormsmithVersion.current)
            }
            destination.close()
        }
        if lint.errorCount > 0 || (strict && lint.warningCount > 0) {
            throw FormsmithExit(status: ExitStatus.invalidData)
        }
    }
}
