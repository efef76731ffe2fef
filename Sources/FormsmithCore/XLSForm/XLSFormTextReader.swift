import Foundation

/// Reads the text forms of an XLSForm that pyxform reads: CSV and Markdown. In both, a row
/// whose first cell holds a sheet name (`survey`, `choices`, `settings`) starts that sheet, and
/// the rows after it, with the first cell empty, are the sheet's rows (its header first).
/// Row numbers are lines of the file; column A is the first column after the sheet column.
enum XLSFormTextReader {
    /// The largest text form read (an XLSForm is far smaller).
    static let maxBytes = 16 << 20

    static func read(path: String, markdown: Bool) throws(XLSFormError) -> [RawSheet] {
        let text = try contents(of: path)
        var sheets: [RawSheet] = []
        for (lineNumber, cellsRead) in markdown ? markdownRows(text) : try csvRows(text, path: path) {
            guard var cells = cellsRead, !cells.isEmpty else { continue }
            let first = cells.removeFirst().trimmingWhitespace
            if !first.isEmpty {
                sheets.append(RawSheet(name: first))
            }
            guard !sheets.isEmpty else {
                if cells.contains(where: { !$0.trimmingWhitespace.isEmpty }) {
                    throw XLSFormError("\(path):\(lineNumber): a row before any sheet name; the first cell of a "
                                       + "row names the sheet it starts (survey, choices, settings)")
                }
                continue
            }
            var row = RawSheet.Row(number: lineNumber, cells: [:])
            for (index, cell) in cells.enumerated() where !cell.trimmingWhitespace.isEmpty {
                row.cells[index] = cell
            }
            sheets[sheets.count - 1].rows.append(row)
        }
        return sheets
    }

    /// Each line of a Markdown form with its number and its table cells (nil when not a row).
    private static func markdownRows(_ text: String) -> [(Int, [String]?)] {
        text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" }).enumerated().map { offset, raw in
            var line = String(raw)
            if line.hasSuffix("\r") { line.removeLast() }
            return (offset + 1, markdownCells(line))
        }
    }

    /// Each record of a CSV form with the line it starts on (RFC 4180: a quoted cell may hold
    /// line breaks and `""` for a quote).
    static func csvRows(_ text: String, path: String) throws(XLSFormError) -> [(Int, [String]?)] {
        var rows: [(Int, [String]?)] = []
        var cells: [String] = []
        var current = ""
        var quoted = false
        var line = 1
        var recordLine = 1
        var characters = Array(text)[...]
        while let character = characters.popFirst() {
            if quoted {
                if character == "\"" {
                    if characters.first == "\"" { current.append("\""); characters.removeFirst() } else { quoted = false }
                } else {
                    if character == "\n" || character == "\r\n" { line += 1 }
                    current.append(character)
                }
            } else if character == "\"" {
                quoted = true
            } else if character == "," {
                cells.append(current)
                current = ""
            } else if character == "\n" || character == "\r\n" || character == "\r" {
                cells.append(current)
                rows.append((recordLine, cells))
                cells = []
                current = ""
                line += 1
                recordLine = line
            } else {
                current.append(character)
            }
        }
        if quoted {
            throw XLSFormError("\(path):\(recordLine): a quoted cell is not closed before the end of the file")
        }
        if !cells.isEmpty || !current.isEmpty {
            cells.append(current)
            rows.append((recordLine, cells))
        }
        return rows
    }

    private static func contents(of path: String) throws(XLSFormError) -> String {
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            data = try handle.read(upToCount: maxBytes + 1) ?? Data()
        } catch {
            throw XLSFormError("\(path): cannot read the form (\((error as NSError).localizedDescription)); check the path")
        }
        guard data.count <= maxBytes else {
            throw XLSFormError("\(path): larger than \(maxBytes >> 20) MiB, more than an XLSForm takes")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw XLSFormError("\(path): not UTF-8 text; save the form as UTF-8")
        }
        return text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
    }

    /// The cells of a Markdown table row `| a | b |`, nil for a line that is not one (and for
    /// the `|---|` line under a header). `\|` is a bar inside a cell; every other backslash is
    /// kept, as pyxform keeps it (`regex(., '^\+?[0-9]+$')`).
    static func markdownCells(_ line: String) -> [String]? {
        let trimmed = line.trimmingWhitespace
        guard trimmed.hasPrefix("|") else { return nil }
        var cells: [String] = []
        var current = ""
        var escaped = false
        for character in trimmed.dropFirst() {
            if escaped {
                if character != "|" { current.append("\\") }
                escaped = false
                if character == "\\" { escaped = true; continue }
                current.append(character)
                continue
            }
            if character == "\\" { escaped = true; continue }
            if character == "|" { cells.append(current.trimmingWhitespace); current = ""; continue }
            current.append(character)
        }
        if escaped { current.append("\\") }
        if !current.trimmingWhitespace.isEmpty { cells.append(current.trimmingWhitespace) }
        if cells.allSatisfy({ $0.allSatisfy { $0 == "-" || $0 == ":" || $0 == " " } }),
           cells.contains(where: { $0.contains("-") }) {
            return nil
        }
        return cells
    }

    /// The cells of one CSV line (RFC 4180 quoting with `"`; a quoted cell stays on its line).
    static func csvCells(_ line: String) -> [String]? {
        var cells: [String] = []
        var current = ""
        var quoted = false
        var characters = Array(line)[...]
        while let character = characters.popFirst() {
            if quoted {
                if character == "\"" {
                    if characters.first == "\"" { current.append("\""); characters.removeFirst() } else { quoted = false }
                } else {
                    current.append(character)
                }
            } else if character == "\"" {
                quoted = true
            } else if character == "," {
                cells.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        cells.append(current)
        return cells
    }
}
