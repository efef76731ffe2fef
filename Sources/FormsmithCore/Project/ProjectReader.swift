import Foundation
import Yams

/// Walks a project file's YAML tree into a ``Project``, reporting every problem.
struct ProjectReader {
    let file: String
    let problems: ProblemCollector
    let reportFormats: [String]
    let folder: String
    /// Whether the files it names are checked (rule files exist, globs match); false when only
    /// its shape matters, as for the folders rule files may read (``ReadableRoots``).
    let checksFiles: Bool

    init(file: String, problems: ProblemCollector, reportFormats: [String], checksFiles: Bool = true) {
        self.file = file
        self.problems = problems
        self.reportFormats = reportFormats
        self.checksFiles = checksFiles
        folder = (file as NSString).deletingLastPathComponent
    }

    mutating func read(_ root: Node) -> Project? {
        guard var top = YAMLMapping(root, file: file, what: "a project file", problems: problems) else { return nil }
        if let language = top.string("formsmith"), language.value != "1" {
            problems.report("this Formsmith reads project files of version 1, the file says '\(language.value)'",
                            at: language.location)
        }
        let forms = readForms(top.node("forms"), at: top.location)
        let routes = readRoutes(top.node("inputs"), forms: forms)
        let excluded = top.strings("exclude")
        var routing = RecordRouting()
        if let node = top.node("routing"), var mapping = YAMLMapping(node, file: file, what: "'routing'",
                                                                     problems: problems) {
            if let member = mapping.string("member") { routing.member = member.value }
            if let column = mapping.string("column") { routing.column = column.value }
            mapping.reportUnknownKeys(known: ProjectLoader.routingKeys, context: "'routing'")
        }
        let defaults = readDefaults(top.node("defaults"))
        let allowRoots = top.strings("allowRoots")
        for root in allowRoots {
            var isFolder: ObjCBool = false
            let resolved = LibraryReader.resolve(root.value, from: file)
            if !FileManager.default.fileExists(atPath: resolved, isDirectory: &isFolder) || !isFolder.boolValue {
                problems.report("'allowRoots' names '\(root.value)', which is not a folder; give folders (relative "
                                + "to the project file) whose files rule files may read", at: root.location)
            }
        }
        top.reportUnknownKeys(known: ProjectLoader.topLevelKeys, context: "the project file")
        if checksFiles { checkGlobs(routes, excluded: excluded) }
        var project = Project(file: file, folder: folder.isEmpty ? "." : folder, forms: forms, routes: routes,
                              excluded: excluded, routing: routing, defaults: defaults)
        project.allowRoots = allowRoots.map {
            LibraryReader.tidy(Project.absolute(LibraryReader.resolve($0.value, from: file)))
        }
        return project
    }

    private func resolve(_ path: String) -> String {
        path.hasPrefix("/") || folder.isEmpty ? path : LibraryReader.tidy(folder + "/" + path)
    }

