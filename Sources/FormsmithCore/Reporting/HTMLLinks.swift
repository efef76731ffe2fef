import Foundation

/// Where the HTML report's links to input files point. A link is a relative URL, read by the
/// browser from the folder the page is in, while input paths are relative to the folder
/// `formsmith` ran in: a report written elsewhere (`--output /tmp/audit.html`) needs each
/// path rewritten from its own folder, or every link misses.
struct HTMLLinks: Sendable {
    /// The folder the page is written to, absolute; nil when it is written to standard
    /// output (where the page ends up is unknown: paths are kept as given).
    let reportFolder: String?
    /// The folder relative input paths start from, absolute.
    let workingDirectory: String

    /// Links for a page written to `reportFile` (nil: standard output), from the current
    /// working directory.
    init(reportFile: String?) {
        let workingDirectory = FileManager.default.currentDirectoryPath
        self.workingDirectory = workingDirectory
        reportFolder = reportFile.map { file in
            let absolute = file.hasPrefix("/") ? file : workingDirectory + "/" + file
            return "/" + Self.components(absolute).dropLast().joined(separator: "/")
        }
    }

    /// The link target of `file`, a path as the results give it.
    func target(_ file: String) -> String {
        guard let reportFolder else { return file }
        let absolute = file.hasPrefix("/") ? file : workingDirectory + "/" + file
        let target = Self.components(absolute), base = Self.components(reportFolder)
        var shared = 0
        while shared < min(target.count - 1, base.count), target[shared] == base[shared] { shared += 1 }
        let path = Array(repeating: "..", count: base.count - shared) + target[shared...]
        return path.joined(separator: "/")
    }

    /// The components of an absolute path, `.` dropped and `..` applied as written.
    static func components(_ path: String) -> [String] {
        var result: [String] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            if part == "." { continue }
            if part == ".." { if !result.isEmpty { result.removeLast() }; continue }
            result.append(String(part))
        }
        return result
    }
}
