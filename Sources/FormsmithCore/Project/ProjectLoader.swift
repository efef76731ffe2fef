import Foundation
import Yams

/// Finds and reads a project file (`formsmith.yaml` or `.formsmith.yml`).
///
/// ```yaml
/// formsmith: 1
/// forms:
///   osago-policy: Rules/osago-policy.yaml
/// inputs:
///   submissions/osago/**/*.jsonl: osago-policy
///   submissions/inbox/*: by-record        # each record names its form
/// exclude: [submissions/**/*.report.json]
/// routing: {member: form, column: form}
/// defaults: {today: 2026-11-22, report: text, redact: false, jobs: 2}
/// allowRoots: [../shared-rules]   # folders outside this one that rule files may read
/// ```
///
/// Strict like rule files: unknown keys, rule files that do not exist, a glob that matches no
/// file, a route to an unknown form and two forms claiming one file are all reported at once,
/// each at its `file:line:column`.
public enum ProjectLoader {
    /// The names a project file may have, in the order they are looked for.
    public static let fileNames = ["formsmith.yaml", ".formsmith.yml"]
    /// Keys of a project file's top level.
    static let topLevelKeys = ["formsmith", "forms", "inputs", "exclude", "routing", "defaults", "allowRoots"]
    /// Keys of `routing`.
    static let routingKeys = ["member", "column"]
    /// Keys of `defaults`.
    static let defaultKeys = ["today", "timeZone", "report", "redact", "jobs"]
    /// Keys of a form written as a mapping.
    static let formKeys = ["rules"]
    /// The route target that sends each record to the form it names.
    public static let byRecord = "by-record"

    /// The project file in `directory` or the nearest folder above it, if any.
    public static func find(from directory: String = FileManager.default.currentDirectoryPath) -> String? {
        var folder = LibraryReader.tidy(Project.absolute(directory))
        while true {
            for name in fileNames {
                let candidate = folder == "/" ? "/" + name : folder + "/" + name
                if FileManager.default.fileExists(atPath: candidate) { return displayPath(candidate) }
            }
            guard folder != "/", !folder.isEmpty else { return nil }
            folder = (folder as NSString).deletingLastPathComponent
        }
    }

    /// A path relative to the working directory when it is inside it.
    static func displayPath(_ path: String) -> String {
        let current = FileManager.default.currentDirectoryPath
        let prefix = current.hasSuffix("/") ? current : current + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }

    /// Reads the project file at `path`; `reportFormats` are the report names `defaults.report`
    /// may use. With `checksFiles` false only the file itself is checked (YAML, keys, types,
    /// `allowRoots` naming folders), not that its rule files exist or its globs match.
    public static func load(path: String, reportFormats: [String] = [], checksFiles: Bool = true)
        throws(RulesError) -> Project
    {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else {
            // A file that is there but cannot be reached is not said to be missing.
            if let code = Platform.statFailure(path), Platform.ErrorKind(code) != .missing {
                throw RulesError(problems: [RuleProblem(
                    "cannot read the project file: \(Platform.message(for: code)); give the user running formsmith "
                        + "permission to read it and to enter its folders",
                    at: SourceLocation(file: path, line: 1, column: 1))])
            }
            throw RulesError(problems: [RuleProblem("cannot find the project file; check the path",
                                                     at: SourceLocation(file: path, line: 1, column: 1))])
        }
        guard attributes[.type] as? FileAttributeType == .typeRegular,
            (attributes[.size] as? NSNumber)?.intValue ?? 0 <= LibraryReader.maxLibraryBytes
        else {
            throw RulesError(problems: [RuleProblem(
                "the project file must be a regular file of at most \(LibraryReader.maxLibraryBytes >> 20) MiB",
                at: SourceLocation(file: path, line: 1, column: 1))])
        }
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8)
        else {
            throw RulesError(problems: [RuleProblem("cannot read the project file (a UTF-8 YAML file)",
                                                     at: SourceLocation(file: path, line: 1, column: 1))])
        }
        let root: Node
        do {
            guard let node = try YAMLDocument.compose(text, file: path) else {
                throw RulesError(problems: [RuleProblem("the project file is empty; give it 'forms' and 'inputs'",
                                                         at: SourceLocation(file: path, line: 1, column: 1))])
            }
            root = node
        } catch let error as RulesError {
            throw error
        } catch let error as YamlError {
            throw RulesError(problems: [RulesLoader.yamlProblem(error, file: path)])
        } catch {
            throw RulesError(problems: [RuleProblem("cannot parse the project file: \(error)",
                                                     at: SourceLocation(file: path, line: 1, column: 1))])
        }
        let problems = ProblemCollector()
        var reader = ProjectReader(file: path, problems: problems, reportFormats: reportFormats,
                                   checksFiles: checksFiles)
        let project = reader.read(root)
        guard let project, problems.isEmpty else { throw RulesError(problems: problems.problems) }
        return project
    }
}
