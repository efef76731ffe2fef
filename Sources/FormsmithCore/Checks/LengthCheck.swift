/// `minLength` / `maxLength`: a string's length in Unicode scalars.
enum LengthCheck: ValueCheckKind {
    /// `minLength`, `maxLength` as written.
    struct Written: WrittenKeys {
        var minLength: Located<Int>?
        var maxLength: Located<Int>?
    }

    /// The compiled check: the length window, in Unicode scalars.
    struct Window: TextCheck {
        static let kind = CheckKind.length
        let minimum: Int?
        let maximum: Int?

        /// Words a length outside `minimum...maximum`.
        func check(_ text: UnsafeBufferPointer<UInt8>, _ field: CompiledField, _ path: ConcretePath, _ raw: RawValue,
                   by validator: RecordValidator) {
            let length = RecordValidator.scalarCount(text)
            if let minimum, length < minimum {
                validator.report(field, path, RuleIdentifier.minLength,
                                 "must be at least \(Counted.phrase(minimum, "character")) long (it has \(length))", raw)
            }
            if let maximum, length > maximum {
                validator.report(field, path, RuleIdentifier.maxLength,
                                 "must be at most \(Counted.phrase(maximum, "character")) long (it has \(length))", raw)
            }
        }

        /// The length is within bounds (executed in `RecordValidator+Steps.swift`).
        func fastStep(in plan: inout PlanBuilder) -> CheckStep? {
            var step = CheckStep(kind: .length)
            step.minimum = minimum ?? Int.min
            step.maximum = maximum ?? Int.max
            return step
        }

        /// Generated text must have a length within every length check.
        func require(_ requirements: inout TextRequirements) {
            if let minimum { requirements.minLength = max(requirements.minLength ?? minimum, minimum) }
            if let maximum { requirements.maxLength = min(requirements.maxLength ?? maximum, maximum) }
        }

        /// One character short of the (strictest) `minLength` when that leaves a value, one past
        /// the `maxLength` when the value stays of a sensible size.
        func defects(in requirements: TextRequirements) -> [TextDefect] {
            var defects: [TextDefect] = []
            if minimum != nil, (requirements.minLength ?? 0) >= 2 { defects.append(Self.tooShort) }
            if maximum != nil, let limit = requirements.maxLength, limit < 5000 { defects.append(Self.tooLong) }
            return defects
        }

        /// One character short of `minLength`.
        static let tooShort = TextDefect(rule: RuleIdentifier.minLength, order: 50)
        /// One character past `maxLength`.
        static let tooLong = TextDefect(rule: RuleIdentifier.maxLength, order: 60)

        func broken(_ defect: TextDefect, _ value: GeneratedValue, _ field: CompiledField, _ address: FieldAddress,
                    by planter: DefectPlanter, random: inout SeededRandom) -> GeneratedValue? {
            planter.lengthEdit(shorter: defect == Self.tooShort, field, value, address)
        }
    }

    static let rules = [
        CheckRule(id: RuleIdentifier.minLength, summary: "A text is shorter than the field's minLength."),
        CheckRule(id: RuleIdentifier.maxLength, summary: "A text is longer than the field's maxLength."),
    ]

    static let keys = [
        CheckKey("minLength", types: [.string, .text], .count, into: \.minLength,
                 "The fewest characters (Unicode scalars) of a string or text (rule min-length)."),
        CheckKey("maxLength", types: [.string, .text], .count, into: \.maxLength,
                 "The most characters (Unicode scalars) of a string or text (rule max-length)."),
    ]

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
        return .text(Window(minimum: minimum, maximum: maximum))
    }

    static let jsonSchema: SchemaExpression = .keywords(["minLength", "maxLength"])

    static func declaredRules(in constraints: Constraints, type: FieldType) -> [String] {
        var rules: [String] = []
        if constraints.minLength != nil { rules.append(RuleIdentifier.minLength) }
        if constraints.maxLength != nil { rules.append(RuleIdentifier.maxLength) }
        return rules
    }

    static func explain(_ constraints: Constraints, for writer: ExplanationWriter) -> [ExplainedCheck] {
        guard let counted = CheckPhrases.count(constraints.minLength?.value, constraints.maxLength?.value) else { return [] }
        let rules = counted.ends.map { $0 == "min" ? RuleIdentifier.minLength : RuleIdentifier.maxLength }
        return [ExplainedCheck(label: "length",
                               body: counted.text + CheckPhrases.noun("character", counted.text) + " (Unicode scalars)",
                               rules: rules)]
    }
}

extension RuleIdentifier {
    /// A string is shorter than `minLength`.
    public static let minLength = "min-length"
    /// A string is longer than `maxLength`.
    public static let maxLength = "max-length"
}

extension Constraints {
    /// Minimum length in Unicode scalars.
    public var minLength: Located<Int>? {
        get { self[LengthCheck.self].minLength }
        set { self[LengthCheck.self].minLength = newValue }
    }

    /// Maximum length in Unicode scalars.
    public var maxLength: Located<Int>? {
        get { self[LengthCheck.self].maxLength }
        set { self[LengthCheck.self].maxLength = newValue }
    }
}

extension DefectPlanter {
    /// A value one character shorter than `minLength`, or one longer than `maxLength`
    /// (repeating the last character, which keeps most formats).
    func lengthEdit(shorter: Bool, _ field: CompiledField, _ value: GeneratedValue,
                    _ address: FieldAddress) -> GeneratedValue? {
        guard case .text = value else { return nil }
        let spec = textSpec(field, address)
        var scalars = Array(String(decoding: builder.record.bytes(of: value), as: UTF8.self).unicodeScalars)
        guard let last = scalars.last else { return nil }
        if shorter {
            guard let minimum = spec.minLength, minimum >= 2, scalars.count >= minimum else { return nil }
            scalars.removeLast(scalars.count - (minimum - 1))
        } else {
            guard let maximum = spec.maxLength, scalars.count <= maximum else { return nil }
            scalars.append(contentsOf: repeatElement(last, count: maximum + 1 - scalars.count))
        }
        var bytes: [UInt8] = []
        for scalar in scalars { JSONStrings.appendUTF8(scalar.value, to: &bytes) }
        return builder.record.appendText(bytes)
    }
}
