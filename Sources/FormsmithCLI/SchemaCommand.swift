import ArgumentParser
import FormsmithCore

/// What `formsmith schema` can print.
enum SchemaKind: String, ExpressibleByArgument, CaseIterable {
    case rules
}

/// `formsmith schema rules`: the JSON Schema of the rule file format, for editors.
struct SchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema (draft 2020-12) of Formsmith's rule files, for editors and validators.",
        discussion: """
            The repository ships the same text as \(RulesSchema.shippedPath). Point an editor at it with \
            a comment line '# yaml-language-server: $schema=PATH' anywhere in a rule file (the shipped \
            ones carry it as their last line), or a '$schema' key.

            Exit status: 0 printed, 2 a problem with the command line or the output file.
            """
    )

    @Argument(help: "What to print the schema of: rules.")
    var kind: SchemaKind

    @Option(name: .long, help: "Write the schema to this file instead of standard output.")
    var output: String?

    func run() throws {
        switch kind {
        case .rules:
            var files = RunFiles()
            if let output { files.writes(output, as: "--output") }
            try writeOutput(RulesSchema.text(), to: output, OutputGuard.permit(files))
        }
    }
}

/// Writes `text` through the one output writer: to the file `path` (moved into place when the
/// command succeeds), or to standard output when it is nil.
func writeOutput(_ text: String, to path: String?, _ permit: OutputPermit) throws {
    let destination = try openOutput(path, permit)
    destination.write(text)
    destination.close()
}
