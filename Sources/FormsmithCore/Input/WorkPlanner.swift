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
    public init(maxRecordBytes: Int = 64 << 20, maxDocumentBytes: Int = 512 << 20, chunkBytes: Int = 1 << 20) {
        self.maxRecordBytes = maxRecordBytes
        self.maxDocumentBytes = maxDocumentBytes
        self.chunkBytes = chunkBytes
    }

    /// A size for messages: `64 MiB` for whole mebibytes, else `1000 bytes`.
    static func describe(bytes: Int) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
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
        /// Set once reading failed: the failure was reported and the stream is over.
        var failed = false
    }

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
                return WorkItem(source: source, kind: .failure(error.description), bytes: [], firstLine: 1)
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
        guard var state = current, !state.failed else { return nil }
        defer { current = state }
        while true {
            let atEnd: Bool
            do {
                atEnd = try state.reader.read(into: &state.pending, upTo: limits.chunkBytes)
            } catch {
                // One unreadable result for the record being read and the rest of the file; the
                // stream then ends (retrying a failing descriptor would report it forever).
                state.failed = true
                return WorkItem(source: state.source, kind: .failure(
                    "line \(state.nextLine): \(error.description); the rest of the file was not read"),
                                bytes: [], firstLine: state.nextLine)
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
                "line \(line): the record is longer than \(InputLimits.describe(bytes: limits.maxRecordBytes)) "
                    + "(the limit of one line); it was skipped and the next line was read"),
                            bytes: [], firstLine: line)
        } else {
            return nil
        }
        guard end > 0 else { return nil }
        let chunk = Array(state.pending[0..<end])
        state.pending.removeSubrange(0..<end)
        let firstLine = state.nextLine
        state.nextLine += chunk.withUnsafeBufferPointer { buffer in
            var newlines = 0
            for byte in buffer where byte == UInt8(ascii: "\n") { newlines += 1 }
            return newlines
        }
        return WorkItem(source: state.source, kind: .lines, bytes: chunk, firstLine: firstLine)
    }
}
