/// A child that a switch read after its parent can hide (``ParentNeeds/Child/lastReader``):
/// the parent, or what shows it, keeps its free share, and when it is empty the switch is
/// steered to hide the child (`sec11` shown when `e1 == 2 OR NOT sec7.b10 == TRUE`, holding a
/// child of `sec7.s8`: with `e1` 3 and `s8` empty, `b10` is true). Taken as needing the parent
/// whatever that switch would be, the parent and the fields it needs were always filled.
extension QuestionnaireBuilder {
    /// Whether the child `need`, judged with the fields of its scope filled through
    /// `filledThrough`, may be hidden by a value of its ``ParentNeeds/Child/lastReader`` not
    /// filled yet (the fields read after `filledThrough` other than it read as unknown, and
    /// the switch left empty when its own `visibleIf` is already false).
    func childMayBeHidden(_ need: ParentNeeds.Child, filledThrough: Int) -> Bool {
        guard let reader = need.lastReader, parentNeeds.position[reader] > filledThrough,
              let values = steerableValues(rules.fields[reader]) else { return false }
        let switchField = rules.fields[reader]
        guard switchField.listID == nil || (switchField.listID == currentList && currentItem >= 0) else { return false }
        let address = FieldAddress(field: reader, item: switchField.listID == nil ? -1 : currentItem)
        guard !value(of: reader).isPresent else { return false }
        let child = rules.fields[need.field]
        let read = (child.visibleIf?.referencedFields ?? []) + (switchField.visibleIf?.referencedFields ?? [])
        let unknown = read.filter { id in
            id != reader && rules.fields[id].listID == switchField.listID && parentNeeds.position[id] > filledThrough
        }
        let reading = UnknownFieldsEnvironment(base: environment, unknown: unknown)
        if switchField.visibleIf?.evaluateCondition(reading) == false { return false }
        defer { record.setValue(.absent, at: address, in: rules) }
        return values.contains { value in
            record.setValue(value, at: address, in: rules)
            return child.visibleIf?.evaluateCondition(reading) == false
        }
    }

    /// The position of the value (among `count`) to give the switch or enum `field`, drawn
    /// among those that hide every child whose ``ParentNeeds/Child/lastReader`` it is while
    /// that child's parent is empty; nil when no such parent is empty, or every value (or none)
    /// hides them.
    func childHidingChoice(_ field: CompiledField, address: FieldAddress, count: Int) -> Int? {
        let pairs = parentNeeds.childHiding[field.id]
        guard !pairs.isEmpty, !replaying, count > 1, count <= 64 else { return nil }
        let empty = pairs.filter { !isPresent($0.parent) }
        guard !empty.isEmpty else { return nil }
        let through = parentNeeds.position[field.id]
        return uniformFittingPosition(field, address: address, count: count) {
            empty.allSatisfy { !childNeedsParent(parentNeeds.children[$0.parent][$0.child], filledThrough: through) }
        }
    }
}
