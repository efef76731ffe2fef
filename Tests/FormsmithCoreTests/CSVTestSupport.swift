@testable import FormsmithCore

/// Everything a reader yields for one row, with field contents unescaped into bytes.
struct CSVRowSnapshot: Equatable, CustomStringConvertible {
    var line: Int
    var fields: [[UInt8]]
    var quoted: [Bool]
    var error: CSVRowError?

    /// The fields as strings, for table comparisons.
    var texts: [String] { fields.map { String(decoding: $0, as: UTF8.self) } }

    var description: String {
        "line \(line) \(texts.map { "<\($0)>" }.joined(separator: "|")) quoted=\(quoted) error=\(String(describing: error))"
    }
}

/// What a table expects of one row.
struct ExpectedRow: Equatable, CustomStringConvertible {
    var line: Int
    var fields: [String]
    var error: CSVRowError?

    init(_ line: Int, _ fields: [String], _ error: CSVRowError? = nil) {
        self.line = line
        self.fields = fields
        self.error = error
    }

    init(_ snapshot: CSVRowSnapshot) {
        self.init(snapshot.line, snapshot.texts, snapshot.error)
    }

    var description: String {
        "line \(line) \(fields.map { "<\($0)>" }.joined(separator: "|")) error=\(String(describing: error))"
    }
}

/// Reads every row of `bytes` in a single pass.
func readRows(_ bytes: [UInt8], dialect: CSVDialect = .comma, firstLine: Int = 1) -> [CSVRowSnapshot] {
    bytes.withUnsafeBufferPointer { buffer in
        var reader = CSVReader(bytes: buffer, dialect: dialect, firstLine: firstLine)
        var row = CSVRow()
        var scratch: [UInt8] = []
        var rows: [CSVRowSnapshot] = []
        while reader.next(into: &row) {
            let fields = row.fields.map { field -> [UInt8] in
                field.unescape(from: buffer, into: &scratch)
                return scratch
            }
            rows.append(CSVRowSnapshot(
                line: row.line, fields: fields, quoted: row.fields.map(\.isQuoted), error: row.error))
        }
        return rows
    }
}

/// Reads `text` in a single pass and reduces the rows to what tables compare.
func readExpectedRows(_ text: String, dialect: CSVDialect = .comma, firstLine: Int = 1) -> [ExpectedRow] {
    readRows(Array(text.utf8), dialect: dialect, firstLine: firstLine).map(ExpectedRow.init)
}

/// The chunks a streaming caller would hand to workers when it reads `input` in blocks
/// of `blockSize` bytes and cuts at `CSVBoundaryScanner` boundaries: each chunk's bytes
/// and the physical line it starts on. The last chunk is whatever remains at the end.
func cutIntoChunks(_ input: [UInt8], blockSize: Int, dialect: CSVDialect) -> [(bytes: [UInt8], firstLine: Int)] {
    let scanner = CSVBoundaryScanner(dialect: dialect)
    var chunks: [(bytes: [UInt8], firstLine: Int)] = []
    var pending: [UInt8] = []
    var firstLine = 1
    var offset = 0
    while offset < input.count {
        let blockEnd = min(offset + blockSize, input.count)
        pending.append(contentsOf: input[offset..<blockEnd])
        offset = blockEnd
        let boundary = pending.withUnsafeBufferPointer { scanner.lastRecordEnd(in: $0, firstLine: firstLine) }
        guard let boundary else { continue }
        chunks.append((Array(pending[0..<boundary.end]), firstLine))
        pending.removeFirst(boundary.end)
        firstLine += boundary.lineCount
    }
    if !pending.isEmpty {
        chunks.append((pending, firstLine))
    }
    return chunks
}
