/// The files one command reads and writes, so that no output replaces an input, a rule file,
/// a library or another output of the same run (`validate --output data.jsonl data.jsonl`,
/// `generate --output g.jsonl --labels g.jsonl`).
///
/// Files are compared by identity, not by spelling: an existing file by its device and
/// inode (so `./a`, `dir/../a`, a hard link and a symbolic link to it are one file), a file
/// still to be created by its path with every folder's links resolved. Paths that exist and
/// are not regular files (`/dev/null`, a named pipe, standard input `-`) are not compared:
/// writing to them replaces nothing. Check before anything is written: ``permit()`` is the
/// only way to get leave to open output files (``OutputPermit``).
public struct RunFiles: Sendable {
    private struct Entry: Sendable {
        let what: String
        let path: String
        let writes: Bool
        let identity: Identity
    }

    private enum Identity: Hashable, Sendable {
        case file(device: UInt64, inode: UInt64)
        case planned(String)
    }

    private var entries: [Entry] = []
    /// Every path registered as written, as spelled (devices and `-` included).
    private var written: Set<String> = []

    /// An empty list.
    public init() {}

    /// Adds a file the command reads; `what` names its role for messages (`the input`,
    /// `the rule file`).
    public mutating func reads(_ path: String, as what: String) {
        add(path, what, writes: false)
    }

    /// Adds a file the command writes; `what` names the option (`--output`).
    public mutating func writes(_ path: String, as what: String) {
        written.insert(path)
        add(path, what, writes: true)
    }

    /// Leave to open the files registered as written.
    /// - Throws: the ``collisions()``, when there are any: then nothing may be written.
    public func permit() throws(RunFileCollisions) -> OutputPermit {
        let messages = collisions()
        guard messages.isEmpty else { throw RunFileCollisions(messages: messages) }
        return OutputPermit(written: written)
    }

    /// Every pair of entries that are one file while at least one of them is written, as
    /// messages naming both paths; empty when the run may go ahead.
    public func collisions() -> [String] {
        var seen: [Identity: [Int]] = [:]
        var messages: [String] = []
        for (index, entry) in entries.enumerated() {
            let earlier = seen[entry.identity, default: []]
            seen[entry.identity, default: []].append(index)
            guard let other = entry.writes ? earlier.first : earlier.first(where: { entries[$0].writes }) else {
                continue
            }
            let (first, writer) = (entries[other], entry.writes ? entry : entries[other])
            let second = entry
            let sameFile = first.path == second.path ? "the same path" : "the same file"
            messages.append("\(first.what) \(first.path) and \(second.what) \(second.path) are \(sameFile): "
                            + "writing \(writer.what) would replace \(first.writes && second.writes ? "the other output" : "a file this run reads")"
                            + "; choose another name for \(writer.what)")
        }
        return messages
    }

    private mutating func add(_ path: String, _ what: String, writes: Bool) {
        guard path != "-", let identity = Self.identity(of: path) else { return }
        entries.append(Entry(what: what, path: path, writes: writes, identity: identity))
    }

    /// The identity of `path`: nil for something that is neither a regular file nor missing.
    private static func identity(of path: String) -> Identity? {
        if let existing = Platform.fileIdentity(path) {
            return existing.isRegularFile ? .file(device: existing.device, inode: existing.inode) : nil
        }
        return .planned(plannedPath(path))
    }

    /// The path a missing file will get: its nearest existing folder resolved, the rest appended.
    private static func plannedPath(_ path: String) -> String {
        var components = path.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        var tail: [String] = []
        let absolute = path.hasPrefix("/")
        while true {
            let folder = (absolute ? "/" : "") + components.joined(separator: "/")
            if let resolved = Platform.realPath(folder.isEmpty ? "." : folder) {
                var result = resolved
                for component in tail.reversed() {
                    if component == "." { continue }
                    if component == ".." {
                        result = String(result[..<(result.lastIndex(of: "/") ?? result.startIndex)])
                        if result.isEmpty { result = "/" }
                        continue
                    }
                    result += (result.hasSuffix("/") ? "" : "/") + component
                }
                return result
            }
            guard let last = components.popLast() else { return path }
            tail.append(last)
        }
    }
}
