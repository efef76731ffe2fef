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

    /// The names of the entries of `folder`, without `.` and `..`, each as text for people (a
    /// byte that is not part of valid UTF-8 written `\xE9`, as ``FolderWalk/text(of:)`` does).
    public static func names(in folder: String) -> Result<[String], Failure> {
        switch Platform.listDirectory(Array(folder.utf8)) {
        case .success(let entries):
            return .success(entries.map { FolderWalk.text(of: $0.name) })
        case .failure(let failure):
            return .failure(Failure(reason: Platform.message(for: failure.code),
                                    isMissing: Platform.ErrorKind(failure.code) == .missing))
        }
    }
}
