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

    @Option(name: .long, help: "The rule file (YAML or JSON). Without it, FIELD is FORM.FIELD of the project.")
    var rules: String?

    @Option(name: .long, help: "The project file (default: formsmith.yaml or .formsmith.yml here or above).")
    var project: String?

    @OptionGroup var dates: DateOptions

    @Argument(help: ArgumentHelp("The field's path, such as insurant.birthDate or drivers[].licenseIssued (with a "
                                 + "project and no --rules: osago-policy.insurant.birthDate)."))
    var field: String

    func validate() throws {
    }

    func run() throws {
        var path = field
        var form: String?
        if rules == nil {
            // FORM.FIELD: the form's name has no dot.
            let parts = field.split(separator: ".", maxSplits: 1)
            form = parts.first.map(String.init)
            path = parts.count == 2 ? String(parts[1]) : ""
        }
        let compiled = try loadRules(rules, form: form, project: project, dates: dates, command: "explain",
                                     consequence: "nothing to explain")
        do {
            let explanation = try FieldExplainer.explain(path, in: compiled)
            let destination = OutputWriter.standardOutput()
            destination.write(explanation)
            destination.close()
        } catch {
            writeError("formsmith: \(error.message)")
            throw FormsmithExit(status: ExitStatus.usage)
        }
    }
}
