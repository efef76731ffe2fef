/// `minLength` / `maxLength`: a string's length in Unicode scalars.
enum LengthCheck: ValueCheckKind {
    static let keys = [CheckKey(name: "minLength", types: [.string, .text]),
                       CheckKey(name: "maxLength", types: [.string, .text])]

    static let examples = [
        CheckDescription(
            rule: RuleIdentifier.minLength, summary: "A string has at least `minLength` characters (Unicode scalars).",
            field: "{type: string, minLength: 3}", passing: ["\"abc\"", "\"Ёлка\""], failing: ["\"ab\"", "\"Ё\""]),
        CheckDescription(
            rule: RuleIdentifier.maxLength, summary: "A string has at most `maxLength` characters (Unicode scalars).",
            field: "{type: string, maxLength: 3}", passing: ["\"abc\"", "\"Ёжи\""], failing: ["\"abcd\"", "\"Ёжики\""]),
    ]

    static func compile(_ constraints: Constraints, at site: CheckSite, in state: CompilerState) -> ValueCheck? {
        guard let (minimum, maximum) = state.countBounds(constraints.minLength, constraints.maxLength,
                                                         ("minLength", "maxLength"), of: site.rule)
        else { return nil }
        return .length(min: minimum, max: maximum)
    }

    static func explain(_ constraints: Constraints, for writer: ExplanationWriter) -> [ExplainedCheck] {
        guard let counted = CheckPhrases.count(constraints.minLength?.value, constraints.maxLength?.value) else { return [] }
        let rules = counted.ends.map { $0 == "min" ? RuleIdentifier.minLength : RuleIdentifier.maxLength }
        return [ExplainedCheck(label: "length",
                               body: counted.text + CheckPhrases.noun("character", counted.text) + " (Unicode scalars)",
                               rules: rules)]
    }
}

extension RecordValidator {
    /// Words a length outside `minimum...maximum`.
    func checkLength(_ minimum: Int?, _ maximum: Int?, _ text: UnsafeBufferPointer<UInt8>, _ field: CompiledField,
                     _ path: ConcretePath, _ raw: RawValue) {
        let length = Self.scalarCount(text)
        if let minimum, length < minimum {
            report(field, path, RuleIdentifier.minLength,
                   "must be at least \(minimum) characters long (it has \(length))", raw)
        }
        if let maximum, length > maximum {
            report(field, path, RuleIdentifier.maxLength,
                   "must be at most \(maximum) characters long (it has \(length))", raw)
        }
    }
}

extension PlanBuilder {
    /// The fast step: the length is within bounds (executed in `RecordValidator+Steps.swift`).
    func lengthStep(_ minimum: Int?, _ maximum: Int?) -> CheckStep {
        var step = CheckStep(kind: .length)
        step.minimum = minimum ?? Int.min
        step.maximum = maximum ?? Int.max
        return step
    }
}
