import FormsmithValues
import Yams

/// `const`: the only acceptable value (a consent box must be `true`). The validator compares
/// by type (booleans, text, integers, enums) and words the violation here.
enum ConstantCheck: ValueCheckKind {
    /// `constant` as written.
    struct Written: WrittenKeys {
        var constant: Located<EnumValue>?
    }

    /// The compiled check on a boolean or enum field (a choice check): the one value.
    struct Choice: ChoiceCheck {
        static let kind = CheckKind.constant
        let value: EnumValue

        func narrow(_ domain: inout ChoiceDomain) { domain.constant = value }

        func checkEnumeration(_ raw: RawValue, _ field: CompiledField, _ path: ConcretePath,
                              in validator: RecordValidator) -> Bool {
            if validator.values.displayValue(raw) != value.description {
                validator.reportConstant(value, quoted: true, field, path, raw)
            }
            return true
        }

        func checkBoolean(_ flag: Bool, _ field: CompiledField, _ path: ConcretePath, _ raw: RawValue,
                          in validator: RecordValidator) {
            if value != .boolean(flag) { validator.reportConstant(value, quoted: false, field, path, raw) }
        }
    }

    /// The compiled check on a string or text field: the one acceptable text.
    struct Text: TextCheck {
        static let kind = CheckKind.constant
        let expected: EnumValue
        /// `expected` as UTF-8, compared with each value without converting it again.
        let bytes: [UInt8]

        init(_ expected: EnumValue) {
            self.expected = expected
            bytes = Array(expected.description.utf8)
        }

        func check(_ text: UnsafeBufferPointer<UInt8>, _ field: CompiledField, _ path: ConcretePath, _ raw: RawValue,
                   by validator: RecordValidator) {
            if !bytes.elementsEqual(text) { validator.reportConstant(expected, quoted: true, field, path, raw) }
        }

        /// Generated text is the constant itself.
        func require(_ requirements: inout TextRequirements) {
            requirements.constant = bytes
        }

        /// None of its own: `const` is one rule across value types, and its defect is the
        /// planter's ``MutationKind/constant`` (offered for a text field with a `const` by
        /// ``DefectPlanter/textDefects(_:_:)``, planted by ``DefectPlanter/otherConstant(_:_:_:)``).
        func defects(in requirements: TextRequirements) -> [TextDefect] { [] }

        func broken(_ defect: TextDefect, _ value: GeneratedValue, _ field: CompiledField, _ address: FieldAddress,
                    by planter: DefectPlanter, random: inout SeededRandom) -> GeneratedValue? { nil }
    }

    static let rules = [
        CheckRule(id: RuleIdentifier.constant, summary: "A value is not the field's one required value."),
    ]

    static let keys = [
        CheckKey("const", types: [.boolean, .string, .text, .integer, .enumeration], .scalar, into: \.constant,
                 "The only acceptable value (rule const): const: true for a consent box."),
    ]

    static let examples = [
        CheckDescription(
            rule: RuleIdentifier.constant, summary: "The value must be exactly `const` (a consent box must be true).",
            field: "{type: boolean, const: true}", passing: ["true"], failing: ["false"]),
    ]

    /// The compiled `const` of an integer field, a number kind (``NumberCheck``): it narrows the
    /// domain to its one value (``NumberDomain/narrow(constant:)``), so generation writes that
    /// value when the field's other rules allow it and reports the field as unsatisfiable when
    /// they do not, and its labelled defect is another value every other rule allows.
    struct Number: NumberCheck {
        static let kind = CheckKind.constant
        /// As written (a `const` that is not a whole number checks nothing on an integer field).
        let expected: EnumValue
        var rule: String { RuleIdentifier.constant }

        var narrowings: [NumberDomain.Rule] {
            guard case .integer = expected else { return [] }
            return [.constant]
        }

        func narrow(_ domain: inout NumberDomain) {
            guard case .integer(let value) = expected else { return }
            domain.narrow(constant: ExactDecimal(value))
        }

        func violation(_ value: ExactDecimal) -> String? {
            guard case .integer(let wanted) = expected, value.int64 != wanted else { return nil }
            return "must be \(expected)"
        }
    }

    static func compile(_ constraints: Constraints, at site: CheckSite, in state: CompilerState) -> ValueCheck? {
        guard let constant = constraints.constant, state.applies("const", constant.location, to: site.rule) else { return nil }
        switch site.rule.type {
        case .boolean, .enumeration: return .choice(Choice(value: constant.value))
        case .integer, .decimal: return .number(Number(expected: constant.value))
        case .string, .text: return .text(Text(constant.value))
        default: return nil  // `state.applies` has refused the key on any other type
        }
    }

    static let jsonSchema: SchemaExpression = .keywords(["const"])

