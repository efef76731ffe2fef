import Foundation
import FormsmithCore

/// Finds the project for a command (`--project FILE`, else `formsmith.yaml` or
/// `.formsmith.yml` in the working directory or the nearest folder above) and loads it; on
/// problems, lists every one on standard error and ends with exit 2.
func loadProject(_ option: String?, command: String) throws -> Project {
    guard let path = option ?? ProjectLoader.find() else {
        writeError("formsmith: \(command) needs --rules FILE, or a project file (\(ProjectLoader.fileNames[0]) "
                   + "or \(ProjectLoader.fileNames[1])) in this folder or one above it; see the README's "
                   + "'Projects' section")
        throw FormsmithExit(status: ExitStatus.usage)
    }
    if option != nil { ReadableRoots.projectInUse = path }
    do {
        return try ProjectLoader.load(path: path, reportFormats: ReportFormat.allCases.map(\.rawValue))
    } catch {
        writeError(error.description)
        writeError("\(path): \(error.problems.count) problem\(error.problems.count == 1 ? "" : "s"); "
                   + "the project was not used")
        throw FormsmithExit(status: ExitStatus.usage)
    }
}

/// The reference date: `--today` or `--timezone`, else the project's default.
func referenceDate(_ dates: DateOptions, project: Project) -> CivilDate {
    dates.today != nil || dates.timezone != nil ? dates.referenceDate : project.defaults.referenceDate()
}

/// Loads and compiles the forms of the project (all of them, or those named in `only`; all
/// problems of all rule files listed before exiting with 2).
func loadForms(of project: Project, today: CivilDate, only: Set<String>? = nil, consequence: String) throws
    -> [(name: String, rules: CompiledRuleSet)]
{
    var forms: [(name: String, rules: CompiledRuleSet)] = []
    var failed = false
    for form in project.forms where only?.contains(form.name) ?? true {
        do {
            forms.append((form.name, try RulesLoader.load(path: form.rules, today: today)))
        } catch {
            writeError(error.description)
            writeError("\(form.rules): \(error.problems.count) problem\(error.problems.count == 1 ? "" : "s") "
                       + "(form '\(form.name)')")
            failed = true
        }
    }
    if failed {
        writeError("formsmith: \(consequence)")
        throw FormsmithExit(status: ExitStatus.usage)
    }
    return forms
}

/// The form `name` of the project, or exit 2 naming the forms there are.
func projectForm(_ name: String, in project: Project) throws -> ProjectForm {
    if let form = project.form(named: name) { return form }
    let names = project.forms.map(\.name)
    writeError("formsmith: no form '\(name)' in \(project.file); the forms are \(names.joined(separator: ", "))")
    throw FormsmithExit(status: ExitStatus.usage)
}

/// The rules of a command: `--rules FILE`, else form `form` of the project (found as for
/// validate), with `today` from `--today` or the project's defaults.
func loadRules(_ rules: String?, form: String?, project: String?, dates: DateOptions, command: String,
               consequence: String) throws -> CompiledRuleSet {
    if let rules {
        // `--project` with `--rules` names the project in use: its folders are what the rules may read.
        if let project { ReadableRoots.projectInUse = project }
        return try loadRules(rules, today: dates.referenceDate, consequence: consequence)
    }
    let loaded = try loadProject(project, command: command)
    guard let form else {
        writeError("formsmith: \(command) needs --rules FILE or --form NAME (one of "
                   + loaded.forms.map(\.name).joined(separator: ", ") + ")")
        throw FormsmithExit(status: ExitStatus.usage)
    }
    let chosen = try projectForm(form, in: loaded)
    return try loadRules(chosen.rules, today: referenceDate(dates, project: loaded), consequence: consequence)
}
