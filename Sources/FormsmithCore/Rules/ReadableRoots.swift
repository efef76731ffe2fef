import Foundation
import Yams

/// The folders whose files a rule file may read: its includes, `seeds:` lists, and `seed:` and
/// `valuesFrom:` files. Rule files arrive in pull requests and run in pre-commit hooks and CI,
/// so a path must not reach the rest of the machine (`include: /etc/shadow`).
///
/// The roots come from the project in use only: the one ``projectInUse`` names (the command
/// line's `--project`), else the project file (`formsmith.yaml` or `.formsmith.yml`) found from
/// the working folder. When that project file is valid and the rule file lies inside its folder
/// or the further folders it allows (`allowRoots: [../shared-rules]`, relative to the project
/// file), those are the roots; otherwise the rule file's own folder is. A project file beside
/// a rule file (one a pull request adds next to it, valid or not) widens nothing, and a project
/// file that is not valid allows nothing more. Paths are compared with symbolic links resolved,
/// so a link inside the root cannot lead out of it.
public struct ReadableRoots: Sendable {
    /// The folders, absolute, symbolic links resolved.
    public let folders: [String]
    /// What the folders are, for messages: `the project folder /repo (formsmith.yaml)`.
    public let origin: String

    /// Roots given explicitly.
    public init(folders: [String], origin: String) {
        self.folders = folders.map(Self.real)
        self.origin = origin
    }

    /// The project file in use when the command line names one (`--project`); nil: the one
    /// found from the working folder. Set once, before any rule file is read.
    nonisolated(unsafe) public static var projectInUse: String?

    /// The roots of the rule file at `path` (see the type's description).
    public static func of(ruleFile path: String) -> ReadableRoots {
        let folder = LibraryReader.tidy(Project.absolute((path as NSString).deletingLastPathComponent))
        let own = ReadableRoots(folders: [folder], origin: "the rule file's folder \(display(folder))")
        guard let project = projectInUse ?? ProjectLoader.find(), let extra = allowedRoots(projectFile: project)
        else { return own }
        let projectFolder = LibraryReader.tidy(Project.absolute((project as NSString).deletingLastPathComponent))
        var origin = "the project folder \(display(projectFolder)) (\(project))"
        if !extra.isEmpty { origin += " and its allowRoots " + extra.map(display).joined(separator: ", ") }
        let roots = ReadableRoots(folders: [projectFolder] + extra, origin: origin)
        return roots.allows(path) ? roots : own
    }

    /// Whether `path` (as resolved from the file that writes it) lies inside one of the folders.
    public func allows(_ path: String) -> Bool {
        let resolved = Self.real(LibraryReader.tidy(Project.absolute(path)))
        return folders.contains { folder in
            folder == "/" || resolved == folder || resolved.hasPrefix(folder + "/")
        }
    }

    /// The problem of a path written at `location` (relative to its file) that leaves the roots;
    /// nil when it stays inside.
    func problem(_ written: Located<String>, what: String) -> RuleProblem? {
        let resolved = LibraryReader.resolve(written.value, from: written.location.file)
        guard !allows(resolved) else { return nil }
        return RuleProblem("the \(what) '\(written.value)' is outside \(origin); a rule file reads only files "
                           + "inside it (list further folders under 'allowRoots' in the project file to allow them)",
                           at: written.location)
    }

    /// The folders a project file's `allowRoots` lists, absolute; nil when it is not a project
    /// file (not YAML, not a mapping with `forms`, a key a project file does not have): such a
    /// file is no project, and its problems are reported where it is used as one. (Its input
    /// globs are not checked here: an empty inputs folder does not change what rules may read.)
    static func allowedRoots(projectFile: String) -> [String]? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: projectFile),
              attributes[.type] as? FileAttributeType == .typeRegular,
              (attributes[.size] as? NSNumber)?.intValue ?? 0 <= LibraryReader.maxLibraryBytes,
              let data = FileManager.default.contents(atPath: projectFile),
              let text = String(data: data, encoding: .utf8),
              let root = try? YAMLDocument.compose(text, file: projectFile),
              let mapping = root.mapping, mapping["forms"] != nil,
              mapping.keys.allSatisfy({ $0.string.map(ProjectLoader.topLevelKeys.contains) ?? false })
        else { return nil }
        guard let entries = mapping["allowRoots"] else { return [] }
        let written = entries.scalar.map { [$0.string] } ?? entries.sequence?.compactMap { $0.scalar?.string } ?? []
        return written.map { LibraryReader.tidy(Project.absolute(LibraryReader.resolve($0, from: projectFile))) }
    }

    /// `path` with symbolic links resolved (as far as it exists).
    private static func real(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }

    /// A folder relative to the working directory when inside it.
    private static func display(_ folder: String) -> String {
        let current = FileManager.default.currentDirectoryPath
        if folder == current { return "." }
        return folder.hasPrefix(current + "/") ? String(folder.dropFirst(current.count + 1)) : folder
    }
}
