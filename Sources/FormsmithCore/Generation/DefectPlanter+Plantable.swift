/// Which defects a questionnaire can carry at all. A defect kind is offered for a field only
/// when the field has the rule it breaks (`min` needs a lower bound, `max-items` a largest
/// count) and, for `required`, when the field is required in this questionnaire; defects the
/// rules make impossible to plant alone in any questionnaire are found once, before
/// generating, and listed (``UnplantableDefect``) instead of being tried and dropped.
extension DefectPlanter {
    /// Whether the field has the rule `kind` breaks, and (for `required`) is required here.
    func applies(_ kind: MutationKind, _ field: CompiledField, _ value: GeneratedValue, _ address: FieldAddress) -> Bool {
        if generator.plan.unplantable.contains(where: { $0.field == field.id && $0.kind == kind }) { return false }
        switch kind {
        case .required:
            // Removing a field that is not required here breaks nothing. (A member of an optional
            // or conditional section is left to the check after planting, unless it is optional
            // itself without requiredIf: the section never makes such a member required.)
            guard field.group < 0 else { return !field.isOptional || field.requiredIf != nil }
            if let condition = field.requiredIf {
                return inScope(address) { condition.evaluateCondition(builder.environment) == true }
            }
            return !field.isOptional
        case .min, .max:
            guard field.type != .date else {
                // A date written as an `allow` value (`0`) has no place on the calendar to move.
                guard case .date = value else { return false }
                let range = inScope(address) { builder.dateRange(field) }
                return (kind == .min ? range.low : range.high) != nil
            }
            return NumberChecks.narrows(field.checks, by: kind == .min ? .lower : .upper)
        case .minItems:
            return (ItemCountCheck.bounds(in: field.checks).min ?? 0) >= 2
        case .maxItems:
            guard let maximum = ItemCountCheck.bounds(in: field.checks).max else { return false }
            return field.type != .multiChoice || maximum < generator.plan.fields[field.id].enumValues.count
        default:
            return true
        }
    }
}

/// A defect the rules never let a questionnaire carry alone, with the reason: `generate` lists
/// these on standard error and in its summary rather than trying them.
public struct UnplantableDefect: Sendable, Equatable, CustomStringConvertible {
    /// The field's path, list indices folded (`drivers[].licenseNumber`).
    public let path: String
    /// The rule the defect would break.
    public let rule: String
    /// Why it cannot be planted alone.
    public let reason: String
    let field: Int
    let kind: MutationKind

    /// `insurant.documentNumber [parent]: ...`.
    public var description: String { "\(path) [\(rule)]: \(reason)" }

    /// The defects of `rules` that no questionnaire can carry alone.
    static func find(in rules: CompiledRuleSet) -> [UnplantableDefect] {
        var result: [UnplantableDefect] = []
        for field in rules.fields {
            result += numberDefects(of: field)
            let counted = field.type == .list || field.type == .multiChoice || (field.type == .attachment && field.isMultiple)
            if counted, ItemCountCheck.bounds(in: field.checks).min == 1 {
                let noun = field.type == .list ? "item" : field.type == .multiChoice ? "choice" : "file"
                result.append(UnplantableDefect(
                    path: field.path, rule: RuleIdentifier.minItems,
                    reason: "minItems is 1, and with no \(noun) at all the field is not filled, which is `required`, not `min-items`",
                    field: field.id, kind: .minItems))
            }
            // A field that names an always-required field as its parent and is always required
            // itself: emptying the parent breaks this one's `parent` too (or `required`, emptied).
            let alwaysRequired = { (other: CompiledField) in
                !other.isOptional && other.requiredIf == nil && other.visibleIf == nil && other.group < 0
            }
            for (position, parentID) in field.parents.enumerated()
            where alwaysRequired(field) && !field.parents[..<position].contains(parentID) {
                let parent = rules.fields[parentID]
                result.append(UnplantableDefect(
                    path: parent.path, rule: RuleIdentifier.required,
                    reason: "'\(field.path)' is always required and names it as its parent, so a questionnaire with it "
                        + "empty breaks that field's `parent` too",
                    field: parent.id, kind: .required))
            }
            if let defect = incompleteGroupDefect(of: field, in: rules) { result.append(defect) }
            if let parentID = field.parents.first {
                let parent = rules.fields[parentID]
                // Required whenever visible, and a filled parent is visible: emptied, it breaks
                // `required` too (its visibleIf reads other fields, which the defect leaves).
                let requiredWhenVisible = !parent.isOptional && parent.requiredIf == nil && parent.group < 0
                if requiredWhenVisible {
                    let how = parent.visibleIf == nil ? "always required" : "required whenever it is visible (and a filled "
                        + "parent is visible)"
                    result.append(UnplantableDefect(
                        path: field.path, rule: RuleIdentifier.parent,
                        reason: "its parent '\(parent.path)' is \(how), so a questionnaire with the parent empty "
                            + "breaks `required` too",
                        field: field.id, kind: .parent))
                }
            }
        }
        return result
    }

    /// `incomplete-group` on a member of an all-or-none section that its own rules always
    /// require (not `optional`, no `requiredIf`): emptied while another member is filled, it is
    /// reported as `required` (the section is required once any member is filled, or always),
    /// never as `incomplete-group`.
    private static func incompleteGroupDefect(of field: CompiledField, in rules: CompiledRuleSet) -> UnplantableDefect? {
        guard field.group >= 0, rules.groups[field.group].isComplete, !field.isOptional, field.requiredIf == nil
        else { return nil }
        let section = rules.groups[field.group].path
        return UnplantableDefect(
            path: field.path, rule: RuleIdentifier.incompleteGroup,
            reason: "section '\(section)' is all or none (complete: true), but the field is required itself (not optional, "
                + "no requiredIf), so emptying it while another field of the section is filled breaks `required`, not "
                + "`incomplete-group`",
            field: field.id, kind: .incompleteGroup)
    }
}
