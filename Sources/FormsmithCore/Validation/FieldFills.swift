/// How often each field of the rules was filled, counted over the questionnaires read (the
/// first question of an audit). Counted only when a report asks for it
/// (``ValidationOptions/countsFills``), straight from the validator's slots once a record is
/// evaluated: one presence test per field, no extra parsing, nothing at all for other reports.
public struct FieldFills: Sendable {
    /// One field's count.
    public struct Entry: Sendable, Hashable {
        /// The field's path as reports fold it (`drivers[].birthDate`).
        public var field: String
        /// Values present (not absent, null, empty text or an empty list).
        public var filled: Int
        /// Places it could have been filled: the questionnaires read, or for a list item
        /// field, the items of its list.
        public var places: Int
    }

    private let rules: CompiledRuleSet
    /// Questionnaires counted (read, whatever their verdict; unreadable ones are not).
    public private(set) var records = 0
    /// Filled values by field id.
    private var filled: [Int]
    /// Items seen by list field id (0 for other fields).
    private var items: [Int]

    /// Empty counts for the fields of `rules`.
    init(rules: CompiledRuleSet) {
        self.rules = rules
        filled = Array(repeating: 0, count: rules.fields.count)
        items = filled
    }

    /// Every field of the rules, in declaration order.
    public var entries: [Entry] {
        rules.fields.map { field in
            Entry(field: field.path, filled: filled[field.id], places: field.listID.map { items[$0] } ?? records)
        }
    }

    /// Adds another count of the same rules (from another chunk).
    mutating func merge(_ other: FieldFills) {
        records += other.records
        for index in filled.indices {
            filled[index] += other.filled[index]
            items[index] += other.items[index]
        }
    }

    /// Counts the record `validator` has just evaluated (its slots and tape still hold it).
    mutating func count(_ validator: RecordValidator) {
        records += 1
        let plan = validator.plan
        // In bounds: JSON raw values are node indices of this tape; slot indices are `item × scopeStride +
        // slot` below the storage's reset size.
        validator.tape.nodes.withUnsafeBufferPointer { nodes in
            let values = ValueDecoder(nodes: nodes, bytes: UnsafeBufferPointer(start: nil, count: 0))
            for id in 0..<plan.fields.count {
                let field = plan.fields[id]
                if !validator.innerTally.isEmpty, field.listID >= 0 {
                    // Lists inside list items: their storage holds the last enclosing item's items,
                    // so their items and their fields' values are counted as they are evaluated.
                    if field.type == .list { items[id] += validator.innerTally[2 * id] }
                    if plan.fields[field.listID].listID >= 0 {
                        filled[id] += validator.innerTally[2 * id + 1]
                        continue
                    }
                }
                if field.listID < 0 {
                    if values.isPresent(validator.binding.rootSlots[field.slot]) { filled[id] += 1 }
                    if field.type == .list { items[id] += validator.binding.lists[id].count }
                } else {
                    let storage = validator.binding.lists[field.listID]
                    for item in 0..<storage.count where values.isPresent(storage.slots[item * field.scopeStride + field.slot]) {
                        filled[id] += 1
                    }
                }
            }
        }
    }
}
