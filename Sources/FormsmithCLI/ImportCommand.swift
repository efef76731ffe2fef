import ArgumentParser
import FormsmithCore

/// `formsmith import`: rule files from the forms other tools write.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Write a Formsmith rule file from a form written for another tool (an XLSForm).",
        subcommands: [ImportXLSFormCommand.self]
    )
}

/// `formsmith import xlsform FORM`: an XLSForm as a Formsmith rule file.
struct ImportXLSFormCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "xlsform",
        abstract: "Write the rule file of an XLSForm (.xlsx, or pyxform's .csv and .md forms).",
        discussion: """
            Each field of the rule file names the survey row it came from. What the rule file does \
            not check (an expression with no equivalent, a column the import does not read) is listed \
            on standard error with its sheet, row and column, and the field says "not checkable" in \
            explain. validate, generate, explain and lint also take the XLSForm itself as --rules.

            Exit status: 0 written, 1 with --strict when something is not checkable (nothing is \
            written), 2 a form that cannot be read or a problem with the command line.
            """
    )

    @Argument(help: "The XLSForm: FORM.xlsx, FORM.csv or FORM.md.")
    var form: String

    @Option(name: .long, help: "Write the rule file here instead of standard output.")
    var output: String?

    @Flag(name: .long, help: "Fail (exit 1, nothing written) when anything of the form is not checkable.")
    var strict = false

    func run() throws {
        guard XLSFormImport.isXLSForm(path: form) else {
            writeError("formsmith: \(form): not an XLSForm file name; give a .xlsx, .csv or .md XLSForm "
                       + "(an .xls workbook: save it as .xlsx)")
            throw FormsmithExit(status: ExitStatus.usage)
        }
        let imported: XLSFormImport
        do {
            imported = try XLSFormImport.read(path: form)
        } catch {
            writeError(error.description)
            writeError("\(form): \(error.problems.count) problem\(error.problems.count == 1 ? "" : "s"); nothing written")
            throw FormsmithExit(status: ExitStatus.usage)
        }
        // The rule file must load: an import that writes rules Formsmith refuses is a bug to report.
        // Loaded for today's date, as `validate` loads it: a fixed past day made a date window
        // such as `. >= date('2020-01-01') and . <= today()` look empty and refused the form.
        do {
            _ = try RulesLoader.load(path: form, today: CivilDate.today())
        } catch {
            writeError(error.description)
            // Problems in another file (the project file in use, when it is not valid) are not
            // the import's: say so rather than ask for a bug report.
            if error.problems.allSatisfy({ $0.location.file == form }) {
                writeError("formsmith: \(form): the imported rules do not load (a defect of the import; please report "
                           + "it with the form); nothing written")
            } else {
                writeError("formsmith: \(form): the rules cannot be loaded because of the problems above; correct "
                           + "them; nothing written")
            }
            throw FormsmithExit(status: ExitStatus.usage)
        }
        reportNotCheckable(imported, form: form)
        if strict, !imported.untranslated.isEmpty {
            writeError("formsmith: --strict: \(imported.untranslated.count) part\(imported.untranslated.count == 1 ? "" : "s") "
                       + "of the form not checkable; nothing written")
            throw FormsmithExit(status: ExitStatus.invalidData)
        }
        // The spreadsheet is an input of the run: --output naming it is refused, not overwritten.
        var files = RunFiles()
        files.reads(form, as: "the XLSForm")
        if let output { files.writes(output, as: "--output") }
        try writeOutput(imported.yaml, to: output, OutputGuard.permit(files))
    }
}

/// Lists on standard error what an imported XLSForm's rules do not check.
func reportNotCheckable(_ imported: XLSFormImport, form: String) {
    guard !imported.untranslated.isEmpty else { return }
    // Escaped: each item quotes the form's cells, text from the form's author.
    let shown = DisplayText.escaped(form)
    for item in imported.untranslated { writeError("\(shown): not checkable: " + DisplayText.escaped(String(describing: item))) }
    writeError("\(shown): \(imported.untranslated.count) part\(imported.untranslated.count == 1 ? "" : "s") of the form "
               + "not checkable (listed above)")
}
