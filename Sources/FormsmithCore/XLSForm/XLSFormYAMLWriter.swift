/// A value in the written rule file.
indirect enum YAMLValue: Sendable {
    /// Written as it is: a number, `true`, a type name.
    case plain(String)
    /// Written as a double-quoted string.
    case text(String)
    case list([YAMLValue])
    case map([(String, YAMLValue)])
}

/// A node of the rule file being written: a field, a section (group) or a list (repeat).
final class XLSFormNode {
    var name: String
    /// The comment line above it (`survey row 4: integer age`).
    var comment: String
    var keys: [(String, YAMLValue)] = []
    var children: [XLSFormNode] = []
    var assertions: [[(String, YAMLValue)]] = []
    var isContainer: Bool
    var isList: Bool

    init(name: String, comment: String, isContainer: Bool, isList: Bool) {
        self.name = name
        self.comment = comment
        self.isContainer = isContainer
        self.isList = isList
    }
}

/// Writes the imported form as a Formsmith rule file: block YAML, every string double-quoted,
/// a comment above each field naming the survey row it came from.
struct XLSFormYAMLWriter {
    private var out = ""

    static func write(header: [String], top: [(String, YAMLValue)], root: XLSFormNode) -> String {
        var writer = XLSFormYAMLWriter()
        for line in header { writer.out += "# \(line)\n" }
        for (key, value) in top { writer.pair(key, value, indent: 0) }
        let fields = root.children.filter { !$0.isContainer }
        let sections = root.children.filter(\.isContainer)
        if !fields.isEmpty {
            writer.out += "fields:\n"
            for field in fields { writer.node(field, indent: 2, topSection: false) }
        }
        if !sections.isEmpty {
            writer.out += "sections:\n"
            for section in sections { writer.node(section, indent: 2, topSection: true) }
        }
        writer.assertions(root.assertions, indent: 0)
        return writer.out
    }

    private mutating func node(_ node: XLSFormNode, indent: Int, topSection: Bool) {
        let pad = String(repeating: " ", count: indent)
        out += "\(pad)# \(node.comment)\n"
        out += "\(pad)\(node.name):\n"
        var keys = node.keys
        if node.isContainer {
            // A top-level group is a section without `type`; everything else says what it is.
            if node.isList { keys.insert(("type", .plain("list")), at: 0) } else if !topSection {
                keys.insert(("type", .plain("section")), at: 0)
            }
        }
        for (key, value) in keys { pair(key, value, indent: indent + 2) }
        if node.isContainer {
            out += "\(pad)  fields:\n"
            if node.children.isEmpty { out.removeLast("  fields:\n".count + pad.count); out += "\(pad)  fields: {}\n" }
            for child in node.children { self.node(child, indent: indent + 4, topSection: false) }
            assertions(node.assertions, indent: indent + 2)
        }
    }

    private mutating func assertions(_ list: [[(String, YAMLValue)]], indent: Int) {
        guard !list.isEmpty else { return }
        let pad = String(repeating: " ", count: indent)
        out += "\(pad)assert:\n"
        for assertion in list {
            var first = true
            for (key, value) in assertion {
                if first {
                    out += "\(pad)  - \(key): \(inline(value))\n"
                    first = false
                } else {
                    out += "\(pad)    \(key): \(inline(value))\n"
                }
            }
        }
    }

    private mutating func pair(_ key: String, _ value: YAMLValue, indent: Int) {
        let pad = String(repeating: " ", count: indent)
        if case let .map(pairs) = value {
            out += "\(pad)\(key):\n"
            for (inner, innerValue) in pairs { pair(inner, innerValue, indent: indent + 2) }
        } else {
            out += "\(pad)\(key): \(inline(value))\n"
        }
    }

    private func inline(_ value: YAMLValue) -> String {
        switch value {
        case let .plain(text): return text
        case let .text(text): return Self.quoted(text)
        case let .list(items): return "[" + items.map(inline).joined(separator: ", ") + "]"
        case let .map(pairs): return "{" + pairs.map { "\($0.0): \(inline($0.1))" }.joined(separator: ", ") + "}"
        }
    }

    /// A YAML double-quoted scalar: `\`, `"` and control characters escaped.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value)
                    || scalar.value == 0x2028 || scalar.value == 0x2029 || scalar.value == 0xFEFF {
                    result += "\\u" + Self.hex4(scalar.value)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    private static func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
