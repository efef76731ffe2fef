import FormsmithValues

/// `backtracking-regex`: a regex prone to catastrophic backtracking (see ``BacktrackingAnalysis``).
///
/// Every match runs under PCRE2's match and depth limits, so such a pattern does not hang a
/// run, but a long value that fails to match ends as a `regex-limit` violation instead of a
/// clear `regex` one, after burning the whole budget.
struct BacktrackingRegexCheck: LintCheck {
    let rule = LintRule(
        id: "backtracking-regex",
        summary: "A regex prone to catastrophic backtracking: a quantifier nested in a repeated group whose repetitions can match the same text, as in (a+)+, (a*)*, (a|aa)+ or (\\w+\\s?)+$.",
        triggering: [
            "fields:\n  a: {type: string, regex: '^(a+)+$'}\n",
            "fields:\n  a: {type: string, regex: '(a*)*b'}\n",
            "fields:\n  a: {type: string, regex: '^(a|aa)+$'}\n",
            "fields:\n  a: {type: string, regex: '^(\\w+\\s?)+$'}\n",
            "fields:\n  a: {type: string, regex: '^(?:\\d|[0-9a-f])+$'}\n",
            "fields:\n  a: {type: string, regex: '^(?: \\w+ \\s? )+$', regexFlags: x}\n",
        ],
        nonTriggering: [
            "fields:\n  a: {type: string, regex: '^[a-z]+(?:\\.[a-z]+)*$'}\n",
            "fields:\n  a: {type: string, regex: '^(\\d{3}-)+\\d+$'}\n",
            "fields:\n  a: {type: string, regex: '^(?>a+)+$'}\n",
            "fields:\n  a: {type: string, regex: '^(a++)+$'}\n",
            "fields:\n  a: {type: string, regex: '^(a|ab)+$'}\n",
            "fields:\n  a: {type: string, regex: '^(?:-[А-ЯЁ][а-яё]*)?$'}\n",
        ])
    let needsCompiledRules = false

    func findings(in context: LintContext) -> [LintFinding] {
        var findings: Set<LintFinding> = []
        for field in context.valueFields {
            for constraints in [field.constraints] + field.cases.map(\.constraints) {
                guard let regex = constraints.regex else { continue }
                let flags = constraints.regexFlags?.value ?? ""
                let extended = flags.contains("x") ? "(?x)" : ""
                var parser = RegexParser(pattern: extended + regex.value)
                guard let program = try? parser.parsePattern(caseInsensitive: flags.contains("i")),
                    let risk = BacktrackingAnalysis.risk(in: program)
                else { continue }
                let shape: String
                let advice: String
                switch risk {
                case .nestedQuantifier:
                    shape = "a repeated group holds a quantifier whose characters can also start (or end) the "
                        + "next repetition, as in (a+)+ or (\\w+\\s?)+"
                    advice = "make the inner quantifier possessive (a++) or the group atomic (?>...), or rewrite "
                        + "it so that consecutive repetitions cannot match the same characters"
                case .overlappingAlternatives:
                    shape = "a repeated group has alternatives that can match the same text, as in (a|aa)+"
                    advice = "make the alternatives exclusive (a+ instead of (a|aa)+) or the group atomic (?>...)"
                }
                findings.insert(rule.finding(
                    "the regex '\(regex.value)' is prone to catastrophic backtracking: \(shape), so a long value "
                    + "that does not match makes PCRE2 try exponentially many ways (reported as regex-limit); "
                    + advice, at: regex.location))
            }
        }
        return Array(findings)
    }
}
