/// The value the generator chose for one field of one questionnaire.
///
/// Text lives in the record's byte arena (`start..<end`), so building a record allocates
/// nothing once the arena has grown; the writers turn values into JSON or CSV bytes.
enum GeneratedValue {
    /// Not filled: the member is left out of JSON, the CSV cell is empty.
    case absent
    /// A string (string, text, or a date/enum written as text), UTF-8 bytes in the arena.
    case text(start: Int32, end: Int32)
    /// A date, written with the field's date pattern.
    case date(CivilDate)
    /// A whole number.
    case integer(Int64)
    /// A decimal number `mantissa / 10^scale`.
    case decimal(mantissa: Int64, scale: Int8)
    /// A switch.
    case boolean(Bool)
    /// One of the field's enum values, by position in its value list.
    case choice(Int32)
    /// Several enum values (multi-choice): `count` positions stored in the record's
    /// `choiceIndexes` from `start`.
    case choices(start: Int32, count: Int32)
    /// A list with `count` items, whose fields are in the record's item storage.
    case items(Int32)
    /// A value written as it is: JSON text and CSV cell text in the arena (deliberate type
    /// errors, unusual fixture values).
    case literal(json: Range<Int32>, cell: Range<Int32>)

    /// Whether the value counts as filled.
    var isPresent: Bool {
        switch self {
        case .absent: return false
        case .text(let start, let end): return end > start
        case .choices(_, let count), .items(let count): return count > 0
        default: return true
        }
    }
}

/// One questionnaire being generated: values by slot for top-level fields and for each list's
/// items, plus the byte arena their text lives in. Reused from record to record.
struct GeneratedRecord {
    /// UTF-8 bytes of text values.
    var arena: [UInt8] = []
    /// Values of top-level fields, by slot.
    var root: [GeneratedValue]
    /// Values of list items by list field id: `count × slotCount`, item after item.
    var items: [[GeneratedValue]]
    /// Positions of chosen values of multi-choice fields.
    var choiceIndexes: [Int32] = []
    /// Members the rules do not declare (only deliberate `unknown-field` defects): key and JSON text.
    var extras: [(key: String, json: String)] = []
    /// Per field id: its slot, its list's id (-1 for top-level fields), and for a list the
    /// number of slots of one item; looked up without touching the compiled fields.
    let slots: [Int]
    let listIDs: [Int]
    let itemSlotCounts: [Int]
    /// For a list inside list items, by its field id: the item of the enclosing list each of its
    /// items belongs to (items of all enclosing items follow each other in ``items``).
    var enclosingItems: [[Int]]
    /// For a list inside list items, by its field id: per item of the enclosing list, the index
    /// of its first item in ``items`` (-1 before it has any).
    var firstItems: [[Int]]
    /// The ids of the lists inside list items.
    let innerListIDs: [Int]

    /// Empty storage for `rules`.
    init(rules: CompiledRuleSet) {
        root = Array(repeating: .absent, count: rules.rootScope.slotCount)
        items = Array(repeating: [], count: rules.fields.count)
        slots = rules.fields.map(\.slot)
        listIDs = rules.fields.map { $0.listID ?? -1 }
        itemSlotCounts = rules.fields.map { $0.items?.scope.slotCount ?? 0 }
        enclosingItems = Array(repeating: [], count: rules.fields.count)
        firstItems = Array(repeating: [], count: rules.fields.count)
        innerListIDs = rules.fields.filter { $0.type == .list && $0.listID != nil }.map(\.id)
    }

    /// Clears every value, keeping capacity.
    mutating func reset() {
        arena.removeAll(keepingCapacity: true)
        for index in root.indices { root[index] = .absent }
        for index in items.indices where !items[index].isEmpty { items[index].removeAll(keepingCapacity: true) }
        choiceIndexes.removeAll(keepingCapacity: true)
        if !extras.isEmpty { extras.removeAll() }
        for id in innerListIDs {
            enclosingItems[id].removeAll(keepingCapacity: true)
            firstItems[id].removeAll(keepingCapacity: true)
        }
    }

    /// Appends `bytes` to the arena and returns them as a text value.
    mutating func appendText(_ bytes: some Collection<UInt8>) -> GeneratedValue {
        let start = Int32(arena.count)
        arena.append(contentsOf: bytes)
        return .text(start: start, end: Int32(arena.count))
    }

    /// Appends a literal (JSON text and CSV cell text) to the arena.
    mutating func appendLiteral(json: String, cell: String) -> GeneratedValue {
        let jsonStart = Int32(arena.count)
        arena.append(contentsOf: json.utf8)
        let cellStart = Int32(arena.count)
        arena.append(contentsOf: cell.utf8)
        return .literal(json: jsonStart..<cellStart, cell: cellStart..<Int32(arena.count))
    }

    /// The literal whose JSON text was appended to the arena from byte `start` on, the same
    /// bytes serving as its CSV cell (a generated attachment reference, written once).
    func literal(writtenFrom start: Int) -> GeneratedValue {
        let bytes = Int32(start)..<Int32(arena.count)
        return .literal(json: bytes, cell: bytes)
    }

    /// The bytes of a text value (empty for other values).
    func bytes(of value: GeneratedValue) -> ArraySlice<UInt8> {
        guard case .text(let start, let end) = value else { return [] }
        return arena[Int(start)..<Int(end)]
    }
}

/// Where one field's value sits: a top-level slot, or a slot of one list item.
struct FieldAddress: Hashable {
    /// The field id.
    let field: Int
    /// The item index for list item fields, -1 for top-level fields.
    let item: Int
}

