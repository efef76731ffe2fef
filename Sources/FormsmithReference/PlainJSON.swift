/// A parsed JSON value as a plain tree: the reference validator's own reading of a
/// questionnaire, written apart from the engine's tape. Objects keep their members in order,
/// duplicates included; numbers keep the text they were written with.
public indirect enum PlainJSON: Equatable, Sendable {
    case null
    case boolean(Bool)
    case number(String)
    case string(String)
    case array([PlainJSON])
    case object([(key: String, value: PlainJSON)])

    public static func == (lhs: PlainJSON, rhs: PlainJSON) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.boolean(a), .boolean(b)): return a == b
        case let (.number(a), .number(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    /// The first member named `key` of an object; nil for a missing member or a non-object.
    public func member(_ key: String) -> PlainJSON? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// The value as compact JSON text (one line).
    public var text: String {
        switch self {
        case .null: return "null"
        case .boolean(let value): return value ? "true" : "false"
        case .number(let text): return text
        case .string(let value): return PlainJSON.quote(value)
        case .array(let items): return "[" + items.map(\.text).joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.map { PlainJSON.quote($0.key) + ":" + $0.value.text }.joined(separator: ",") + "}"
        }
    }

    /// `value` as a JSON string literal.
    public static func quote(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// Objects and arrays nest at most this deep in a questionnaire (README, Limits); deeper is unreadable.
    public static let maximumNesting = 64

    /// Parses one JSON document (RFC 8259, white space around it allowed); nil when it is not
    /// one, or when it nests deeper than ``maximumNesting``.
    public static func parse(_ text: String) -> PlainJSON? {
        var parser = PlainJSONParser(scalars: Array(text.unicodeScalars))
        guard let value = parser.value(depth: 0) else { return nil }
        parser.skipSpace()
        return parser.position == parser.scalars.count ? value : nil
    }
}

/// A recursive descent reader of JSON over Unicode scalars.
private struct PlainJSONParser {
    let scalars: [Unicode.Scalar]
    var position = 0

    mutating func skipSpace() {
        while position < scalars.count, [" ", "\t", "\n", "\r"].contains(scalars[position]) { position += 1 }
    }

    mutating func value(depth: Int) -> PlainJSON? {
        skipSpace()
        guard position < scalars.count else { return nil }
        switch scalars[position] {
        case "{":
            guard depth < PlainJSON.maximumNesting else { return nil }
            position += 1
            var members: [(key: String, value: PlainJSON)] = []
            skipSpace()
            if position < scalars.count, scalars[position] == "}" { position += 1; return .object(members) }
            while true {
                skipSpace()
                guard let key = string() else { return nil }
                skipSpace()
                guard position < scalars.count, scalars[position] == ":" else { return nil }
                position += 1
                guard let member = value(depth: depth + 1) else { return nil }
                members.append((key, member))
                skipSpace()
                guard position < scalars.count else { return nil }
                if scalars[position] == "," { position += 1; continue }
                if scalars[position] == "}" { position += 1; return .object(members) }
                return nil
            }
        case "[":
            guard depth < PlainJSON.maximumNesting else { return nil }
            position += 1
            var items: [PlainJSON] = []
            skipSpace()
            if position < scalars.count, scalars[position] == "]" { position += 1; return .array(items) }
            while true {
                guard let item = value(depth: depth + 1) else { return nil }
                items.append(item)
                skipSpace()
                guard position < scalars.count else { return nil }
                if scalars[position] == "," { position += 1; continue }
                if scalars[position] == "]" { position += 1; return .array(items) }
                return nil
            }
        case "\"":
            return string().map(PlainJSON.string)
        case "t": return word("true", .boolean(true))
        case "f": return word("false", .boolean(false))
        case "n": return word("null", .null)
        default: return number()
        }
    }

    mutating func word(_ text: String, _ result: PlainJSON) -> PlainJSON? {
        let expected = Array(text.unicodeScalars)
        guard position + expected.count <= scalars.count,
              Array(scalars[position..<position + expected.count]) == expected else { return nil }
        position += expected.count
        return result
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    mutating func number() -> PlainJSON? {
        let start = position
        func digits() -> Int {
            let first = position
            while position < scalars.count, ("0"..."9").contains(scalars[position]) { position += 1 }
            return position - first
        }
        if position < scalars.count, scalars[position] == "-" { position += 1 }
        guard position < scalars.count else { return nil }
        if scalars[position] == "0" { position += 1 } else if digits() == 0 { return nil }
        if position < scalars.count, scalars[position] == "." {
            position += 1
            guard digits() > 0 else { return nil }
        }
        if position < scalars.count, scalars[position] == "e" || scalars[position] == "E" {
            position += 1
            if position < scalars.count, scalars[position] == "+" || scalars[position] == "-" { position += 1 }
            guard digits() > 0 else { return nil }
        }
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars[start..<position])
        return .number(text)
    }

    mutating func string() -> String? {
        guard position < scalars.count, scalars[position] == "\"" else { return nil }
        position += 1
        var out = String.UnicodeScalarView()
        while position < scalars.count {
            let scalar = scalars[position]
            position += 1
            switch scalar {
            case "\"": return String(out)
            case "\\":
                guard position < scalars.count else { return nil }
                let escape = scalars[position]
                position += 1
                switch escape {
                case "\"": out.append("\"")
                case "\\": out.append("\\")
                case "/": out.append("/")
                case "b": out.append("\u{8}")
                case "f": out.append("\u{C}")
                case "n": out.append("\n")
                case "r": out.append("\r")
                case "t": out.append("\t")
                case "u":
                    guard let unit = hex4() else { return nil }
                    if (0xD800..<0xDC00).contains(unit) {
                        guard position + 1 < scalars.count, scalars[position] == "\\", scalars[position + 1] == "u"
                        else { return nil }
                        position += 2
                        guard let low = hex4(), (0xDC00..<0xE000).contains(low) else { return nil }
                        out.append(Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!)
                    } else {
                        guard let decoded = Unicode.Scalar(unit) else { return nil }
                        out.append(decoded)
                    }
                default: return nil
                }
            default:
                guard scalar.value >= 0x20 else { return nil }
                out.append(scalar)
            }
        }
        return nil
    }

    mutating func hex4() -> UInt32? {
        guard position + 4 <= scalars.count else { return nil }
        var value: UInt32 = 0
        for scalar in scalars[position..<position + 4] {
            guard let digit = Int(String(scalar), radix: 16) else { return nil }
            value = value * 16 + UInt32(digit)
        }
        position += 4
        return value
    }
}
