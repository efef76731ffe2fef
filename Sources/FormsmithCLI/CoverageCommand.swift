import ArgumentParser
import Foundation
import FormsmithCore

/// `formsmith coverage`: how much of a form's factors an existing fixture set covers.
struct CoverageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "coverage",
        abstract: "Report which values, pairs or triples of a form's factors a set of questionnaires covers.",
        discussion: """
            The factors are those 'generate --cover' reads from the rules (enum values, switches, filled or \
            empty, boundary classes, list sizes, conditions), fields in list items read in the first item. \
            Each questionnaire's values are read as they are; questionnaires that do not pass the rules are \
            counted all the same and named on standard error. Input: JSON Lines, or a JSON array (.json).

            Exit status: 0 reported (whatever the coverage), 2 a problem with the rules, the input or the \
            command line.
            """
    )

    @Option(name: .long, help: "The rule file (YAML or JSON).")
    var rules: String

    @OptionGroup var dates: DateOptions

    @Option(name: .long, help: ArgumentHelp("What to count: each, pairs or triples (default: pairs).", valueName: "strength"))
    var cover: CoverStrength = .pairs

    @Option(name: .customLong("coverage-report"), help: "Write the coverage report (JSON) to this file.")
    var coverageReport: String?

    @Flag(inversion: .prefixedNo,
          help: "Show the progress line on standard error (default: only when it is a terminal).")
    var progress: Bool?

    @Argument(help: "The questionnaires (JSON Lines, or a JSON array in a .json file).")
    var file: String

    private func measure(_ rules: CompiledRuleSet, records: [[UInt8]], names: [String]) throws -> CoverageMeasure {
        let display = CoverProgressDisplay(command: "coverage \(cover.rawValue)",
                                           enabled: TerminalOptions.showsProgress(progress, quiet: false))
        defer { display?.finish() }
        do {
            return try CoverageMeasure(rules: rules, strength: cover, questionnaires: records, names: names,
                                       progress: display.map { display in { display.update($0) } })
        } catch {
            writeError("formsmith: cannot measure: \(DisplayText.escaped(error.description))")
            throw FormsmithExit(status: ExitStatus.usage)
        }
    }

    func run() throws {
        let compiled = try loadRules(rules, today: dates.referenceDate, consequence: "nothing measured")
        var files = RunFiles()
        files.reads(compiled)
        files.reads(file, as: "the questionnaire set")
        if let coverageReport { files.writes(coverageReport, as: "--coverage-report") }
        let permit = try OutputGuard.permit(files)
        let set: QuestionnaireSet
        do {
            let sources = try InputDiscovery.sources(for: [file], format: file.hasSuffix(".json") ? .json : .jsonLines,
                                                     bytes: commandLineBytes(of:))
            var isFolder: ObjCBool = false
            guard sources.count == 1, sources[0].failure == nil,
                  !(FileManager.default.fileExists(atPath: file, isDirectory: &isFolder) && isFolder.boolValue) else {
                writeError("formsmith: \(file) is a folder: name one file of questionnaires")
                throw FormsmithExit(status: ExitStatus.usage)
            }
            set = try QuestionnaireSet(source: sources[0], limits: ValidateCommand.inputLimits())
        } catch let error as InputError {
            writeError("formsmith: cannot read the questionnaires: \(error.message)")
            throw FormsmithExit(status: ExitStatus.usage)
        }
        for problem in set.unreadable.prefix(10) {
            writeError("formsmith: not a questionnaire, not measured: \(DisplayText.escaped(problem))")
        }
        if set.unreadable.count > 10 { writeError("formsmith: ... and \(set.unreadable.count - 10) more not measured") }
        let records = set.records, names = set.names
        let measure = try measure(compiled, records: records, names: names)
        if let coverageReport {
            let output = try openOutput(coverageReport, permit)
            output.write(bytes: Array(measure.report.json.utf8))
            output.close()
            try OutputGuard.commit()
        }
        if !set.unreadable.isEmpty {
            writeError("formsmith: warning: \(set.unreadable.count) part\(set.unreadable.count == 1 ? "" : "s") of \(file) "
                       + "\(set.unreadable.count == 1 ? "is" : "are") not a questionnaire and \(set.unreadable.count == 1 ? "was" : "were") "
                       + "not measured (listed above); the coverage counts the \(records.count) read")
        }
        if !measure.invalid.isEmpty {
            writeError("formsmith: warning: \(measure.invalid.count) of \(records.count) questionnaires do not pass the rules "
                       + "(counted as read): " + measure.invalid.prefix(10).map { DisplayText.escaped(names[$0 - 1]) }.joined(separator: ", ")
                       + (measure.invalid.count > 10 ? ", ..." : ""))
        }
        let lines = measure.report.summary()
        print("coverage \(cover.rawValue): " + lines[0])
        for line in lines.dropFirst() { print(line) }
    }
}
