/// The raw values and states of one scope's slots (the questionnaire's top level, or one
/// list's items), reused from record to record.
///
/// Plain memory owned by one ``RecordValidator``: writing a slot is a store, without the
/// copy-on-write uniqueness check an array in a class pays on every write.
final class SlotStorage {
    // In bounds: `reset(n)` makes room for `n` slots before the binding writes any; a list's storage is reset
    // to `items × itemSlotCount` (its own items' size) before its items are bound, and every index is `item ×
    // that stride + slot` with `item < items` and `slot < stride` (see `RecordBinding`). A list inside list
    // items once used its enclosing items' stride here: issue 20.
    /// Raw values, `count × slots per item` for lists.
    private(set) var slots: UnsafeMutableBufferPointer<RawValue>
    /// States, parallel to `slots`.
    private(set) var states: UnsafeMutableBufferPointer<FieldState>
    /// For list storage: the number of items in the current record.
    var count = 0
    /// For list storage: the item being evaluated, or -1. Fields of lists inside its items read
    /// the enclosing item's fields through it (`drivers[].birthDate` from `drivers[].documents[]`).
    var activeItem = -1

    /// Storage for `capacity` slots, all absent and pending.
    init(capacity: Int = 0) {
        slots = .allocate(capacity: max(capacity, 1))
        slots.initialize(repeating: .absent)
        states = .allocate(capacity: max(capacity, 1))
        states.initialize(repeating: .pending)
    }

    deinit {
        slots.deallocate()
        states.deallocate()
    }

    /// Makes the first `used` slots absent and pending, growing the storage when needed.
    func reset(_ used: Int) {
        if used > slots.count {
            slots.deallocate()
            states.deallocate()
            slots = .allocate(capacity: max(used, slots.count * 2))
            states = .allocate(capacity: slots.count)
        }
        // In bounds: the storage was grown above to hold at least `used` slots.
        UnsafeMutableBufferPointer(rebasing: slots[..<used]).initialize(repeating: .absent)
        UnsafeMutableBufferPointer(rebasing: states[..<used]).initialize(repeating: .pending)
    }
}
