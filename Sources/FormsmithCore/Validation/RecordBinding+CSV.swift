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
    }
}
