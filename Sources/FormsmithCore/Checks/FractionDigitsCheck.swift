/// `fractionDigits`: a decimal has at most so many digits after the point.
enum FractionDigitsCheck: ValueCheckKind {
    static let keys = [CheckKey(name: "fractionDigits", types: [.decimal])]

    static let examples = [
        CheckDescription(
            rule: RuleIdentifier.fractionDigits, summary: "A decimal has at most `fractionDigits` digits after the point.",
            field: "{type: decimal, fractionDigits: 2}", passing: ["10.25", "3"], failing: ["10.255"]),
    ]

    static func compile(_ constraints: Constraints, at site: CheckSite, in state: CompilerState) -> ValueCheck? {
        guard let digits = constraints.fractionDigits, state.applies("fractionDigits", digits.location, to: site.rule)
        else { return nil }
        if digits.value < 0 { state.problems.report("fractionDigits cannot be negative", at: digits.location) }
        return .fractionDigits(digits.value)
    }

    static func explain(_ constraints: Constraints, for writer: ExplanationWriter) -> [ExplainedCheck] {
        guard let digits = constraints.fractionDigits else { return [] }
        return [ExplainedCheck(label: "digits",
                               body: "at most \(digits.value) digit\(digits.value == 1 ? "" : "s") after the decimal point",
                               rules: [RuleIdentifier.fractionDigits])]
    }
}

extension RecordValidator {
    /// Words a number with more than `digits` digits after the point.
    func checkFractionDigits(_ digits: Int, _ number: NumberLiteral, _ field: CompiledField, _ path: ConcretePath,
                             _ raw: RawValue) {
        if number.fractionDigits > digits {
            report(field, path, RuleIdentifier.fractionDigits, "must have at most \(digits) digits after the decimal point", raw)
        }
    }
}

extension PlanBuilder {
    /// The fast step: at most `digits` digits after the point.
    func fractionDigitsStep(_ digits: Int) -> CheckStep {
        var step = CheckStep(kind: .fractionDigits)
        step.maximum = digits
        return step
    }
}
