/// The names in one folder (not below it), read the way input discovery reads folders
/// (``FolderWalk``): a command that looks into a folder it writes to (`generate --shape
/// xform-xml` looking for files of an earlier run) learns why a folder could not be listed
/// instead of taking it for an empty one.
public enum FolderListing {
    /// Why a folder could not be listed.
    public struct Failure: Error, Sendable {
        /// The system's reason, such as "Permission denied".
        public let reason: String
        /// Whether nothing is there (no such folder, or a path through a file): a folder a
        /// command is about to create holds nothing yet.
        public let isMissing: Bool
    }

    /// One entry of a folder.
    public struct Entry: Sendable {
        /// Its name as text for people (see ``names(in:)``).
        public let name: String
        /// A folder itself, not a symbolic link to one.
        public let isFolder: Bool
        /// Why it could not be examined (a folder without search permission), or nil: it may be
        /// a file or a folder.
        public let failure: String?
    }

    /// The names of the entries of `folder`, without `.` and `..`, each as text for people (a
    /// byte that is not part of valid UTF-8 written `\xE9`, as ``FolderWalk/text(of:)`` does).
    public static func names(in folder: String) -> Result<[String], Failure> {
        entries(in: folder).map { $0.map(\.name) }
    }

    /// The entries of `folder`, without `.` and `..` (see ``names(in:)``), each examined.
    public static func entries(in folder: String) -> Result<[Entry], Failure> {
        switch Platform.listDirectory(Array(folder.utf8)) {
        case .success(let entries):
            return .success(entries.map { entry in
                Entry(name: FolderWalk.text(of: entry.name), isFolder: entry.isFolder,
                      failure: entry.failure.map(Platform.message(for:)))
            })
        case .failure(let failure):
            return .failure(Failure(reason: Platform.message(for: failure.code),
                                    isMissing: Platform.ErrorKind(failure.code) == .missing))
        }
    }
}
