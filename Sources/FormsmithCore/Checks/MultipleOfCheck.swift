import FormsmithValues

/// `multipleOf`: a number is a whole multiple of a step, exactly (`multipleOf: 0.05` for amounts
/// in 5-kopeck steps, `multipleOf: 1000` for a sum insured). A number kind (``NumberCheck``):
/// it narrows the number domain's step, so generation draws multiples of it within the range
/// and digits, satisfiability reports a range that holds none, and the labelled defect moves a
/// value off the step while keeping to the range, the digits and any other step.
enum MultipleOfCheck: ValueCheckKind {
    /// `multipleOf` as written.
    struct Written: WrittenKeys {
        var multipleOf: Located<String>?
    }

    /// The compiled check: its step, kept as data for generation and analysis.
    struct Step: NumberCheck {
        static let kind = CheckKind.multipleOf
        let step: ExactDecimal
        var rule: String { RuleIdentifier.multipleOf }
        var narrowings: [NumberDomain.Rule] { [.step(step)] }

        func narrow(_ domain: inout NumberDomain) {
            domain.narrow(step: step)
        }

        func violation(_ value: ExactDecimal) -> String? {
            value.isMultiple(of: step) ? nil : "must be a whole multiple of \(step)"
        }
    }

    static let rules = [
        CheckRule(id: RuleIdentifier.multipleOf, summary: "A number is not a whole multiple of the field's step."),
    ]

    static let keys = [
        CheckKey("multipleOf", types: [.integer, .decimal], .decimal, into: \.multipleOf,
                 "The step a number must be a whole multiple of, compared exactly (rule multiple-of): "
                 + "multipleOf: 0.05, multipleOf: 1000."),
    ]

    static let examples = [
        CheckDescription(
            rule: RuleIdentifier.multipleOf, summary: "A decimal is a whole multiple of `multipleOf`, exactly.",
            field: "{type: decimal, multipleOf: 0.05}", passing: ["0.15", "10", "-0.35", "0"], failing: ["0.151", "0.07"]),
        CheckDescription(
            rule: RuleIdentifier.multipleOf, summary: "An integer is a whole multiple of `multipleOf`.",
            field: "{type: integer, multipleOf: 1000}", passing: ["3000", "-2000"], failing: ["2500", "1001"]),
    ]

    static func compile(_ constraints: Constraints, at site: CheckSite, in state: CompilerState) -> ValueCheck? {
        guard let written = constraints.multipleOf, state.applies("multipleOf", written.location, to: site.rule)
        else { return nil }
        guard let step = ExactDecimal(written.value), !step.isNegative, !step.isZero else {
            state.problems.report("multipleOf must be a number above zero, such as 0.05 or 1000, found '\(written.value)'",
                                  at: written.location)
            return nil
        }
        return .number(Step(step: step))
    }

    /// Whole-number steps are written as `multipleOf`: python-jsonschema (check-jsonschema) and
    /// jsonschema-rs agree with Formsmith on them. A fractional step is not: python-jsonschema
    /// divides in binary floating point and rejects `0.15` for `multipleOf: 0.05`.
    static let jsonSchema: SchemaExpression = .partly(
        ["multipleOf"], notExpressed: "a fractional step (validators that divide in binary floating point reject "
            + "0.15 as a multiple of 0.05)")

    static func declaredRules(in constraints: Constraints, type: FieldType) -> [String] {
        constraints.multipleOf != nil ? [RuleIdentifier.multipleOf] : []
    }

    static func schemaKeywords(_ constraints: Constraints, type: FieldType, gap: (String, String) -> Void)
        -> [(String, JSONValue)]
    {
        guard let written = constraints.multipleOf, let step = ExactDecimal(written.value), !step.isZero,
              !step.isNegative
        else { return [] }
        guard step.isInteger else {
            gap(RuleIdentifier.multipleOf, "the fractional step \(step) (validators that divide in binary floating "
                + "point reject 0.15 as a multiple of 0.05)")
            return []
        }
        return [("multipleOf", step.int64.map(JSONValue.integer) ?? .number(step))]
    }

    static func explain(_ constraints: Constraints, for writer: ExplanationWriter) -> [ExplainedCheck] {
        guard let written = constraints.multipleOf else { return [] }
        let step = ExactDecimal(written.value)?.description ?? written.value
        return [ExplainedCheck(label: "step", body: "a whole multiple of \(step), compared exactly",
                               rules: [RuleIdentifier.multipleOf])]
    }
}

extension RuleIdentifier {
    /// A number is not a whole multiple of the field's step.
    public static let multipleOf = "multiple-of"
}

extension Constraints {
    /// The step a number must be a whole multiple of, as written (`0.05`).
    public var multipleOf: Located<String>? {
        get { self[MultipleOfCheck.self].multipleOf }
        set { self[MultipleOfCheck.self].multipleOf = newValue }
    }
}
