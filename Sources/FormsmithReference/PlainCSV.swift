import Foundation
import FormsmithCore

/// The reference's reading of a CSV questionnaire file (README, "CSV input"): RFC 4180 rows
/// under a header of dotted paths (`lst2.0.s3` for `lst2[0].s3`), each row turned into the
/// JSON questionnaire it stands for, so that the reference validator judges it as JSON.
public enum PlainCSV {
    /// One row: its first physical line and its cells.
    public struct Row {
        public var line: Int
        public var cells: [String]
    }

    /// The rows of a text whose cells are separated by `delimiter` (a comma unless the file is
    /// read with another), the header first; nil when a quote is malformed.
    /// What the differential test writes into a random cell of a generated CSV row, one of
    /// each cell shape the README's "CSV input" describes: empty, text, integers, a plain
    /// decimal, a boolean, a date, numbers with an exponent (a `type` error in a cell), a
    /// multi-choice cell, one with an empty choice before, after or alone (`red;`, `;red`,
    /// `;`), and a cell holding a quote (written quoted, the quote doubled).
    public static let rewrittenCells = ["", "x", "12", "-3", "1.5", "true", "red", "2001-02-03", "1e3", "ab;cd",
                                        "red;", ";", ";red", "0.25", "2.5E2", "say \"hi\""]

    public static func rows(_ text: String, delimiter: Unicode.Scalar = ",") -> [Row]? {
        var rows: [Row] = []
        var cells: [String] = []
        var cell = ""
        var line = 1
        var rowLine = 1
        var quoted = false
        var atCellStart = true
        var scalars = Array(text.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            if quoted {
                if scalar == "\"" {
                    if scalars.first == "\"" { scalars.removeFirst(); cell.unicodeScalars.append("\"") } else { quoted = false }
                } else {
                    if scalar == "\n" { line += 1 }
                    cell.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"" where atCellStart: quoted = true; atCellStart = false
            case "\"": return nil
            case delimiter: cells.append(cell); cell = ""; atCellStart = true
            case "\r": continue
            case "\n":
                cells.append(cell)
                if !(cells.count == 1 && cells[0].isEmpty) { rows.append(Row(line: rowLine, cells: cells)) }
                cells = []; cell = ""; atCellStart = true
                line += 1
                rowLine = line
            default: cell.unicodeScalars.append(scalar); atCellStart = false
            }
        }
        if quoted { return nil }
        if !cells.isEmpty || !cell.isEmpty { cells.append(cell); rows.append(Row(line: rowLine, cells: cells)) }
        return rows
    }

    /// The JSON questionnaire a row stands for: each filled cell is put at its path, read by the
    /// declared type of its field (a cell that is not of that type stays text, which the
    /// reference then reports as `type`); an empty cell is an absent value; a list has 1 + the
    /// highest index with a filled cell items, gaps being empty items.
    public static func questionnaire(header: [String], cells: [String], rules: RuleSet) -> PlainJSON {
        var root = Node.object([:], order: [])
        for (column, cell) in zip(header, cells) where !cell.isEmpty {
            let segments = column.split(separator: ".").map(String.init)
            guard let value = place(segments, cell, rules.fields) else { continue }
            root.insert(segments[...], value)
        }
        return root.json
    }

    /// The field a column names and the cell's value as JSON; nil for an unknown column.
    private static func place(_ segments: [String], _ cell: String, _ fields: [FieldRule]) -> PlainJSON? {
        var fields = fields
        var index = 0
        while index < segments.count {
            guard let field = fields.first(where: { $0.name == segments[index] }) else { return nil }
            if index == segments.count - 1 { return value(cell, field) }
            fields = field.children
            index += field.type == .list ? 2 : 1
        }
        return nil
    }

    static func value(_ cell: String, _ field: FieldRule) -> PlainJSON {
        func matches(_ pattern: String) -> Bool { cell.range(of: pattern, options: .regularExpression) != nil }
        switch field.type {
        case .integer: return matches("^-?[0-9]+$") ? .number(cell) : .string(cell)
        case .decimal: return matches("^-?[0-9]+(\\.[0-9]+)?$") ? .number(cell) : .string(cell)
        case .enumeration:
            let integers = field.constraints.values?.allSatisfy { if case .integer = $0.value { true } else { false } } ?? false
            return integers && matches("^-?[0-9]+$") ? .number(cell) : .string(cell)
        case .boolean: return cell == "true" ? .boolean(true) : cell == "false" ? .boolean(false) : .string(cell)
        case .multiChoice: return .array(cell.split(separator: ";", omittingEmptySubsequences: false).map { .string(String($0)) })
        case .attachment:
            // docs/rules.md, "In CSV": the cell holds the attachment's JSON; a cell that is not
            // JSON stays text, which is not an attachment (`type`).
            let opening = cell.first { $0 != " " }
            guard opening == "{" || opening == "[", let json = PlainJSON.parse(cell) else { return .string(cell) }
            return json
        default: return .string(cell)
        }
    }

    /// A tree under construction: objects by key (in first-seen order) and arrays by index.
    indirect enum Node {
        case object([String: Node], order: [String])
        case array([Int: Node])
        case leaf(PlainJSON)

        mutating func insert(_ path: ArraySlice<String>, _ value: PlainJSON) {
            guard let head = path.first else { self = .leaf(value); return }
            let rest = path.dropFirst()
            if let index = Int(head), case .array(var items) = self {
                var child = items[index] ?? Node.object([:], order: [])
                child.insert(rest, value)
                items[index] = child
                self = .array(items)
                return
            }
            guard case .object(var members, var order) = self else { return }
            let isList = rest.first.flatMap(Int.init) != nil
            var child = members[head] ?? (isList ? .array([:]) : .object([:], order: []))
            if members[head] == nil { order.append(head) }
            child.insert(rest, value)
            members[head] = child
            self = .object(members, order: order)
        }

        var json: PlainJSON {
            switch self {
            case .leaf(let value): return value
            case .object(let members, let order): return .object(order.map { ($0, members[$0]!.json) })
            case .array(let items):
                let count = (items.keys.max() ?? -1) + 1
                return .array((0..<count).map { items[$0]?.json ?? .object([]) })
            }
        }
    }
}
