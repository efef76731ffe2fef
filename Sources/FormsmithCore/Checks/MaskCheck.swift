import FormsmithValues

/// `mask`: the whole value fits an input mask (compiled to a PCRE2 pattern).
enum MaskCheck: ValueCheckKind {
    /// `mask` as written.
    struct Written: WrittenKeys {
        var mask: Located<String>?
    }

    /// The compiled check: the mask as written and the pattern it compiles to.
    struct Fit: TextCheck {
        static let kind = CheckKind.mask
        let regex: CompiledRegex
        /// The mask as written (`+7 (000) 000-00-00`).
        let source: String

        func check(_ text: UnsafeBufferPointer<UInt8>, _ field: CompiledField, _ path: ConcretePath, _ raw: RawValue,
                   by validator: RecordValidator) {
            validator.checkPattern(regex, text, field, path, raw, rule: RuleIdentifier.mask,
                                   failure: "does not fit the mask '\(source)'")
        }

        func fastStep(in plan: inout PlanBuilder) -> CheckStep? {
            plan.patternStep(regex)
        }

        /// Generated text must fit every mask; candidates follow the first one, and further
        /// ones are confirmed after drawing.
        func require(_ requirements: inout TextRequirements) {
            if requirements.maskSource == nil {
                requirements.maskSource = source
            } else {
                requirements.needsConfirmation = true
            }
            requirements.masks.append(regex)
        }

        /// A value one edit away from fitting (``DefectPlanter/textEdit(_:_:_:_:random:)``).
        static let defect = TextDefect(rule: RuleIdentifier.mask, order: 40)

        func defects(in requirements: TextRequirements) -> [TextDefect] { [Self.defect] }

        func broken(_ defect: TextDefect, _ value: GeneratedValue, _ field: CompiledField, _ address: FieldAddress,
                    by planter: DefectPlanter, random: inout SeededRandom) -> GeneratedValue? {
            planter.textEdit(defect.rule, field, value, address, random: &random)
        }
    }

    static let rules = [
        CheckRule(id: RuleIdentifier.mask, summary: "A value does not fit the field's input mask."),
    ]

    static let keys = [
        CheckKey("mask", types: [.string, .text], .text("an input mask"), into: \.mask,
                 "An input mask the whole value must fit (rule mask): 0 digit, 9 optional digit, S letter, "
                 + "A letter or digit, [...] a set, ? after one makes it optional, \\x a literal x."),
    ]

    static let examples = [
        CheckDescription(
            rule: RuleIdentifier.mask, summary: "The value fits an input mask: 0 digit, 9 optional digit, S letter, A letter or digit, [..] a set.",
            field: "{type: string, mask: '+7 (000) 000-00-00'}", passing: ["\"+7 (916) 123-45-67\""],
            failing: ["\"+7 916 123-45-67\"", "\"+7 (916) 123-45-6\""]),
    ]

    static func compile(_ constraints: Constraints, at site: CheckSite, in state: CompilerState) -> ValueCheck? {
        guard let mask = constraints.mask, state.applies("mask", mask.location, to: site.rule) else { return nil }
        do {
            let parsed = try InputMask(mask.value)
            do {
                return .text(Fit(regex: try parsed.compile(), source: mask.value))
            } catch {
                let shown = mask.value.count > 60 ? mask.value.prefix(60) + "…" : mask.value
                state.problems.report("mask '\(shown)' does not compile: \(error.message); "
                                      + "split a mask this long into shorter fields", at: mask.location)
            }
        } catch {
            state.problems.report("invalid mask: \(error.message)", excerpt: error.rendered(pattern: mask.value),
                                  at: mask.location)
        }
        return nil
    }

    static let jsonSchema: SchemaExpression = .partly(["pattern"], notExpressed: "mask characters ECMA-262 patterns cannot say (named in the gap)")

    static func declaredRules(in constraints: Constraints, type: FieldType) -> [String] {
        return constraints.mask != nil ? [RuleIdentifier.mask] : []
    }

    static func explain(_ constraints: Constraints, for writer: ExplanationWriter) -> [ExplainedCheck] {
        guard let mask = constraints.mask else { return [] }
        let shape = (try? InputMask(mask.value)).map { ": " + describe($0.elements) } ?? ""
        return [ExplainedCheck(label: "mask", body: "the whole value must fit \"\(mask.value)\"\(shape)",
                               rules: [RuleIdentifier.mask])]
    }

    /// "'+7 (', 3 digits, ') ', ..." from a mask's elements, runs of the same element folded.
    static func describe(_ elements: [MaskElement]) -> String {
        var parts: [String] = []
        var literal = ""
        var index = 0
        while index < elements.count {
            let element = elements[index]
            if case .literal(let scalar) = element {
                literal.unicodeScalars.append(scalar)
                index += 1
                continue
            }
            if !literal.isEmpty { parts.append("'\(literal)'"); literal = "" }
            var run = 1
            while index + run < elements.count, elements[index + run] == element { run += 1 }
            parts.append(phrase(element, count: run))
            index += run
        }
        if !literal.isEmpty { parts.append("'\(literal)'") }
        return parts.joined(separator: ", ")
    }

    private static func phrase(_ element: MaskElement, count: Int) -> String {
        let (one, many): (String, String)
        switch element {
        case .digit: (one, many) = ("a digit", "digits")
        case .letter: (one, many) = ("a letter", "letters")
        case .alphanumeric: (one, many) = ("a letter or digit", "letters or digits")
        case .set(let body, _): (one, many) = ("one of [\(body)]", "× one of [\(body)]")
        case .literal(let scalar): return "'\(scalar)'"
        }
        let text = count == 1 ? one : "\(count) \(many)"
        guard element.isOptional else { return text }
        return count == 1 ? text + " (optional)" : "up to \(count) " + many
    }
}

extension RuleIdentifier {
    /// A value does not fit the field's input mask.
    public static let mask = "mask"
}

extension Constraints {
    /// An input mask the value must fit (see the rules reference).
    public var mask: Located<String>? {
        get { self[MaskCheck.self].mask }
        set { self[MaskCheck.self].mask = newValue }
    }
}
