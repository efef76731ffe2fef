/// Lists inside list items (`drivers[].documents[]`): the storage of an inner list holds the
/// items of one enclosing item at a time. Evaluating an enclosing item marks it active (fields
/// of the inner items read its fields through it, and their paths take its index) and empties
/// its inner lists, which its list fields then bind (JSON) or take from the row's columns (CSV).
extension RecordValidator {
    /// Starts item `item` of list `listID`, whose items hold lists.
    func beginItemWithLists(ofList listID: Int, item: Int) {
        binding.lists[listID].activeItem = item
        for inner in rules.fields where inner.type == .list && inner.listID == listID {
            binding.lists[inner.id].count = 0
            binding.lists[inner.id].activeItem = -1
        }
    }

    /// The concrete path of `template` (a path or prefix with `[]`) in item `item` of list
    /// `list` (nil or -1 outside lists), with the indices of the enclosing lists' active items.
    func itemPath(_ template: String, list: Int?, item: Int) -> ConcretePath {
        guard let list, list >= 0, plan.fields[list].listID >= 0 else {
            return ConcretePath(template: template, item: item)
        }
        return ConcretePath(template: template, item: item, enclosing: binding.enclosingItems(ofList: list))
    }

    /// Binds the items of a list inside list items from the CSV row's columns, for the
    /// enclosing items being evaluated.
    func bindInnerListItems(ofList listID: Int) {
        guard let (row, columns) = csvRowWithInnerLists else { return }
        binding.bindItems(ofInnerList: listID, csvRow: row, columns: columns,
                          enclosing: binding.enclosingItems(ofList: listID))
    }

    /// Adds the items of inner list `listID` just evaluated, and their filled values, to ``innerTally``.
    func tallyInnerItems(ofList listID: Int) {
        guard !innerTally.isEmpty else { return }
        let storage = binding.lists[listID]
        innerTally[2 * listID] += storage.count
        for field in rules.fields where field.listID == listID {
            let stride = plan.fields[field.id].scopeStride
            for item in 0..<storage.count where values.isPresent(storage.slots[item * stride + field.slot]) {
                innerTally[2 * field.id + 1] += 1
            }
        }
    }

    func resetInnerTally() {
        for index in innerTally.indices { innerTally[index] = 0 }
    }
}
