/// Writes generated questionnaires as CSV rows: one column per value field by dotted path,
/// list items indexed from 0 (`drivers.0.lastName` up to the list's largest size),
/// multi-choice values joined with `;`, an empty cell for an absent value, RFC 4180 quoting.
struct RecordCSVWriter {
    /// One column: a field, and the list item for item fields (-1 otherwise).
    struct Column {
        let header: String
        let address: FieldAddress
        /// For a field of a list inside list items: the lists from the outermost and the item
        /// index in each (the address is found per record); empty otherwise.
        var lists: [Int] = []
        var indices: [Int] = []
    }

    /// What writing one column needs, in plain numbers worked out once (no field objects
    /// touched per cell).
    struct ColumnPlan {
        let field: Int
        /// The column's item, -1 for top-level fields.
        let item: Int
        /// For a top-level field: its slot.
        let slot: Int
        /// For an item field of a top-level list: the list's slot; -1 otherwise.
        let listSlot: Int
        /// Whether the column is a field of a list inside list items (its item found per record).
        let isInner: Bool
    }

    let plan: GeneratorTables
    let columns: [Column]
    private let columnPlans: [ColumnPlan]
    /// Per field id: how its dates are written, its enum values as cell text.
    private let dateLayouts: [DateLayout]
    private let enumTexts: [[[UInt8]]]

    init(plan: GeneratorTables) {
        self.plan = plan
        var columns: [Column] = []
        let rules = plan.rules
        for id in rules.fields.indices where rules.fields[id].listID == nil {
            let field = rules.fields[id]
            guard field.type == .list else {
                columns.append(Column(header: field.path, address: FieldAddress(field: id, item: -1)))
                continue
            }
            let itemFields = rules.fields.filter { $0.listID == id }.sorted { $0.slot < $1.slot }
            for item in 0..<RecordCSVWriter.maxItems(of: field) {
                for itemField in itemFields {
                    if itemField.type == .list {
                        columns += Self.innerColumns(of: itemField, lists: [id], indices: [item], rules: rules)
                        continue
                    }
                    columns.append(Column(header: "\(field.path).\(item).\(itemField.pathInItem)",
                                          address: FieldAddress(field: itemField.id, item: item)))
                }
            }
        }
        self.columns = columns
        columnPlans = columns.map { column in
            let field = rules.fields[column.address.field]
            return ColumnPlan(field: field.id, item: column.address.item, slot: field.slot,
                              listSlot: field.listID.map { rules.fields[$0].slot } ?? -1, isInner: !column.lists.isEmpty)
        }
        dateLayouts = plan.fields.map(\.dateLayout)
        enumTexts = plan.fields.map(\.enumText)
    }

    /// The columns of a list inside list items, in the enclosing items `indices` of `lists`:
    /// `drivers.1.documents.0.number` for each of its items up to its largest size.
    private static func innerColumns(of list: CompiledField, lists: [Int], indices: [Int], rules: CompiledRuleSet)
        -> [Column]
    {
        var columns: [Column] = []
        let itemFields = rules.fields.filter { $0.listID == list.id }.sorted { $0.slot < $1.slot }
        for item in 0..<maxItems(of: list) {
            for itemField in itemFields {
                if itemField.type == .list {
                    columns += innerColumns(of: itemField, lists: lists + [list.id], indices: indices + [item], rules: rules)
                    continue
                }
                columns.append(Column(header: CSVColumnResolver.columnName(of: itemField.path, items: indices + [item]),
                                      address: FieldAddress(field: itemField.id, item: -1),
                                      lists: lists + [list.id], indices: indices + [item]))
            }
        }
        return columns
    }

    /// The item of the record that a column of a list inside list items names, or -1.
    private static func item(of column: Column, in record: GeneratedRecord) -> Int {
        var item = -1
        for (list, index) in zip(column.lists, column.indices) {
            item = record.itemIndex(of: list, local: index, enclosing: item)
            if item < 0 { return -1 }
        }
        return item
    }

    /// With lists inside list items: the first list (by its path) whose last item has no filled
    /// cell, or nil. A row's list has 1 + the highest index with a filled cell items, so such an
    /// item (every field of it empty, or a defect that removed its only value) would read as a
    /// shorter list.
    private func listWithEmptyLastItem(_ record: GeneratedRecord) -> String? {
        let rules = plan.rules
        for list in rules.fields where list.type == .list {
            let enclosing = list.listID.map { record.reachableItems(of: $0) } ?? [-1]
            for outer in enclosing {
                let value = outer < 0 ? record.root[list.slot] : record.value(of: list.id, item: outer)
                guard case .items(let count) = value, count > 0 else { continue }
                let last = record.itemIndex(of: list.id, local: Int(count) - 1, enclosing: outer)
                if last >= 0, !Self.hasCell(item: last, of: list.id, record, rules) { return list.path }
            }
        }
        return nil
    }

