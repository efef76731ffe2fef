import Yams
import FormsmithValues

/// `checksum`: the value's check digits are valid for a named algorithm (`inn`, `snils`,
/// `bank-account` with its BIC field, ...). The algorithms are in `Checksums/`.
enum ChecksumCheck: ValueCheckKind {
    /// `checksum` as written.
    struct Written: WrittenKeys {
        var checksum: Located<ChecksumSpec>?
    }

    /// The compiled check: the algorithm and, for `bank-account`, the id of the field holding
    /// the BIC it is checked with.
    struct Digits: TextCheck {
        static let kind = CheckKind.checksum
        let algorithm: ChecksumAlgorithm
        let companion: Int?

        /// Words invalid check digits; skipped while the companion field (the BIC) is not valid.
        func check(_ text: UnsafeBufferPointer<UInt8>, _ field: CompiledField, _ path: ConcretePath, _ raw: RawValue,
                   by validator: RecordValidator) {
            var valid: Bool
            if let companion {
                let (companionRaw, state) = validator.slot(of: companion)
                guard state == .valid else { return }  // nothing to check against: its own error is reported
                valid = validator.values.withText(companionRaw, into: &validator.companionBuffer) { other in
                    algorithm.isValid(text, companion: other)
                }
            } else {
                valid = algorithm.isValid(text, companion: nil)
            }
            if !valid {
                let with = companion.map { " with \(validator.rules.fields[$0].path)" } ?? ""
                validator.report(field, path, RuleIdentifier.checksum,
                                 "has invalid check digits (\(algorithm.rawValue)\(with))", raw)
            }
        }

        /// Valid check digits; none for a checksum with a companion field.
        func fastStep(in plan: inout PlanBuilder) -> CheckStep? {
            guard companion == nil else { return nil }
            var step = CheckStep(kind: .checksum)
            step.checksum = algorithm
            return step
        }

        /// Generated text gets its check digits written in, then is confirmed against the formats.
        func require(_ requirements: inout TextRequirements) {
            requirements.checksum = (algorithm, companion)
            requirements.needsConfirmation = true
        }

        /// The check digits corrupted, the formats kept.
        static let defect = TextDefect(rule: RuleIdentifier.checksum, order: 130)

        func defects(in requirements: TextRequirements) -> [TextDefect] { [Self.defect] }

        func broken(_ defect: TextDefect, _ value: GeneratedValue, _ field: CompiledField, _ address: FieldAddress,
                    by planter: DefectPlanter, random: inout SeededRandom) -> GeneratedValue? {
            planter.corruptedChecksum(field, value, address)
        }
    }

    static let rules = [
        CheckRule(id: RuleIdentifier.checksum, summary: "A value's check digits are wrong."),
    ]

    static let keys = [
        CheckKey("checksum", types: [.string, .text], reader, into: \.checksum,
                 "A check-digit algorithm the value must pass (rule checksum): a name, or "
                 + "{name: bank-account, with: BIC-FIELD}."),
    ]

    static let examples = [
        CheckDescription(
            rule: RuleIdentifier.checksum, summary: "`checksum: inn`: Russian taxpayer number, 10 or 12 digits.",
            field: "{type: string, checksum: inn}", passing: ["\"7707083893\"", "\"500100732259\""],
            failing: ["\"7707083894\"", "\"500100732258\""]),
        CheckDescription(
            rule: RuleIdentifier.checksum, summary: "`checksum: snils`: Russian insurance number, 11 digits.",
            field: "{type: string, checksum: snils}", passing: ["\"112-233-445 95\""], failing: ["\"112-233-445 96\""]),
        CheckDescription(
            rule: RuleIdentifier.checksum, summary: "`checksum: ogrn`: OGRN (13 digits) or OGRNIP (15 digits).",
            field: "{type: string, checksum: ogrn}", passing: ["\"1027700132195\"", "\"304500116000157\""],
            failing: ["\"1027700132194\""]),
        CheckDescription(
            rule: RuleIdentifier.checksum, summary: "`checksum: {name: bank-account, with: BIC-FIELD}`: account control key.",
            field: "{type: string, checksum: {name: bank-account, with: bic}}",
            passing: ["\"40702810938000000001\""], failing: ["\"40702810938000000002\""],
            companions: "bic: {type: string, regex: '^04\\d{7}$'}", companionValues: "\"bic\": \"044525225\""),
        CheckDescription(
            rule: RuleIdentifier.checksum, summary: "`checksum: vin`: the North-American VIN check digit (opt-in).",
            field: "{type: string, checksum: vin}", passing: ["\"1M8GDM9AXKP042788\""], failing: ["\"1M8GDM9A1KP042788\""]),
        CheckDescription(
            rule: RuleIdentifier.checksum, summary: "`checksum: luhn`: Luhn mod 10 (card numbers).",
            field: "{type: string, checksum: luhn}", passing: ["\"4111111111111111\""], failing: ["\"4111111111111112\""]),
        CheckDescription(
            rule: RuleIdentifier.checksum, summary: "`checksum: iban`: ISO 13616 mod 97 with the country's length.",
            field: "{type: string, checksum: iban}", passing: ["\"GB82 WEST 1234 5698 7654 32\""],
            failing: ["\"GB82 WEST 1234 5698 7654 33\""]),
    ]

