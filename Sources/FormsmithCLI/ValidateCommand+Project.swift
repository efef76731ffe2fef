import Foundation
import FormsmithCore

/// `formsmith validate` without `--rules`: the project routes every input to its form.
extension ValidateCommand {
    func runProject() throws {
        let project = try loadProject(project, command: "validate")
        let today = referenceDate(dates, project: project)
        if listForms {
            let forms = try loadForms(of: project, today: today, consequence: "the forms were not listed")
            return try FormsCommand.list(project, forms: forms, json: report == .json)
        }
        let sources: [InputSource]
        do {
            sources = try InputDiscovery.sources(for: inputs, format: inputFormat.flatMap(InputFormat.init(rawValue:)),
                                                 bytes: commandLineBytes(of:))
        } catch {
            writeError("formsmith: \(error.message)")
            throw FormsmithExit(status: ExitStatus.usage)
        }
        // Only the forms some input goes to are compiled; an input read record by record may
        // name any form.
        var needed: Set<String>? = []
        for source in sources {
            switch source.isStandardInput ? .byRecord : project.target(of: source.path) {
            case .form(let name)?: needed?.insert(name)
            case .byRecord?: needed = nil
            case nil: continue
            }
            if needed == nil { break }
        }
        let forms = try loadForms(of: project, today: today, only: needed, consequence: "nothing was validated")
        var files = RunFiles()
        files.reads(project.file, as: "the project file")
        for form in forms { files.reads(form.rules) }
        files.reads(sources)
        if let output { files.writes(output, as: "--output") }
        if let splitOutput {
            do {
                let validator = ProjectValidator(project: project, forms: forms, options: ValidationOptions(jobs: 1))
                for path in try validator.plannedSplitFiles(sources, directory: splitOutput) {
                    files.writes(path, as: "the --split-output file")
                }
            } catch {
                writeError("formsmith: \(error.message)")
                throw FormsmithExit(status: ExitStatus.usage)
            }
        }
        let permit = try OutputGuard.permit(files)
        let destination = try openOutput(output, permit)
        let format = report ?? project.defaults.report.flatMap(ReportFormat.init(rawValue:)) ?? .text
        var reporter = terminal.reporter(format, writingTo: destination, toFile: output != nil, context: HTMLReportContext(
            rulesFile: project.file, ruleSetID: "project", fields: [], inputs: inputs,
            toolVersion: FormsmithVersion.current, reportFile: output))
        if let maxErrors { reporter = ProblemLimit(maxErrors, wrapping: reporter) }
        var options = ValidationOptions(jobs: jobs ?? project.defaults.jobs, csvDialect: delimiter.dialect,
                                        failFast: failFast, redact: redact || project.defaults.redact == true)
        options.inputLimits = Self.inputLimits()
        let progress = ProgressDisplay(totalBytes: Self.totalSize(of: sources), enabled: terminal.showsProgress)
        let run: (summary: ValidationSummary, splitProblems: [String])
        do {
            run = try ProjectValidator(project: project, forms: forms, options: options)
                .run(sources, reporter: reporter, split: splitOutput.map { ($0, permit) }) { progress?.update($0) }
        } catch {
            writeError("formsmith: \(error.message)")
            throw FormsmithExit(status: ExitStatus.usage)
        }
        progress?.finish()
        destination.close()
        if !run.splitProblems.isEmpty {
            for problem in run.splitProblems { writeError("formsmith: --split-output: \(problem)") }
            throw FormsmithExit(status: ExitStatus.usage)
        }
        if run.summary.valid != run.summary.records, !exitZero { throw FormsmithExit(status: ExitStatus.invalidData) }
    }
}
