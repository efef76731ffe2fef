import FormsmithValues

/// `regex` (with `regexFlags`): the whole value matches a PCRE2 pattern.
enum RegexCheck: ValueCheckKind {
    /// `regex`, `regexFlags` as written.
    struct Written: WrittenKeys {
        var regex: Located<String>?
        var regexFlags: Located<String>?
    }

    /// The compiled check: the pattern the whole value matches.
    struct Pattern: TextCheck {
        static let kind = CheckKind.regex
        let regex: CompiledRegex

        func check(_ text: UnsafeBufferPointer<UInt8>, _ field: CompiledField, _ path: ConcretePath, _ raw: RawValue,
                   by validator: RecordValidator) {
            validator.checkPattern(regex, text, field, path, raw, rule: RuleIdentifier.regex,
                                   failure: "does not match the pattern \(regex.pattern)")
        }

        func fastStep(in plan: inout PlanBuilder) -> CheckStep? {
            plan.patternStep(regex)
        }

        /// Generated text must match every regex; candidates walk the first one, and further
        /// ones are confirmed after drawing.
        func require(_ requirements: inout TextRequirements) {
            if requirements.generatorRegex == nil {
                requirements.generatorRegex = regex
            } else {
                requirements.needsConfirmation = true
            }
            requirements.regexes.append(regex)
        }

        /// A value one edit away from matching (``DefectPlanter/textEdit(_:_:_:_:random:)``).
        static let defect = TextDefect(rule: RuleIdentifier.regex, order: 30)

        func defects(in requirements: TextRequirements) -> [TextDefect] { [Self.defect] }

        func broken(_ defect: TextDefect, _ value: GeneratedValue, _ field: CompiledField, _ address: FieldAddress,
                    by planter: DefectPlanter, random: inout SeededRandom) -> GeneratedValue? {
            planter.textEdit(defect.rule, field, value, address, random: &random)
        }
    }

    /// `regex-limit` is PCRE2 giving up on a match (its match or depth limit), a property of
    /// the pattern's work on a value rather than a value one can plant.
    static let rulesWithoutDefect = [
        RuleIdentifier.regexLimit: "PCRE2 stopping a match at its work limit is not a value the generator can plant",
    ]

    static let rules = [
        CheckRule(id: RuleIdentifier.regex, summary: "A value does not match the field's PCRE2 pattern."),
        CheckRule(id: RuleIdentifier.regexLimit,
                  summary: "Matching the field's pattern hit the PCRE2 match or depth limit.", rewordable: false),
    ]

    static let keys = [
        CheckKey("regex", types: [.string, .text], .text("a PCRE2 pattern"), into: \.regex,
                 "A PCRE2 pattern the whole value must match (rule regex); write it in single quotes."),
        CheckKey("regexFlags", types: [.string, .text], .text("flag letters"), into: \.regexFlags,
                 "Flags for regex: i case-insensitive, m multiline, s dot matches newlines, x extended, n no auto-capture.",
                 schema: [("type", "string"), ("pattern", "^[imsxnu]*$")]),
    ]

    static let examples = [
        CheckDescription(
            rule: RuleIdentifier.regex, summary: "The whole value matches a PCRE2 pattern (anchored at both ends).",
            field: "{type: string, regex: '\\d{3}'}", passing: ["\"123\""], failing: ["\"1234\"", "\"12a\""]),
        CheckDescription(
            rule: RuleIdentifier.regex, summary: "Flags: `regexFlags: i` matches case-insensitively (Unicode-aware).",
            field: "{type: string, regex: '[а-я]+', regexFlags: i}", passing: ["\"ПрИвЕт\""], failing: ["\"hello\""]),
    ]

    static func compile(_ constraints: Constraints, at site: CheckSite, in state: CompilerState) -> ValueCheck? {
        guard let regex = constraints.regex, state.applies("regex", regex.location, to: site.rule) else { return nil }
        do {
            let options = try RegexOptions(flags: constraints.regexFlags?.value ?? "")
            return .text(Pattern(regex: try CompiledRegex(pattern: regex.value, options: options)))
        } catch {
            state.problems.report("invalid regex: \(error.message)", excerpt: error.rendered(pattern: regex.value),
                                  at: regex.location)
            return nil
        }
    }

    static let jsonSchema: SchemaExpression = .partly(["pattern"], notExpressed: "PCRE2 features ECMA-262 patterns lack (named in the gap)")

    static func declaredRules(in constraints: Constraints, type: FieldType) -> [String] {
        return constraints.regex != nil ? [RuleIdentifier.regex] : []
    }

    static func explain(_ constraints: Constraints, for writer: ExplanationWriter) -> [ExplainedCheck] {
        guard let regex = constraints.regex else { return [] }
        let flags = constraints.regexFlags.map { ", flags \($0.value)" } ?? ""
        return [ExplainedCheck(label: "regex", body: "the whole value must match the PCRE2 pattern '\(regex.value)'\(flags)",
                               rules: [RuleIdentifier.regex])]
    }
}

extension RuleIdentifier {
    /// A value does not match the field's PCRE2 pattern.
    public static let regex = "regex"
    /// Matching the pattern hit the match or depth limit (a pathological pattern).
    public static let regexLimit = "regex-limit"
}

extension Constraints {
    /// A PCRE2 pattern the whole value must match.
    public var regex: Located<String>? {
        get { self[RegexCheck.self].regex }
        set { self[RegexCheck.self].regex = newValue }
    }

    /// PCRE2 flags for `regex` (`i`, `s`, `x`, `m`).
    public var regexFlags: Located<String>? {
        get { self[RegexCheck.self].regexFlags }
        set { self[RegexCheck.self].regexFlags = newValue }
    }
}

extension RecordValidator {
    /// Matches `text` against a regex or mask pattern, wording a mismatch with `rule` and
    /// `failure`, and a match that could not finish as a `regex-limit` violation.
    func checkPattern(_ regex: CompiledRegex, _ text: UnsafeBufferPointer<UInt8>, _ field: CompiledField,
                      _ path: ConcretePath, _ raw: RawValue, rule: String, failure: @autoclosure () -> String) {
        let result: RegexMatchResult
        if case .json = raw {
            result = regex.matches(validUTF8: text, scratch: regexScratch)  // the JSON parser validated it
        } else {
            result = regex.matches(text, scratch: regexScratch)
        }
        switch result {
        case .match:
            break
        case .noMatch:
            report(field, path, rule, failure(), raw)
        case .limitExceeded:
            report(field, path, RuleIdentifier.regexLimit,
                   "could not be checked: the pattern \(regex.pattern) hit the match limit on this value "
                   + "(catastrophic backtracking); simplify the pattern", raw)
        case .invalidUTF8:
            report(field, path, RuleIdentifier.type, "is not valid UTF-8 text", nil)
        case .error(let code):
            report(field, path, RuleIdentifier.regexLimit, "could not be checked: PCRE2 error \(code)", raw)
        }
    }
}

extension PlanBuilder {
    /// The fast step of a regex or a mask: the whole value matches (a remembered match counts).
    func patternStep(_ regex: CompiledRegex) -> CheckStep {
        var step = CheckStep(kind: .pattern)
        step.regex = Unmanaged.passUnretained(regex)
        return step
    }
}
