import Foundation

/// A piece of input that one worker validates on its own.
struct WorkItem: Sendable {
    enum Kind: Sendable {
        /// Complete lines of a JSON Lines file.
        case lines
        /// A whole `.json` document (one object or an array).
        case document
        /// The header of a CSV file: its problems are reported once, and split output
        /// starts both files with it. `bytes` is empty.
        case csvHeader(CSVFileHeader)
        /// Complete rows of a CSV file, after its header.
        case csvRows(CSVFileHeader)
        /// An input that cannot be read, or a record too long to read.
        case failure(String)
    }

    /// The position of the input in the run's list of inputs.
    let sourceIndex: Int
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
    /// Size of the chunks streamed files are cut into (default 2 MiB). Each chunk is one task for
    /// a worker: at 512 KiB (about 600 questionnaires, under 2 ms of work) handing chunks between
    /// threads left the second core idle a third of the time (1.2x from 1 to 2 jobs); at 2 MiB
    /// the speed-up is about 1.7x for some 10 MB more peak memory.
    public var chunkBytes: Int

    /// Creates limits.
    public init(maxRecordBytes: Int = 64 << 20, maxDocumentBytes: Int = 512 << 20, chunkBytes: Int = 1 << 21) {
        self.maxRecordBytes = maxRecordBytes
        self.maxDocumentBytes = maxDocumentBytes
        self.chunkBytes = chunkBytes
    }

    /// A size for messages: `64 MiB` for whole mebibytes, else `1000 bytes`.
    static func describe(bytes: Int) -> String {
        bytes >= 1 << 20 && bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }
}

/// Cuts the inputs into work items in input order, reading streamed files (JSON Lines, CSV)
/// chunk by chunk so memory stays bounded whatever the input size. Chunks end at record
/// boundaries and do not depend on the number of workers, so reports are the same for any
/// `--jobs`. A CSV file's header is read once and shared by all of its chunks. The chunker
/// knows nothing of rules: the validator binds the header's columns to fields.
final class InputChunker {
    private var sources: [(index: Int, source: InputSource)]
    let limits: InputLimits
    /// How CSV inputs separate their fields.
    let dialect: CSVDialect
    private var current: StreamState?

    /// The reading state of the streamed file being cut.
    struct StreamState {
        let index: Int
        let source: InputSource
        let reader: ByteReader
        var pending: [UInt8] = []
        var nextLine = 1
        var atEnd = false
        /// Set once the file must not be read further (a read error, a broken CSV header).
        var isFinished = false
        /// JSON Lines: the bytes up to the next line break belong to a record being skipped.
        var skippingLongRecord = false
        /// CSV: the header, once read.
        var csvHeader: CSVFileHeader?
        /// CSV: the rest of an oversized record being skipped.
        var csvSkipper: CSVRecordSkipper?
    }

    /// Buffers of chunks already validated, reused for the next reads: memory stays bounded
    /// instead of depending on how the allocator recycles megabytes freed by other threads.
    private var spareBuffers: [[UInt8]] = []

    init(sources: [InputSource], limits: InputLimits, dialect: CSVDialect = .comma) {
        self.sources = sources.enumerated().map { ($0.offset, $0.element) }.reversed()
        self.limits = limits
        self.dialect = dialect
    }

    /// The next work item, or nil when all inputs are consumed.
    func next() -> WorkItem? {
        while true {
            if var state = current {
                current = nil  // the state is moved out, so its buffer is not copied on append
                let item = nextChunk(&state)
                if item != nil || !state.isFinished { current = state }
                if let item { return item }
                continue
            }
            guard let (index, source) = sources.popLast() else { return nil }
            let reader: ByteReader
            do {
                reader = try ByteReader(path: source.path)
            } catch {
                return WorkItem(sourceIndex: index, source: source, kind: .failure(error.description), bytes: [],
                                firstLine: source.firstLine)
            }
            if source.format == .json {
                return readDocument(index, source, reader)
            }
            current = StreamState(index: index, source: source, reader: reader, nextLine: source.firstLine)
        }
    }

    private func readDocument(_ index: Int, _ source: InputSource, _ reader: ByteReader) -> WorkItem {
        do {
            let bytes = try reader.readAll(limit: limits.maxDocumentBytes)
            return WorkItem(sourceIndex: index, source: source, kind: .document, bytes: bytes, firstLine: 1)
        } catch {
            return WorkItem(sourceIndex: index, source: source, kind: .failure(error.description), bytes: [],
                            firstLine: 1)
        }
    }

    /// Reads until the pending bytes hold at least one complete record, and hands out
    /// everything up to the last complete record. Returns nil, with `isFinished` set, at
    /// the end of the file.
    private func nextChunk(_ state: inout StreamState) -> WorkItem? {
        while !state.isFinished {
            if !state.atEnd {
                do {
                    state.atEnd = try state.reader.read(into: &state.pending, upTo: limits.chunkBytes)
                } catch {
                    state.isFinished = true
                    return failure(state, "line \(state.nextLine): \(error.description); the rest of the file was not read")
                }
            }
            let item = state.source.format == .csv ? csvChunk(&state) : linesChunk(&state)
            if let item { return item }
            if state.atEnd { state.isFinished = true }
        }
        return nil
    }

    /// A failure item of the state's input at its current line.
    func failure(_ state: StreamState, _ message: String, line: Int? = nil) -> WorkItem {
        WorkItem(sourceIndex: state.index, source: state.source, kind: .failure(message), bytes: [],
                 firstLine: line ?? state.nextLine)
    }

    /// Hands out `pending[0..<end]` as a chunk of `kind` and advances the line count by `lines`.
    func takeChunk(_ state: inout StreamState, end: Int, lines: Int, kind: WorkItem.Kind) -> WorkItem {
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
        state.nextLine += lines
        return WorkItem(sourceIndex: state.index, source: state.source, kind: kind, bytes: chunk, firstLine: firstLine)
    }

    private func linesChunk(_ state: inout StreamState) -> WorkItem? {
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
        if state.atEnd {
            end = state.pending.count
        } else if let newline = state.pending.lastIndex(of: UInt8(ascii: "\n")) {
            end = newline + 1
        } else if state.pending.count > limits.maxRecordBytes {
            state.pending.removeAll(keepingCapacity: true)
            state.skippingLongRecord = true
            return failure(state, "line \(state.nextLine): the record is longer than "
                           + "\(InputLimits.describe(bytes: limits.maxRecordBytes)) (the limit of one line); "
                           + "it was skipped and the next line was read")
        } else {
            return nil
        }
        guard end > 0 else { return nil }
        // In bounds: `end` is `pending.count` or one past a line feed found in `pending`.
        let lines = state.pending.withUnsafeBufferPointer { Self.countNewlines(UnsafeBufferPointer(rebasing: $0[0..<end])) }
        return takeChunk(&state, end: end, lines: lines, kind: .lines)
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
        // In bounds: memchr searches `cursor..<end` (end = base + count) and the cursor only moves to a found
        // byte + 1, at most `end`.
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