    /// Whether item `item` of list `listID` has a filled cell (in its own fields or inner lists).
    private static func hasCell(item: Int, of listID: Int, _ record: GeneratedRecord, _ rules: CompiledRuleSet) -> Bool {
        for field in rules.fields where field.listID == listID {
            let value = record.value(of: field.id, item: item)
            guard field.type == .list else {
                if value.isPresent { return true }
                continue
            }
            guard case .items(let count) = value else { continue }
            for local in 0..<Int(count) {
                let inner = record.itemIndex(of: field.id, local: local, enclosing: item)
                if inner >= 0, hasCell(item: inner, of: field.id, record, rules) { return true }
            }
        }
        return false
    }

    /// The most items a list can have in CSV: its `maxItems`, or the largest size the generator draws.
    static func maxItems(of list: CompiledField) -> Int {
        QuestionnaireBuilder.itemCounts(of: list).top
    }

    /// Appends the header row.
    func writeHeader(to output: inout [UInt8]) {
        for (index, column) in columns.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            RecordCSVWriter.appendCell(Array(column.header.utf8)[...], to: &output)
        }
        output.append(UInt8(ascii: "\n"))
    }

    /// Appends `record` as one row (with its line break).
    func write(_ record: GeneratedRecord, to output: inout [UInt8], scratch: inout [UInt8]) {
        for index in columnPlans.indices {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            let column = columnPlans[index]
            let value: GeneratedValue
            if column.isInner {
                let item = Self.item(of: columns[index], in: record)
                guard item >= 0 else { continue }
                value = record.value(of: column.field, item: item)
            } else if column.listSlot >= 0 {
                guard case .items(let count) = record.root[column.listSlot], column.item < Int(count) else { continue }
                value = record.value(of: column.field, item: column.item)
            } else {
                value = record.root[column.slot]
            }
            guard value.isPresent else { continue }
            scratch.removeAll(keepingCapacity: true)
            cellText(value, of: column.field, record, into: &scratch)
            RecordCSVWriter.appendCell(scratch[...], to: &output)
        }
        output.append(UInt8(ascii: "\n"))
    }

    private func cellText(_ value: GeneratedValue, of id: Int, _ record: GeneratedRecord, into text: inout [UInt8]) {
        switch value {
        case .absent, .items:
            break
        case .text(let start, let end):
            text.append(contentsOf: record.arena[Int(start)..<Int(end)])
        case .date(let date):
            dateLayouts[id].append(date, to: &text)
        case .integer(let number):
            TextCandidates.appendInteger(number, to: &text)
        case .decimal(let mantissa, let scale):
            TextCandidates.appendDecimal(mantissa: mantissa, scale: Int(scale), to: &text)
        case .boolean(let flag):
            text.append(contentsOf: flag ? "true".utf8 : "false".utf8)
        case .choice(let index):
            text.append(contentsOf: enumTexts[id][Int(index)])
        case .choices(let start, let count):
            for position in Int(start)..<Int(start + count) {
                if position > start { text.append(UInt8(ascii: ";")) }
                text.append(contentsOf: enumTexts[id][Int(record.choiceIndexes[position])])
            }
        case .literal(_, let cell):
            text.append(contentsOf: record.arena[Int(cell.lowerBound)..<Int(cell.upperBound)])
        }
    }

    /// Appends a cell, quoted when it holds a comma, a quote or a line break (quotes doubled).
    static func appendCell(_ bytes: ArraySlice<UInt8>, to output: inout [UInt8]) {
        let needsQuotes = bytes.contains {
            $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r")
        }
        guard needsQuotes else { return output.append(contentsOf: bytes) }
        output.append(UInt8(ascii: "\""))
        for byte in bytes {
            if byte == UInt8(ascii: "\"") { output.append(byte) }
            output.append(byte)
        }
        output.append(UInt8(ascii: "\""))
    }

    /// Why a record does not fit the columns.
    enum Misfit: Equatable {
        /// A list longer than its columns, or a member the rules do not declare (a fixture's).
        case tooLong
        /// The last item of this list (a path) has no filled cell, so CSV would read the list shorter.
        case emptyLastItem(String)
    }

    /// Nil when `record` fits the columns, otherwise why not.
    func misfit(_ record: GeneratedRecord) -> Misfit? {
        guard record.extras.isEmpty else { return .tooLong }
        if !record.innerListIDs.isEmpty, let list = listWithEmptyLastItem(record) { return .emptyLastItem(list) }
        for field in plan.rules.fields where field.type == .list {
            if let outer = field.listID {
                // A list inside list items: in every enclosing item the questionnaire holds.
                for item in record.reachableItems(of: outer) {
                    switch record.value(of: field.id, item: item) {
                    case .items(let count) where Int(count) > RecordCSVWriter.maxItems(of: field): return .tooLong
                    case .literal: return .tooLong
                    default: continue
                    }
                }
                continue
            }
            switch record.root[field.slot] {
            case .items(let count) where Int(count) > RecordCSVWriter.maxItems(of: field): return .tooLong
            case .literal: return .tooLong
            default: continue
            }
        }
        return nil
    }

    /// Whether `record` fits the columns.
    func fits(_ record: GeneratedRecord) -> Bool { misfit(record) == nil }
}
