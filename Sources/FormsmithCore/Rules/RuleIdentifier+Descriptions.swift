/// One-line descriptions of the rule identifiers, for reports that describe their rules
/// (the `rules` of a SARIF report).
extension RuleIdentifier {
    /// What breaking rule `id` means; assertion rules named by a rule set get a generic text.
    public static func summary(of id: String) -> String {
        if let rule = CheckKind.rule(id) { return rule.summary }
        switch id {
        case required: return "A required field is absent or empty."
        case type: return "A value has the wrong JSON type or cannot be read as the field's type."
        case visibility: return "A field is filled although its visibility condition is false."
        case parent: return "A field is filled although a field it depends on is empty."
        case incompleteGroup: return "A field of an all-or-none section (complete: true) is empty while others are filled."
        case unknownField: return "A field (or CSV column) that the rules do not declare."
        case duplicateField: return "The same field appears twice in one object (or CSV header)."
        case assertion: return "A cross-field assertion of the rule set does not hold."
        case unreadable: return "A questionnaire (or input) could not be read at all."
        default: return "The cross-field assertion '\(id)' of the rule set does not hold."
        }
    }
}

extension RuleIdentifier {
    /// Every rule identifier the engine itself may report (besides the names rule authors give
    /// their assertions): the field rules, each check kind's rules, the project's routing
    /// rules and `unreadable`. The README's list of stable identifiers is compared with it.
    package static let reported: [String] = [required, type]
        + CheckKind.allCases.flatMap { $0.definition.rules.map(\.id) }
        + [visibility, parent, incompleteGroup, unknownField, duplicateField, assertion,
           RecordRouter.formMissing, RecordRouter.formUnknown, unreadable]
}
