#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Text that must be written later (after a header that depends on it), kept in memory up
/// to a limit and spilled to an anonymous temporary file beyond it, so a report that has
/// to wait for its totals still runs in bounded memory.
final class SpoolBuffer {
    private var memory: [UInt8] = []
    private var file: UnsafeMutablePointer<FILE>?
    private let limit: Int

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

    /// Appends bytes.
    func append<Bytes: Sequence>(bytes: Bytes) where Bytes.Element == UInt8 {
        memory.append(contentsOf: bytes)
        if memory.count > limit { spill() }
    }

    /// Writes everything appended so far to `output` and empties the buffer.
    func drain(into output: ReportOutput) {
        drain { output.write(bytes: $0) }
    }

    /// Moves everything appended so far to the end of `other`.
    func drain(into other: SpoolBuffer) {
        drain { other.append(bytes: $0) }
    }

    private func drain(_ write: (ArraySlice<UInt8>) -> Void) {
        if let file {
            spill()
            rewind(file)
            var block = [UInt8](repeating: 0, count: 1 << 16)
            while true {
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
        _ = memory.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
        memory.removeAll(keepingCapacity: true)
    }
}
