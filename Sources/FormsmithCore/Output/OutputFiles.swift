import Foundation

/// The files being written by this process, until they are moved into place together.
///
/// A command writes all its files (report, split output, generated questionnaires, labels)
/// and then calls ``commitAll()``, which closes and syncs every one and renames each to its
/// final name. When a write fails, or the process is interrupted, ``discardForExit()``
/// removes every temporary file instead, so no final name is touched.
public enum OutputFiles {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var pending: [ObjectIdentifier: (order: Int, writer: OutputWriter)] = [:]
    nonisolated(unsafe) private static var registrations = 0
    nonisolated(unsafe) private static var temporaryCount = 0
    nonisolated(unsafe) private static var failureHandler: (@Sendable (OutputError) -> Void)?

    /// Sets what happens when any writer fails, where it fails (the command line ends the
    /// process with a message and exit status 2, quietly when a pipe was closed). Without a
    /// handler, the failure is kept in the writer and thrown by its commit.
    public static func setFailureHandler(_ handler: (@Sendable (OutputError) -> Void)?) {
        lock.withLock { failureHandler = handler }
    }

    /// Final names of the files started but not yet moved into place, in the order started.
    public static var pendingNames: [String] {
        lock.withLock { ordered().map(\.name) }
    }

    /// Closes, syncs and moves into place every file started and not yet committed.
    /// - Throws: the first error; every remaining temporary file is removed then.
    public static func commitAll() throws(OutputError) {
        try commit(lock.withLock { ordered() })
    }

    /// Closes, syncs and moves `writers` into place (all or, on an error, none still pending).
    static func commit(_ writers: [OutputWriter]) throws(OutputError) {
        for writer in writers {
            if let failure = writer.close() {
                writers.forEach(discard)
                throw failure
            }
        }
        var failure: OutputError?
        lock.withLock {
            for writer in writers {
                let id = ObjectIdentifier(writer)
                guard pending[id] != nil else { continue }
                pending[id] = nil
                if failure != nil {
                    writer.discard()
                    continue
                }
                let code = writer.moveIntoPlace()
                if code != 0 {
                    failure = OutputError(target: writer.name, code: code)
                    writer.discard()
                }
            }
        }
        if let failure { throw failure }
    }

    /// Removes every temporary file; returns the final names that were not written (files
    /// written directly, such as devices, are closed but not named).
    @discardableResult
    public static func discardAll() -> [String] {
        lock.withLock { discardLocked() }
    }

    /// Removes every temporary file and returns the final names that were not written,
    /// leaving the registry locked so that nothing is moved into place afterwards: call it
    /// only right before ending the process (on a signal or a write error).
    public static func discardForExit() -> [String] {
        lock.lock()
        return discardLocked()
    }

    private static func discardLocked() -> [String] {
        let writers = ordered()
        pending.removeAll()
        for writer in writers { writer.discard() }
        return writers.filter(\.hasTemporaryFile).map(\.name)
    }

    static func discard(_ writer: OutputWriter) {
        lock.withLock { pending[ObjectIdentifier(writer)] = nil }
        writer.discard()
    }

    private static func ordered() -> [OutputWriter] {
        pending.values.sorted { $0.order < $1.order }.map(\.writer)
    }

    static func register(_ writer: OutputWriter) {
        lock.withLock {
            registrations += 1
            pending[ObjectIdentifier(writer)] = (registrations, writer)
        }
    }

    static func writerFailed(_ error: OutputError) {
        let handler = lock.withLock { failureHandler }
        handler?(error)
    }

    /// Creates the temporary file for `path` in the same directory (so the final rename
    /// stays on one file system): `.NAME.formsmith-PID-N.tmp`.
    static func createTemporary(for path: String) throws(OutputError) -> (String, Int32) {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[...$0]) } ?? ""
        let base = slash.map { String(path[path.index(after: $0)...]) } ?? path
        while true {
            let number = lock.withLock {
                temporaryCount += 1
                return temporaryCount
            }
            let temporary = "\(directory).\(base).formsmith-\(Platform.processID)-\(number).tmp"
            let opened = Platform.createExclusive(temporary)
            if opened >= 0 { return (temporary, opened) }
            if -opened != Platform.alreadyExists { throw OutputError(target: path, code: -opened) }
        }
    }
}
