/// Binding a CSV row's cells to slots through the file's column map.
///
/// An empty cell is an absent value. A list has as many items as 1 + the highest item index
/// with a filled cell in the row; an item below that whose cells are all empty (a gap) is an
/// empty item, like `{}` in JSON, so its required fields are reported. In reports, a list's
/// own value is its first filled cell (in column order).
extension RecordBinding {
    /// Binds the cells of `row` (a well-formed row with one field per column) to the slots.
    func bind(csvRow row: CSVRow, columns map: CSVColumnMap, rules: CompiledRuleSet) {
        let cells = row.fields
        let columns = map.columns
        // Item counts first: the item storage must exist before cells are bound to it.
        for index in columns.indices where columns[index].listID >= 0 {
            let cell = cells[index]
            guard cell.end > cell.start else { continue }
            let column = columns[index]
            if lists[column.listID].count <= column.item { lists[column.listID].count = column.item + 1 }
            let listSlot = rules.fields[column.listID].slot
            if case .absent = rootSlots[listSlot] {
                rootSlots[listSlot] = .cell(start: cell.start, end: cell.end, escaped: cell.hasEscapedQuotes)
            }
        }
        for listID in map.listIDs where lists[listID].count > 0 {
            resetItems(of: listID, count: lists[listID].count,
                       slotCount: rules.fields[listID].items?.scope.slotCount ?? 0)
        }
        for index in columns.indices where columns[index].fieldID >= 0 {
            let cell = cells[index]
            guard cell.end > cell.start else { continue }
            let column = columns[index]
            let raw = RawValue.cell(start: cell.start, end: cell.end, escaped: cell.hasEscapedQuotes)
            if column.listID < 0 {
                rootSlots[column.slot] = raw
            } else {
                lists[column.listID].slots[column.item * column.itemSlotCount + column.slot] = raw
            }
        }
        if !map.nested.isEmpty { bindInnerLists(csvRow: row, columns: map, depth: 1, enclosing: []) }
    }

    /// For lists inside list items: gives each inner list field of the items of the lists at
    /// `depth - 1` whose indices are `enclosing` (none for a top-level list's items) its first
    /// filled cell, so that it is present. The inner list's items take their cells when it is
    /// checked (``bindItems(ofInnerList:csvRow:columns:enclosing:)``); `list` is the list at `depth - 1` (-1: the top-level lists).
    func bindInnerLists(csvRow row: CSVRow, columns map: CSVColumnMap, depth: Int, enclosing: [Int], list: Int = -1) {
        for column in map.nested where column.lists.count > depth && (list < 0 || column.lists[depth - 1] == list)
            && column.items[..<(depth - 1)].elementsEqual(enclosing)
        {
            let cell = row.fields[column.column]
            guard cell.end > cell.start else { continue }
            let outer = column.lists[depth - 1]
            let index = column.items[depth - 1] * plan.fields[outer].itemSlotCount + plan.fields[column.lists[depth]].slot
            if case .absent = lists[outer].slots[index] {
                lists[outer].slots[index] = .cell(start: cell.start, end: cell.end, escaped: cell.hasEscapedQuotes)
            }
        }
    }

    /// Binds the items of `listID`, a list inside the items of the lists whose active items are
    /// `enclosing` (outermost first), from the row's nested columns.
    func bindItems(ofInnerList listID: Int, csvRow row: CSVRow, columns map: CSVColumnMap, enclosing: [Int]) {
        let depth = enclosing.count
        var count = 0
        for column in map.nested where column.lists.count > depth && column.lists[depth] == listID
            && column.items[..<depth].elementsEqual(enclosing)
        {
            let cell = row.fields[column.column]
            if cell.end > cell.start { count = max(count, column.items[depth] + 1) }
        }
        let stride = plan.fields[listID].itemSlotCount
        resetItems(of: listID, count: count, slotCount: stride)
        guard count > 0 else { return }
        for column in map.nested where column.lists.count == depth + 1 && column.lists[depth] == listID
            && column.items[..<depth].elementsEqual(enclosing)
        {
            let cell = row.fields[column.column]
            guard cell.end > cell.start else { continue }
            lists[listID].slots[column.items[depth] * stride + plan.fields[column.fieldID].slot] =
                .cell(start: cell.start, end: cell.end, escaped: cell.hasEscapedQuotes)
        }
        bindInnerLists(csvRow: row, columns: map, depth: depth + 1, enclosing: enclosing, list: listID)
    }
}
