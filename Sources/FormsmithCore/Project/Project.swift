import Foundation

/// A repository of forms, as its project file (`formsmith.yaml`) describes it: the rule sets,
/// which inputs go to which rule set, how a mixed input names each record's form, and
/// defaults for options. See ``ProjectLoader``.
public struct Project: Sendable {
    /// The project file's path.
    public var file: String
    /// The folder the project file is in; globs and rule paths are relative to it.
    public var folder: String
    /// The rule sets, in the order written.
    public var forms: [ProjectForm]
    /// Input routes, in the order written; the first whose glob matches an input wins.
    public var routes: [InputRoute]
    /// Inputs to leave alone (reports, fixtures that are not questionnaires).
    public var excluded: [Located<String>]
    /// How a record of a mixed input names its form.
    public var routing: RecordRouting
    /// Defaults for options the command line did not give.
    public var defaults: ProjectDefaults
    /// The further folders rule files may read (`allowRoots`), absolute (see ``ReadableRoots``).
    public var allowRoots: [String] = []

    /// The form named `name`, if the project has one.
    public func form(named name: String) -> ProjectForm? { forms.first { $0.name == name } }

    /// Where an input goes: `nil` when excluded; `.byRecord` when no route names a form for it.
    public func target(of input: String) -> InputTarget? {
        guard let relative = relativePath(of: input) else { return .byRecord }
        if excluded.contains(where: { PathGlob($0.value).matches(relative) }) { return nil }
        return routes.first { $0.glob.matches(relative) }?.target ?? .byRecord
    }

    /// `input` (as given, relative to the working directory) relative to the project's folder,
    /// or nil when it is outside it.
    public func relativePath(of input: String) -> String? {
        let base = LibraryReader.tidy(Self.absolute(folder))
        let path = LibraryReader.tidy(Self.absolute(input))
        if path == base { return "" }
        let prefix = base.hasSuffix("/") ? base : base + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : nil
    }

    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    }
}

/// One rule set of a project.
public struct ProjectForm: Sendable {
    /// The form's name (`osago-policy`): what routes and records name it by.
    public var name: String
    /// The rule file, as a path usable from the working directory.
    public var rules: String
    /// Where the form is named in the project file.
    public var location: SourceLocation
}

/// Where the inputs an ``InputRoute`` matches go.
public enum InputTarget: Sendable, Hashable {
    /// Every record to this form.
    case form(String)
    /// Each record to the form it names (see ``RecordRouting``).
    case byRecord
}

/// `glob: form` in a project file's `inputs`.
public struct InputRoute: Sendable {
    /// The path pattern, relative to the project file's folder.
    public var glob: PathGlob
    /// Where matching inputs go.
    public var target: InputTarget
    /// Where the route is written.
    public var location: SourceLocation
}

/// How a record of a mixed input names its form.
public struct RecordRouting: Sendable, Hashable {
    /// The top-level JSON member holding the form's name (default `form`).
    public var member: String = "form"
    /// The CSV column holding the form's name (default `form`).
    public var column: String = "form"
}

/// Option defaults a project file can set (the command line overrides each).
public struct ProjectDefaults: Sendable {
    /// The reference date for `today`.
    public var today: CivilDate?
    /// The time zone whose current date is `today` (when `today` is not given).
    public var timeZone: String?
    /// The report format's name.
    public var report: String?
    /// Whether to mask offending values.
    public var redact: Bool?
    /// Number of parallel workers.
    public var jobs: Int?

    /// The reference date: `today`, else the current date in `timeZone`, else in the local
    /// zone (as `--today` and `--timezone` decide it).
    public func referenceDate() -> CivilDate {
        if let today { return today }
        return CivilDate.today(in: timeZone.flatMap(TimeZoneName.zone(named:)) ?? .current)
    }
}
