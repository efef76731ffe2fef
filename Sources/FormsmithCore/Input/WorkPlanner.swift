import Foundation

/// A piece of input that one worker validates on its own.
struct WorkItem: Sendable {
    enum Kind: Sendable {
        /// Complete lines of a JSON Lines file.
        case lines
        /// A whole `.json` document (one object or an array).
        case document
        /// An input that cannot be read, or a record too long to read.
        case failure(String)
    }

    let source: InputSource
    let kind: Kind
    let bytes: [UInt8]
    /// 1-based line of the first byte.
    let firstLine: Int
}

/// Limits on what one record may take.
public struct InputLimits: Sendable {
    /// Largest JSON Lines record (one line) or CSV row, in bytes.
    public var maxRecordBytes: Int
    /// Largest `.json` document, in bytes.
    public var maxDocumentBytes: Int
    /// Size of the chunks streamed files are cut into.
    public var chunkBytes: Int

    /// Creates limits.
    public init(maxRecordBytes: Int = 64 << 20, maxDocumentBytes: Int = 512 << 20, chunkBytes: Int = 1 << 19) {
        self.maxRecordBytes = maxRecordBytes
        self.maxDocumentBytes = maxDocumentBytes
        self.chunkBytes = chunkBytes
    }
}

/// Cuts the inputs into work items in input order, reading streamed files chunk by chunk
/// so memory stays bounded whatever the input size. Chunks end at record boundaries and do
/// not depend on the number of workers, so reports are the same for any `--jobs`.
final class WorkPlanner {
    private var sources: [InputSource]
    private let limits: InputLimits
    private var current: StreamState?

    private struct StreamState {
        let source: InputSource
        let reader: ByteReader
        var pending: [UInt8] = []
        var nextLine = 1
        var skippingLongRecord = false
    }

    /// Buffers of chunks already validated, reused for the next reads: memory stays bounded
    /// instead of depending on how the allocator recycles megabytes freed by other threads.
    private var spareBuffers: [[UInt8]] = []

    init(sources: [InputSource], limits: InputLimits) {
        self.sources = sources.reversed()
        self.limits = limits
    }

    /// The next work item, or nil when all inputs are consumed.
    func next() -> WorkItem? {
        while true {
            if current != nil, let item = nextChunk() { return item }
            if current != nil { current = nil; continue }
            guard let source = sources.popLast() else { return nil }
            let reader: ByteReader
            do {
                reader = try ByteReader(path: source.path)
            } catch {
                return WorkItem(source: source, kind: .failure(error.description), bytes: [], firstLine: 0)
            }
            if source.format == .json {
                return readDocument(source, reader)
            }
            current = StreamState(source: source, reader: reader)
        }
    }

    private func readDocument(_ source: InputSource, _ reader: ByteReader) -> WorkItem {
        do {
            let bytes = try reader.readAll(limit: limits.maxDocumentBytes)
            return WorkItem(source: source, kind: .document, bytes: bytes, firstLine: 1)
        } catch {
            return WorkItem(source: source, kind: .failure(error.description), bytes: [], firstLine: 1)
        }
    }

    /// Reads until the pending bytes hold at least one complete record, and hands out
    /// everything up to the last complete record.
    private func nextChunk() -> WorkItem? {
        guard var state = current else { return nil }
        defer { current = state }
        while true {
            let atEnd: Bool
            do {
                atEnd = try state.reader.read(into: &state.pending, upTo: limits.chunkBytes)
            } catch {
                let item = WorkItem(source: state.source, kind: .failure(
                    "line \(state.nextLine): \(error.description); the rest of the file was not read"),
                                    bytes: [], firstLine: state.nextLine)
                state = StreamState(source: state.source, reader: state.reader)
                current = nil
                return item
            }
            if let item = linesChunk(&state, atEnd: atEnd) { return item }
            if atEnd { return nil }
        }
    }

    private func linesChunk(_ state: inout StreamState, atEnd: Bool) -> WorkItem? {
        if state.skippingLongRecord {
            guard let newline = state.pending.firstIndex(of: UInt8(ascii: "\n")) else {
                state.pending.removeAll(keepingCapacity: true)
                return nil
            }
            state.pending.removeSubrange(0...newline)
            state.skippingLongRecord = false
            state.nextLine += 1
        }
        let end: Int
        if atEnd {
            end = state.pending.count
        } else if let newline = state.pending.lastIndex(of: UInt8(ascii: "\n")) {
            end = newline + 1
        } else if state.pending.count > limits.maxRecordBytes {
            let line = state.nextLine
            state.pending.removeAll(keepingCapacity: true)
            state.skippingLongRecord = true
            return WorkItem(source: state.source, kind: .failure(
                "line \(line): the record is longer than \(limits.maxRecordBytes >> 20) MiB; it was skipped"),
                            bytes: [], firstLine: line)
        } else {
            return nil
        }
        guard end > 0 else { return nil }
        // Hand out the read buffer itself and keep only the incomplete record after `end`:
        // copying the chunk out and shifting the rest down costs more than validating it.
        var chunk = spareBuffers.popLast() ?? []
        chunk.removeAll(keepingCapacity: true)
        // Room for the next read too, with a margin so that a recycled buffer fits again next time:
        // reallocating megabytes at slightly different sizes would fragment the heap.
        let needed = state.pending.count - end + limits.chunkBytes
        if chunk.capacity < needed { chunk.reserveCapacity(needed + limits.chunkBytes / 4) }
        chunk.append(contentsOf: state.pending[end...])
        swap(&chunk, &state.pending)
        chunk.removeLast(chunk.count - end)
        let firstLine = state.nextLine
        state.nextLine += chunk.withUnsafeBufferPointer(Self.countNewlines)
        return WorkItem(source: state.source, kind: .lines, bytes: chunk, firstLine: firstLine)
    }

    /// Takes back the buffer of a chunk that has been validated, for reuse (only buffers of
    /// about a chunk's size: a whole `.json` document's may be far larger).
    func recycle(_ buffer: [UInt8]) {
        guard spareBuffers.count < 8, buffer.capacity >= limits.chunkBytes, buffer.capacity <= 4 * limits.chunkBytes
        else { return }
        spareBuffers.append(buffer)
    }

    /// Number of line feeds in `bytes`, found with `memchr` (vectorised by the C library).
    static func countNewlines(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard var cursor = bytes.baseAddress.map(UnsafeRawPointer.init) else { return 0 }
        let end = cursor + bytes.count
        var newlines = 0
        while cursor < end, let found = memchr(cursor, Int32(UInt8(ascii: "\n")), end - cursor) {
            newlines += 1
            cursor = UnsafeRawPointer(found) + 1
        }
        return newlines
    }
}