    private func readForms(_ node: Node?, at location: SourceLocation) -> [ProjectForm] {
        guard let node else {
            problems.report("a project file needs 'forms' (each form's name and its rule file)", at: location)
            return []
        }
        guard let mapping = YAMLMapping(node, file: file, what: "'forms'", problems: problems) else { return [] }
        var forms: [ProjectForm] = []
        for pair in mapping.pairs {
            let place = mapping.location(of: pair.keyNode)
            var rules: Located<String>?
            if let scalar = pair.value.scalar {
                rules = Located(scalar.string, at: mapping.location(of: pair.value))
            } else if var form = YAMLMapping(pair.value, file: file, what: "form '\(pair.key)'", problems: problems) {
                rules = form.string("rules")
                if rules == nil { problems.report("form '\(pair.key)' needs 'rules' (its rule file)", at: place) }
                form.reportUnknownKeys(known: ProjectLoader.formKeys, context: "form '\(pair.key)'")
            }
            if pair.key == ProjectLoader.byRecord {
                problems.report("'\(ProjectLoader.byRecord)' is reserved for inputs routed record by record; "
                                + "name the form otherwise", at: place)
            }
            guard let rules else { continue }
            let path = resolve(rules.value)
            var isFolder: ObjCBool = false
            if checksFiles, !FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) || isFolder.boolValue {
                problems.report("cannot find the rule file '\(path)' of form '\(pair.key)'; paths are relative "
                                + "to the project file", at: rules.location)
            }
            forms.append(ProjectForm(name: pair.key, rules: path, location: place))
        }
        if forms.isEmpty { problems.report("the project declares no forms", at: mapping.location) }
        return forms
    }

    private func readRoutes(_ node: Node?, forms: [ProjectForm]) -> [InputRoute] {
        guard let node else { return [] }
        guard let mapping = YAMLMapping(node, file: file, what: "'inputs'", problems: problems) else { return [] }
        let names = forms.map(\.name)
        return mapping.pairs.compactMap { pair in
            let place = mapping.location(of: pair.keyNode)
            guard let target = pair.value.scalar?.string else {
                problems.report("an input route is 'glob: form' (or 'glob: \(ProjectLoader.byRecord)')",
                                at: mapping.location(of: pair.value))
                return nil
            }
            if target == ProjectLoader.byRecord {
                return InputRoute(glob: PathGlob(pair.key), target: .byRecord, location: place)
            }
            guard names.contains(target) else {
                problems.report("no form '\(target)'" + Suggestion.didYouMean(target, in: names)
                                + "; route to one of \(names.joined(separator: ", ")) or to "
                                + "'\(ProjectLoader.byRecord)'", at: mapping.location(of: pair.value))
                return nil
            }
            return InputRoute(glob: PathGlob(pair.key), target: .form(target), location: place)
        }
    }

    private func readDefaults(_ node: Node?) -> ProjectDefaults {
        var defaults = ProjectDefaults()
        guard let node, var mapping = YAMLMapping(node, file: file, what: "'defaults'", problems: problems) else {
            return defaults
        }
        if let today = mapping.string("today") {
            defaults.today = DatePattern.iso.parse(today.value)
            if defaults.today == nil {
                problems.report("'today' must be a date written yyyy-MM-dd, such as 2026-11-22", at: today.location)
            }
        }
        if let zone = mapping.string("timeZone") {
            if let problem = TimeZoneName.problem(with: zone.value) {
                problems.report("timeZone \(problem)", at: zone.location)
            } else {
                defaults.timeZone = zone.value
            }
        }
        if let report = mapping.string("report") {
            if !reportFormats.isEmpty, !reportFormats.contains(report.value) {
                problems.report("unknown report format '\(report.value)'"
                                + Suggestion.didYouMean(report.value, in: reportFormats)
                                + "; use one of \(reportFormats.joined(separator: ", "))", at: report.location)
            } else {
                defaults.report = report.value
            }
        }
        defaults.redact = mapping.boolean("redact")
        if let jobs = mapping.integer("jobs") {
            if !(1...ValidationOptions.maximumJobs).contains(jobs.value) {
                problems.report("'jobs' must be between 1 and \(ValidationOptions.maximumJobs)", at: jobs.location)
            }
            else { defaults.jobs = jobs.value }
        }
        mapping.reportUnknownKeys(known: ProjectLoader.defaultKeys, context: "'defaults'")
        return defaults
    }

    /// Every glob must match a file; no file may be claimed by two forms. Only the folders a
    /// glob can reach are listed (below its literal prefix, as deep as it goes).
    private func checkGlobs(_ routes: [InputRoute], excluded: [Located<String>]) {
        let root = folder.isEmpty ? "." : folder
        var listings: [String: (files: [String], unlisted: [ProjectFiles.Unlisted])] = [:]
        func listing(for glob: PathGlob) -> (files: [String], unlisted: [ProjectFiles.Unlisted]) {
            let key = "\(glob.literalPrefix)|\(glob.depth.map(String.init) ?? "*")"
            if let known = listings[key] { return known }
            let listed = ProjectFiles.list(in: root, under: glob.literalPrefix, depth: glob.depth)
            listings[key] = listed
            return listed
        }
        func files(for glob: PathGlob) -> [String] { listing(for: glob).files }
        // A glob that matches nothing readable may still match inside a folder that cannot be
        // listed: say so, rather than only that it matches no file.
        func noMatch(_ what: String, _ glob: PathGlob, _ noun: String) -> String {
            let unlisted = listing(for: glob).unlisted
            let relative = "(\(noun)s are relative to the project file)"
            guard !unlisted.isEmpty else { return "\(what) matches no file; correct it or remove it \(relative)" }
            let one = unlisted.count == 1
            return "\(what) matches no file that can be read: \(one ? "the folder" : "the folders") "
                + unlisted.map { "'\($0.path)' (\($0.reason))" }.joined(separator: ", ")
                + " cannot be listed; make \(one ? "it" : "them") readable, or correct the \(noun) or remove it \(relative)"
        }
        for pattern in excluded where !files(for: PathGlob(pattern.value)).contains(where: PathGlob(pattern.value).matches) {
            problems.report(noMatch("'exclude' pattern '\(pattern.value)'", PathGlob(pattern.value), "pattern"),
                            at: pattern.location)
        }
        var claimed: [String: InputRoute] = [:]
        var reported: Set<[Int]> = []
        for (position, route) in routes.enumerated() {
            var matched = false
            for path in files(for: route.glob) where route.glob.matches(path) {
                matched = true
                guard case .form(let form) = route.target else { continue }
                if let earlier = claimed[path], case .form(let other) = earlier.target, other != form {
                    let earlierPosition = routes.firstIndex { $0.location == earlier.location } ?? 0
                    if reported.insert([earlierPosition, position]).inserted {
                        problems.report("'\(path)' is claimed by two forms: '\(other)' (\(earlier.location)) and "
                                        + "'\(form)'; narrow one of the globs", at: route.location)
                    }
                } else if claimed[path] == nil {
                    claimed[path] = route
                }
            }
            if !matched {
                problems.report(noMatch("input glob '\(route.glob)'", route.glob, "glob"), at: route.location)
            }
        }
    }
}

