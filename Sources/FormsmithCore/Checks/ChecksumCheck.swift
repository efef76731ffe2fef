/// `checksum`: the value's check digits are valid for a named algorithm (`inn`, `snils`,
/// `bank-account` with its BIC field, ...). The algorithms are in `Checksums/`.
enum ChecksumCheck: ValueCheckKind {
    static let keys = [CheckKey(name: "checksum", types: [.string, .text])]

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
            companions: "bic: {type: string}", companionValues: "\"bic\": \"044525225\""),
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
        return .checksum(algorithm, companion: companionID)
    }

    static func explain(_ constraints: Constraints, for writer: ExplanationWriter) -> [ExplainedCheck] {
        guard let spec = constraints.checksum else { return [] }
        var body = ChecksumAlgorithm(rawValue: spec.value.name)?.summary ?? spec.value.name
        if let companion = spec.value.companion { body += ", checked with the value of \(companion)" }
        return [ExplainedCheck(label: "checksum", body: body + " (spaces and hyphens are ignored)",
                               rules: [RuleIdentifier.checksum])]
    }
}

extension RecordValidator {
    /// Words invalid check digits; skipped while the companion field (the BIC) is not valid.
    func checkChecksum(_ algorithm: ChecksumAlgorithm, _ companion: Int?, _ text: UnsafeBufferPointer<UInt8>,
                       _ field: CompiledField, _ path: ConcretePath, _ raw: RawValue) {
        var valid: Bool
        if let companion {
            let (companionRaw, state) = slot(of: companion)
            guard state == .valid else { return }  // nothing to check against: its own error is reported
            valid = withText(companionRaw, into: &companionBuffer) { other in
                algorithm.isValid(text, companion: other)
            }
        } else {
            valid = algorithm.isValid(text, companion: nil)
        }
        if !valid {
            let with = companion.map { " with \(rules.fields[$0].path)" } ?? ""
            report(field, path, RuleIdentifier.checksum, "has invalid check digits (\(algorithm.rawValue)\(with))", raw)
        }
    }
}

extension PlanBuilder {
    /// The fast step: valid check digits; none for a checksum with a companion field.
    func checksumStep(_ algorithm: ChecksumAlgorithm, _ companion: Int?) -> CheckStep? {
        guard companion == nil else { return nil }
        var step = CheckStep(kind: .checksum)
        step.checksum = algorithm
        return step
    }
}
