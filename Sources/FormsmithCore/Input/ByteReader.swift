/// Why an input file could not be read.
struct ReadError: Error, Sendable, CustomStringConvertible {
    let description: String
    /// The input is larger than the limit it was read under (it could be read, only not whole).
    var exceedsLimit = false
}

/// Reads a file (or standard input) in chunks with plain POSIX calls, straight into byte
/// arrays: no Foundation `Data` copies on the hot path.
final class ByteReader {
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    let path: String

    /// Opens an input: by its bytes (a name that is not UTF-8 too); standard input for `-`;
    /// a folder that could not be listed fails with its reason; only a regular file when it
    /// was found in a folder (a pipe or a device there is named, never read: it could hang
    /// the run), also a pipe or a device when the user named it.
    convenience init(source: InputSource) throws(ReadError) {
        if let failure = source.failure { throw ReadError(description: failure) }
        try self.init(path: source.path, bytes: source.openingPath, allowingStreams: !source.foundInFolder)
    }

    /// Opens a file the user named (by `bytes` when its name is not UTF-8): a regular file, or a
    /// pipe or a device, as every input named on the command line is opened.
    convenience init(named path: String, bytes: [UInt8]?) throws(ReadError) {
        try self.init(path: path, bytes: bytes ?? Array(path.utf8), allowingStreams: true)
    }

    private init(path: String, bytes: [UInt8], allowingStreams: Bool) throws(ReadError) {
        self.path = path
        if path == "-" {
            descriptor = 0
            ownsDescriptor = false
            return
        }
        switch Platform.openRegularFile(bytes: bytes, allowingStreams: allowingStreams) {
        case .success(let opened): descriptor = opened
        case .failure(let failure): throw ReadError(description: failure.description)
        }
        ownsDescriptor = true
    }

    deinit {
        if ownsDescriptor { _ = Platform.close(descriptor) }
    }

    /// Appends up to `count` bytes to `buffer`; returns true at end of input.
    ///
    /// The bytes are read into uninitialized storage and appended with one copy: zero-filling
    /// `count` bytes first cost more than reading a small file (10,000 tiny files took minutes).
    func read(into buffer: inout [UInt8], upTo count: Int) throws(ReadError) -> Bool {
        var failure: Int32 = 0
        let descriptor = self.descriptor
        let chunk = [UInt8](unsafeUninitializedCapacity: count) { raw, initialized in
            var filled = 0
            while filled < count {
                let got = Platform.read(descriptor, into: raw.baseAddress! + filled, count: count - filled)
                if got < 0 {
                    failure = Int32(-got)
                    break
                }
                if got == 0 { break }
                filled += got
            }
            initialized = filled
        }
        buffer.append(contentsOf: chunk)
        if failure != 0 { throw ReadError(description: "read failed: \(Platform.message(for: failure))") }
        return chunk.count < count
    }

    /// Reads everything, failing when the input is larger than `limit` bytes.
    func readAll(limit: Int) throws(ReadError) -> [UInt8] {
        var bytes: [UInt8] = []
        while true {
            let atEnd = try read(into: &bytes, upTo: 1 << 20)
            if bytes.count > limit {
                throw ReadError(description: "the document is larger than \(InputLimits.describe(bytes: limit)) "
                                + "(the limit of one .json file); use JSON Lines (.jsonl) for large inputs",
                                exceedsLimit: true)
            }
            if atEnd { return bytes }
        }
    }
}
