/// Reads one CSV column name as a field of a rule set: `insurant.lastName` is a top-level
/// field, `drivers.0.lastName` the field `lastName` of item 0 of the list `drivers`.
struct CSVColumnResolver {
    /// What a column name designates.
    enum Resolution: Equatable {
        /// A top-level value field.
        case field(Int)
        /// An item field of a list, with the 0-based item index.
        case item(Int, listID: Int, item: Int)
        /// Nothing usable; the text completes "column N …" and says what to do.
        case unknown(String)
    }

    let rules: CompiledRuleSet

    /// The column name of an item field (`drivers[].lastName`) for item `item` (`drivers.2.lastName`).
    static func columnName(of itemPath: String, item: Int) -> String {
        itemPath.replacingFirst("[]", ".\(item)")
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
            guard let listID = rules.fieldIDs[listPath], rules.fields[listID].type == .list else { continue }
            return resolveItem(name, list: listID, index: parts[position],
                               field: parts[(position + 1)...].joined(separator: "."))
        }
        if rules.fields.contains(where: { $0.path.hasPrefix(name + ".") && $0.listID == nil }) {
            return .unknown("'\(name)' names a section: give each of its fields its own column, such as '"
                            + (rules.fields.first { $0.path.hasPrefix(name + ".") }?.path ?? name) + "'")
        }
        return .unknown("'\(name)' is not a field of this questionnaire"
                        + Suggestion.didYouMean(name, in: allColumnNames()))
    }

    private func resolveItem(_ name: String, list listID: Int, index: String, field: String) -> Resolution {
        let list = rules.fields[listID].path
        if index.count > 1 && index.hasPrefix("0") {
            return .unknown("'\(name)' writes the item index with leading zeros; write '\(list).\(Int(index) ?? 0).\(field)'")
        }
        guard let item = Int(index), item <= CSVColumnMap.maxItemIndex else {
            return .unknown("'\(name)' has item index \(index); CSV item indices go up to \(CSVColumnMap.maxItemIndex)")
        }
        if field.isEmpty {
            return .unknown("'\(name)' names a whole item: give each item field its own column, such as '"
                            + (itemFieldColumns(of: listID, item: item).first ?? name) + "'")
        }
        guard let id = rules.fieldIDs[list + "[]." + field], rules.fields[id].listID == listID else {
            let names = rules.fields.filter { $0.listID == listID }.map(\.pathInItem)
            return .unknown("'\(name)': items of \(list) have no field '\(field)'"
                            + Suggestion.didYouMean(field, in: names))
        }
        return .item(id, listID: listID, item: item)
    }

    /// The columns of the item fields of a list, for item `item`.
    private func itemFieldColumns(of listID: Int, item: Int = 0) -> [String] {
        rules.fields.filter { $0.listID == listID }.map { Self.columnName(of: $0.path, item: item) }
    }

    /// Every name a column may have (item fields with index 0), for suggestions.
    private func allColumnNames() -> [String] {
        rules.fields.compactMap { field in
            if field.listID != nil { return Self.columnName(of: field.path, item: 0) }
            return field.type == .list ? nil : field.path
        }
    }

    private static func isDigits(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }
}
