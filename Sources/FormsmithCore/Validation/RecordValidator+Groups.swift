/// Sections checked as a whole, once the fields of their scope (the questionnaire, or one list
/// item) are evaluated: an `optional` or `requiredIf` section whose fields may all be left
/// empty, and an "all or none" (`complete`) section.
///
/// `evaluate` treats the fields of an `optional` or `requiredIf` section as optional (the
/// plan says so), which keeps the per-field hot path as it is without sections; this step
/// then reports `required` for those that are required by their own rules while their section
/// is required (its `requiredIf` holds, or some field of it is filled).
extension RecordValidator {
    /// Checks the sections of the current scope: the questionnaire (`listID` -1) or item
    /// `item` of list `listID`.
    func checkGroups(listID: Int, item: Int) {
        for group in rules.groups where group.listID == listID {
            if group.isConditional { checkRequiredMembers(of: group, item: item) }
            if group.isComplete { checkComplete(group, item: item) }
        }
    }

    /// Whether some field of the section is filled.
    func isAnyFilled(_ group: CompiledGroup) -> Bool {
        group.members.contains { values.isPresent(slot(of: $0).raw) }
    }

    /// Reports each visible, empty field of a required conditional section that its own rules
    /// require.
    private func checkRequiredMembers(of group: CompiledGroup, item: Int) {
        guard let first = group.members.first else { return }
        let requiredIf = plan.fields[first].groupRequiredIf
        let anyFilled = isAnyFilled(group)
        guard anyFilled || (requiredIf >= 0 && condition(requiredIf) == true) else { return }
        for id in group.members where slot(of: id).state == .absent {
            let ownRequiredIf = plan.fields[id].ownRequiredIf
            let required = ownRequiredIf >= 0 ? condition(ownRequiredIf) : !plan.fields[id].ownOptional
            guard required == true else { continue }
            let visibleIf = plan.fields[id].visibleIf
            if visibleIf >= 0, condition(visibleIf) != true { continue }
            let field = rules.fields[id]
            report(field, path(of: field, item: item), RuleIdentifier.required,
                   requiredMessage(field, section: group, item: item, anyFilled: anyFilled), nil)
            binding.setState(.invalid, of: id, item: item)
        }
    }

    /// Reports each visible, empty field of an "all or none" section some of whose fields are filled.
    private func checkComplete(_ group: CompiledGroup, item: Int) {
        guard isAnyFilled(group) else { return }
        let filled = group.members.filter { values.isPresent(slot(of: $0).raw) }
        for id in group.members where slot(of: id).state == .absent {
            let visibleIf = plan.fields[id].visibleIf
            if visibleIf >= 0, condition(visibleIf) != true { continue }
            let field = rules.fields[id]
            let names = filled.map { rules.fields[$0].name }.joined(separator: ", ")
            report(field, path(of: field, item: item), RuleIdentifier.incompleteGroup,
                   "must be filled: section '\(itemPath(group.path, list: group.listID, item: item))' is all or none "
                   + "(complete: true) and \(names) \(filled.count == 1 ? "is" : "are") filled; fill it or leave "
                   + "the whole section empty", nil)
            binding.setState(.invalid, of: id, item: item)
        }
    }

    /// Why a field of a required conditional section is required: its own `requiredIf`, or
    /// the section's (some field of it filled, or its `requiredIf` true).
    private func requiredMessage(_ field: CompiledField, section group: CompiledGroup, item: Int,
                                 anyFilled: Bool) -> String {
        if !field.requiredIfSource.isEmpty { return ViolationWording.requiredMessage(field) }
        guard !anyFilled, let section = rules.ruleSet.field(at: group.path), let requiredIf = section.requiredIf else {
            return "is required"
        }
        return "is required because section '\(itemPath(group.path, list: group.listID, item: item))' is required: "
            + "\(PredicateText.quoted(requiredIf.value)) is true"
    }
}
