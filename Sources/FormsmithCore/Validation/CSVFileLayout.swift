/// One CSV file's header bound to the rules: which field each column fills, and the header's
/// problems. Built once per file (``CSVColumnBinding``); every chunk of the file shares it.
final class CSVFileLayout: Sendable {
    /// The header as read.
    let file: CSVFileHeader
    /// Where each column's cells go, and the header's problems.
    let columns: CSVColumnMap

    /// Binds `file`'s columns to the fields of `rules`.
    init(binding file: CSVFileHeader, to rules: CompiledRuleSet) {
        self.file = file
        columns = CSVColumnMap(header: file.header, rules: rules)
    }

    /// The delimiter.
    var dialect: CSVDialect { file.dialect }
    /// The header record as written, ending with a line break (split output starts with it).
    var headerRecord: [UInt8] { file.record }
    /// The physical line of the header row.
    var line: Int { file.line }

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

/// Binds each CSV file's header to the rules once, on the thread that reads the inputs: the
/// work items of a file come one after another, so the last binding is kept for its chunks.
final class CSVColumnBinding {
    private let rules: CompiledRuleSet
    private var last: CSVFileLayout?

    init(rules: CompiledRuleSet) { self.rules = rules }

    /// The bound header of a CSV work item; nil for the other kinds.
    func layout(for item: WorkItem) -> CSVFileLayout? {
        switch item.kind {
        case .csvHeader(let file), .csvRows(let file):
            if let last, last.file === file { return last }
            let layout = CSVFileLayout(binding: file, to: rules)
            last = layout
            return layout
        case .lines, .document, .failure, .oversizedDocument:
            return nil
        }
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