extension CompiledRuleSet {
    /// Number of slots of a list's items (0 for other fields).
    func itemSlotCount(of listID: Int) -> Int { fields[listID].items?.scope.slotCount ?? 0 }

}

extension GeneratedRecord {
    /// The value at `address`.
    func value(at address: FieldAddress, in rules: CompiledRuleSet) -> GeneratedValue {
        value(of: address.field, item: address.item)
    }

    /// The value of field `id` (of item `item` for list item fields).
    @inline(__always)
    func value(of id: Int, item: Int) -> GeneratedValue {
        let listID = listIDs[id]
        guard listID >= 0 else { return root[slots[id]] }
        let index = item * itemSlotCounts[listID] + slots[id]
        return item >= 0 && index < items[listID].count ? items[listID][index] : .absent
    }

    /// Replaces the value at `address`.
    mutating func setValue(_ value: GeneratedValue, at address: FieldAddress, in rules: CompiledRuleSet) {
        let listID = listIDs[address.field]
        guard listID >= 0 else {
            root[slots[address.field]] = value
            return
        }
        items[listID][address.item * itemSlotCounts[listID] + slots[address.field]] = value
    }

    /// Adds `count` absent items to `listID`, a list inside the items of another, for that list's
    /// item `enclosing`; returns the index of the first.
    mutating func appendItems(of listID: Int, count: Int, enclosing: Int) -> Int {
        let first = items[listID].count / max(itemSlotCounts[listID], 1)
        items[listID].append(contentsOf: repeatElement(.absent, count: count * itemSlotCounts[listID]))
        enclosingItems[listID].append(contentsOf: repeatElement(enclosing, count: count))
        while firstItems[listID].count <= enclosing { firstItems[listID].append(-1) }
        firstItems[listID][enclosing] = first
        return first
    }

    /// Makes the items of inner list `listID` held by item `from` of its enclosing list those of
    /// item `to` (a copy of `from` placed elsewhere in the storage).
    mutating func moveInnerItems(of listID: Int, from: Int, to: Int) {
        guard from < firstItems[listID].count, firstItems[listID][from] >= 0 else { return }
        while firstItems[listID].count <= to { firstItems[listID].append(-1) }
        let first = firstItems[listID][from]
        firstItems[listID][to] = first
        guard case .items(let count) = value(of: listID, item: to) else { return }
        for item in first..<min(first + Int(count), enclosingItems[listID].count) { enclosingItems[listID][item] = to }
    }

    /// The item of list `ancestor` (`listID` itself or a list enclosing it) that holds item
    /// `item` of `listID`; -1 when there is none.
    func item(ofList ancestor: Int, holding item: Int, of listID: Int) -> Int {
        var list = listID
        var item = item
        while list != ancestor {
            guard list >= 0, item >= 0, item < enclosingItems[list].count else { return -1 }
            item = enclosingItems[list][item]
            list = listIDs[list]
        }
        return item
    }

    /// The index in ``items`` of item `local` of list `listID` in its enclosing item `enclosing`
    /// (`enclosing` is -1 for a top-level list), or -1 when there is no such item.
    func itemIndex(of listID: Int, local: Int, enclosing: Int) -> Int {
        let count: GeneratedValue = listIDs[listID] < 0 ? root[slots[listID]] : value(of: listID, item: enclosing)
        guard case .items(let items) = count, local < Int(items) else { return -1 }
        guard listIDs[listID] >= 0 else { return local }
        guard enclosing >= 0, enclosing < firstItems[listID].count, firstItems[listID][enclosing] >= 0 else { return -1 }
        return firstItems[listID][enclosing] + local
    }

    /// The items of `listID` the questionnaire holds (those of an inner list whose enclosing item
    /// no longer holds them, after a defect, are left out).
    func reachableItems(of listID: Int) -> [Int] {
        guard listIDs[listID] >= 0 else {
            guard case .items(let count) = root[slots[listID]] else { return [] }
            return Array(0..<Int(count))
        }
        return reachableItems(of: listIDs[listID]).flatMap { enclosing -> [Int] in
            guard case .items(let count) = value(of: listID, item: enclosing) else { return [] }
            return (0..<Int(count)).map { itemIndex(of: listID, local: $0, enclosing: enclosing) }.filter { $0 >= 0 }
        }
    }

    /// The indices of item `item` of list `listID` in each list from the outermost:
    /// `[1, 0]` for the item of `drivers[1].documents[0]`.
    func localIndices(of listID: Int, item: Int) -> [Int] {
        var indices: [Int] = []
        var list = listID
        var item = item
        while list >= 0 {
            let enclosing = listIDs[list] >= 0 && item >= 0 && item < enclosingItems[list].count ? enclosingItems[list][item] : -1
            let first = enclosing >= 0 && enclosing < firstItems[list].count ? firstItems[list][enclosing] : 0
            indices.insert(item - max(first, 0), at: 0)
            item = enclosing
            list = listIDs[list]
        }
        return indices
    }

    /// The concrete path of a field as reports name it, every list index included:
    /// `drivers[1].documents[0].number`.
    func concretePath(_ address: FieldAddress, in rules: CompiledRuleSet) -> String {
        let field = rules.fields[address.field]
        guard let listID = field.listID else { return field.path }
        let indices = localIndices(of: listID, item: address.item)
        return ConcretePath(template: field.path, item: indices.last ?? -1, enclosing: Array(indices.dropLast())).description
    }

    /// Makes room for `count` items of list `listID`, all absent.
    mutating func resetItems(of listID: Int, count: Int, slotCount: Int) {
        items[listID].removeAll(keepingCapacity: true)
        items[listID].append(contentsOf: repeatElement(.absent, count: count * slotCount))
    }
}
