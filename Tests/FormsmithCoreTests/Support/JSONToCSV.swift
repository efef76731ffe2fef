import Foundation

/// Converts JSON questionnaires to the CSV layout (README, "CSV input"), for the JSON versus
/// CSV parity tests: objects flatten to dotted paths, arrays of objects to indexed columns
/// (`drivers.0.lastName`), arrays of strings to `;`-separated cells; `null` and empty arrays
/// are absent (empty cells); an attachment (a field in `attachments`, by rule path such as
/// `vehicle.registrationScan`) keeps its JSON text in one cell.
/// Number literals are kept exactly as written (`1500.00` stays `1500.00`), which is why
/// this reads JSON itself instead of using JSONSerialization.
enum JSONToCSV {
    /// A JSON value, with numbers kept as their literal text.
    indirect enum Value {
        case object([(String, Value)])
        case array([Value])
        case string(String)
        case number(String)
        case boolean(Bool)
        case null
    }

    /// The CSV text of `records`, and the physical line each record starts on.
    static func convert(_ records: [Value], delimiter: Character = ",", attachments: Set<String> = [])
        -> (text: String, lines: [Int])
    {
        var columns: [String] = []
        var known: Set<String> = []
        let rows = records.map { record -> [String: String] in
            var cells: [(String, String)] = []
            flatten(record, prefix: "", attachments: attachments, into: &cells)
            for (column, _) in cells where known.insert(column).inserted { columns.append(column) }
            return Dictionary(cells, uniquingKeysWith: { first, _ in first })
        }
        var text = columns.map { quoted($0, delimiter) }.joined(separator: String(delimiter)) + "\n"
        var line = 2
        var lines: [Int] = []
        for row in rows {
            lines.append(line)
            let cells = columns.map { quoted(row[$0] ?? "", delimiter) }
            let record = cells.joined(separator: String(delimiter))
            line += 1 + record.filter { $0 == "\n" }.count
            text += record + "\n"
        }
        return (text, lines)
    }

    private static func flatten(_ value: Value, prefix: String, attachments: Set<String>,
                                into cells: inout [(String, String)]) {
        let rulePath = prefix.split(separator: ".").map { $0.allSatisfy(\.isNumber) ? "[]" : "." + $0 }.joined()
        if attachments.contains(String(rulePath.dropFirst())) {
            if case .null = value { return }
            cells.append((prefix, json(value)))
            return
        }
        switch value {
        case .object(let members):
            for (key, member) in members {
                flatten(member, prefix: prefix.isEmpty ? key : prefix + "." + key, attachments: attachments, into: &cells)
            }
        case .array(let items) where items.isEmpty:
            break  // an empty list or choice is absent: no cell at all
        case .null:
            break  // so is null (a null section or list must not become a column)
        case .array(let items):
            if items.contains(where: { if case .object = $0 { return true } else { return false } }) {
                for (index, item) in items.enumerated() {
                    flatten(item, prefix: "\(prefix).\(index)", attachments: attachments, into: &cells)
                }
            } else {
                cells.append((prefix, items.map { scalarText($0) }.joined(separator: ";")))
            }
        default:
            cells.append((prefix, scalarText(value)))
        }
    }

    /// The value as compact JSON text (numbers as written).
    static func json(_ value: Value) -> String {
        switch value {
        case .object(let members):
            return "{" + members.map { json(.string($0.0)) + ":" + json($0.1) }.joined(separator: ",") + "}"
        case .array(let items): return "[" + items.map(json).joined(separator: ",") + "]"
        case .string(let text):
            let encoder = JSONEncoder()
            encoder.outputFormatting = .withoutEscapingSlashes
            let data = (try? encoder.encode(text)) ?? Data()
            return String(decoding: data, as: UTF8.self)
        case .number(let literal): return literal
        case .boolean(let flag): return flag ? "true" : "false"
        case .null: return "null"
        }
    }

    private static func scalarText(_ value: Value) -> String {
        switch value {
        case .string(let text): return text
        case .number(let literal): return literal
        case .boolean(let flag): return flag ? "true" : "false"
        case .null: return ""
        case .object, .array: return "?"
        }
    }

    private static func quoted(_ cell: String, _ delimiter: Character) -> String {
        guard cell.contains(where: { $0 == delimiter || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return cell }
        return "\"" + cell.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    // MARK: - Reading JSON

    /// The records of a JSON Lines text (blank lines skipped) or of a JSON array document.
    static func records(jsonLines text: String) -> [Value] {
        text.split(separator: "\n").filter { !$0.allSatisfy(\.isWhitespace) }.map { line in
            var reader = Reader(Array(line.utf8))
            return reader.value()
        }
    }

    /// The elements of a JSON array document (or the one object it holds).
    static func records(jsonDocument text: String) -> [Value] {
        var reader = Reader(Array(text.utf8))
        if case .array(let items) = reader.value() { return items }
        var single = Reader(Array(text.utf8))
        return [single.value()]
    }

    /// A small reader of well-formed JSON (the sample data); it does not validate.
    private struct Reader {
        let bytes: [UInt8]
        var position = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        mutating func value() -> Value {
            skipSpace()
            switch bytes[position] {
            case UInt8(ascii: "{"):
                position += 1
                var members: [(String, Value)] = []
                while true {
                    skipSpace()
                    if bytes[position] == UInt8(ascii: "}") { position += 1; return .object(members) }
                    if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
                    guard case .string(let key) = value() else { return .null }
                    skipSpace()
                    position += 1  // ':'
                    members.append((key, value()))
                }
            case UInt8(ascii: "["):
                position += 1
                var items: [Value] = []
                while true {
                    skipSpace()
                    if bytes[position] == UInt8(ascii: "]") { position += 1; return .array(items) }
                    if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
                    items.append(value())
                }
            case UInt8(ascii: "\""):
                return .string(string())
            case UInt8(ascii: "t"): position += 4; return .boolean(true)
            case UInt8(ascii: "f"): position += 5; return .boolean(false)
            case UInt8(ascii: "n"): position += 4; return .null
            default:
                let start = position
                while position < bytes.count, !",]} \n\r\t".utf8.contains(bytes[position]) { position += 1 }
                return .number(String(decoding: bytes[start..<position], as: UTF8.self))
            }
        }

        private mutating func string() -> String {
            let start = position
            position += 1
            while bytes[position] != UInt8(ascii: "\"") { position += bytes[position] == UInt8(ascii: "\\") ? 2 : 1 }
            position += 1
            let literal = Data(bytes[start..<position])
            return (try? JSONDecoder().decode(String.self, from: literal)) ?? ""
        }

        private mutating func skipSpace() {
            while position < bytes.count, " \n\r\t".utf8.contains(bytes[position]) { position += 1 }
        }
    }
}
