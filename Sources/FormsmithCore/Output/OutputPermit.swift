/// Leave to write the outputs of one run, and the only way to start an output file: it is
/// made by ``RunFiles/permit()`` only when no output is one of the files the run reads or
/// another of its outputs, and it opens only the paths registered there as written.
///
/// `OutputWriter` has no public way to open a file, so a command (or a library user) cannot
/// write a file without first listing what it reads and writes: a new command that forgets
/// to register its input cannot open its output at all.
public struct OutputPermit: Sendable {
    private let written: Set<String>

    init(written: Set<String>) {
        self.written = written
    }

    /// Starts the file at `path` (see ``OutputWriter``): a temporary file moved into place
    /// when the run commits its outputs.
    /// - Throws: when `path` was not registered as written in the ``RunFiles`` this permit
    ///   came from, or the file cannot be started.
    public func open(_ path: String) throws(OutputError) -> OutputWriter {
        guard written.contains(path) else {
            throw OutputError(target: path, code: 0, detail: "it was not listed among the files this run writes, "
                              + "so it was not checked against the files the run reads (a bug in Formsmith: please report it)")
        }
        return try OutputWriter(path: path)
    }
}

/// The outputs of a run that are one of its inputs or of each other (see ``RunFiles``).
public struct RunFileCollisions: Error, Sendable {
    /// One message per collision, naming both paths and what to do.
    public let messages: [String]
}
