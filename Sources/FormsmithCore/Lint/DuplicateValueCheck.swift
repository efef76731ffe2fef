/// `duplicate-value`: an enum or multi-choice field that lists the same value twice, in
/// `values:` or in its `valuesFrom:` list.
struct DuplicateValueCheck: LintCheck {
    let rule = LintRule(
        id: "duplicate-value",
        summary: "An enum or multi-choice field lists the same value twice (in `values`, or in its `valuesFrom` list).",
        triggering: [
            "fields:\n  kind: {type: enum, values: [passport, visa, passport]}\n",
            "fields:\n  months: {type: enum, values: [3, 6, 03]}\n",
            "fields:\n  channels: {type: multi-choice, values: [web, app, 'web']}\n",
        ],
        nonTriggering: [
            "fields:\n  kind: {type: enum, values: [passport, visa]}\n",
            "fields:\n  country: {type: enum, valuesFrom: ../SampleData/seeds/countries.txt}\n",
        ])
    let needsCompiledRules = false

    /// How many repeats of a `valuesFrom` list one finding names.
    static let examples = 3

    func findings(in context: LintContext) -> [LintFinding] {
        var findings: [LintFinding] = []
        for field in context.valueFields where field.type == .enumeration || field.type == .multiChoice {
            for constraints in [field.constraints] + field.cases.map(\.constraints) {
                findings += inline(constraints.values ?? [], of: field)
                if let list = constraints.valuesFrom { findings += fromList(list, of: field, context) }
            }
        }
        return findings
    }

    /// Values written in the rule file compare as the validator reads them (`3` and `03` are
    /// the same number; in a mixed list `1` and `'1'` are the same text).
    private func inline(_ values: [Located<EnumValue>], of field: FieldRule) -> [LintFinding] {
        var first: [String: SourceLocation] = [:]
        var findings: [LintFinding] = []
        for value in values {
            let key = value.value.description
            if let earlier = first[key] {
                findings.append(rule.finding(
                    "'\(key)' is listed twice in the values of '\(field.path)' (first on line \(earlier.line)): "
                    + "remove the repeat", at: value.location))
            } else {
                first[key] = value.location
            }
        }
        return findings
    }

    private func fromList(_ list: Located<String>, of field: FieldRule, _ context: LintContext) -> [LintFinding] {
        guard case .success(let words) = context.readList(list) else { return [] }  // the compiler reports it
        var first: [String: Int] = [:]
        var repeats: [String] = []
        for entry in words {
            if let line = first[entry.word] {
                repeats.append("line \(entry.line) repeats '\(entry.word)' (first on line \(line))")
            } else {
                first[entry.word] = entry.line
            }
        }
        guard !repeats.isEmpty else { return [] }
        let shown = repeats.prefix(Self.examples).joined(separator: "; ")
        let more = repeats.count > Self.examples ? "; and \(repeats.count - Self.examples) more" : ""
        return [rule.finding("the values list '\(list.value)' of '\(field.path)' has \(repeats.count) repeated "
                             + "value\(repeats.count == 1 ? "" : "s"): \(shown)\(more); remove the repeats",
                             at: list.location)]
    }
}
