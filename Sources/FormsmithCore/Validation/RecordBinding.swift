/// Binding a record's values to its fields: the slots (top-level and list items) and what fills
/// them, from a JSON object or a CSV row. The validator owns one, resets it per record and reads
/// the slots through it; binding only says where each value is ("which tape node / cell"),
/// never whether it is valid, and reports what it cannot bind as a ``BindingProblem`` for the
/// validator to word.
///
/// A struct of references stored inline in the validator (a `let`: the hot path reads the
/// slots without retaining anything); like the validator, used by one thread only.
struct RecordBinding {
    /// The rules' plain-value form (field slots, key tables).
    let plan: FastCheckTables
    /// The top-level slots.
    let root: SlotStorage
    private let rootSlotCount: Int
    /// The item slots of each list field, by field id (empty storage for other fields).
    let lists: [SlotStorage]
    /// Ids of the list fields (their item storage is reset per record).
    private let listIDs: [Int]

    /// Empty slots for the fields of `rules`.
    init(rules: CompiledRuleSet) {
        plan = rules.plan
        rootSlotCount = rules.rootScope.slotCount
        root = SlotStorage(capacity: rootSlotCount)
        lists = rules.fields.map { _ in SlotStorage() }
        listIDs = rules.fields.filter { $0.type == .list }.map(\.id)
    }

    // In bounds: the root storage holds `rootScope.slotCount` slots and is indexed by top-level fields' slots
    // (< that count).
    /// Raw values of the top-level slots.
    var rootSlots: UnsafeMutableBufferPointer<RawValue> { root.slots }
    /// States of the top-level slots.
    var rootStates: UnsafeMutableBufferPointer<FieldState> { root.states }

    /// Makes every slot absent and pending and every list empty, for the next record.
    func reset() {
        root.reset(rootSlotCount)
        for id in listIDs {
            lists[id].count = 0
            lists[id].activeItem = -1
        }
    }

    /// Prepares the item storage of a list for `count` items.
    func resetItems(of listID: Int, count: Int, slotCount: Int) {
        lists[listID].count = count
        lists[listID].reset(count * slotCount)
    }

    /// The raw value and state of field `id` in list `list`'s item `item` (both -1 outside lists).
    @inline(__always)
    func slot(of id: Int, list: Int, item: Int) -> (raw: RawValue, state: FieldState) {
        let listID = plan.fields[id].listID
        let slot = plan.fields[id].slot
        guard listID >= 0 else { return (rootSlots[slot], rootStates[slot]) }
        guard listID == list, item >= 0 else { return enclosingSlot(of: id) }
        let index = item * plan.fields[id].scopeStride + slot
        return (lists[listID].slots[index], lists[listID].states[index])
    }

    /// The raw value and state of field `id` of an enclosing list's item being evaluated (a field
    /// of a list inside list items reads `drivers[].birthDate`), or absent and invalid.
    func enclosingSlot(of id: Int) -> (raw: RawValue, state: FieldState) {
        let listID = plan.fields[id].listID
        let item = lists[listID].activeItem
        guard item >= 0 else { return (.absent, .invalid) }
        let index = item * plan.fields[id].scopeStride + plan.fields[id].slot
        return (lists[listID].slots[index], lists[listID].states[index])
    }

    /// The indices of the items being evaluated in the lists that enclose list `listID`'s items,
    /// outermost first (empty for a top-level list), for concrete paths.
    func enclosingItems(ofList listID: Int) -> [Int] {
        var indices: [Int] = []
        var list = plan.fields[listID].listID
        while list >= 0 {
            indices.insert(lists[list].activeItem, at: 0)
            list = plan.fields[list].listID
        }
        return indices
    }

    /// Sets the raw value of field `id` in list item `item` (-1 outside lists).
    func setRawValue(_ raw: RawValue, of id: Int, item: Int) {
        let field = plan.fields[id]
        if field.listID >= 0 {
            lists[field.listID].slots[item * field.scopeStride + field.slot] = raw
        } else {
            rootSlots[field.slot] = raw
        }
    }

    /// Sets the state of field `id` in list item `item` (-1 outside lists).
    func setState(_ state: FieldState, of id: Int, item: Int) {
        let field = plan.fields[id]
        if field.listID >= 0 {
            lists[field.listID].states[item * field.scopeStride + field.slot] = state
        } else {
            rootStates[field.slot] = state
        }
    }

    /// Marks fields whose section had the wrong type as unreadable (already reported).
    func markBroken(_ ids: [Int], item: Int) {
        for id in ids { setRawValue(.broken, of: id, item: item) }
    }
}
