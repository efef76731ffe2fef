/// The one buffered writer behind everything Formsmith writes: reports, split output,
/// generated questionnaires, labels sidecars, lint output (and anything added later).
///
/// - A file is written to a temporary file next to it (`.NAME.formsmith-PID-N.tmp`) and
///   moved into place by ``OutputFiles/commitAll()`` (or ``commit()``) only when complete and
///   synced to the disk. Until then the final name is untouched: a previous file stays as it
///   was. A path that exists and is not a regular file (a device such as `/dev/null`, a named
///   pipe) is written directly.
/// - Standard output streams.
/// - The first write error is kept in ``failure`` and handed to the failure handler (see
///   ``OutputFiles/setFailureHandler(_:)``) where it happens; later writes are dropped.
///
/// One writer is used from one thread at a time.
public final class OutputWriter: @unchecked Sendable {
    /// Where the bytes go.
    enum Target {
        case memory
        case standardOutput
        /// A file: written to `temporary` (nil: written directly) and renamed to `path`.
        case file(path: String, temporary: String?)
    }

    let target: Target
    private var descriptor: Int32
    private var buffer: [UInt8] = []
    private var collected: [UInt8] = []
    private var closed = false
    /// The first write error, if any: the output is incomplete.
    public private(set) var failure: OutputError?
    /// Bytes kept before writing out.
    private static let bufferLimit = 1 << 18

    /// Writes to standard output.
    public static func standardOutput() -> OutputWriter { OutputWriter(target: .standardOutput, descriptor: 1) }

    /// Collects the output in memory; read it with ``text``.
    public convenience init() { self.init(target: .memory, descriptor: -1) }

    private init(target: Target, descriptor: Int32) {
        self.target = target
        self.descriptor = descriptor
    }

    /// Starts the file at `path`: creates its temporary file in the same directory. Not public:
    /// outside this module a file is opened only through an ``OutputPermit``.
    /// - Throws: when the temporary file cannot be created (a missing or read-only
    ///   directory), or `path` is a directory.
    convenience init(path: String) throws(OutputError) {
        switch Platform.kind(of: path) {
        case .directory:
            throw OutputError(target: path, code: Platform.isADirectory)
        case .other:
            let opened = Platform.openExisting(path)
            guard opened >= 0 else { throw OutputError(target: path, code: -opened) }
            self.init(target: .file(path: path, temporary: nil), descriptor: opened)
        case .missing, .regularFile:
            let (temporary, opened) = try OutputFiles.createTemporary(for: path)
            self.init(target: .file(path: path, temporary: temporary), descriptor: opened)
        }
        OutputFiles.register(self)
    }

    /// The final name (or `standard output`, or `memory`), for messages.
    public var name: String {
        switch target {
        case .memory: return "memory"
        case .standardOutput: return "standard output"
        case .file(let path, _): return path
        }
    }

    /// Whether the output goes through a temporary file (a regular file does).
    var hasTemporaryFile: Bool {
        if case .file(_, _?) = target { return true }
        return false
    }

    /// Whether writing failed: the output is incomplete.
    public var hasFailed: Bool { failure != nil }

    /// Appends text.
    public func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.bufferLimit { flush() }
    }

    /// Appends bytes as they are.
    public func write<Bytes: Sequence>(bytes: Bytes) where Bytes.Element == UInt8 {
        buffer.append(contentsOf: bytes)
        if buffer.count >= Self.bufferLimit { flush() }
    }

    /// Lets `body` append UTF-8 bytes to the buffer directly (no intermediate strings).
    public func writeBytes(_ body: (inout [UInt8]) -> Void) {
        body(&buffer)
        if buffer.count >= Self.bufferLimit { flush() }
    }

    /// Writes out everything buffered (to the temporary file, for a file).
    public func flush() {
        guard !buffer.isEmpty else { return }
        defer { buffer.removeAll(keepingCapacity: !closed) }
        guard failure == nil, !closed else { return }
        if case .memory = target {
            collected += buffer
            return
        }
        // In bounds: writeAll writes the buffer's own bytes, `$0.count` of them.
        let code = buffer.withUnsafeBytes { Platform.writeAll(descriptor, $0) }
        if code != 0 { fail(code) }
    }

    /// Everything written so far, for an in-memory output.
    public var text: String {
        flush()
        return String(decoding: collected, as: UTF8.self)
    }

    /// Flushes, syncs and closes a file (it stays under its temporary name until committed);
    /// flushes standard output. Returns the failure, if any. Calling it again does nothing.
    @discardableResult
    public func close() -> OutputError? {
        flush()
        guard !closed else { return failure }
        if case .file = target, descriptor >= 0 {
            if failure == nil {
                let code = Platform.sync(descriptor)
                if code != 0 { fail(code) }
            }
            let code = Platform.close(descriptor)
            if code != 0, failure == nil { fail(code) }
            descriptor = -1
            closed = true
            buffer = []
        }
        return failure
    }

    /// Closes the file and moves it into place under its final name.
    /// - Throws: the first write error, or why it could not be renamed; the temporary file
    ///   is removed then and the final name left as it was.
    public func commit() throws(OutputError) {
        try OutputFiles.commit([self])
    }

    /// Moves the closed temporary file to its final name; the error code, or 0.
    func moveIntoPlace() -> Int32 {
        guard case .file(let path, let temporary?) = target else { return 0 }
        return Platform.rename(temporary, to: path)
    }

    /// Closes the file and removes its temporary file; the final name is not touched.
    func discard() {
        if case .file(_, let temporary) = target {
            if descriptor >= 0 { _ = Platform.close(descriptor) }
            descriptor = -1
            closed = true
            buffer = []
            if let temporary { Platform.remove(temporary) }
        }
    }

    /// Records a write error and hands it to the failure handler.
    func fail(_ code: Int32) {
        let error = OutputError(target: name, code: code, isStandardOutput: { if case .standardOutput = target { true } else { false } }())
        failure = error
        OutputFiles.writerFailed(error)
    }

    /// Records an error met on the way to this output (a spool file that could not be written).
    func fail(becauseOf error: OutputError) {
        guard failure == nil else { return }
        fail(error.code)
    }
}

/// Reports' name for the output writer.
public typealias ReportOutput = OutputWriter
