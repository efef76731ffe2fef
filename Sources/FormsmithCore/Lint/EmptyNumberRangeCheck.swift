/// `empty-number-range`: an integer or decimal field whose fixed bounds leave no number at its
/// precision, so every value is rejected: `greaterThan: 4, max: 4.5` on an integer (no whole
/// number lies above 4 and at most 4.5), `min: 0.51, max: 0.59` with `fractionDigits: 1`, or
/// `min: 1, max: 4, multipleOf: 5`.
///
/// The rule implemented: the field's own number rules (fixed bounds, `fractionDigits`, steps,
/// the type's whole numbers) narrow one domain, the one `generate` draws from
/// (``SatisfiabilityAnalysis/checkNumberDomain(_:)``); an empty domain is reported at the
/// field. A lower end above the upper one (`min: 5, max: 1`, `greaterThan: 5, max: 5`) is
/// already an `invalid-rules` error of the compiler; bounds that read today or another field
/// are left to `empty-window` and to each questionnaire.
struct EmptyNumberRangeCheck: LintCheck {
    let rule = LintRule(
        id: "empty-number-range", severity: .error,
        summary: "An integer or decimal field whose bounds hold no number at its precision (`greaterThan: 4, max: 4.5` on an integer): every value is rejected.",
        triggering: [
            "fields:\n  n: {type: integer, greaterThan: 4, max: 4.5}\n",
            "fields:\n  n: {type: integer, min: 4.5, max: 4.9}\n",
            "fields:\n  d: {type: decimal, fractionDigits: 1, min: 0.51, max: 0.59}\n",
            "fields:\n  n: {type: integer, min: 1, max: 4, multipleOf: 5}\n",
        ],
        nonTriggering: [
            "fields:\n  n: {type: integer, greaterThan: 4, max: 5}\n",
            "fields:\n  n: {type: integer, min: 4.5, max: 5.5}\n",
            "fields:\n  d: {type: decimal, greaterThan: 0, max: 0.01, fractionDigits: 2}\n",
        ])
    let needsCompiledRules = true

    func findings(in context: LintContext) -> [LintFinding] {
        var findings: [LintFinding] = []
        for field in context.valueFields where field.type == .integer || field.type == .decimal {
            guard let compiled = context.compiledField(field.path) else { continue }
            do {
                try SatisfiabilityAnalysis.checkNumberDomain(compiled)
            } catch {
                findings.append(rule.finding(
                    "the range of '\(field.path)' holds no value: \(error.message), so every value will be "
                    + "rejected; widen the bounds or change the type or fractionDigits", at: field.location))
            }
        }
        return findings
    }
}
