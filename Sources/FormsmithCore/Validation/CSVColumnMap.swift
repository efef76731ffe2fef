/// How the columns of one CSV file map to the fields of a rule set: compiled once per file
/// from its header, then shared read-only by the workers that validate the file's chunks.
///
/// A column is named by the field's dotted path (`insurant.lastName`); an item field of a
/// list by the list, the 0-based item index and the field (`drivers.0.lastName`). Columns
/// that cannot be used (unknown names, repeated names, indices too large to be an item) are
/// ignored for every row, and each such problem is reported once, for the header, together
/// with required fields that have no column and indices beyond a list's `maxItems`.
final class CSVColumnMap: Sendable {
    /// Where one column's cells go.
    struct Column: Sendable {
        /// The field id, or -1 when the column is ignored.
        let fieldID: Int
        /// The list field id for an item column, or -1 for a top-level field.
        let listID: Int
        /// The 0-based item index for an item column, or -1.
        let item: Int
        /// The slot of the field in its scope (the top level, or one list item).
        let slot: Int
        /// The number of slots of one item of the list (0 for top-level fields).
        let itemSlotCount: Int

        static let ignored = Column(fieldID: -1, listID: -1, item: -1, slot: 0, itemSlotCount: 0)
    }

    /// A column of an item field of a list inside list items (`drivers.1.documents.0.number`):
    /// its ``Column`` counts the outermost list's items; the inner lists take their cells when
    /// their enclosing item is evaluated (see `RecordValidator+Nesting.swift`).
    struct NestedColumn: Sendable {
        /// The column's index in the row.
        let column: Int
        /// The item field.
        let fieldID: Int
        /// The lists from the outermost (a top-level list) to the field's own.
        let lists: [Int]
        /// The item index in each of them.
        let items: [Int]
    }

    /// Item indices at or above this are not bound (the column is reported and ignored), so a
    /// header cannot make a row allocate huge lists.
    static let maxItemIndex = 999

    /// The column names, in column order.
    let names: [String]
    /// Where each column's cells go, in column order.
    let columns: [Column]
    /// The ids of the list fields that have at least one column.
    let listIDs: [Int]
    /// The columns of fields of lists inside list items, in column order.
    let nested: [NestedColumn]
    /// The columns of attachment fields that take several files, where a cell holding `[]` (an
    /// empty JSON array) is no file at all: an empty cell, as `[]` is not filled in JSON.
    let emptyArrayColumns: [Int]
    /// The header's problems, one violation each: `field` is the column name (or the field
    /// path for a missing column), `rule` is `unknown-field`, `duplicate-field`, `required`
    /// or `max-items`.
    let problems: [Violation]

    /// Compiles the mapping of `header` for `rules`.
    init(header: CSVHeader, rules: CompiledRuleSet) {
        let resolver = CSVColumnResolver(rules: rules)
        var columns: [Column] = []
        var problems: [Violation] = []
        var firstColumn: [String: Int] = [:]
        var itemColumns: [Int: [Int: [String]]] = [:]  // list id -> item index -> item field paths
        var boundFields: Set<String> = []
        var nested: [NestedColumn] = []
        for (index, name) in header.names.enumerated() {
            let number = index + 1
            if let first = firstColumn[name] {
                problems.append(Violation(field: Self.shown(name, number), rule: RuleIdentifier.duplicateField,
                                          message: "column \(number) repeats the name of column \(first); only column "
                                              + "\(first) is read: remove or rename the repeated column"))
                columns.append(.ignored)
                continue
            }
            firstColumn[name] = number
            switch resolver.resolve(name) {
            case .field(let id):
                columns.append(Column(fieldID: id, listID: -1, item: -1, slot: rules.fields[id].slot, itemSlotCount: 0))
                boundFields.insert(rules.fields[id].path)
            case .item(let id, let listID, let item):
                columns.append(Column(fieldID: id, listID: listID, item: item, slot: rules.fields[id].slot,
                                      itemSlotCount: rules.fields[listID].items?.scope.slotCount ?? 0))
                itemColumns[listID, default: [:]][item, default: []].append(rules.fields[id].path)
            case .nested(let id, let lists, let items):
                columns.append(Column(fieldID: -1, listID: lists[0], item: items[0], slot: 0,
                                      itemSlotCount: rules.fields[lists[0]].items?.scope.slotCount ?? 0))
                nested.append(NestedColumn(column: index, fieldID: id, lists: lists, items: items))
                // The enclosing items count as having columns; the field is checked per inner item.
                itemColumns[lists[0], default: [:]][items[0], default: []].append(rules.fields[lists[1]].path)
            case .unknown(let reason):
                problems.append(Violation(field: Self.shown(name, number), rule: RuleIdentifier.unknownField,
                                          message: "column \(number) " + reason + "; the column is ignored"))
                columns.append(.ignored)
            }
        }
        self.names = header.names
        self.columns = columns
        self.listIDs = itemColumns.keys.sorted()
        self.nested = nested
        let fieldIDs = columns.map(\.fieldID)
        var multipleFiles = fieldIDs.indices.filter { fieldIDs[$0] >= 0 && rules.fields[fieldIDs[$0]].isMultiple }
        multipleFiles += nested.filter { rules.fields[$0.fieldID].isMultiple }.map(\.column)
        self.emptyArrayColumns = multipleFiles.sorted()
        problems += Self.listProblems(itemColumns, rules: rules)
        problems += Self.missingColumns(rules: rules, boundFields: boundFields, itemColumns: itemColumns)
        problems += Self.nestedProblems(nested, rules: rules)
        self.problems = problems
    }