    /// `checksum: inn`, or `checksum: {name: bank-account, with: bic}`; the name is checked when compiled.
    static let reader = KeyReader<Located<ChecksumSpec>>(
        schema: RuleKeyDocumentation.ref("checksum"), shape: "a name, or {name, with}"
    ) { mapping, key, _ in
        guard let node = mapping.node(key) else { return nil }
        return spec(node, mapping: mapping, problems: mapping.problems)
    }

    /// `checksum: inn`, or `checksum: {name: bank-account, with: bic}`.
    private static func spec(_ node: Node, mapping: YAMLMapping, problems: ProblemCollector) -> Located<ChecksumSpec>? {
        let location = mapping.location(of: node, key: "checksum")
        if let scalar = node.scalar { return Located(ChecksumSpec(name: scalar.string, companion: nil), at: location) }
        guard var spec = YAMLMapping(node, file: mapping.file(ofKey: "checksum"), what: "'checksum'",
                                     problems: problems) else { return nil }
        let name = spec.string("name")
        let companion = spec.string("with")
        spec.reportUnknownKeys(known: ["name", "with"], context: "'checksum'")
        guard let name else {
            problems.report("'checksum' needs a 'name' such as inn or bank-account", at: location)
            return nil
        }
        return Located(ChecksumSpec(name: name.value, companion: companion?.value), at: location)
    }

    static func compile(_ constraints: Constraints, at site: CheckSite, in state: CompilerState) -> ValueCheck? {
        guard let spec = constraints.checksum, state.applies("checksum", spec.location, to: site.rule) else { return nil }
        let problems = state.problems
        guard let algorithm = ChecksumAlgorithm(rawValue: spec.value.name) else {
            problems.report("unknown checksum '\(spec.value.name)'"
                            + Suggestion.didYouMean(spec.value.name, in: ChecksumAlgorithm.allCases.map(\.rawValue))
                            + "; known: " + ChecksumAlgorithm.allCases.map(\.rawValue).joined(separator: ", "),
                            at: spec.location)
            return nil
        }
        var companionID: Int?
        if algorithm.needsCompanion {
            guard let companion = spec.value.companion else {
                problems.report("checksum \(algorithm.rawValue) needs 'with:' naming the BIC field, "
                                + "for example {name: bank-account, with: payee.bic}", at: spec.location)
                return nil
            }
            var scopeProblems: [String] = []
            guard let other = state.resolve(FieldReference(path: companion), listID: site.scope, problems: &scopeProblems)
            else {
                problems.report("invalid checksum companion: \(scopeProblems.first ?? companion)", at: spec.location)
                return nil
            }
            state.addDependency(of: site.id, on: other)
            companionID = other
        } else if spec.value.companion != nil {
            problems.report("checksum \(algorithm.rawValue) takes no 'with:' field", at: spec.location)
        }
        return .text(Digits(algorithm: algorithm, companion: companionID))
    }

    static let jsonSchema: SchemaExpression = .none("check digits")

    static func declaredRules(in constraints: Constraints, type: FieldType) -> [String] {
        return constraints.checksum != nil ? [RuleIdentifier.checksum] : []
    }

    static func explain(_ constraints: Constraints, for writer: ExplanationWriter) -> [ExplainedCheck] {
        guard let spec = constraints.checksum else { return [] }
        var body = ChecksumAlgorithm(rawValue: spec.value.name)?.summary ?? spec.value.name
        if let companion = spec.value.companion { body += ", checked with the value of \(companion)" }
        return [ExplainedCheck(label: "checksum", body: body + " (spaces and hyphens are ignored)",
                               rules: [RuleIdentifier.checksum])]
    }
}

extension RuleIdentifier {
    /// Check digits are wrong.
    public static let checksum = "checksum"
}

extension Constraints {
    /// A named checksum, with the path of its companion field (the BIC for `bank-account`).
    public var checksum: Located<ChecksumSpec>? {
        get { self[ChecksumCheck.self].checksum }
        set { self[ChecksumCheck.self].checksum = newValue }
    }
}

extension DefectPlanter {
    /// The value with its check digits corrupted (formats kept), so only the checksum fails.
    func corruptedChecksum(_ field: CompiledField, _ value: GeneratedValue, _ address: FieldAddress) -> GeneratedValue? {
        guard case .text = value, let checksum = textSpec(field, address).checksum else { return nil }
        let companion = checksum.companion.flatMap { id -> String? in
            let other = builder.record.value(at: FieldAddress(field: id, item: rules.fields[id].listID == nil ? -1 : address.item),
                                             in: rules)
            guard case .text = other else { return nil }
            return String(decoding: builder.record.bytes(of: other), as: UTF8.self)
        }
        let text = String(decoding: builder.record.bytes(of: value), as: UTF8.self)
        guard let corrupted = checksum.algorithm.corrupt(text, companion: companion) else { return nil }
        return builder.record.appendText(Array(corrupted.utf8))
    }
}
