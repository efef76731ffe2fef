import Foundation
import Synchronization
import Yams

/// The folders whose files a rule file may read: its includes, `seeds:` lists, and `seed:` and
/// `valuesFrom:` files. Rule files arrive in pull requests and run in pre-commit hooks and CI,
/// so a path must not reach the rest of the machine (`include: /etc/shadow`).
///
/// The roots come from the project in use only: the one ``projectInUse`` names (the command
/// line's `--project`), else the project file (`formsmith.yaml` or `.formsmith.yml`) found from
/// the working folder. When that project file is valid and the rule file lies inside its folder
/// or the further folders it allows (`allowRoots: [../shared-rules]`, relative to the project
/// file), or the rule file is one of its forms (kept outside it or not), those are the roots;
/// otherwise the rule file's own folder is. A project file beside a rule file (one a pull
/// request adds next to it, valid or not) widens nothing, and a project in use that is not
/// valid is an error (``of(ruleFile:)`` throws its problems). Paths are compared with symbolic
/// links resolved, so a link inside the root cannot lead out of it.
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
    ///
    /// Throws the project file's problems when the project in use is not a valid project file
    /// (not YAML, unknown keys, wrong types, `allowRoots` naming no folder, or missing when
    /// `--project` names it): the folders it allows cannot be known, and guessing would either
    /// widen the fence or silently narrow it.
    public static func of(ruleFile path: String) throws(RulesError) -> ReadableRoots {
        let folder = LibraryReader.tidy(Project.absolute((path as NSString).deletingLastPathComponent))
        let own = ReadableRoots(folders: [folder], origin: "the rule file's folder \(display(folder))")
        let given = projectInUse != nil
        guard let project = projectInUse ?? ProjectLoader.find() else { return own }
        let (extra, forms) = try allowedRoots(projectFile: project, given: given)
        let projectFolder = LibraryReader.tidy(Project.absolute((project as NSString).deletingLastPathComponent))
        var origin = "the project folder \(display(projectFolder)) (\(project))"
        if !extra.isEmpty { origin += " and its allowRoots " + extra.map(display).joined(separator: ", ") }
        let roots = ReadableRoots(folders: [projectFolder] + extra, origin: origin)
        // A form of the project reads what the project allows, wherever its rule file is kept:
        // its own folder outside the project is not made readable by being listed.
        let isForm = forms.contains(real(LibraryReader.tidy(Project.absolute(path))))
        return roots.allows(path) || isForm ? roots : own
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

    /// The folders a project file's `allowRoots` lists, absolute. The file must be a valid
    /// project file in itself (its rule files and input globs are not checked here: an empty
    /// inputs folder does not change what rules may read); otherwise its problems are thrown,
    /// with a last one saying why they stop a command that only reads rule files. `given`: the
    /// command line named it (`--project`), rather than it being found from the working folder.
    /// Also returns the rule files of its forms, absolute with links resolved.
    static func allowedRoots(projectFile: String, given: Bool) throws(RulesError)
        -> (folders: [String], forms: Set<String>)
    {
        let project: Project
        do {
            project = try loaded(projectFile)
        } catch {
            let how = given ? "given with --project" : "found from the working folder"
            let remedy = given ? "correct it or give another --project"
                : "correct it, or run from a folder outside its folder"
            let note = RuleProblem(
                "this project file (\(how)) is the project in use and is not valid, so the folders rule files may "
                    + "read cannot be known; \(remedy)", at: SourceLocation(file: projectFile, line: 1, column: 1))
            throw RulesError(problems: error.problems + [note])
        }
        return (project.allowRoots, Set(project.forms.map { real(LibraryReader.tidy(Project.absolute($0.rules))) }))
    }

    /// Project files already read, by path, with the bytes they were read from: a run reads the
    /// fence for every rule file, and the file is only parsed again when its bytes changed.
    private static let cache = Mutex<[String: (bytes: Data, result: Result<Project, RulesError>)]>([:])

    /// The project file at `path`, checked for its shape (``ProjectLoader/load(path:reportFormats:checksFiles:)``).
    private static func loaded(_ path: String) throws(RulesError) -> Project {
        // Only a regular file of the allowed size is read here (a pipe or /dev/zero named
        // formsmith.yaml must not hang); anything else goes to the loader, which says what it is.
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let readable = attributes?[.type] as? FileAttributeType == .typeRegular
            && (attributes?[.size] as? NSNumber)?.intValue ?? Int.max <= LibraryReader.maxLibraryBytes
        let bytes = readable ? FileManager.default.contents(atPath: path) : nil
        // By absolute path: the project read holds absolute folders, resolved from the working folder.
        let key = Project.absolute(path)
        if let bytes, let known = cache.withLock({ $0[key] }), known.bytes == bytes { return try known.result.get() }
        let result: Result<Project, RulesError>
        do {
            result = .success(try ProjectLoader.load(path: path, checksFiles: false))
        } catch {
            result = .failure(error)
        }
        if let bytes { cache.withLock { $0[key] = (bytes, result) } }
        return try result.get()
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
