import Foundation

/// What every lint check reads: the rule set as written, the compiled rules when the file
/// compiles, and the reference date.
final class LintContext {
    /// The rules as written (locations of every key).
    let ruleSet: RuleSet
    /// The compiled rules, or nil when the file has errors.
    let compiled: CompiledRuleSet?
    /// The reference date `today` stands for.
    let today: CivilDate

    init(ruleSet: RuleSet, compiled: CompiledRuleSet?, today: CivilDate) {
        self.ruleSet = ruleSet
        self.compiled = compiled
        self.today = today
    }

    /// Every field of the tree except sections, depth first.
    var valueFields: [FieldRule] {
        ruleSet.allFields.filter { $0.type != .section }
    }

    /// The compiled field declared at `path`.
    func compiledField(_ path: String) -> CompiledField? {
        guard let compiled, let id = compiled.fieldIDs[path] else { return nil }
        return compiled.fields[id]
    }

    /// The field's own constraints, and each case's constraints together with the field's
    /// (a case's checks apply on top of the field's).
    func constraintSets(of field: FieldRule) -> [(constraints: [Constraints], condition: String?)] {
        [([field.constraints], nil)] + field.cases.map { ([field.constraints, $0.constraints], $0.condition.value) }
    }

    // MARK: - Word lists

    /// A word list (`seed:` or `valuesFrom:`): its non-blank, non-comment lines, trimmed,
    /// with their line numbers; or why it cannot be read.
    func readList(_ file: Located<String>) -> Result<[(line: Int, word: String)], WordListError> {
        let path = resolvePath(file.value, writtenIn: file.location.file)
        if let problem = ruleSet.roots?.problem(file, what: "word list") {
            return .failure(WordListError(path: path, outside: problem.message))
        }
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8)
        else { return .failure(WordListError(path: path)) }
        var words: [(line: Int, word: String)] = []
        var line = 0
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            line += 1
            let word = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            if !word.isEmpty, !word.hasPrefix("#") { words.append((line, word)) }
        }
        return .success(words)
    }

    /// A path written in the rule file, relative to the rule file's folder (as the compiler
    /// resolves `valuesFrom`).
    func resolvePath(_ path: String, writtenIn file: String) -> String {
        if path.hasPrefix("/") { return path }
        let folder = (file as NSString).deletingLastPathComponent
        return folder.isEmpty ? path : (folder as NSString).appendingPathComponent(path)
    }
}

/// A word list that cannot be read.
struct WordListError: Error {
    /// Where it was looked for.
    let path: String
    /// Why it was not read when it lies outside the readable roots (``ReadableRoots``); the
    /// file is then not opened at all.
    var outside: String? = nil
}
