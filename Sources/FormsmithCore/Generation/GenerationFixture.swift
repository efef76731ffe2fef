import Foundation

/// A partial questionnaire (JSON) whose fields every generated questionnaire keeps: "a driver
/// born on 2000-02-29 with no plate" is `{"vehicle": {"hasPlate": false}, "drivers":
/// [{"birthDate": "2000-02-29"}]}`. A `null` pins a field to absent; a list pins the number
/// of items, and the fields given in each item.
public struct GenerationFixture: Sendable {
    /// The fixture's top-level object.
    let root: FixtureValue

    /// Parses a fixture from JSON text.
    public init(json: [UInt8], name: String = "fixture") throws(GenerationError) {
        var tape = JSONTape()
        do {
            try json.withUnsafeBufferPointer { bytes throws(JSONSyntaxError) in
                try JSONParser.parse(bytes, into: &tape)
            }
        } catch {
            throw GenerationError(field: nil, rule: nil,
                                  message: "\(name) is not valid JSON: \(error.message) (at byte \(error.offset))")
        }
        root = json.withUnsafeBufferPointer { FixtureValue(tape: tape, node: 0, bytes: $0) }
        guard case .object = root else {
            throw GenerationError(field: nil, rule: nil,
                                  message: "\(name) must be a JSON object: a partial questionnaire")
        }
    }

    /// Reads a fixture file.
    public init(path: String) throws(GenerationError) {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw GenerationError(field: nil, rule: nil, message: "cannot read the fixture file \(path)")
        }
        try self.init(json: Array(data), name: path)
    }
}

/// A JSON value of a fixture.
indirect enum FixtureValue: Sendable {
    case null
    case boolean(Bool)
    /// A number, as written.
    case number(String)
    case string(String)
    case array([FixtureValue])
    case object([(key: String, value: FixtureValue)])

    init(tape: JSONTape, node: Int, bytes: UnsafeBufferPointer<UInt8>) {
        let current = tape.nodes[node]
        func text(_ index: Int) -> String {
            let item = tape.nodes[index]
            let raw = UnsafeBufferPointer(rebasing: bytes[item.start..<item.end])
            guard item.hasEscapes else { return String(decoding: raw, as: UTF8.self) }
            var decoded: [UInt8] = []
            JSONStrings.unescape(raw, into: &decoded)
            return String(decoding: decoded, as: UTF8.self)
        }
        switch current.kind {
        case .null: self = .null
        case .boolTrue: self = .boolean(true)
        case .boolFalse: self = .boolean(false)
        case .number: self = .number(text(node))
        case .string: self = .string(text(node))
        case .array:
            self = .array(tape.children(of: node).map { FixtureValue(tape: tape, node: $0, bytes: bytes) })
        case .object:
            let children = Array(tape.children(of: node))
            self = .object(stride(from: 0, to: children.count, by: 2).map { index in
                (text(children[index]), FixtureValue(tape: tape, node: children[index + 1], bytes: bytes))
            })
        }
    }

    /// A field's `default:` as a fixture would pin it (a number field's text as a number).
    init(_ initial: FieldDefault, numeric: Bool) {
        func scalar(_ value: EnumValue) -> FixtureValue {
            switch value {
            case .boolean(let flag): return .boolean(flag)
            case .integer(let number): return .number(String(number))
            case .string(let text): return numeric && ExactDecimal(text) != nil ? .number(text) : .string(text)
            }
        }
        switch initial {
        case .value(let value): self = scalar(value)
        case .values(let values): self = .array(values.map(scalar))
        }
    }

    /// The value as JSON text.
    var json: String {
        switch self {
        case .null: return "null"
        case .boolean(let value): return value ? "true" : "false"
        case .number(let text): return text
        case .string(let text): return JSONText.quoted(text)
        case .array(let values): return JSONText.array(values.map(\.json))
        case .object(let members): return JSONText.object(members.map { ($0.key, $0.value.json) })
        }
    }

    /// The value as a CSV cell's text.
    var cell: String {
        switch self {
        case .null: return ""
        case .string(let text): return text
        case .array(let values): return values.map(\.cell).joined(separator: ";")
        default: return json
        }
    }
}

