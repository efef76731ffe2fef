/// Sections checked as a whole, generated valid by construction: each questionnaire decides
/// once per section (at its first field, when what its `requiredIf` reads is known) whether
/// the section is left empty, filled field by field, or filled wholly (`complete: true`).
extension QuestionnaireBuilder {
    /// What a questionnaire does with one section checked as a whole.
    enum GroupChoice: UInt8 {
        /// Not decided yet in this questionnaire.
        case undecided
        /// Every field left empty (the section is optional or not required now).
        case empty
        /// Fields filled by their own requiredness (required ones always, optional ones by chance).
        case fieldByField
        /// Every visible field filled (an "all or none" section that is filled).
        case whole
    }

    /// The choice for the section of `field` (which must belong to one, filled in the item
    /// `item`), decided on first use.
    func groupChoice(for field: CompiledField, item: Int) -> GroupChoice {
        let index = field.group
        if groupChoices[index] != .undecided { return groupChoices[index] }
        let group = rules.groups[index]
        let filled: GroupChoice = group.isComplete ? .whole : .fieldByField
        let choice: GroupChoice
        if field.groupRequiredIf?.evaluateCondition(environment) == true {
            choice = filled
        } else if group.canBeEmpty {
            if groupHidesNeededParent(index, filling: field.id) {
                choice = .empty
            } else if groupHoldsNeededParent(index, filling: field.id) || groupHoldsParentDecider(index, item: item) {
                choice = filled
            } else if groupMissesParent(index, filled: filled) || groupHoldsNeverValid(index, filled: filled) {
                choice = .empty
            } else {
                choice = wantsGroupFilled(index) ? filled : .empty
            }
        } else {
            choice = filled
        }
        groupChoices[index] = choice
        return choice
    }

    /// Whether the section `index` holds a parent hidden by a `visibleIf` already decided (every
    /// field it reads filled before the section: `n11` shown only when `$d1 > 4`, `d1` drawn 2)
    /// while a child of it in the section, or in a list inside it, would be required: the
    /// section is then left empty. Filled (it held a needed parent), the child could not be,
    /// and the questionnaire was rebuilt (random form 90012).
    func groupHidesNeededParent(_ index: Int, filling: Int) -> Bool {
        let start = parentNeeds.position[filling]
        for member in rules.groups[index].members where !parentNeeds.children[member].isEmpty {
            let parent = rules.fields[member]
            guard let shown = parent.visibleIf else { continue }
            let decided = shown.referencedFields.allSatisfy { id in
                let read = rules.fields[id]
                if read.listID == parent.listID { return parentNeeds.position[id] >= 0 && parentNeeds.position[id] < start }
                // A field of an enclosing scope is filled before the items that read it.
                var list = parent.listID
                while let current = list {
                    if read.listID == rules.fields[current].listID { return true }
                    list = rules.fields[current].listID
                }
                return false
            }
            guard decided, shown.evaluateCondition(environment) == false else { continue }
            for need in parentNeeds.children[member] where insideGroup(need.field, index) {
                if childNeedsParent(need, filledThrough: start - 1) { return true }
            }
        }
        return false
    }

    /// Whether the field lies in the section `index`, or in a list or section inside it.
    func insideGroup(_ id: Int, _ index: Int) -> Bool {
        var current: Int? = id
        while let field = current {
            if rules.fields[field].group == index { return true }
            current = rules.fields[field].listID
        }
        return false
    }

    /// Whether the section `index`, about to be left empty, holds a field that decides whether
    /// a parent is visible (``ParentNeeds/visibilitySteering``) and, left empty, hides it while
    /// a child of it is required and visible (``filledForParentVisibility``): the section is
    /// then filled, and the field made to show the parent. Left empty, it hid the parent and the
    /// questionnaire was rebuilt (`sec5.s6 CONTAINS 'b'` showing the parent, `sec5` optional).
    func groupHoldsParentDecider(_ index: Int, item: Int) -> Bool {
        rules.groups[index].members.contains { member in
            !parentNeeds.visibilitySteering[member].isEmpty
                && filledForParentVisibility(rules.fields[member], address: FieldAddress(field: member, item: item))
        }
    }

    /// Whether the section `index`, about to be filled (`filled`: field by field or wholly),
    /// holds a member that would be required and visible while no valid questionnaire holds it
    /// (``NeverShown``: its `parent` or `visibleIf` never lets it be there, or a list none of
    /// whose items can be valid, which left empty does not meet `required` either): the section
    /// is then left empty when it may be. Filled, it could not be valid, and the questionnaire
    /// was rebuilt (`sec22` optional, its required list `lst24`'s items needing `s26`, whose
    /// parent is shown only when a twenty-digit mask `CONTAINS 'é'`: 183 of 200). A condition
    /// that cannot be read yet is taken as holding.
    func groupHoldsNeverValid(_ index: Int, filled: GroupChoice) -> Bool {
        for member in rules.groups[index].members {
            let child = rules.fields[member]
            // A member whose own `visibleIf` is never true is never required either.
            let never = child.parents.contains { plan.neverShown.fields[$0] != nil }
                || (child.items != nil && plan.neverShown.items[member] != nil && plan.neverShown.fields[member] == nil)
            guard never else { continue }
            let visible = child.visibleIf?.evaluateCondition(environment) ?? true
            let required = filled == .whole
                || (child.requiredIf.map { $0.evaluateCondition(environment) ?? true } ?? !child.isOptional)
            if visible && required { return true }
        }
        return false
    }
}
