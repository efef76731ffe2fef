/// `pattern-length`: a regex or mask whose values are all too short or all too long for the
/// field's `minLength`/`maxLength` (of the field, or of the field together with a case).
///
/// The lengths a pattern allows are computed from its syntax tree (``RegexGenerator/lengthBounds``,
/// ``InputMask/lengthRange``), in Unicode scalars like `minLength` and `maxLength`.
struct PatternLengthCheck: LintCheck {
    let rule = LintRule(
        id: "pattern-length",
        summary: "A regex or mask that only matches values shorter than `minLength` or longer than `maxLength`: no value passes both.",
        triggering: [
            "fields:\n  inn: {type: string, regex: '^\\d{12}$', maxLength: 10}\n",
            "fields:\n  phone: {type: string, mask: '000-00-00', minLength: 10}\n",
            """
            fields:
              kind: {type: string}
              code:
                type: string
                maxLength: 5
                cases:
                  - {when: "kind == 'long'", regex: '^[A-Z]{6,8}$'}
            """,
        ],
        nonTriggering: [
            "fields:\n  inn: {type: string, regex: '^\\d{10}|\\d{12}$', maxLength: 12}\n",
            "fields:\n  name: {type: string, regex: '^[A-Z][a-z]*$', minLength: 1, maxLength: 50}\n",
            "fields:\n  plate: {type: string, mask: '[ABC]000[ABC][ABC]009', minLength: 8, maxLength: 9}\n",
        ])
    let needsCompiledRules = false

    func findings(in context: LintContext) -> [LintFinding] {
        var findings: Set<LintFinding> = []
        for field in context.valueFields where field.type == .string || field.type == .text {
            for set in context.constraintSets(of: field) {
                let minimum = set.constraints.compactMap(\.minLength).max { $0.value < $1.value }
                let maximum = set.constraints.compactMap(\.maxLength).min { $0.value < $1.value }
                for pattern in TextPattern.all(in: set.constraints) {
                    guard let lengths = pattern.lengths else { continue }
                    if let maximum, lengths.lowerBound > maximum.value {
                        findings.insert(rule.finding(
                            "the \(pattern.phrase) (line \(pattern.source.location.line)) of '\(field.path)' needs "
                            + "at least \(Counted.phrase(lengths.lowerBound, "character")) but maxLength is \(maximum.value): no value "
                            + "passes both; correct one of them", at: maximum.location))
                    }
                    if let minimum, lengths.upperBound < minimum.value {
                        findings.insert(rule.finding(
                            "the \(pattern.phrase) (line \(pattern.source.location.line)) of '\(field.path)' allows "
                            + "at most \(Counted.phrase(lengths.upperBound, "character")) but minLength is \(minimum.value): no value "
                            + "passes both; correct one of them", at: minimum.location))
                    }
                }
            }
        }
        return Array(findings)
    }
}