/// The fixture's values by field: top-level fields by id, list items by list id and position,
/// and the items of lists inside list items by list id and the item indices from the outermost
/// list (`drivers[1].documents[0]` is `[1, 0]`).
struct FixturePins: Sendable {
    private(set) var root: [Int: FixtureValue] = [:]
    /// Per top-level list: the pinned fields of each item (the list's item count is the array's length).
    private(set) var items: [Int: [[Int: FixtureValue]]] = [:]
    /// Per list inside list items: the pinned fields of each item, by its indices.
    private(set) var innerItems: [Int: [[Int]: [Int: FixtureValue]]] = [:]

    /// Pins the fixture's values; values `accept` refuses (given the value, the field id and
    /// its concrete path) are left out.
    init(_ fixture: GenerationFixture, rules: CompiledRuleSet,
         accept: ((FixtureValue, Int, String) -> Bool)? = nil) throws(GenerationError) {
        try pin(fixture.root, layout: rules.root, prefix: "", rules: rules, item: nil, accept: accept)
    }

    /// The pinned value at `address` of `record` (whose storage says which enclosing items an
    /// inner list's item belongs to), if any.
    func value(at address: FieldAddress, rules: CompiledRuleSet, record: GeneratedRecord) -> FixtureValue? {
        let listID = record.listIDs[address.field]
        guard listID >= 0, record.listIDs[listID] >= 0 else { return value(at: address, rules: rules) }
        guard let list = innerItems[listID] else { return nil }
        return list[record.localIndices(of: listID, item: address.item)]?[address.field]
    }

    /// The pinned value of a field at concrete item indices, outermost first (empty for a
    /// top-level field), if any.
    func value(of field: Int, indices: [Int], rules: CompiledRuleSet) -> FixtureValue? {
        guard let listID = rules.fields[field].listID else { return root[field] }
        guard rules.fields[listID].listID != nil else {
            return indices.count == 1 ? value(at: FieldAddress(field: field, item: indices[0]), rules: rules) : nil
        }
        return innerItems[listID]?[indices]?[field]
    }

    /// The pinned value at `address` of a top-level field or a top-level list's item, if any.
    func value(at address: FieldAddress, rules: CompiledRuleSet) -> FixtureValue? {
        guard let listID = rules.fields[address.field].listID else { return root[address.field] }
        guard let list = items[listID], address.item >= 0, address.item < list.count else { return nil }
        return list[address.item][address.field]
    }

    private mutating func pin(_ value: FixtureValue, layout: ObjectLayout, prefix: String, rules: CompiledRuleSet,
                              item: (list: Int, indices: [Int])?,
                              accept: ((FixtureValue, Int, String) -> Bool)?) throws(GenerationError) {
        guard case .object(let members) = value else { return }
        for (key, member) in members {
            guard let target = layout.members.first(where: { $0.name == key })?.target else {
                throw GenerationError(
                    field: prefix + key, rule: RuleIdentifier.unknownField,
                    message: "the fixture names a field the rules do not declare" + Suggestion.didYouMean(
                        key, in: layout.members.map(\.name)) + "; fix the fixture")
            }
            switch target {
            case .section(let path, let inner):
                if case .null = member { continue }
                guard case .object = member else {
                    throw GenerationError(field: item == nil ? path : prefix + key, rule: RuleIdentifier.type,
                                          message: "the fixture gives a section a value that is not an object")
                }
                try pin(member, layout: inner, prefix: prefix + key + ".", rules: rules, item: item, accept: accept)
            case .field(let id, _):
                let field = rules.fields[id]
                if let accept, field.type != .list, !accept(member, id, prefix + key) { continue }
                if let item {
                    if rules.fields[item.list].listID == nil {
                        items[item.list]?[item.indices[0]][id] = member
                    } else {
                        innerItems[item.list, default: [:]][item.indices, default: [:]][id] = member
                    }
                } else {
                    root[id] = member
                }
                guard field.type == .list, case .array(let elements) = member, let layout = field.items?.layout
                else { continue }
                if item == nil { items[id] = Array(repeating: [:], count: elements.count) }
                for (index, element) in elements.enumerated() {
                    try pin(element, layout: layout, prefix: prefix + key + "[\(index)].", rules: rules,
                            item: (id, (item?.indices ?? []) + [index]), accept: accept)
                }
            }
        }
    }
}
