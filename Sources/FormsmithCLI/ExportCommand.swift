import ArgumentParser
import FormsmithCore

/// `formsmith export`: a rule set in another tool's language.
struct ExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Export a rule set in another tool's language.",
        subcommands: [JSONSchemaExport.self]
    )
}

/// `formsmith export json-schema`: the JSON Schema of one questionnaire.
struct JSONSchemaExport: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "json-schema",
        abstract: "Write the JSON Schema (draft 2020-12) of one questionnaire of a rule set.",
        discussion: """
            The schema accepts every questionnaire Formsmith finds valid and rejects what JSON Schema \
            can say: types, required fields, patterns and masks, lengths, number ranges, enums, \
            constants, unknown fields, and conditions written with if/then. What it cannot say \
            (checksums, date bounds, bounds from today or another field, other predicates) is listed \
            on standard error and in the schema's $comment; Formsmith still checks it.

            Exit status: 0 written, 2 rules that cannot be used or a problem with the command line.
            """
    )

    @Option(name: .long, help: "The rule file (YAML or JSON).")
    var rules: String

    @Option(name: .long, help: "Write the schema to this file instead of standard output.")
    var output: String?

    /// The rules are compiled (and so checked) for a reference date; the schema does not depend on it.
    @OptionGroup var dates: DateOptions

    func run() throws {
        let compiled = try loadRules(rules, today: dates.referenceDate, consequence: "nothing exported")
        var files = RunFiles()
        files.reads(compiled)
        if let output { files.writes(output, as: "--output") }
        let permit = try OutputGuard.permit(files)
        let schema = QuestionnaireSchemaExporter.export(compiled)
        try writeOutput(schema.text, to: output, permit)
        if !schema.gaps.isEmpty {
            writeError("formsmith: the schema leaves out \(schema.gaps.count) check\(schema.gaps.count == 1 ? "" : "s") "
                       + "JSON Schema cannot express (Formsmith still makes them):")
            for gap in schema.gaps { writeError("  \(gap)") }
        }
    }
}
