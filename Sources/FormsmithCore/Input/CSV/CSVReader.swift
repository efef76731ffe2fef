/// A sequential RFC 4180 reader over a UTF-8 byte buffer (a whole file or one chunk cut by
/// `CSVBoundaryScanner`). It creates no Foundation objects and, with a reused `CSVRow`,
/// does not allocate per row or per field.
///
/// - A UTF-8 byte order mark is skipped when `firstLine` is 1 (the start of the file).
/// - Line breaks may be LF, CR LF or a lone CR, mixed freely; each is one physical line.
/// - Blank lines (nothing between two line breaks) are skipped: they are not rows.
///   In a one-column file an empty value must therefore be written as `""`.
/// - A malformed record is returned once with `error` set; reading resumes on the next
///   physical line. A quoted field still open at the end of the buffer makes the rest of
///   the buffer one broken row.
///
/// The buffer must stay valid while the reader and the rows' field ranges are used.
package struct CSVReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let delimiter: UInt8
    private var position: Int
    /// The physical line the reader is at: after the last row, one past the last line read.
    package private(set) var line: Int
    /// The offset in the buffer where the next record (or blank line) starts.
    package var offset: Int { position }

    /// A reader over `bytes`, which start on physical line `firstLine` (1-based).
    package init(bytes: UnsafeBufferPointer<UInt8>, dialect: CSVDialect = .comma, firstLine: Int = 1) {
        self.bytes = bytes
        self.delimiter = dialect.delimiter
        self.line = firstLine
        self.position = CSVRecordParser.startOffset(in: bytes, firstLine: firstLine)
    }

    /// Reads the next record into `row`, reusing its field storage.
    /// Returns false, leaving `row` untouched, when the buffer holds no more records.
    package mutating func next(into row: inout CSVRow) -> Bool {
        let count = bytes.count
        while position < count && CSVRecordParser.isLineBreak(bytes[position]) {
            position = CSVRecordParser.offsetAfterLineBreak(in: bytes, at: position)
            line += 1
        }
        guard position < count else { return false }
        row.line = line
        row.fields.removeAll(keepingCapacity: true)
        let end = CSVRecordParser.parseRecord(
            in: bytes, from: position, delimiter: delimiter, line: &line, fields: &row.fields)
        row.error = end.error
        row.byteRange = position..<end.next
        position = end.next
        return true
    }
}
