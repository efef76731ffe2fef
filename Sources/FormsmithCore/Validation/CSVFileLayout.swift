/// What the work items of one CSV file share: its compiled header and its dialect.
final class CSVFileLayout: Sendable {
    /// Where each column's cells go, and the header's problems.
    let columns: CSVColumnMap
    /// The delimiter.
    let dialect: CSVDialect
    /// The header record as written (with the byte order mark, if any), ending with a line
    /// break: split output starts both of its files with it.
    let headerRecord: [UInt8]
    /// The physical line of the header row.
    let line: Int

    init(columns: CSVColumnMap, dialect: CSVDialect, headerRecord: [UInt8], line: Int) {
        self.columns = columns
        self.dialect = dialect
        self.headerRecord = headerRecord
        self.line = line
    }

    /// The header's problems as one result of the file, or nil when the header is fine.
    ///
    /// It counts as one unreadable record, so `records == valid + invalid + unreadable`
    /// still holds; each problem is one of its violations, named by column.
    func headerResult(file: String) -> RecordResult? {
        let problems = columns.problems
        guard !problems.isEmpty else { return nil }
        let count = "\(problems.count) problem\(problems.count == 1 ? "" : "s")"
        return RecordResult(
            location: RecordLocation(file: file, line: line), violations: problems,
            unreadable: "the CSV header row has \(count); the rows were still validated, without the ignored columns")
    }
}

/// Validates the rows of one CSV chunk.
enum CSVChunkValidation {
    /// Validates every row of `item` into `outcome`: a malformed row, or one whose field
    /// count differs from the header's, is unreadable (with its physical line and the
    /// column) and the next row is read as usual.
    static func validate(_ item: WorkItem, layout: CSVFileLayout, validator: RecordValidator,
                         into outcome: inout ChunkOutcome) {
        let file = item.source.name
        let names = layout.columns.names
        item.bytes.withUnsafeBufferPointer { buffer in
            var reader = CSVReader(bytes: buffer, dialect: layout.dialect, firstLine: item.firstLine)
            var row = CSVRow()
            while !outcome.isStopped, reader.next(into: &row) {
                let location = RecordLocation(file: file, line: row.line)
                let result: RecordResult
                if let error = row.error {
                    result = RecordResult(location: location, unreadable: describe(error, names: names))
                } else if row.fieldCount != names.count {
                    result = RecordResult(location: location, unreadable: raggedRow(row, columns: names.count))
                } else {
                    result = validator.validate(csvRow: row, in: buffer, columns: layout.columns, location: location)
                }
                outcome.add(result, raw: UnsafeBufferPointer(rebasing: buffer[row.byteRange]), evaluatedBy: validator)
            }
        }
    }

    /// `line 3, column 2 (insurant.lastName): a quote (") inside an unquoted field; ...`.
    static func describe(_ error: CSVRowError, names: [String]) -> String {
        let name = error.column <= names.count && !names[error.column - 1].isEmpty ? " (\(names[error.column - 1]))" : ""
        return "line \(error.line), column \(error.column)\(name): \(error.message)"
    }

    private static func raggedRow(_ row: CSVRow, columns: Int) -> String {
        let relation = row.fieldCount < columns ? "fewer" : "more"
        return "line \(row.line): the row has \(row.fieldCount) field\(row.fieldCount == 1 ? "" : "s") but the header "
            + "has \(columns) column\(columns == 1 ? "" : "s") (\(relation) fields than columns); every row needs one "
            + "field per column (empty for an absent value), and a value holding the delimiter must be quoted"
    }
}
