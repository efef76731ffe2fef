import Foundation

/// `formsmith lint` of a whole project: the project file, every form's rule file with the
/// libraries it includes, and problems that span files: a library none of whose definitions
/// any form uses, and a library definition no form uses.
public enum ProjectLinter {
    /// Identifier of a problem of the project file itself (an error).
    public static let invalidProject = "invalid-project"
    /// Identifier of a library nothing uses (a warning).
    public static let unusedLibrary = "unused-library"

    /// Lints the project file at `path` and everything it names, for the reference date
    /// `today` (nil: the project's default). Returns the files linted and the findings.
    public static func lint(path: String, today: CivilDate?, reportFormats: [String] = [])
        -> (files: [String], findings: [LintFinding])
    {
        let project: Project
        do {
            project = try ProjectLoader.load(path: path, reportFormats: reportFormats)
        } catch {
            return ([path], error.problems.map {
                LintFinding(rule: invalidProject, severity: .error, location: $0.location, message: $0.message)
            })
        }
        let date = today ?? project.defaults.referenceDate()
        var findings: Set<LintFinding> = []
        var libraries: [String] = []
        var used: Set<String> = []
        var usedDefinitions: Set<SourceLocation> = []
        var libraryDefinitions: [String: SourceLocation] = [:]
        for form in project.forms {
            findings.formUnion(Linter.lint(path: form.rules, today: date))
            guard let ruleSet = try? RulesLoader.read(path: form.rules) else { continue }
            for library in ruleSet.libraries where !libraries.contains(library) { libraries.append(library) }
            used.formUnion(ruleSet.usedLibraries)
            for name in ruleSet.usedDefinitions {
                if let place = ruleSet.definitionLocations[name] { usedDefinitions.insert(place) }
            }
            for (name, place) in ruleSet.definitionLocations where place.file != ruleSet.file {
                libraryDefinitions["\(place)"] = place
                _ = name
            }
        }
        for library in libraries where !used.contains(library) {
            findings.insert(LintFinding(
                rule: unusedLibrary, severity: .warning, location: SourceLocation(file: library, line: 1, column: 1),
                message: "no form uses a definition of this library: remove its 'include', or build fields on it "
                    + "with 'use:'"))
        }
        for place in libraryDefinitions.values where used.contains(place.file) && !usedDefinitions.contains(place) {
            findings.insert(LintFinding(
                rule: "unused-definition", severity: .warning, location: place,
                message: "no form of the project uses this library definition: remove it, or build a field on it"))
        }
        // A definition no form uses is read by no rule file: read it on its own, for the
        // problems that need no form (unknown keys, wrong value types).
        var unused: [String: [String]] = [:]
        for place in libraryDefinitions.values where !usedDefinitions.contains(place) {
            if let name = definitionName(at: place) { unused[place.file, default: []].append(name) }
        }
        for (library, names) in unused {
            for problem in shapeProblems(of: names, in: library) {
                findings.insert(LintCatalog.invalidRules.finding(problem.message, at: problem.location))
            }
        }
        let files = [project.file] + project.forms.map(\.rules) + libraries
        findings.formUnion(StrayProjectFiles.findings(around: files, inUse: path))
        findings.formUnion(StrayProjectFiles.findings(below: path))
        return (files, findings.sorted())
    }

    /// The definition name written at `place` (a key of a library's `definitions`).
    private static func definitionName(at place: SourceLocation) -> String? {
        guard let text = try? String(contentsOfFile: place.file, encoding: .utf8) else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard place.line >= 1, place.line <= lines.count else { return nil }
        let line = lines[place.line - 1].unicodeScalars.dropFirst(place.column - 1)
        let name = String(String.UnicodeScalarView(line.prefix { $0 != ":" && $0 != " " }))
        return name.isEmpty ? nil : name.trimmingCharacters(in: CharacterSet(charactersIn: "'\""))
    }

    /// The shape problems of library definitions `names`, found by reading a rule set that
    /// builds one field on each; only problems in library files are kept.
    private static func shapeProblems(of names: [String], in library: String) -> [RuleProblem] {
        let folder = (library as NSString).deletingLastPathComponent
        let probe = (folder.isEmpty ? "" : folder + "/") + ".formsmith-library-probe.yaml"
        var text = "id: probe\ninclude: " + JSONText.quoted((library as NSString).lastPathComponent) + "\nfields:\n"
        for name in names.sorted() {
            text += "  \(JSONText.quoted(name)): {use: \(JSONText.quoted(name))}\n"
        }
        do {
            _ = try RulesLoader.read(text: text, file: probe)
            return []
        } catch {
            // Problems of the library as a whole are reported through the forms that include it.
            return error.problems.filter { $0.location.file != probe && !$0.message.contains(probe) }
        }
    }
}
