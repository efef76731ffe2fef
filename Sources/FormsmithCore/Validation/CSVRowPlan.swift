/// The work of binding one row, worked out once per file from its ``CSVColumnMap``: which
/// cells count list items, which fill top-level slots and which fill item slots, with every
/// slot index computed, so binding a row is one short pass per kind without looking at
/// ignored columns or recomputing offsets.
struct CSVRowPlan: Sendable {
    /// A cell that makes its list have at least `item + 1` items when filled; the first filled
    /// one (in column order) is also the list's own value, in its top-level slot `listSlot`.
    struct ItemCount: Sendable {
        let column: Int
        let listID: Int
        let item: Int
        let listSlot: Int
    }

    /// A cell of a top-level field: its slot.
    struct RootCell: Sendable {
        let column: Int
        let slot: Int
    }

    /// A cell of an item field: the list and the index into its item slots.
    struct ItemCell: Sendable {
        let column: Int
        let listID: Int
        let index: Int
    }

    /// The item-counting cells, in column order.
    let itemCounts: [ItemCount]
    /// The top-level cells, in column order.
    let rootCells: [RootCell]
    /// The item cells, in column order.
    let itemCells: [ItemCell]

    /// The plan for `columns` of a file validated with `rules`.
    init(columns: [CSVColumnMap.Column], rules: CompiledRuleSet) {
        var itemCounts: [ItemCount] = []
        var rootCells: [RootCell] = []
        var itemCells: [ItemCell] = []
        for (index, column) in columns.enumerated() {
            if column.listID >= 0 {
                itemCounts.append(ItemCount(column: index, listID: column.listID, item: column.item,
                                            listSlot: rules.fields[column.listID].slot))
            }
            guard column.fieldID >= 0 else { continue }
            if column.listID < 0 {
                rootCells.append(RootCell(column: index, slot: column.slot))
            } else {
                itemCells.append(ItemCell(column: index, listID: column.listID,
                                          index: column.item * column.itemSlotCount + column.slot))
            }
        }
        self.itemCounts = itemCounts
        self.rootCells = rootCells
        self.itemCells = itemCells
    }
}
