import ArgumentParser
import FormsmithCore

/// `formsmith explain`: one field's rules in plain words.
struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Explain a field's rules in plain words: type, checks, bounds for today, when it is visible and required, what depends on it.",
        discussion: """
            FIELD is a path as reports write it: insurant.birthDate, drivers[].licenseIssued (or \
            drivers[1].licenseIssued). Each line ends with the rule identifiers reports use for it.

            Exit status: 0 explained, 2 an unknown field, rules that cannot be used, or a problem with \
            the command line.
            """
    )

    @Option(name: .long, help: "The rule file (YAML or JSON).")
    var rules: String

    @OptionGroup var dates: DateOptions

    @Argument(help: "The field's path, such as insurant.birthDate or drivers[].licenseIssued.")
    var field: String

    func validate() throws {
    }

    func run() throws {
        let compiled = try loadRules(rules, today: dates.referenceDate, consequence: "nothing to explain")
        do {
            let explanation = try FieldExplainer.explain(field, in: compiled)
            let destination = OutputWriter.standardOutput()
            destination.write(explanation)
            destination.close()
        } catch {
            writeError("formsmith: \(error.message)")
            throw FormsmithExit(status: ExitStatus.usage)
        }
    }
}
