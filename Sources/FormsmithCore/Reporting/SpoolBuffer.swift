import Foundation  // tmpfile, fread, fwrite: standard C, the same on Linux and macOS

/// Text that must be written later (after a header that depends on it), kept in memory up
/// to a limit and spilled to an anonymous temporary file beyond it, so a report that has
/// to wait for its totals still runs in bounded memory.
final class SpoolBuffer {
    private var memory: [UInt8] = []
    private var file: UnsafeMutablePointer<FILE>?
    private let limit: Int
    /// Set when the temporary file could not be written (a full disk): the text is incomplete.
    private var failure: Int32?

    /// A buffer keeping at most `limit` bytes in memory.
    init(limit: Int = 4 << 20) {
        self.limit = limit
    }

    deinit {
        if let file { fclose(file) }
    }

    /// Appends text.
    func append(_ text: String) {
        append(bytes: text.utf8)
    }

    /// Lets `body` append bytes directly.
    func appendBytes(_ body: (inout [UInt8]) -> Void) {
        body(&memory)
        if memory.count > limit { spill() }
    }

    /// Appends bytes.
    func append<Bytes: Sequence>(bytes: Bytes) where Bytes.Element == UInt8 {
        memory.append(contentsOf: bytes)
        if memory.count > limit { spill() }
    }

    /// Writes everything appended so far to `output` and empties the buffer; a failure to
    /// write the temporary file becomes a failure of `output`.
    func drain(into output: OutputWriter) {
        drain { output.write(bytes: $0) }
        if let failure {
            output.fail(becauseOf: OutputError(target: "\(output.name) (its temporary spool file)", code: failure))
        }
    }

    /// Moves everything appended so far to the end of `other`.
    func drain(into other: SpoolBuffer) {
        drain { other.append(bytes: $0) }
        if let failure, other.failure == nil { other.failure = failure }
    }

    private func drain(_ write: (ArraySlice<UInt8>) -> Void) {
        if let file {
            spill()
            if fflush(file) != 0, failure == nil { failure = Platform.lastError }
            rewind(file)
            var block = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                // In bounds: fread writes at most `$0.count` bytes, the block's own size.
                let count = block.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
                if count == 0 { break }
                write(block[0..<count])
            }
            fclose(file)
            self.file = nil
        }
        write(memory[...])
        memory.removeAll(keepingCapacity: true)
    }

    private func spill() {
        if file == nil { file = tmpfile() }
        guard let file else { return }  // no temporary file: keep the text in memory
        // In bounds: fwrite reads `$0.count` bytes, the array's own storage.
        let written = memory.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        if written < memory.count, failure == nil { failure = Platform.lastError }
        memory.removeAll(keepingCapacity: true)
    }
}
