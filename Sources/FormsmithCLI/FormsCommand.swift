import ArgumentParser
import FormsmithCore

/// `formsmith forms`: the project's forms, their inputs and field counts.
struct FormsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forms",
        abstract: "List the project's forms: each rule file, the inputs routed to it and its number of fields.",
        discussion: """
            The project file is formsmith.yaml (or .formsmith.yml) in this folder or the nearest one \
            above, or --project. Same as 'formsmith validate --list-forms'.

            Exit status: 0 listed, 2 a problem with the project file or a rule file.
            """
    )

    @Option(name: .long, help: "The project file (default: formsmith.yaml or .formsmith.yml here or above).")
    var project: String?

    @Flag(name: .long, help: "Print JSON instead of text.")
    var json = false

    func run() throws {
        let project = try loadProject(project, command: "forms")
        let forms = try loadForms(of: project, today: project.defaults.referenceDate(),
                                  consequence: "the forms were not listed")
        try Self.list(project, forms: forms, json: json)
    }

    static func list(_ project: Project, forms: [(name: String, rules: CompiledRuleSet)], json: Bool) throws {
        // Through the output writer, so a write error (a full disk, a closed pipe) is reported
        // and exits 2 as in every command.
        let destination = OutputWriter.standardOutput()
        destination.write(json ? ProjectListing.json(project, forms: forms) : ProjectListing.text(project, forms: forms))
        destination.close()
    }
}
