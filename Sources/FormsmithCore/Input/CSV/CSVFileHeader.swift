/// One CSV file's header row as the chunker read it, shared by every work item of the file.
///
/// It knows nothing of rules: the validator binds its columns to fields (`CSVFileLayout`).
final class CSVFileHeader: Sendable {
    /// The column names.
    let header: CSVHeader
    /// The delimiter.
    let dialect: CSVDialect
    /// The header record as written (with the byte order mark, if any), ending with a line
    /// break: split output starts both of its files with it.
    let record: [UInt8]
    /// The physical line of the header row.
    let line: Int

    init(header: CSVHeader, dialect: CSVDialect, record: [UInt8], line: Int) {
        self.header = header
        self.dialect = dialect
        self.record = record
        self.line = line
    }
}
