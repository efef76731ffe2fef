/// Sections checked as a whole: an `optional` or `requiredIf` section whose fields may all be
/// left empty, and an "all or none" (`complete`) section.
extension RecordValidator {
    /// Whether the fields of `id`'s section are required: the section is required (its
    /// `requiredIf` holds) or some field of it is filled.
    func isGroupRequired(_ id: Int) -> Bool {
        let group = rules.groups[plan.fields[id].group]
        guard group.isConditional else { return true }
        let requiredIf = plan.fields[id].groupRequiredIf
        if requiredIf >= 0, condition(requiredIf) == true { return true }
        return isAnyFilled(group)
    }

    /// Whether some field of the section is filled.
    func isAnyFilled(_ group: CompiledGroup) -> Bool {
        group.members.contains { isPresent(slot(of: $0).raw) }
    }

    /// Reports each visible, empty field of an "all or none" section some of whose fields are
    /// filled, for the sections of the current scope (the questionnaire, or the current item of
    /// list `listID`).
    func checkCompleteGroups(listID: Int, item: Int) {
        for group in rules.groups where group.listID == listID && group.isComplete && isAnyFilled(group) {
            let filled = group.members.filter { isPresent(slot(of: $0).raw) }
            for id in group.members where slot(of: id).state == .absent {
                let visibleIf = plan.fields[id].visibleIf
                if visibleIf >= 0, condition(visibleIf) != true { continue }
                let field = rules.fields[id]
                let names = filled.map { rules.fields[$0].name }.joined(separator: ", ")
                report(field, path(of: field, item: item), RuleIdentifier.incompleteGroup,
                       "must be filled: section '\(ConcretePath(template: group.path, item: item))' is all or none (complete: true) and \(names) "
                       + "\(filled.count == 1 ? "is" : "are") filled; fill it or leave the whole section empty", nil)
            }
        }
    }
}
