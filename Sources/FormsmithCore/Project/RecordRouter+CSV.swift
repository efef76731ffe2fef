/// A mixed CSV input: a header naming the columns of every form it holds plus the routing
/// column (`form`); each row is validated by its form's rules, the other forms' columns
/// ignored (they are empty in its rows).
extension RecordRouter {
    func csv(_ bytes: [UInt8], file: String, _ body: (RecordResult, String?) -> Void) {
        bytes.withUnsafeBufferPointer { buffer in
            var reader = CSVReader(bytes: buffer, dialect: dialect, firstLine: 1)
            var row = CSVRow()
            guard reader.next(into: &row) else {
                body(RecordResult(location: RecordLocation(file: file, line: 1), unreadable:
                    "the file is empty: a CSV file starts with a header row naming the columns"), nil)
                return
            }
            if let error = row.error {
                body(RecordResult(location: RecordLocation(file: file, line: error.line), unreadable:
                    "\(error.description); this is the header row, so the file was not read"), nil)
                return
            }
            let header = CSVHeader(row: row, in: buffer)
            guard let routing = header.column(named: columnName) else {
                body(RecordResult(location: RecordLocation(file: file, line: row.line), unreadable:
                    "the header has no '\(columnName)' column naming each row's form; add it, or route the file "
                    + "to one form with a glob in the project file's 'inputs'"), nil)
                return
            }
            let idColumn = header.column(named: "id")
            var maps: [String: CSVColumnMap] = [:]
            for name in names { maps[name] = CSVColumnMap(header: header, rules: validators[name]!.rules) }
            var scratch: [UInt8] = []
            while reader.next(into: &row) {
                let location = RecordLocation(file: file, line: row.line)
                if let error = row.error {
                    body(RecordResult(location: location,
                                      unreadable: CSVChunkValidation.describe(error, names: header.names)), nil)
                    continue
                }
                guard row.fieldCount == header.names.count else {
                    body(RecordResult(location: location, unreadable: "line \(row.line): the row has "
                        + "\(Counted.phrase(row.fieldCount, "field")) but the header has \(Counted.phrase(header.names.count, "column")); every row "
                        + "needs one field per column"), nil)
                    continue
                }
                row.fields[routing - 1].unescape(from: buffer, into: &scratch)
                let name = String(decoding: scratch, as: UTF8.self)
                guard let validator = validators[name], let map = maps[name] else {
                    var id: String?
                    if let idColumn {
                        var cell: [UInt8] = []
                        row.fields[idColumn - 1].unescape(from: buffer, into: &cell)
                        id = cell.isEmpty ? nil : String(decoding: cell, as: UTF8.self)
                    }
                    body(unrouted(name.isEmpty ? nil : name, field: columnName, location: location, id: id), nil)
                    continue
                }
                body(validator.validate(csvRow: row, in: buffer, columns: map, location: location), name)
            }
        }
    }
}
