/// `format`: the value is in a named, standard-defined text format (`email`, `url`, `uuid`,
/// `phone`, ...; see ``TextFormat`` and `Formats/`). On a date field the same key is the
/// date's layout (`dd.MM.yyyy`), read by the date type, so it compiles to no check there.
enum FormatCheck: ValueCheckKind {
    /// `format` as written.
    struct Written: WrittenKeys {
        var format: Located<String>?
    }

    /// The compiled check: the named format the value is in.
    struct Named: TextCheck {
        static let kind = CheckKind.format
        let format: TextFormat

        /// An e-mail address the one-pass reading accepts (``EmailAddress/isAddress(_:)``, which
        /// accepts only addresses ``TextFormat/problem(in:)`` finds nothing wrong with) passes
        /// without the declarative check; other formats have no fast step.
        func fastStep(in plan: inout PlanBuilder) -> CheckStep? {
            format == .email ? CheckStep(kind: .email) : nil
        }

        /// Words a value outside the format, saying what is wrong with it.
        func check(_ text: UnsafeBufferPointer<UInt8>, _ field: CompiledField, _ path: ConcretePath, _ raw: RawValue,
                   by validator: RecordValidator) {
            guard let problem = format.problem(in: text) else { return }
            let shown = FormatBytes.shownProblem(problem, redact: validator.redactsValues)
            validator.report(field, path, RuleIdentifier.format, "must be \(format.expectation) (\(shown))", raw)
        }

        /// Text is drawn from the format's own realistic generator, then confirmed against every check.
        func require(_ requirements: inout TextRequirements) {
            requirements.format = format
            requirements.needsConfirmation = true
        }

        /// The value broken in a way its format names.
        static let defect = TextDefect(rule: RuleIdentifier.format, order: 140)

        func defects(in requirements: TextRequirements) -> [TextDefect] { [Self.defect] }

        func broken(_ defect: TextDefect, _ value: GeneratedValue, _ field: CompiledField, _ address: FieldAddress,
                    by planter: DefectPlanter, random: inout SeededRandom) -> GeneratedValue? {
            planter.brokenFormat(field, value, address, random: &random)
        }
    }

    static let rules = [
        CheckRule(id: RuleIdentifier.format,
                  summary: "A value is not in the field's format (e-mail address, URL, UUID, phone ...)."),
    ]

    static let keys = [
        CheckKey("format", types: [.string, .text, .date], .text("a format name or a date layout"), into: \.format,
                 "On a string field, a standard text format the value must be in (rule format): "
                 + TextFormat.allCases.map(\.rawValue).joined(separator: ", ")
                 + ". On a date field, its layout: yyyy, MM and dd once each with separators; "
                 + "yyyy-MM-dd (ISO) when absent.",
                 schema: [("anyOf", [.object([("enum", .array(TextFormat.allCases.map { .string($0.rawValue) }))]),
                                     .object(RuleKeyDocumentation.ref("dateFormat"))])]),
    ]

