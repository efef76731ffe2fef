/// A compiled check on a list field's items (`minItems` / `maxItems`), compiled as
/// ``ValueCheck/list(_:)``: the validator, the generator, the CSV column map and the defect
/// planter reach it only through this protocol, in the check's own kind file.
protocol ListCheck: CompiledCheck {
    /// Narrows `items` to the item counts the check allows.
    func narrow(_ items: inout ItemBounds)

    /// Checks a list's item count.
    func checkItems(_ count: Int, _ field: CompiledField, _ path: ConcretePath, in validator: RecordValidator)
}

extension ItemBounds {
    /// The item counts a list's checks (or a case's) allow.
    init(list checks: [ValueCheck]) {
        self.init()
        for case .list(let check) in checks { check.narrow(&self) }
    }
}
