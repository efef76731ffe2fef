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
        var sources: [InputSource]
        do {
            // A .zip (named, or found in a folder) is the zip of ODK Central's CSV export, read
            // below with the rules of the form it is routed to.
            sources = try InputDiscovery.sources(for: inputs, format: inputFormat.flatMap(InputFormat.init(rawValue:)),
                                                 archives: inputFormat == nil, bytes: commandLineBytes(of:))
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
        // Server exports (ODK Central CSV and OData, Kobo JSON) routed to a form are read with
        // that form's rules, as `--rules` reads them; not with --split-output, whose files
        // follow each input's own format.
        var exports: [ExportInput] = []
        if inputFormat == nil {
            var byForm: [String: [String]] = [:]
            for source in sources where !source.isStandardInput && source.failure == nil {
                if case .form(let name)? = project.target(of: source.path) { byForm[name, default: []].append(source.path) }
            }
            var taken: Set<String> = []
            for form in forms {
                let detected = Self.detectedExports(byForm[form.name] ?? [])
                guard !detected.isEmpty else { continue }
                guard splitOutput == nil else {
                    // A zip is no plain file: it is marked unreadable below.
                    Self.sayReadAsPlainFiles(detected.filter { !InputDiscovery.isArchive($0.path) })
                    continue
                }
                taken.formUnion(detected.map(\.path))
                exports += Self.readExports(detected, rules: form.rules.ruleSet)
            }
            sources.removeAll { taken.contains($0.path) }
            sources = sources.map { source in Self.unreadArchive(source, project: project, splitting: splitOutput != nil) }
            Self.sayAttachmentNotice(exports)
        }
        var files = RunFiles()
        files.reads(project.file, as: "the project file")
        for form in forms { files.reads(form.rules) }
        files.reads(sources)
        for input in exports {
            files.reads(input.export, as: "the export")
            if let scratch = input.scratch { files.writes(scratch, as: "the converted export") }
        }
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
        var scratchFiles: [ScratchFile] = []
        defer { scratchFiles.forEach { $0.remove() } }
        if !exports.isEmpty {
            // A scratch file that cannot be written is said there, and ends the run.
            let converted = try Self.exportSources(exports, permit: permit)
            scratchFiles = converted.scratch
            // Each converted copy is routed as the export it stands for.
            sources = converted.sources.map { source in
                var routed = source
                routed.routingPath = source.name
                return routed
            } + sources
        }
        let destination = try openOutput(output, permit)
        let format = report ?? project.defaults.report.flatMap(ReportFormat.init(rawValue:)) ?? .text
        var reporter = terminal.reporter(format, writingTo: destination, toFile: output != nil, context: HTMLReportContext(
            rulesFile: project.file, ruleSetID: "project", fields: [], inputs: inputs,
            toolVersion: FormsmithVersion.current, reportFile: output))
        if !exports.isEmpty {
            // Each submission is named by its instanceID in every report.
            var ids: [String: [String?]] = [:]
            var unreadable: [String: [Int: String]] = [:]
            for input in exports {
                if let converted = input.converted { ids[input.export] = converted.instanceIDs }
                if !input.unreadable.isEmpty { unreadable[input.export] = input.unreadable }
            }
            reporter = ExportRecordIDs(ids, unreadable: unreadable, wrapping: reporter)
        }
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

    /// A zip that was not read as an export (routed to no form, or with --split-output) is one
    /// unreadable record of the run naming why, so that no input is left out unsaid.
    static func unreadArchive(_ source: InputSource, project: Project, splitting: Bool) -> InputSource {
        guard source.isArchive, source.failure == nil else { return source }
        var unread = source
        if splitting {
            unread.failure = "the zip of an ODK Central CSV export is not split (--split-output writes each input's "
                + "records in its own format, and a zip holds several files): leave out --split-output to validate it"
        } else {
            let relative = project.relativePath(of: source.path) ?? source.path
            let route = project.target(of: source.path) == .byRecord && project.routes.contains { $0.glob.matches(relative) }
                ? "the project routes it by record" : "no glob of the project routes it to a form"
            unread.failure = "a .zip is read as the zip of ODK Central's \"Download all submissions (CSV)\" with the rules "
                + "of the form the project routes it to, and \(route): route it to its form in `inputs` (such as "
                + "`\(relative): FORM`)"
        }
        return unread
    }
}
