import Foundation
import Yams

/// Reads a rule file (YAML, or JSON, which is YAML too) into a ``RuleSet``.
///
/// The loader checks the file's shape: known keys, value types, definitions. Checks that
/// need the whole tree (regexes, masks, expressions, field references, cycles, bounds) are
/// done by ``RuleCompiler``; ``RulesLoader/load(path:today:)`` runs both and reports every problem
/// at once.
public enum RulesLoader {
    /// Keys a rule set may have at its top level.
    static let topLevelKeys = ["$schema", "formsmith", "id", "title", "version", "description", "include", "import", "normalize",
                               "seeds", "definitions", "fields", "sections", "assert"]
    /// Keys a definition library (a file named by `include:`) may have at its top level.
    static let libraryKeys = LibraryReader.topLevelKeys
    /// Keys of a section.
    static let sectionKeys = ["title", "description", "fields", "visibleIf", "requiredIf", "optional", "complete"]
    /// Keys of a section written as a field (`type: section`, inside a list's items or a section).
    static let nestedSectionKeys = ["type"] + sectionKeys
    /// Keys that hold value checks (allowed in fields, definitions and `cases`): every check
    /// kind's keys (``CheckKind/allKeys``), then `messages`.
    static let constraintKeys = CheckKind.allKeys.map(\.name) + ["messages"]
    /// Keys of a field.
    static let fieldKeys = ["type", "use", "title", "description", "optional", "requiredIf", "visibleIf",
                            "parent", "cases", "seed", "default", "fields", "assert", "complete", "multiple"] + constraintKeys
    /// Keys of one of a field's `cases`.
    static let caseKeys = ["when"] + constraintKeys.filter { $0 != "normalize" }  // how a field reads text, not a check
    /// Keys of a `checksum` written as a mapping.
    static let checksumKeys = ["name", "with"]
    /// Keys of an assertion.
    static let assertionKeys = ["that", "message", "field", "rule"]
    /// The key lists above, lowered once for the did-you-mean suggestions of unknown keys.
    static let knownTopLevelKeys = SuggestionWords(topLevelKeys)
    static let knownSectionKeys = SuggestionWords(sectionKeys)
    static let knownNestedSectionKeys = SuggestionWords(nestedSectionKeys)
    static let knownFieldKeys = SuggestionWords(fieldKeys)
    static let knownCaseKeys = SuggestionWords(caseKeys)
    static let knownAssertionKeys = SuggestionWords(assertionKeys)

