@testable import FormsmithCore  // the readers and parsers it drives are package-internal
import FuzzSupport

/// Fast fuzz target: the CSV reader and the chunk boundary scanner. The first input byte picks the
/// dialect and the block size; the rest is the CSV text. Properties, checked for every input:
/// reading the text in chunks cut at `CSVBoundaryScanner` boundaries yields exactly the rows of
/// one pass over the whole text (same lines, byte ranges, fields, quoting and errors; the scanner
/// and the reader count the same lines); the well-formed rows, written back as CSV with every
/// field quoted (quotes doubled), read back to the same unescaped fields, all quoted and
/// well-formed (so `""` unescapes to `"` and nothing else changes); and nothing traps.
///
/// Allocating under AddressSanitizer was most of this target's time, so rows are kept as flat
/// arrays of fields with offsets into the whole text (no array per row or field), in buffers
/// reused from one input to the next. The whole text is libFuzzer's own copy of the input, so
/// AddressSanitizer stops a read past its end; for one input in four (chosen by a hash of the
/// input, so a run is reproducible) every chunk and every block the scanner sees is copied to
/// an allocation of exactly its size too, so that a read past a chunk's end is caught, and
/// every broken row's message is built (otherwise only the first one's).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSV(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = FuzzSupport.buffer(data, size)
    guard let control = input.first else { return 0 }
    let dialect: CSVDialect = [.comma, .semicolon, .tab, .comma][Int(control & 3)]
    let text = UnsafeBufferPointer(rebasing: input.dropFirst())  // ends where libFuzzer's own copy ends
    // 1...64 bytes per block, times 1/64 of a long text: at most about 64 blocks, so the scanner
    // (which rescans the pending bytes for each block) stays linear and the target fast.
    let blockSize = (Int(control >> 2) + 1) * max(1, text.count / 64)
    var hash: UInt32 = 2_166_136_261
    for byte in input { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
    let exact = hash % 4 == 0

    single.reset()
    _ = single.read(text, base: 0, dialect: dialect, firstLine: 1, readsHeader: true, describesAllErrors: exact)

    chunked.reset()
    let scanner = CSVBoundaryScanner(dialect: dialect)
    var pendingStart = 0
    var firstLine = 1
    var offset = 0
    while offset < text.count {
        offset = min(offset + blockSize, text.count)
        let boundary = CSVRowLog.window(of: text, pendingStart..<offset, exact: exact) { pending in
            scanner.lastRecordEnd(in: pending, firstLine: firstLine)
        }
        guard let boundary else { continue }
        FuzzSupport.require(boundary.end > 0 && boundary.end <= offset - pendingStart, "boundary \(boundary.end) out of range")
        let end = CSVRowLog.window(of: text, pendingStart..<pendingStart + boundary.end, exact: exact) { chunk in
            chunked.read(chunk, base: pendingStart, dialect: dialect, firstLine: firstLine)
        }
        FuzzSupport.require(end == firstLine + boundary.lineCount,
                            "the scanner counted \(boundary.lineCount) lines, the reader \(end - firstLine)")
        pendingStart += boundary.end
        firstLine += boundary.lineCount
    }
    _ = CSVRowLog.window(of: text, pendingStart..<text.count, exact: exact) { rest in
        chunked.read(rest, base: pendingStart, dialect: dialect, firstLine: firstLine)
    }
    FuzzSupport.require(chunked == single, "chunked reading differs from a single pass (block size \(blockSize))")

    roundTrip(single, text: text, dialect: dialect)
    return 0
}

// libFuzzer calls the target from one thread, so the buffers reused across inputs can be globals.
nonisolated(unsafe) private var single = CSVRowLog()
nonisolated(unsafe) private var chunked = CSVRowLog()
nonisolated(unsafe) private var reread = CSVRowLog()
nonisolated(unsafe) private var originals: [UInt8] = []  // every written field's unescaped bytes, one after the other
nonisolated(unsafe) private var originalEnds: [Int] = []
nonisolated(unsafe) private var rowFieldCounts: [Int] = []
nonisolated(unsafe) private var rereadFieldCounts: [Int] = []
nonisolated(unsafe) private var written: [UInt8] = []
nonisolated(unsafe) private var scratch: [UInt8] = []

