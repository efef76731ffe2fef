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

    /// The choice for the section of `field` (which must belong to one), decided on first use.
    func groupChoice(for field: CompiledField) -> GroupChoice {
        let index = field.group
        if groupChoices[index] != .undecided { return groupChoices[index] }
        let group = rules.groups[index]
        let filled: GroupChoice = group.isComplete ? .whole : .fieldByField
        let choice: GroupChoice
        if field.groupRequiredIf?.evaluateCondition(environment) == true {
            choice = filled
        } else if group.canBeEmpty {
            if groupHoldsNeededParent(index, filling: field.id) {
                choice = filled
            } else if groupMissesParent(index, filled: filled) {
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
}
