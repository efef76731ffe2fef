import Foundation
import Yams

/// `formsmith lint`'s look at every project file it meets: a `formsmith.yaml` or
/// `.formsmith.yml` in the folder of a linted file, or in a folder between it and the project
/// in use, that is not the project in use. Such a file changes nothing (the folders rule files
/// may read come from the project in use only, see ``ReadableRoots``), so a reviewer should
/// know it is ignored; one that lists `allowRoots` is an error, since it reads as if it widened
/// what rule files may read (the one-line `Rules/pr/.formsmith.yml` with `allowRoots: ["/"]` a
/// pull request adds).
public enum StrayProjectFiles {
    /// Identifier of a project file that is not the project in use.
    public static let rule = "ignored-project"

    /// The findings for the project files met around `files` (linted files, as named), given the
    /// project in use `inUse` (nil: none).
    public static func findings(around files: [String], inUse: String?) -> [LintFinding] {
        let current = FileManager.default.currentDirectoryPath
        let inUseReal = inUse.map(real)
        // Folders above a linted file are searched up to the project in use's folder, or
        // without one, up to the working folder; never past it.
        let stop = inUse.map { folder(of: $0) } ?? LibraryReader.tidy(current)
        var seen: Set<String> = []
        var findings: [LintFinding] = []
        for file in files {
            var folder = folder(of: file)
            while true {
                for name in ProjectLoader.fileNames {
                    let candidate = folder == "/" ? "/" + name : folder + "/" + name
                    guard FileManager.default.fileExists(atPath: candidate) else { continue }
                    let resolved = real(candidate)
                    guard resolved != inUseReal, seen.insert(resolved).inserted else { continue }
                    findings.append(finding(for: ProjectLoader.displayPath(candidate), inUse: inUse))
                }
                guard folder != stop, folder.hasPrefix(stop == "/" ? "/" : stop + "/"), folder != "/" else { break }
                folder = (folder as NSString).deletingLastPathComponent
            }
        }
        return findings
    }

    /// The findings for the project files anywhere below the folder of the project in use
    /// `inUse` (hidden folders such as `.git` and folders reached through links left out), other
    /// than `inUse` itself: `lint` of a project meets them all, beside a form's rules or not.
    /// A folder that cannot be listed is a warning of its own (project files in it could not be
    /// looked for), never skipped without a word.
    public static func findings(below inUse: String) -> [LintFinding] {
        let root = folder(of: inUse)
        let inUseReal = real(inUse)
        var findings: [LintFinding] = []
        var pending = [root]
        while let current = pending.popLast() {
            let entries: [FolderListing.Entry]
            switch FolderListing.entries(in: current) {
            case .success(let listed):
                entries = listed
            case .failure(let failure):
                if !failure.isMissing { findings.append(unlisted(current, reason: failure.reason)) }
                continue
            }
            // Entries that cannot be examined (a folder readable but not searchable): said once
            // for the folder, since a folder of project files may be among them.
            if let reason = entries.lazy.compactMap(\.failure).first {
                findings.append(unlisted(current, reason: reason, what: "examine the entries of"))
            }
            for entry in entries.sorted(by: { $0.name < $1.name }) {
                let name = entry.name
                let path = current == "/" ? "/" + name : current + "/" + name
                if ProjectLoader.fileNames.contains(name), real(path) != inUseReal {
                    findings.append(finding(for: ProjectLoader.displayPath(path), inUse: inUse))
                }
                if !name.hasPrefix("."), entry.isFolder { pending.append(path) }
            }
        }
        return findings
    }

    /// The warning for a folder below the project that could not be listed (or whose entries
    /// could not be examined), at the folder.
    private static func unlisted(_ folder: String, reason: String, what: String = "list") -> LintFinding {
        LintFinding(rule: rule, severity: .warning,
                    location: SourceLocation(file: ProjectLoader.displayPath(folder), line: 1, column: 1),
                    message: DisplayText.escaped("cannot \(what) this folder (\(reason)), so project files in it were not "
                                                 + "looked for; give the user running formsmith read and execute "
                                                 + "permission on it"))
    }

    /// The finding for the stray project file at `path`: at its `allowRoots` key when it has
    /// one (an error), else at its start (a warning).
    private static func finding(for path: String, inUse: String?) -> LintFinding {
        let which = inUse.map { "the project in use is \($0)" }
            ?? "no project is in use (none in the working folder or above, and no --project)"
        let ignored = "this project file is not the project in use (\(which)), so it is ignored"
        var allowRoots: (location: SourceLocation, values: [String])?
        if let data = FileManager.default.contents(atPath: path), data.count <= LibraryReader.maxLibraryBytes,
           let text = String(data: data, encoding: .utf8),
           let root = try? YAMLDocument.compose(text, file: path), let mapping = root.mapping
        {
            for (key, value) in mapping where key.scalar?.string == "allowRoots" {
                let values = value.scalar.map { [$0.string] } ?? value.sequence?.compactMap { $0.scalar?.string } ?? []
                allowRoots = (YAMLMapping.location(of: key, file: path), values)
            }
        }
        guard let allowRoots else {
            return LintFinding(rule: rule, severity: .warning, location: SourceLocation(file: path, line: 1, column: 1),
                               message: DisplayText.escaped(ignored + "; remove it, or name it with --project if it "
                                                            + "is meant to be the project"))
        }
        let listed = allowRoots.values.map { "'\($0)'" }.joined(separator: ", ")
        return LintFinding(
            rule: rule, severity: .error, location: allowRoots.location,
            message: DisplayText.escaped(
                ignored + ": its allowRoots \(listed) would widen the folders rule files may read, and are not "
                    + "used; remove the file (folders rule files may read are listed in the project in use)"))
    }

    private static func folder(of path: String) -> String {
        LibraryReader.tidy(Project.absolute((path as NSString).deletingLastPathComponent))
    }

    private static func real(_ path: String) -> String {
        URL(fileURLWithPath: LibraryReader.tidy(Project.absolute(path))).resolvingSymlinksInPath().path
    }
}
