import Foundation

/// Generated questionnaires in the shape of an ODK Central CSV export, the shape
/// ``ODKCentralCSVExport`` reads back: a main table (`SubmissionDate`, the questions outside
/// repeats with group paths joined by `-`, a geopoint as its four columns, `KEY`) and one table
/// per repeat (its questions, `PARENT_KEY`, `KEY`), rows joined by Central's keys
/// (`uuid:…/group/repeat[1]`). `KEY` is the submission's `meta/instanceID`, or
/// a placeholder `uuid:00000000-0000-4000-8000-00000000000N` (N its position, ``PlaceholderInstanceID``) where it has none or an earlier submission had it. `SubmissionDate` is left empty: the
/// submissions were never submitted.
///
/// Fed JSON Lines in pieces (as the generator writes them), it returns each table's new rows.
public struct ODKCentralCSVWriter: Sendable {
    /// One table: the main one (`list` nil) or a repeat's.
    public struct Table: Sendable {
        /// The repeat's path in the rules (`household.members`), nil for the main table.
        public let list: String?
        /// The file name's suffix: `""` for the main file, `-members` (or `-members~2`) for a repeat.
        public let suffix: String
        /// The header row's cells.
        public let header: [String]
        /// Each column's field path relative to the table's scope, its part of a geopoint (0...3)
        /// if one, and whether it is an attachment (written as its file name).
        let columns: [(path: [String], geopointPart: Int?, attachment: Bool)]
    }

    /// The tables, the main one first, then the repeats in the rules' order.
    public let tables: [Table]
    private let types: [String: FieldType]
    private var pending: [UInt8] = []
    private var written = 0
    /// The KEYs written so far.
    private var keys: Set<String> = []
    /// Lines that were not JSON objects: not written (the generator writes objects only).
    public private(set) var skippedLines = 0
    /// The day the submissions are dated (`SubmissionDate`), nil to leave it empty.
    private let submissionDay: CivilDate?

    /// The tables of `rules`; `submissionDay` dates the submissions (see the type's description).
    public init(rules: RuleSet, submissionDay: CivilDate? = nil) {
        self.submissionDay = submissionDay
        let fields = rules.allFields
        var types: [String: FieldType] = [:]
        for field in fields { types[field.path] = field.type }
        self.types = types
        func table(_ list: String?, suffix: String) -> Table {
            let scope = list.map { $0 + "[]." } ?? ""
            var header: [String] = []
            var columns: [(path: [String], geopointPart: Int?, attachment: Bool)] = []
            for field in fields where field.path.hasPrefix(scope) && !field.type.isContainer {
                let relative = String(field.path.dropFirst(scope.count))
                guard !relative.contains("[]") else { continue }
                let name = relative.replacingOccurrences(of: ".", with: "-")
                let path = relative.split(separator: ".").map(String.init)
                if field.constraints[RegexCheck.self].regex?.value == XLSFormTypeMapping.geopointPattern {
                    for (part, suffix) in ["Latitude", "Longitude", "Altitude", "Accuracy"].enumerated() {
                        header.append("\(name)-\(suffix)")
                        columns.append((path, part, false))
                    }
                } else {
                    header.append(name)
                    columns.append((path, nil, field.type == .attachment))
                }
            }
            if list == nil {
                header = ["SubmissionDate"] + header + ["KEY"]
            } else {
                header += ["PARENT_KEY", "KEY"]
            }
            return Table(list: list, suffix: suffix, header: header, columns: columns)
        }
        let lists = fields.filter { $0.type == .list }.map(\.path)
        var totals: [String: Int] = [:]
        for list in lists { totals[ODKTableReader.lastName(list), default: 0] += 1 }
        var counts: [String: Int] = [:]
        var tables = [table(nil, suffix: "")]
        for list in lists {
            let name = ODKTableReader.lastName(list)
            var suffix = "-" + name
            if totals[name]! > 1 {
                counts[name, default: 0] += 1
                suffix += "~\(counts[name]!)"
            }
            tables.append(table(list, suffix: suffix))
        }
        self.tables = tables
    }

    /// The header line of each table, in ``tables`` order.
    public var headers: [[UInt8]] { tables.map { Array((Self.row($0.header) + "\n").utf8) } }