/// Writes the well-formed rows of `log` back as CSV with every field quoted and checks that
/// they read back to the same unescaped fields.
private func roundTrip(_ log: CSVRowLog, text: UnsafeBufferPointer<UInt8>, dialect: CSVDialect) {
    originals.removeAll(keepingCapacity: true)
    originalEnds.removeAll(keepingCapacity: true)
    rowFieldCounts.removeAll(keepingCapacity: true)
    written.removeAll(keepingCapacity: true)
    var fieldStart = 0
    for row in log.rows {
        defer { fieldStart = row.fieldEnd }
        guard row.error == nil, row.fieldEnd > fieldStart else { continue }
        rowFieldCounts.append(row.fieldEnd - fieldStart)
        for index in fieldStart..<row.fieldEnd {
            if index > fieldStart { written.append(dialect.delimiter) }
            log.fields[index].unescape(from: text, into: &scratch)
            originals += scratch
            originalEnds.append(originals.count)
            written.append(UInt8(ascii: "\""))
            for byte in scratch {
                written.append(byte)
                if byte == UInt8(ascii: "\"") { written.append(byte) }
            }
            written.append(UInt8(ascii: "\""))
        }
        written.append(UInt8(ascii: "\n"))
    }
    written.withUnsafeBufferPointer { all in
        CSVRowLog.withExactCopy(of: all, 0..<all.count) { copy in
            reread.reset()
            _ = reread.read(copy, base: 0, dialect: dialect, firstLine: 2)  // line 2: no byte order mark skipped
            rereadFieldCounts.removeAll(keepingCapacity: true)
            for row in reread.rows { rereadFieldCounts.append(row.fieldCount) }
            FuzzSupport.require(rereadFieldCounts == rowFieldCounts,
                                "rows written back as CSV read as other rows: \(rowFieldCounts) fields became \(rereadFieldCounts)")
            var originalStart = 0
            for (index, field) in reread.fields.enumerated() {
                FuzzSupport.require(field.isQuoted, "a written field reads as unquoted")
                field.unescape(from: copy, into: &scratch)
                let original = originals[originalStart..<originalEnds[index]]
                FuzzSupport.require(scratch.elementsEqual(original),
                                    "a field written back as CSV read differently: \(Array(original)) became \(scratch)")
                originalStart = originalEnds[index]
            }
            FuzzSupport.require(reread.rows.allSatisfy { $0.error == nil }, "a written row reads as broken")
        }
    }
}

/// The rows a reader returned, as comparable values: the fields of every row in one array, with
/// offsets into the whole text (a chunk's offsets shifted by where the chunk starts).
struct CSVRowLog: Equatable {
    struct Row: Equatable {
        var line: Int
        /// One past the row's last field in `fields`.
        var fieldEnd: Int
        var fieldCount: Int
        var error: CSVRowError?
        var byteRange: Range<Int>
    }

    var rows: [Row] = []
    var fields: [CSVField] = []
    /// The row the reader fills, kept so that its field array is reused.
    private var row = CSVRow()

    static func == (left: CSVRowLog, right: CSVRowLog) -> Bool {
        left.rows == right.rows && left.fields == right.fields
    }

    /// Empties the log, keeping its capacity.
    mutating func reset() {
        rows.removeAll(keepingCapacity: true)
        fields.removeAll(keepingCapacity: true)
    }

    /// Reads every row of `bytes`, which start at offset `base` of the text, and returns the
    /// line the reader ends on; with `readsHeader`, the first row is also read as a header (its
    /// names decoded, duplicates found). The message of the first broken row is built, and with
    /// `describesAllErrors` every broken row's.
    mutating func read(_ bytes: UnsafeBufferPointer<UInt8>, base: Int, dialect: CSVDialect, firstLine: Int,
                       readsHeader: Bool = false, describesAllErrors: Bool = false) -> Int {
        var reader = CSVReader(bytes: bytes, dialect: dialect, firstLine: firstLine)
        var isFirst = true
        var describes = true
        while reader.next(into: &row) {
            FuzzSupport.require(row.line >= firstLine, "row line \(row.line) before the chunk's first line")
            if readsHeader && isFirst { _ = CSVHeader(row: row, in: bytes) }
            isFirst = false
            if let error = row.error, describes {
                _ = error.description
                describes = describesAllErrors
            }
            for field in row.fields {
                FuzzSupport.require(field.start <= field.end && field.end <= bytes.count, "a field outside the buffer")
                fields.append(CSVField(start: field.start + base, end: field.end + base,
                                       isQuoted: field.isQuoted, hasEscapedQuotes: field.hasEscapedQuotes))
            }
            rows.append(Row(line: row.line, fieldEnd: fields.count, fieldCount: row.fields.count, error: row.error,
                            byteRange: row.byteRange.lowerBound + base..<row.byteRange.upperBound + base))
        }
        return reader.line
    }

    /// Runs `body` on `range` of `bytes`: with `exact`, on a copy in an allocation of exactly its
    /// size.
    static func window<Result>(of bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, exact: Bool,
                               _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        guard exact else { return body(UnsafeBufferPointer(rebasing: bytes[range])) }
        return withExactCopy(of: bytes, range, body)
    }

    /// Runs `body` on a copy of `range` of `bytes` in an allocation of exactly its size.
    static func withExactCopy<Result>(of bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>,
                                      _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        guard !range.isEmpty else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: range.count)
        defer { copy.deallocate() }
        _ = copy.initialize(from: bytes[range])
        return body(UnsafeBufferPointer(copy))
    }
}
