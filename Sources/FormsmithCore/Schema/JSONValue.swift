/// A JSON document built in memory, with object members kept in the order they were written,
/// so that generated schemas read top-down and are byte-for-byte reproducible.
public indirect enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case integer(Int64)
    /// A number, written exactly (`0.05`, `1e-400`).
    case number(ExactDecimal)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.integer(a), .integer(b)): return a == b
        case let (.number(a), .number(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a == b
        case let (.object(a), .object(b)):
            return a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    /// The member `key` of an object (the last one written), or nil.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.0 == key }?.1
    }

    /// The text of the document: two-space indentation, arrays of scalars on one line, and a
    /// final newline.
    public func pretty() -> String {
        var text = ""
        write(to: &text, indent: 0)
        return text + "\n"
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object: return false
        default: return true
        }
    }

    private func write(to text: inout String, indent: Int) {
        let padding = String(repeating: "  ", count: indent + 1)
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .integer(let value): text += String(value)
        case .number(let value): text += value.description
        case .string(let value): text += JSONText.quoted(value)
        case .array(let values):
            if values.allSatisfy(\.isScalar) {
                text += "[" + values.map { $0.pretty().dropLast() }.joined(separator: ", ") + "]"
                return
            }
            text += "[\n"
            for (index, value) in values.enumerated() {
                text += padding
                value.write(to: &text, indent: indent + 1)
                text += index == values.count - 1 ? "\n" : ",\n"
            }
            text += String(repeating: "  ", count: indent) + "]"
        case .object(let members):
            if members.isEmpty {
                text += "{}"
                return
            }
            text += "{\n"
            for (index, member) in members.enumerated() {
                text += padding + JSONText.quoted(member.0) + ": "
                member.1.write(to: &text, indent: indent + 1)
                text += index == members.count - 1 ? "\n" : ",\n"
            }
            text += String(repeating: "  ", count: indent) + "}"
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByArrayLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int64) { self = .integer(value) }
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
}