    /// The column name as reports show it (`column 3` when it has none).
    private static func shown(_ name: String, _ number: Int) -> String {
        name.isEmpty ? "column \(number)" : name
    }

    /// Indices beyond `maxItems`, once per list.
    private static func listProblems(_ itemColumns: [Int: [Int: [String]]], rules: CompiledRuleSet) -> [Violation] {
        var problems: [Violation] = []
        for listID in itemColumns.keys.sorted() {
            let list = rules.fields[listID]
            guard let maximum = list.maxItems, let highest = itemColumns[listID]?.keys.max(), highest >= maximum
            else { continue }
            problems.append(Violation(
                field: list.path, rule: RuleIdentifier.maxItems,
                message: "the header has columns for item \(highest) (\(list.path).\(highest).…), but at most "
                    + "\(maximum) item\(maximum == 1 ? "" : "s") (0 to \(maximum - 1)) are allowed; "
                    + "rows that fill them break max-items"))
        }
        return problems
    }

    /// Fields that every questionnaire must fill but have no column.
    private static func missingColumns(rules: CompiledRuleSet, boundFields: Set<String>,
                                       itemColumns: [Int: [Int: [String]]]) -> [Violation] {
        var problems: [Violation] = []
        for field in rules.fields where field.listID == nil && field.isUnconditionallyRequired
            && (field.group < 0 || !rules.groups[field.group].isConditional)
        {
            if field.type == .list {
                if itemColumns[field.id] == nil {
                    problems.append(Violation(
                        field: field.path, rule: RuleIdentifier.required,
                        message: "this required list has no columns, so every row lacks it; add its item columns, "
                            + "such as \(Self.example(of: field, rules: rules))"))
                }
            } else if !boundFields.contains(field.path) {
                problems.append(Violation(
                    field: field.path, rule: RuleIdentifier.required,
                    message: "this required field has no column, so every row lacks it; add a column named "
                        + "'\(field.path)'"))
            }
        }
        for listID in itemColumns.keys.sorted() {
            let required = rules.fields.filter { $0.listID == listID && $0.isUnconditionallyRequired }
            for (item, paths) in itemColumns[listID, default: [:]].sorted(by: { $0.key < $1.key }) {
                for field in required where !paths.contains(field.path) {
                    var column = CSVColumnResolver.columnName(of: field.path, item: item)
                    if field.type == .list, let inner = rules.fields.first(where: { $0.listID == field.id && $0.type != .list }) {
                        column = CSVColumnResolver.columnName(of: inner.path, items: [item, 0])  // a list inside the items
                    }
                    problems.append(Violation(
                        field: column, rule: RuleIdentifier.required,
                        message: "item \(item) of \(rules.fields[listID].path) has columns but not this required "
                            + "field, so every row that fills item \(item) lacks it; add a column named '\(column)'"))
                }
            }
        }
        return problems
    }

    /// For lists inside list items: indices beyond `maxItems` (once per list), and inner items
    /// with columns but none for a field every item must fill.
    private static func nestedProblems(_ nested: [NestedColumn], rules: CompiledRuleSet) -> [Violation] {
        var problems: [Violation] = []
        var highest: [Int: Int] = [:]
        var itemFields: [[Int]: Set<Int>] = [:]  // lists' ids and item indices -> fields with a column
        var itemOrder: [[Int]] = []
        for column in nested {
            for depth in 1..<column.lists.count {
                let list = column.lists[depth]
                highest[list] = max(highest[list] ?? -1, column.items[depth])
                let key = Array(column.lists[...depth]) + Array(column.items[...depth])
                if itemFields[key] == nil { itemOrder.append(key) }
                itemFields[key, default: []].insert(depth + 1 < column.lists.count ? column.lists[depth + 1] : column.fieldID)
            }
        }
        for listID in highest.keys.sorted() {
            let list = rules.fields[listID]
            guard let maximum = list.maxItems, let index = highest[listID], index >= maximum else { continue }
            problems.append(Violation(
                field: list.path, rule: RuleIdentifier.maxItems,
                message: "the header has columns for item \(index) of \(list.path), but at most "
                    + "\(maximum) item\(maximum == 1 ? "" : "s") (0 to \(maximum - 1)) are allowed; "
                    + "rows that fill them break max-items"))
        }
        for key in itemOrder {
            let depth = key.count / 2
            let listID = key[depth - 1]
            let items = Array(key[depth...])
            for field in rules.fields where field.listID == listID && field.type != .list && field.isUnconditionallyRequired
                && !(itemFields[key]?.contains(field.id) ?? false)
            {
                let column = CSVColumnResolver.columnName(of: field.path, items: items)
                problems.append(Violation(
                    field: column, rule: RuleIdentifier.required,
                    message: "this item of \(rules.fields[listID].path) has columns but not this required field, so "
                        + "every row that fills the item lacks it; add a column named '\(column)'"))
            }
        }
        return problems
    }

    private static func example(of list: CompiledField, rules: CompiledRuleSet) -> String {
        let first = rules.fields.first { $0.listID == list.id }
        return first.map { "'" + CSVColumnResolver.columnName(of: $0.path, item: 0) + "'" } ?? "'\(list.path).0.…'"
    }
}

extension CompiledField {
    /// Required in every questionnaire (or every list item): not optional, and neither a
    /// `requiredIf` nor a `visibleIf` can excuse it.
    var isUnconditionallyRequired: Bool { !isOptional && requiredIf == nil && visibleIf == nil }

    /// The list's `maxItems`, when it has one.
    var maxItems: Int? {
        ItemBounds(list: checks).max
    }
}
