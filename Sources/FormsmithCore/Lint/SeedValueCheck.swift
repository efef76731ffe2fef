/// `seed-value`: a seed list (`seed:`, relative to the rule file) that cannot be read, or
/// whose words fail the field's own checks, so that generated questionnaires would be invalid.
///
/// Each word is checked as the field's value with every other field unknown (cases and
/// bounds that read other fields are skipped), like a CSV cell.
struct SeedValueCheck: LintCheck {
    let rule = LintRule(
        id: "seed-value",
        summary: "A seed list that cannot be read, or whose words fail the field's own checks (type, regex, mask, lengths, values...).",
        triggering: [
            "fields:\n  name: {type: string, regex: '^[A-Z][a-z]+$', seed: ../SampleData/seeds/ru-last-names.txt}\n",
            "fields:\n  name: {type: string, maxLength: 5, seed: ../SampleData/seeds/ru-last-names.txt}\n",
            "fields:\n  name: {type: string, seed: ../SampleData/seeds/no-such-list.txt}\n",
        ],
        nonTriggering: [
            "fields:\n  name: {type: string, regex: '^[А-ЯЁ][а-яё]*(?:-[А-ЯЁ][а-яё]*)?$', seed: ../SampleData/seeds/ru-last-names.txt}\n",
        ])
    let needsCompiledRules = true

    /// How many failing words one finding names.
    static let examples = 3

    func findings(in context: LintContext) -> [LintFinding] {
        guard let compiled = context.compiled else { return [] }
        let validator = RecordValidator(rules: compiled)
        var findings: [LintFinding] = []
        for field in context.valueFields {
            guard let seed = field.seed, let id = compiled.fieldIDs[field.path] else { continue }
            let words: [(line: Int, word: String)]
            switch context.readList(seed) {
            case .failure(let error):
                if let outside = error.outside {
                    findings.append(rule.finding(outside, at: seed.location))
                    continue
                }
                findings.append(rule.finding("cannot read the seed list '\(seed.value)' of '\(field.path)' "
                                             + "(looked at \(error.path)): correct the path, relative to the rule file",
                                             at: seed.location))
                continue
            case .success(let list):
                words = list
            }
            var failures: [String] = []
            for entry in words {
                guard let violation = validator.violations(ofText: entry.word, field: id).first else { continue }
                failures.append("line \(entry.line) '\(entry.word)' (\(violation.rule): \(violation.message))")
            }
            guard !failures.isEmpty else { continue }
            let shown = failures.prefix(Self.examples).joined(separator: "; ")
            let more = failures.count > Self.examples ? "; and \(failures.count - Self.examples) more" : ""
            findings.append(rule.finding(
                "\(failures.count) of the \(Counted.phrase(words.count, "word")) of the seed list '\(seed.value)' fail the checks of "
                + "'\(field.path)': \(shown)\(more); correct or remove them, or generated questionnaires will be "
                + "invalid", at: seed.location))
        }
        return findings
    }
}
