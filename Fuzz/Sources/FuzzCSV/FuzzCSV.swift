@testable import FormsmithCore  // the readers and parsers it drives are package-internal
import FuzzSupport

/// Fuzz target: the CSV reader and the chunk boundary scanner. The first input byte picks the
/// dialect and the block size; the rest is the CSV text. Property: reading the text in chunks
/// cut at `CSVBoundaryScanner` boundaries yields exactly the rows of one pass over the whole
/// text (same lines, fields, quoting and errors), and nothing traps.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSV(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let input = FuzzSupport.buffer(data, size)
    guard let control = input.first else { return 0 }
    let dialect: CSVDialect = [.comma, .semicolon, .tab, .comma][Int(control & 3)]
    let blockSize = Int(control >> 2) + 1
    let text = Array(input.dropFirst())

    let single = CSVRows.read(text, dialect: dialect, firstLine: 1)
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

    /// Every row of `bytes`, and the line the reader ends on.
    static func read(_ bytes: [UInt8], dialect: CSVDialect, firstLine: Int) -> (rows: [Snapshot], end: Int) {
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
                _ = CSVHeader(row: row, in: buffer)
                if let error = row.error { _ = error.description }
                rows.append(Snapshot(line: row.line, fields: fields, quoted: row.fields.map(\.isQuoted), error: row.error))
            }
            return (rows, reader.line)
        }
    }
}
