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

    @Argument(help: "The questionnaires (JSON Lines, or a JSON array in a .json file).")
    var file: String

    private static func measure(_ rules: CompiledRuleSet, strength: CoverStrength, records: [[UInt8]],
                                names: [String]) throws -> CoverageMeasure {
        do {
            return try CoverageMeasure(rules: rules, strength: strength, questionnaires: records, names: names)
        } catch {
            writeError("formsmith: cannot measure: \(error.description)")
            throw FormsmithExit(status: ExitStatus.usage)
        }
    }

    func run() throws {
        let compiled = try loadRules(rules, today: dates.referenceDate, consequence: "nothing measured")
        guard let data = FileManager.default.contents(atPath: file) else {
            writeError("formsmith: cannot read \(file)")
            throw FormsmithExit(status: ExitStatus.usage)
        }
        var records: [[UInt8]] = []
        var names: [String] = []
        if file.hasSuffix(".json") {
            guard let array = try? JSONSerialization.jsonObject(with: data) as? [Any] else {
                writeError("formsmith: \(file) is not a JSON array of questionnaires")
                throw FormsmithExit(status: ExitStatus.usage)
            }
            for (index, element) in array.enumerated() {
                guard JSONSerialization.isValidJSONObject(element),
                      let bytes = try? JSONSerialization.data(withJSONObject: element) else { continue }
                records.append(Array(bytes))
                names.append("\(file): element \(index + 1)")
            }
        } else {
            for (index, line) in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated()
            where line.contains(where: { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\r") && $0 != UInt8(ascii: "\t") }) {
                records.append(Array(line))
                names.append("\(file):\(index + 1)")
            }
        }
        let measure = try Self.measure(compiled, strength: cover, records: records, names: names)
        if let coverageReport {
            var files = RunFiles()
            files.reads(compiled)
            files.writes(coverageReport, as: "--coverage-report")
            try OutputGuard.refuseCollisions(files)
            let output = try openOutput(coverageReport)
            output.write(bytes: Array(measure.report.json.utf8))
            output.close()
            try OutputGuard.commit()
        }
        if !measure.invalid.isEmpty {
            writeError("formsmith: warning: \(measure.invalid.count) of \(records.count) questionnaires do not pass the rules "
                       + "(counted as read): " + measure.invalid.prefix(10).map { names[$0 - 1] }.joined(separator: ", ")
                       + (measure.invalid.count > 10 ? ", ..." : ""))
        }
        let lines = measure.report.summary()
        print("coverage \(cover.rawValue): " + lines[0])
        for line in lines.dropFirst() { print(line) }
    }
}
