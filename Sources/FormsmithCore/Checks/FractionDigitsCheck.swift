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

    static func compile(_ constraints: Constraints, at site: CheckSite, in state: CompilerState) -> ValueCheck? {
        guard let digits = constraints.fractionDigits, state.applies("fractionDigits", digits.location, to: site.rule)
        else { return nil }
        if digits.value < 0 { state.problems.report("fractionDigits cannot be negative", at: digits.location) }
        return .fractionDigits(digits.value)
    }

    /// The fewest fraction digits any `fractionDigits` check in `checks` allows (what generated
    /// decimals must keep to); nil without one.
    static func limit(in checks: [ValueCheck]) -> Int? {
        var digits: Int?
        for case .fractionDigits(let limit) in checks { digits = min(digits ?? limit, limit) }
        return digits
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

extension RecordValidator {
    /// Words a number with more than `digits` digits after the point.
    func checkFractionDigits(_ digits: Int, _ number: ExactDecimal, _ field: CompiledField, _ path: ConcretePath,
                             _ raw: RawValue) {
        if number.fractionDigits > digits {
            report(field, path, RuleIdentifier.fractionDigits, "must have at most \(Counted.phrase(digits, "digit")) after the decimal point", raw)
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

extension DefectPlanter {
    /// A decimal with one digit more after the point than `fractionDigits` allows, inside
    /// every other rule of the field (see ``NumberDomain/outside(breaking:near:scale:)``).
    func tooManyFractionDigits(_ field: CompiledField, _ value: GeneratedValue, _ address: FieldAddress) -> GeneratedValue? {
        numberDefect(.fractionDigits, field, value, address)
    }
}