    static func declaredRules(in constraints: Constraints, type: FieldType) -> [String] {
        return constraints.constant != nil ? [RuleIdentifier.constant] : []
    }

    static func explain(_ constraints: Constraints, for writer: ExplanationWriter) -> [ExplainedCheck] {
        guard let constant = constraints.constant else { return [] }
        return [ExplainedCheck(label: "const", body: "must be exactly \(constant.value)", rules: [RuleIdentifier.constant])]
    }
}

extension RuleIdentifier {
    /// A value is not the one required value (`const`).
    public static let constant = "const"
}

extension Constraints {
    /// The only acceptable value (`const: true` for a consent box).
    public var constant: Located<EnumValue>? {
        get { self[ConstantCheck.self].constant }
        set { self[ConstantCheck.self].constant = newValue }
    }
}

extension RecordValidator {
    /// Words a value other than `expected`; text and enum values are quoted (`must be 'yes'`).
    func reportConstant(_ expected: EnumValue, quoted: Bool, _ field: CompiledField, _ path: ConcretePath,
                        _ raw: RawValue) {
        report(field, path, RuleIdentifier.constant, quoted ? "must be '\(expected)'" : "must be \(expected)", raw)
    }
}

extension DefectPlanter {
    /// Another value than the field's `const`: the other boolean, the next choice, the text with
    /// one more character; on an integer field, the value next to the constant (or the lowest or
    /// highest) that every other rule allows (``NumberDomain/outside(breaking:near:scale:)``).
    func otherConstant(_ field: CompiledField, _ value: GeneratedValue, _ address: FieldAddress) -> GeneratedValue? {
        if field.type == .integer || field.type == .decimal { return numberDefect(.constant, field, value, address) }
        switch value {
        case .text: return builder.record.appendText(Array(builder.record.bytes(of: value)) + Array("x".utf8))
        case .boolean(let flag): return .boolean(!flag)
        case .choice(let index):
            let count = generator.plan.fields[field.id].enumValues.count
            return count > 1 ? .choice((index + 1) % Int32(count)) : nil
        default: return nil
        }
    }
}

extension GeneratorFieldTables {
    /// A generated enum is always the `const` value, which must be one of its values.
    mutating func chooseConstant(_ value: EnumValue, field: String) throws(GenerationError) {
        let text = Array(value.description.utf8)
        guard let index = enumText.firstIndex(of: text) else {
            throw GenerationError(field: field, rule: RuleIdentifier.constant,
                                  message: "const '\(value)' is not one of the field's values, so no value "
                                      + "can be valid; add it to 'values' or change 'const'")
        }
        constantChoice = Int32(index)
    }
}

extension NumberDomain {
    /// Why the domain's `const` leaves it empty, naming the rules the constant breaks
    /// ("const 3 breaks `max` (at most 2)"); nil when it has no constant or its constant is
    /// allowed. Said by generation (``SatisfiabilityAnalysis``, or per questionnaire when a case
    /// or a bound read from another field decides).
    var constantProblem: String? {
        guard !constants.isEmpty else { return nil }
        guard let constant else {
            return "its const values " + constants.map(\.description).joined(separator: " and ")
                + " (of the field and of the cases that hold) disagree, so no value can be valid; give one 'const'"
        }
        let broken = withoutConstant.broken(by: constant)
        guard !broken.isEmpty else { return nil }
        let parts = broken.map { rule -> String in
            switch rule {
            case .lower: return "`\(RuleIdentifier.min)` (" + (lower.map { "\($0.exclusive ? "greater than" : "at least") \($0.value)" } ?? "") + ")"
            case .upper: return "`\(RuleIdentifier.max)` (" + (upper.map { "\($0.exclusive ? "less than" : "at most") \($0.value)" } ?? "") + ")"
            case .fractionDigits: return "`\(RuleIdentifier.fractionDigits)` (at most \(Counted.phrase(fractionDigits ?? 0, "digit")))"
            case .step(let step): return "`\(RuleIdentifier.multipleOf)` (a multiple of \(step))"
            case .integer: return "`\(RuleIdentifier.type)` (a whole number)"
            case .constant: return "`\(RuleIdentifier.constant)`"
            case .bound(let rule):
                guard let bound = namedBound(rule) else { return "`\(rule)`" }
                let relation = bound.isUpper ? (bound.end.exclusive ? "less than" : "at most")
                    : (bound.end.exclusive ? "greater than" : "at least")
                return "`\(rule)` (\(relation) \(bound.end.value))"
            }
        }
        let listed = parts.count == 1 ? parts[0] : parts.dropLast().joined(separator: ", ") + " and " + parts[parts.count - 1]
        return "const \(constant) breaks \(listed), so no value can be valid; change 'const' or the rule it breaks"
    }
}
