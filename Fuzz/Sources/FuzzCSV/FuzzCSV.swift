@testable import FormsmithCore  // the readers and parsers it drives are package-internal
import FuzzSupport

/// Fast fuzz target: the CSV reader and the chunk boundary scanner. The first input byte picks the
/// dialect and the block size; the rest is the CSV text. Property: reading the text in chunks
/// cut at `CSVBoundaryScanner` boundaries yields exactly the rows of one pass over the whole
/// text (same lines, fields, quoting and errors); the well-formed rows, written back as CSV with
/// every field quoted (quotes doubled), read back to the same fields (so `""` unescapes to `"`
/// and nothing else changes); and nothing traps.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSV(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = FuzzSupport.buffer(data, size)
    guard let control = input.first else { return 0 }
    let dialect: CSVDialect = [.comma, .semicolon, .tab, .comma][Int(control & 3)]
    let text = Array(input.dropFirst())
    // 1...64 bytes per block, times 1/64 of a long text: at most about 64 blocks, so the scanner
    // (which rescans the pending bytes for each block) stays linear and the target fast.
    let blockSize = (Int(control >> 2) + 1) * max(1, text.count / 64)

    let single = CSVRows.read(text, dialect: dialect, firstLine: 1, readsHeader: true)
    var chunked: [CSVRows.Snapshot] = []
    let scanner = CSVBoundaryScanner(dialect: dialect)
    var pending: [UInt8] = []
    var firstLine = 1
    var offset = 0
    while offset < text.count {
        let blockEnd = min(offset + blockSize, text.count)
        pending.append(contentsOf: text[offset..<blockEnd])
        offset = blockEnd
        guard let boundary = pending.withUnsafeBufferPointer({ scanner.lastRecordEnd(in: $0, firstLine: firstLine) })
        else { continue }
        FuzzSupport.require(boundary.end > 0 && boundary.end <= pending.count, "boundary \(boundary.end) out of range")
        let chunk = Array(pending[0..<boundary.end])
        let rows = CSVRows.read(chunk, dialect: dialect, firstLine: firstLine)
        FuzzSupport.require(rows.end == firstLine + boundary.lineCount,
                            "the scanner counted \(boundary.lineCount) lines, the reader \(rows.end - firstLine)")
        chunked += rows.rows
        pending.removeFirst(boundary.end)
        firstLine += boundary.lineCount
    }
    chunked += CSVRows.read(pending, dialect: dialect, firstLine: firstLine).rows
    FuzzSupport.require(chunked == single.rows, "chunked reading differs from a single pass (block size \(blockSize))")

    let wellFormed = single.rows.filter { $0.error == nil && !$0.fields.isEmpty }.map(\.fields)
    var written: [UInt8] = []
    for fields in wellFormed {
        for (column, field) in fields.enumerated() {
            if column > 0 { written.append(dialect.delimiter) }
            written.append(UInt8(ascii: "\""))
            for byte in field {
                written.append(byte)
                if byte == UInt8(ascii: "\"") { written.append(byte) }
            }
            written.append(UInt8(ascii: "\""))
        }
        written.append(UInt8(ascii: "\n"))
    }
    let reread = CSVRows.read(written, dialect: dialect, firstLine: 2).rows  // line 2: no byte order mark skipped
    FuzzSupport.require(reread.map(\.fields) == wellFormed,
                        "rows written back as CSV read differently: \(wellFormed) became \(reread.map(\.fields))")
    FuzzSupport.require(reread.allSatisfy { $0.error == nil && $0.quoted.allSatisfy { $0 } }, "a written row reads as broken")
    return 0
}

/// Rows reduced to comparable values.
enum CSVRows {
    struct Snapshot: Equatable {
        var line: Int
        var fields: [[UInt8]]
        var quoted: [Bool]
        var error: CSVRowError?
    }

    /// Every row of `bytes`, and the line the reader ends on; with `readsHeader`, the first row is
    /// also read as a header (its names decoded, duplicates found).
    static func read(_ bytes: [UInt8], dialect: CSVDialect, firstLine: Int,
                     readsHeader: Bool = false) -> (rows: [Snapshot], end: Int) {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = CSVReader(bytes: buffer, dialect: dialect, firstLine: firstLine)
            var row = CSVRow()
            var scratch: [UInt8] = []
            var rows: [Snapshot] = []
            while reader.next(into: &row) {
                FuzzSupport.require(row.line >= firstLine, "row line \(row.line) before the chunk's first line")
                let fields = row.fields.map { field -> [UInt8] in
                    field.unescape(from: buffer, into: &scratch)
                    return scratch
                }
                if readsHeader && rows.isEmpty { _ = CSVHeader(row: row, in: buffer) }
                if let error = row.error { _ = error.description }
                rows.append(Snapshot(line: row.line, fields: fields, quoted: row.fields.map(\.isQuoted), error: row.error))
            }
            return (rows, reader.line)
        }
    }
}
