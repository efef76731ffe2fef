/// `default-value`: a field's `default:` that fails the field's own checks, so that a new
/// questionnaire would start invalid (and `generate --use-defaults` could not use it).
///
/// The default is checked as the field's value with every other field unknown (cases and
/// bounds that read other fields are skipped), like a seed word.
struct DefaultValueCheck: LintCheck {
    let rule = LintRule(
        id: "default-value", severity: .error,
        summary: "A field's default (its initial value) that fails the field's own checks (type, regex, mask, range, values...).",
        triggering: [
            "fields:\n  plate: {type: string, mask: 'S000SS', default: 'A12BC'}\n",
            "fields:\n  power: {type: integer, min: 10, max: 500, default: 5}\n",
            "fields:\n  term: {type: enum, values: [3, 6, 12], default: 9}\n",
            "fields:\n  extras: {type: multi-choice, values: [glass, theft], default: [glass, fire]}\n",
        ],
        nonTriggering: [
            "fields:\n  plate: {type: string, mask: 'S000SS', default: 'A123BC'}\n",
            "fields:\n  term: {type: enum, values: [3, 6, 12], default: 12}\n",
            "fields:\n  extras: {type: multi-choice, values: [glass, theft], default: [glass]}\n",
            "fields:\n  agree: {type: boolean, const: true, default: true}\n",
        ])
    let needsCompiledRules = true

    func findings(in context: LintContext) -> [LintFinding] {
        guard let compiled = context.compiled else { return [] }
        let validator = RecordValidator(rules: compiled)
        return context.valueFields.compactMap { field in
            guard let initial = field.defaultValue, let id = compiled.fieldIDs[field.path],
                  let violation = validator.violations(ofText: initial.value.description, field: id).first
            else { return nil }
            return rule.finding("the default '\(initial.value)' of '\(field.path)' fails its checks "
                                + "(\(violation.rule): \(violation.message)); correct the default or remove it",
                                at: initial.location)
        }
    }
}
