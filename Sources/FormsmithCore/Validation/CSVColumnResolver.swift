/// Reads one CSV column name as a field of a rule set: `insurant.lastName` is a top-level
/// field, `drivers.0.lastName` the field `lastName` of item 0 of the list `drivers`.
struct CSVColumnResolver {
    /// What a column name designates.
    enum Resolution: Equatable {
        /// A top-level value field.
        case field(Int)
        /// An item field of a list, with the 0-based item index.
        case item(Int, listID: Int, item: Int)
        /// An item field of a list inside list items (`drivers.1.documents.0.number`): the lists
        /// from the outermost, and the item index in each.
        case nested(Int, lists: [Int], items: [Int])
        /// Nothing usable; the text completes "column N …" and says what to do.
        case unknown(String)
    }

    let rules: CompiledRuleSet

    /// The column name of an item field (`drivers[].lastName`) for item `item` (`drivers.2.lastName`).
    static func columnName(of itemPath: String, item: Int) -> String {
        itemPath.replacingFirst("[]", ".\(item)")
    }

    /// The column name of an item field with one index per list (`drivers.1.documents.0.number`).
    static func columnName(of itemPath: String, items: [Int]) -> String {
        items.reduce(itemPath) { $0.replacingFirst("[]", ".\($1)") }
    }

    /// Resolves `name`.
    func resolve(_ name: String) -> Resolution {
        if name.isEmpty { return .unknown("has no name") }
        if let id = rules.fieldIDs[name] {
            let field = rules.fields[id]
            if field.listID != nil {
                return .unknown("'\(name)' lacks the item index: name item fields like '"
                                + Self.columnName(of: name, item: 0) + "'")
            }
            if field.type == .list {
                return .unknown("'\(name)' names a whole list: give each item field its own column, such as '"
                                + (itemFieldColumns(of: id).first ?? "\(name).0.…") + "'")
            }
            return .field(id)
        }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        for position in parts.indices.dropFirst() where Self.isDigits(parts[position]) {
            let listPath = parts[..<position].joined(separator: ".")
            guard let listID = rules.fieldIDs[listPath], rules.fields[listID].type == .list,
                rules.fields[listID].listID == nil else { continue }
            return resolveItem(name, list: listID, index: parts[position], rest: Array(parts[(position + 1)...]),
                               outer: (lists: [], items: []))
        }
        if rules.fields.contains(where: { $0.path.hasPrefix(name + ".") && $0.listID == nil }) {
            return .unknown("'\(name)' names a section: give each of its fields its own column, such as '"
                            + (rules.fields.first { $0.path.hasPrefix(name + ".") }?.path ?? name) + "'")
        }
        return .unknown("'\(name)' is not a field of this questionnaire"
                        + Suggestion.didYouMean(name, in: allColumnNames()))
    }

    /// Resolves the rest of a column name (`rest`) inside item `index` of list `listID`, whose
    /// enclosing lists and item indices are `outer`.
    private func resolveItem(_ name: String, list listID: Int, index: String, rest: [String],
                             outer: (lists: [Int], items: [Int])) -> Resolution {
        let list = rules.fields[listID].path
        let field = rest.joined(separator: ".")
        if index.count > 1 && index.hasPrefix("0") {
            let written = CSVColumnResolver.columnName(of: list, items: outer.items)
            return .unknown("'\(name)' writes the item index with leading zeros; write '\(written).\(Int(index) ?? 0).\(field)'")
        }
        guard let item = Int(index), item <= CSVColumnMap.maxItemIndex else {
            return .unknown("'\(name)' has item index \(index); CSV item indices go up to \(CSVColumnMap.maxItemIndex)")
        }
        if field.isEmpty {
            return .unknown("'\(name)' names a whole item: give each item field its own column, such as '"
                            + (itemFieldColumns(of: listID, item: item).first ?? name) + "'")
        }
        if let id = rules.fieldIDs[list + "[]." + field], rules.fields[id].listID == listID, rules.fields[id].type == .list {
            return .unknown("'\(name)' names a whole list: give each item field its own column, such as '"
                            + (rules.fields.first { $0.listID == id && $0.type != .list }
                                .map { Self.columnName(of: $0.path, items: outer.items + [item, 0]) } ?? "\(name).0.…") + "'")
        }
        for position in rest.indices.dropFirst() where Self.isDigits(rest[position]) {
            let innerPath = list + "[]." + rest[..<position].joined(separator: ".")
            guard let innerID = rules.fieldIDs[innerPath], rules.fields[innerID].type == .list,
                rules.fields[innerID].listID == listID else { continue }
            return resolveItem(name, list: innerID, index: rest[position], rest: Array(rest[(position + 1)...]),
                               outer: (outer.lists + [listID], outer.items + [item]))
        }
        guard let id = rules.fieldIDs[list + "[]." + field], rules.fields[id].listID == listID else {
            let names = rules.fields.filter { $0.listID == listID }.map(\.pathInItem)
            return .unknown("'\(name)': items of \(list) have no field '\(field)'"
                            + Suggestion.didYouMean(field, in: names))
        }
        if outer.lists.isEmpty { return .item(id, listID: listID, item: item) }
        return .nested(id, lists: outer.lists + [listID], items: outer.items + [item])
    }

    /// The columns of the item fields of a list, for item `item`.
    private func itemFieldColumns(of listID: Int, item: Int = 0) -> [String] {
        rules.fields.filter { $0.listID == listID && $0.type != .list }.map { Self.columnName(of: $0.path, item: item) }
    }

    /// Every name a column may have (item fields with index 0), for suggestions.
    private func allColumnNames() -> [String] {
        rules.fields.compactMap { field in
            if field.type == .list { return nil }
            if field.listID != nil {
                let depth = field.path.components(separatedBy: "[]").count - 1
                return Self.columnName(of: field.path, items: Array(repeating: 0, count: depth))
            }
            return field.path
        }
    }

    private static func isDigits(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }
}
