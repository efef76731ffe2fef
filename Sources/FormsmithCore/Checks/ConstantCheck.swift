/// `const`: the only acceptable value (a consent box must be `true`). The validator compares
/// by type (booleans, text, integers, enums) and words the violation here.
enum ConstantCheck: ValueCheckKind {
    static let keys = [CheckKey(name: "const", types: [.boolean, .string, .text, .integer, .enumeration])]

    static let examples = [
        CheckDescription(
            rule: RuleIdentifier.constant, summary: "The value must be exactly `const` (a consent box must be true).",
            field: "{type: boolean, const: true}", passing: ["true"], failing: ["false"]),
    ]

    static func compile(_ constraints: Constraints, at site: CheckSite, in state: CompilerState) -> ValueCheck? {
        guard let constant = constraints.constant, state.applies("const", constant.location, to: site.rule) else { return nil }
        return .constant(constant.value)
    }

    static func explain(_ constraints: Constraints, for writer: ExplanationWriter) -> [ExplainedCheck] {
        guard let constant = constraints.constant else { return [] }
        return [ExplainedCheck(label: "const", body: "must be exactly \(constant.value)", rules: [RuleIdentifier.constant])]
    }
}

extension RecordValidator {
    /// Words a value other than `expected`; text and enum values are quoted (`must be 'yes'`).
    func reportConstant(_ expected: EnumValue, quoted: Bool, _ field: CompiledField, _ path: ConcretePath,
                        _ raw: RawValue) {
        report(field, path, RuleIdentifier.constant, quoted ? "must be '\(expected)'" : "must be \(expected)", raw)
    }
}
