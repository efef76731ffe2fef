import FormsmithValues

/// `fractionDigits`: a decimal has at most so many digits after the point.
enum FractionDigitsCheck: ValueCheckKind {
    /// `fractionDigits` as written.
    struct Written: WrittenKeys {
        var fractionDigits: Located<Int>?
    }

    static let rules = [
        CheckRule(id: RuleIdentifier.fractionDigits, summary: "A decimal has more digits after the point than the field allows."),
    ]

    static let keys = [
        CheckKey("fractionDigits", types: [.decimal], .count, into: \.fractionDigits,
                 "The most significant digits after the decimal point of a decimal (rule fraction-digits); "
                 + "trailing zeros do not count: 10.50 has 1."),
    ]

    static let examples = [
        CheckDescription(
            rule: RuleIdentifier.fractionDigits, summary: "A decimal has at most `fractionDigits` digits after the point.",
            field: "{type: decimal, fractionDigits: 2}", passing: ["10.25", "3"], failing: ["10.255"]),
    ]

    /// The compiled check, a number kind (``NumberCheck``): it narrows the domain's scale, so
    /// generation writes at most so many digits and the labelled defect adds one.
    struct Digits: NumberCheck {
        static let kind = CheckKind.fractionDigits
        let digits: Int
        var rule: String { RuleIdentifier.fractionDigits }
        var narrowings: [NumberDomain.Rule] { [.fractionDigits] }

        func narrow(_ domain: inout NumberDomain) {
            domain.narrow(fractionDigits: digits)
        }

        func violation(_ value: ExactDecimal) -> String? {
            value.fractionDigits > digits ? "must have at most \(Counted.phrase(digits, "digit")) after the decimal point" : nil
        }

        func fastStep(in plan: inout PlanBuilder) -> CheckStep? { plan.fractionDigitsStep(digits) }
    }

    static func compile(_ constraints: Constraints, at site: CheckSite, in state: CompilerState) -> ValueCheck? {
        guard let digits = constraints.fractionDigits, state.applies("fractionDigits", digits.location, to: site.rule)
        else { return nil }
        if digits.value < 0 { state.problems.report("fractionDigits cannot be negative", at: digits.location) }
        return .number(Digits(digits: digits.value))
    }

    static let jsonSchema: SchemaExpression = .none("digits after the point (multipleOf is unreliable for decimal fractions in binary floating point)")

    static func declaredRules(in constraints: Constraints, type: FieldType) -> [String] {
        return constraints.fractionDigits != nil ? [RuleIdentifier.fractionDigits] : []
    }

    static func explain(_ constraints: Constraints, for writer: ExplanationWriter) -> [ExplainedCheck] {
        guard let digits = constraints.fractionDigits else { return [] }
        return [ExplainedCheck(label: "digits",
                               body: "at most \(Counted.phrase(digits.value, "digit")) after the decimal point",
                               rules: [RuleIdentifier.fractionDigits])]
    }
}

extension RuleIdentifier {
    /// A decimal has more digits after the point than allowed.
    public static let fractionDigits = "fraction-digits"
}

extension Constraints {
    /// Largest number of digits after the decimal point.
    public var fractionDigits: Located<Int>? {
        get { self[FractionDigitsCheck.self].fractionDigits }
        set { self[FractionDigitsCheck.self].fractionDigits = newValue }
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

extension DefectPlanter {
    /// A decimal with one digit more after the point than `fractionDigits` allows, inside
    /// every other rule of the field (see ``NumberDomain/outside(breaking:near:scale:)``).
    func tooManyFractionDigits(_ field: CompiledField, _ value: GeneratedValue, _ address: FieldAddress) -> GeneratedValue? {
        numberDefect(.fractionDigits, field, value, address)
    }
}