/// The files of a project's folder, as paths relative to it (hidden files and folders such
/// as `.git` and `.build` left out), and the folders that exist but cannot be listed.
enum ProjectFiles {
    /// A folder (relative to the project's folder) whose entries could not be read.
    struct Unlisted {
        let path: String
        /// The system's reason, such as "Permission denied".
        let reason: String
    }

    /// The files below `prefix` (a relative folder, "" for all), at most `depth` components
    /// deep counted from the project's folder (nil: any depth), and the folders on the way that
    /// could not be listed (mode 000, or 711 for another user; a missing `prefix` is not one).
    static func list(in folder: String, under prefix: String = "", depth: Int? = nil)
        -> (files: [String], unlisted: [Unlisted])
    {
        var result: [String] = []
        var unlisted: [Unlisted] = []
        var pending = [prefix]
        while let relative = pending.popLast() {
            let path = relative.isEmpty ? folder : folder + "/" + relative
            let names: [String]
            switch FolderListing.names(in: path) {
            case .success(let listed):
                names = listed
            case .failure(let failure):
                if !failure.isMissing { unlisted.append(Unlisted(path: relative.isEmpty ? "." : relative, reason: failure.reason)) }
                continue
            }
            let level = relative.isEmpty ? 1 : relative.split(separator: "/").count + 1
            for name in names.sorted() where !name.hasPrefix(".") {
                let child = relative.isEmpty ? name : relative + "/" + name
                // As in input discovery, whatever is not a folder counts as a file, a dangling
                // link included: a run lists it and reports it unreadable, so it is matched here.
                if FileManager.default.isFolder(folder + "/" + child) {
                    if depth.map({ level < $0 }) ?? true { pending.append(child) }
                } else {
                    result.append(child)
                }
            }
        }
        return (result, unlisted.sorted { $0.path < $1.path })
    }
}