    static let examples = [
        CheckDescription(
            rule: RuleIdentifier.format,
            summary: "`format: email`: an RFC 5321/5322 dot-atom address (no leading, trailing or doubled dots).",
            field: "{type: string, format: email}",
            passing: ["\"anna.petrova@mail.ru\"", "\"o.grigoriev+osago@volga-insure.ru\""],
            failing: ["\"c737kb.@u.ru\"", "\".6+Os@f8g.com\"", "\"anna..petrova@mail.ru\"", "\"oleg@example\"",
                      "\"anna schmidt@example.de\""]),
        CheckDescription(
            rule: RuleIdentifier.format, summary: "`format: url`: an http or https URL with a host.",
            field: "{type: string, format: url}",
            passing: ["\"https://volga-insure.ru/forms/osago?step=2\"", "\"http://[2001:db8::1]:8080/\""],
            failing: ["\"volga-insure.ru\"", "\"https://volga insure.ru\"", "\"https://host:99999/\""]),
        CheckDescription(
            rule: RuleIdentifier.format, summary: "`format: uri`: an absolute RFC 3986 URI.",
            field: "{type: string, format: uri}",
            passing: ["\"urn:isbn:9785171183669\"", "\"mailto:anna@mail.ru\""], failing: ["\"/relative/path\"", "\"a b:c\""]),
        CheckDescription(
            rule: RuleIdentifier.format, summary: "`format: uuid`: 8-4-4-4-12 hexadecimal digits.",
            field: "{type: string, format: uuid}",
            passing: ["\"123e4567-e89b-42d3-a456-426614174000\""], failing: ["\"123e4567e89b42d3a456426614174000\""]),
        CheckDescription(
            rule: RuleIdentifier.format, summary: "`format: phone`: E.164, '+' and 7 to 15 digits.",
            field: "{type: string, format: phone}",
            passing: ["\"+74951234567\""], failing: ["\"+7 (495) 123-45-67\"", "\"84951234567\""]),
        CheckDescription(
            rule: RuleIdentifier.format, summary: "`format: hostname`: an RFC 1123 host name.",
            field: "{type: string, format: hostname}",
            passing: ["\"mail.volga-insure.ru\"", "\"localhost\""], failing: ["\"-mail.ru\"", "\"mail..ru\""]),
        CheckDescription(
            rule: RuleIdentifier.format, summary: "`format: ipv4`: a dotted quad without leading zeros.",
            field: "{type: string, format: ipv4}", passing: ["\"192.0.2.1\""], failing: ["\"192.0.2.256\"", "\"192.0.02.1\""]),
        CheckDescription(
            rule: RuleIdentifier.format, summary: "`format: ipv6`: an RFC 4291 address.",
            field: "{type: string, format: ipv6}",
            passing: ["\"2001:db8::1\"", "\"::ffff:192.0.2.1\""], failing: ["\"2001:db8::1::2\"", "\"2001:db8:1\""]),
        CheckDescription(
            rule: RuleIdentifier.format, summary: "`format: date-time`: an RFC 3339 date and time with a zone.",
            field: "{type: string, format: date-time}",
            passing: ["\"2026-11-25T14:30:00Z\"", "\"2024-02-29T08:15:30.5+03:00\""],
            failing: ["\"2026-11-25 14:30:00\"", "\"2023-02-29T08:15:30Z\""]),
    ]

    static func compile(_ constraints: Constraints, at site: CheckSite, in state: CompilerState) -> ValueCheck? {
        guard let written = constraints.format, state.applies("format", written.location, to: site.rule),
              site.rule.type != .date  // a date's layout, read by the date type
        else { return nil }
        guard let format = TextFormat(rawValue: written.value) else {
            let known = TextFormat.allCases.map(\.rawValue)
            state.problems.report("unknown format '\(written.value)'" + Suggestion.didYouMean(written.value, in: known)
                                  + "; known: " + known.joined(separator: ", "), at: written.location)
            return nil
        }
        return .text(Named(format: format))
    }

    static let jsonSchema: SchemaExpression = .partly(["format", "pattern"], notExpressed: "a format as strictly as Formsmith checks it (JSON Schema's format is an annotation)")

    static func declaredRules(in constraints: Constraints, type: FieldType) -> [String] {
        // On a date field `format` is the layout, part of the type.
        return constraints.format != nil && type != .date ? [RuleIdentifier.format] : []
    }

    static func explain(_ constraints: Constraints, for writer: ExplanationWriter) -> [ExplainedCheck] {
        guard let written = constraints.format, let format = TextFormat(rawValue: written.value) else { return [] }
        return [ExplainedCheck(label: "format", body: "must be \(format.expectation) (\(format.standard))",
                               rules: [RuleIdentifier.format])]
    }
}

extension RuleIdentifier {
    /// A value is not in the field's named `format` (an e-mail address, a URL, a UUID ...).
    public static let format = "format"
}

extension Constraints {
    /// A named text format (`email`, `url` ...) for text fields; the date layout for date fields
    /// (`dd.MM.yyyy`), ISO when absent.
    public var format: Located<String>? {
        get { self[FormatCheck.self].format }
        set { self[FormatCheck.self].format = newValue }
    }
}

extension DefectPlanter {
    /// The value broken in a way its format names (a doubled dot in an e-mail address, a
    /// missing group in a UUID), so only the format check fails.
    func brokenFormat(_ field: CompiledField, _ value: GeneratedValue, _ address: FieldAddress,
                      random: inout SeededRandom) -> GeneratedValue? {
        guard case .text = value, let format = textSpec(field, address).format,
              let broken = format.corrupt(Array(builder.record.bytes(of: value)), random: &random) else { return nil }
        return builder.record.appendText(broken)
    }
}