    /// Reads the rule file at `path` without compiling it (see ``RuleCompiler``).
    public static func read(path: String) throws(RulesError) -> RuleSet {
        if XLSFormImport.isXLSForm(path: path) {
            // An XLSForm: translated into a rule file first (problems named by sheet, row and column).
            do {
                return try read(text: try XLSFormImport.read(path: path).yaml, file: path)
            } catch let error as XLSFormError {
                throw RulesError(problems: error.problems.map {
                    RuleProblem($0, at: SourceLocation(file: path, line: 1, column: 1))
                })
            } catch let error as RulesError {
                throw error
            } catch {
                throw RulesError(problems: [RuleProblem("\(error)", at: SourceLocation(file: path, line: 1, column: 1))])
            }
        }
        let text: String
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw RulesError(problems: [RuleProblem("this is a folder; give the path of one rule file (YAML or JSON)",
                                                     at: SourceLocation(file: path, line: 1, column: 1))])
        }
        do {
            // At most 16 MiB, as libraries and project files: reading stops one byte past it,
            // so neither a huge file nor an endless stream (a device, a pipe) is read whole.
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            let data = try handle.read(upToCount: LibraryReader.maxLibraryBytes + 1) ?? Data()
            if data.count > LibraryReader.maxLibraryBytes {
                throw RulesError(problems: [RuleProblem(
                    "the rule file is larger than \(LibraryReader.maxLibraryBytes >> 20) MiB, the limit of rule files "
                    + "and libraries; keep long value lists in files named by 'valuesFrom'",
                    at: SourceLocation(file: path, line: 1, column: 1))])
            }
            guard let decoded = String(data: data, encoding: .utf8) else {
                throw RulesError(problems: [RuleProblem("the rule file is not UTF-8 text",
                                                         at: SourceLocation(file: path, line: 1, column: 1))])
            }
            text = decoded
        } catch let error as RulesError {
            throw error
        } catch {
            throw RulesError(problems: [RuleProblem(
                "cannot read the rule file: \((error as NSError).localizedDescription)",
                at: SourceLocation(file: path, line: 1, column: 1))])
        }
        return try read(text: text, file: path)
    }

    /// The rule set of the rule file at `path` as far as it can be read, problems or not (nil
    /// when not even its shape can be read): the command line compares the files it names
    /// (libraries, word lists) with its outputs before `lint` writes a report.
    public static func readAsFarAsPossible(path: String) -> RuleSet? {
        do {
            return try read(path: path)
        } catch {
            return error.readable
        }
    }

    /// Reads rules from YAML or JSON text; `file` names it in messages and resolves relative paths.
    ///
    /// `roots` are the folders the file's includes and word lists may reach; by default those of
    /// ``ReadableRoots/of(ruleFile:)``.
    public static func read(text: String, file: String, roots: ReadableRoots? = nil) throws(RulesError) -> RuleSet {
        let root: Node
        do {
            guard let node = try YAMLDocument.compose(text, file: file) else {
                throw RulesError(problems: [RuleProblem("the rule file is empty",
                                                         at: SourceLocation(file: file, line: 1, column: 1))])
            }
            root = node
        } catch let error as RulesError {
            throw error
        } catch let error as YamlError {
            throw RulesError(problems: [yamlProblem(error, file: file)])
        } catch {
            throw RulesError(problems: [RuleProblem("cannot parse the rule file: \(error)",
                                                     at: SourceLocation(file: file, line: 1, column: 1))])
        }
        let problems = ProblemCollector()
        let fence: ReadableRoots
        if let roots { fence = roots } else { fence = try ReadableRoots.of(ruleFile: file) }
        var reader = RuleTreeReader(file: file, problems: problems, roots: fence)
        let ruleSet = reader.readRuleSet(root)
        guard let ruleSet else { throw RulesError(problems: problems.problems) }
        guard problems.isEmpty else { throw RulesError(problems: problems.problems, readable: ruleSet) }
        return ruleSet
    }

    /// Reads and compiles the rule file at `path` for the given reference date.
    ///
    /// Every problem is reported at once: when the file's shape has problems (unknown keys,
    /// say) but a rule set could still be read, it is compiled anyway so that its regex,
    /// mask, expression and reference problems are listed too.
    public static func load(path: String, today: CivilDate) throws(RulesError) -> CompiledRuleSet {
        try compileListingEveryProblem(today: today) { () throws(RulesError) in try read(path: path) }
    }

    /// Compiles what `read` returns; when reading found problems but still produced a rule set,
    /// compiles that too and throws the problems of both, so that one run lists them all.
    static func compileListingEveryProblem(today: CivilDate, _ read: () throws(RulesError) -> RuleSet)
        throws(RulesError) -> CompiledRuleSet
    {
        let ruleSet: RuleSet
        do {
            ruleSet = try read()
        } catch {
            guard let readable = error.readable else { throw error }
            var problems = error.problems
            do {
                _ = try RuleCompiler.compile(readable, today: today)
            } catch {
                problems += error.problems.filter { !problems.contains($0) }
            }
            throw RulesError(problems: problems)
        }
        return try RuleCompiler.compile(ruleSet, today: today)
    }

    static func yamlProblem(_ error: YamlError, file: String) -> RuleProblem {
        switch error {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _),
            .composer(_, let problem, let mark, _):
            return RuleProblem("invalid YAML: \(yamlMessage(problem))",
                               at: SourceLocation(file: file, line: mark.line, column: mark.column))
        case .reader(let problem, let offset, _, let yaml):
            // A byte the YAML reader refuses (a control character such as NUL, invalid UTF-8).
            let (line, column) = lineAndColumn(ofByte: offset ?? 0, in: yaml)
            return RuleProblem("invalid YAML: \(problem); a rule file must be plain UTF-8 text",
                               at: SourceLocation(file: file, line: line, column: column))
        case .duplicatedKeysInMapping(let duplicates, _):
            return RuleProblem("duplicate keys: \(duplicates.joined(separator: ", "))",
                               at: SourceLocation(file: file, line: 1, column: 1))
        default:
            return RuleProblem("invalid YAML: \(error)", at: SourceLocation(file: file, line: 1, column: 1))
        }
    }

    /// libyaml's message, with its C-API advice replaced by advice for rule authors.
    private static func yamlMessage(_ problem: String) -> String {
        if problem.hasPrefix("Maximum nesting level reached") {
            return "the nesting is too deep (libyaml stops at 1000 levels); a rule file is never this deep"
        }
        return problem
    }

    /// The 1-based line and column (in characters) of a byte offset of `text`.
    private static func lineAndColumn(ofByte offset: Int, in text: String) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        let bytes = Array(text.utf8)
        let end = min(max(offset, 0), bytes.count)
        for index in 0..<end where bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        let column = String(decoding: bytes[lineStart..<end], as: UTF8.self).unicodeScalars.count + 1
        return (line, column)
    }
}
