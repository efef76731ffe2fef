/// A file a run writes for itself and reads back (a KoboToolbox export rewritten as JSON
/// Lines), written through the one guarded path: opened by an ``OutputPermit`` (so its name
/// was checked against every file the run reads), held under its temporary name
/// (`.NAME.formsmith-PID-N.tmp`), never moved into place, and removed by ``remove()`` or,
/// when the run ends on a signal or a write error, with every other temporary file.
public final class ScratchFile: @unchecked Sendable {
    private let writer: OutputWriter
    /// The path to read the file's contents from (its temporary name).
    public let readablePath: String

    init(writer: OutputWriter, readablePath: String) {
        self.writer = writer
        self.readablePath = readablePath
    }

    /// Removes the file; the run no longer reads it. Calling it again does nothing.
    public func remove() {
        OutputFiles.discard(writer)
    }
}

extension OutputPermit {
    /// Writes `text` to a scratch file for `path` (registered as written in the ``RunFiles``
    /// this permit came from) and hands it back to be read.
    /// - Throws: when `path` was not registered, or the file cannot be created or written
    ///   (the temporary file is removed then).
    public func scratch(_ path: String, text: String) throws(OutputError) -> ScratchFile {
        let writer = try open(path)
        writer.write(text)
        writer.flush()
        guard case .file(_, let temporary?) = writer.target else {
            OutputFiles.discard(writer)
            throw OutputError(target: path, code: 0, detail: "a scratch file must be a new regular file; "
                              + "\(path) exists and is not one (a bug in Formsmith: please report it)")
        }
        if let failure = writer.failure {
            OutputFiles.discard(writer)
            throw failure
        }
        return ScratchFile(writer: writer, readablePath: temporary)
    }
}
