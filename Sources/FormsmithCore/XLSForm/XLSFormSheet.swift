/// One sheet of a workbook as read from the file: rows of cells, each with its row number and
/// column letter, before any XLSForm meaning is given to them.
struct RawSheet: Sendable {
    /// A row: its number in the file (1-based) and its cells by column index (0 is column A).
    struct Row: Sendable {
        var number: Int
        var cells: [Int: String]
    }

    var name: String
    var rows: [Row] = []
}

/// A sheet of an XLSForm (`survey`, `choices`, `settings`): the header row names the columns,
/// every later row with a filled cell is a row of the form.
struct XLSFormSheet: Sendable {
    /// A row of the form: its number in the file and its cells by lower-cased column header.
    struct Row: Sendable {
        var number: Int
        var cells: [String: String]
        /// The trimmed value of column `header`, nil when the cell is empty or absent.
        subscript(_ header: String) -> String? {
            guard let value = cells[header]?.trimmingWhitespace, !value.isEmpty else { return nil }
            return value
        }
    }

    var name: String
    /// Each header (lower-cased, trimmed) with the letter of its column.
    var columns: [String: String]
    var rows: [Row]

    /// Gives the raw sheet's first row with a filled cell the role of header.
    init(_ raw: RawSheet) {
        name = raw.name
        var headers: [Int: String] = [:]
        var columns: [String: String] = [:]
        var rows: [Row] = []
        var seenHeader = false
        for row in raw.rows {
            let filled = row.cells.filter { !$0.value.trimmingWhitespace.isEmpty }
            if filled.isEmpty { continue }
            if !seenHeader {
                for (index, text) in filled {
                    let header = text.trimmingWhitespace.lowercased()
                    headers[index] = header
                    if columns[header] == nil { columns[header] = Self.columnLetter(index) }
                }
                seenHeader = true
                continue
            }
            var cells: [String: String] = [:]
            for (index, text) in filled {
                if let header = headers[index], cells[header] == nil { cells[header] = text }
            }
            if !cells.isEmpty { rows.append(Row(number: row.number, cells: cells)) }
        }
        self.columns = columns
        self.rows = rows
    }

    /// Where a cell is, for messages: `survey row 7, column F (constraint)`.
    func place(row: Int, column header: String) -> String {
        if let letter = columns[header] { return "\(name) row \(row), column \(letter) (\(header))" }
        return "\(name) row \(row), column \(header)"
    }

    /// The spreadsheet letter of a 0-based column index: 0 is A, 26 is AA.
    static func columnLetter(_ index: Int) -> String {
        var number = index + 1
        var letters = ""
        while number > 0 {
            let remainder = (number - 1) % 26
            letters = String(UnicodeScalar(UInt8(65 + remainder))) + letters
            number = (number - 1) / 26
        }
        return letters
    }

    /// The 0-based column index of a cell reference such as `F7` or `AA12`, nil if it has none.
    static func columnIndex(ofReference reference: String) -> Int? {
        var index = 0
        var sawLetter = false
        for scalar in reference.unicodeScalars {
            guard scalar.value >= 65 && scalar.value <= 90 else { break }
            index = index * 26 + Int(scalar.value - 64)
            sawLetter = true
        }
        return sawLetter ? index - 1 : nil
    }
}

extension String {
    /// The text without leading and trailing spaces, tabs and line breaks.
    var trimmingWhitespace: String {
        let scalars = unicodeScalars
        guard let start = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let end = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(scalars[start...end])
    }
}