    /// Converts every complete line of `bytes` (the rest waits for the next piece): the new
    /// rows of each table, in ``tables`` order.
    public mutating func append(_ bytes: some Sequence<UInt8>) -> [[UInt8]] {
        pending.append(contentsOf: bytes)
        var output = [[UInt8]](repeating: [], count: tables.count)
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
            let line = Array(pending[..<newline])
            pending.removeSubrange(...newline)
            guard !line.isEmpty else { continue }
            written += 1
            guard let object = FoundationJSON.object(line, number: { KoboNumber(text: $0) }) as? [String: Any] else {
                skippedLines += 1
                continue
            }
            // KEY is the instanceID when it is one no earlier submission had (Central's KEYs are
            // unique, and a generated instanceID may repeat), else a placeholder UUID numbered N.
            let meta = object["meta"] as? [String: Any]
            var key = (meta?["instanceID"] as? String).flatMap { $0.isEmpty || keys.contains($0) ? nil : $0 }
                ?? PlaceholderInstanceID.at(written)
            while keys.contains(key) { key += "-\(written)" }
            keys.insert(key)
            emit(object, table: 0, parentKey: nil, key: key, submissionDate: submissionDate(position: written), into: &output)
        }
        return output
    }

    /// The rows of `object` (in table `index`) and of the repeat items inside it.
    private func emit(_ object: [String: Any], table index: Int, parentKey: String?, key: String,
                      submissionDate: String = "", into output: inout [[UInt8]]) {
        let table = tables[index]
        var cells = table.list == nil ? [submissionDate] : []
        for column in table.columns {
            let value = Self.lookup(column.path, in: object)
            var cell = column.attachment ? Self.fileNames(value) : Self.text(value)
            if let part = column.geopointPart {
                let parts = cell.split(separator: " ").map(String.init)
                cell = part < parts.count ? parts[part] : ""
            }
            cells.append(cell)
        }
        cells += parentKey.map { [$0, key] } ?? [key]
        output[index] += Array((Self.row(cells) + "\n").utf8)
        // The repeats directly inside this table's scope: each item a row of its own table.
        let scope = table.list.map { $0 + "[]." } ?? ""
        for (inner, innerTable) in tables.enumerated() where inner > index {
            guard let list = innerTable.list, list.hasPrefix(scope) else { continue }
            let relative = String(list.dropFirst(scope.count))
            guard !relative.contains("[]") else { continue }
            let steps = relative.split(separator: ".").map(String.init)
            guard let items = Self.lookup(steps, in: object) as? [Any] else { continue }
            for (position, item) in items.enumerated() {
                guard let item = item as? [String: Any] else { continue }
                // Central's key: the parent's, the groups' names, the repeat's name with [n].
                let itemKey = key + "/" + steps.dropLast().joined(separator: "/") + (steps.count > 1 ? "/" : "")
                    + "\(steps.last!)[\(position + 1)]"
                emit(item, table: inner, parentKey: key, key: itemKey, into: &output)
            }
        }
    }

    /// `SubmissionDate` of submission `position` (1-based): noon UTC of the day, plus a second a position.
    private func submissionDate(position: Int) -> String {
        guard let submissionDay else { return "" }
        let seconds = 12 * 3600 + (position - 1) % (12 * 3600)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(submissionDay)T\(two(seconds / 3600)):\(two(seconds / 60 % 60)):\(two(seconds % 60)).000Z"
    }

    private static func lookup(_ path: [String], in object: [String: Any]) -> Any? {
        var current: Any? = object
        for step in path { current = (current as? [String: Any])?[step] }
        return current
    }

    /// An attachment as Central writes it: the file's name (several space-separated); a value
    /// that is not an attachment object as it is.
    static func fileNames(_ value: Any?) -> String {
        switch value {
        case let object as [String: Any]: return object["name"] as? String ?? text(object)
        case let items as [Any]: return items.map { fileNames($0) }.joined(separator: " ")
        default: return text(value)
        }
    }

    /// A value as Central writes it: numbers as written, choices joined by spaces, nothing empty.
    static func text(_ value: Any?) -> String {
        switch value {
        case nil, is NSNull: return ""
        case let text as String: return text
        case let number as KoboNumber: return number.text
        case let items as [Any]: return items.map { text($0) }.joined(separator: " ")
        case let object as [String: Any]: return KoboJSONWriter.write(object)
        default: return KoboJSONWriter.write(value!)
        }
    }

    /// A CSV row: a cell with a comma, a quote or a line break quoted, its quotes doubled.
    static func row(_ cells: [String]) -> String {
        cells.map { cell in
            cell.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" })
                ? "\"" + cell.replacingOccurrences(of: "\"", with: "\"\"") + "\"" : cell
        }.joined(separator: ",")
    }
}
