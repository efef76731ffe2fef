import FormsmithValues

/// `pattern-conflict`: a regex and a mask (or two regexes, with a case's) that no value can
/// match together.
///
/// When every pattern is an automaton of characters (no lookarounds, back references or word
/// boundaries), the check is exact: the product of their automata (``PatternIntersection``,
/// the same one `generate` draws from) is empty or not, over the characters the generator draws
/// (`.` and negated classes stand for printable ASCII and Russian letters). Otherwise it samples: it generates
/// ``samples`` values from each pattern (a fixed seed: the result is reproducible) and looks
/// for one that every pattern accepts.
struct PatternConflictCheck: LintCheck {
    let rule = LintRule(
        id: "pattern-conflict",
        summary: "A regex that never matches the values of its own mask (or of another regex that applies with it): every filled value is rejected.",
        triggering: [
            "fields:\n  phone: {type: string, mask: '+7 000 000-00-00', regex: '^8\\d{10}$'}\n",
            "fields:\n  plate: {type: string, mask: 'SSS-000', regex: '^[0-9-]+$'}\n",
            """
            fields:
              kind: {type: string}
              code:
                type: string
                regex: '^[a-z]+$'
                cases:
                  - {when: "kind == 'x'", mask: '0000'}
            """,
        ],
        nonTriggering: [
            "fields:\n  phone: {type: string, mask: '+7 000 000-00-00', regex: '^\\+7 9.*$'}\n",
            "fields:\n  code: {type: string, mask: '0000', regex: '^1234$'}\n",
            "fields:\n  name: {type: string, mask: 'SSSS', regex: '^[A-Z][a-z]+$'}\n",
        ])
    let needsCompiledRules = false

    /// Values generated from each pattern.
    static let samples = 200

    /// The patterns' intersection, as `generate` draws from it (``PatternIntersection``); nil
    /// when one of them needs filtering (lookarounds, back references) or changes what `.` and
    /// the anchors mean (`s`, `m`), which the samples then decide.
    static func intersection(_ patterns: [TextPattern]) -> PatternIntersection? {
        var programs: [RegexProgram] = []
        for pattern in patterns {
            guard let generator = pattern.generator, let regex = pattern.regex, !generator.needsFiltering,
                  regex.options.isDisjoint(with: [.multiline, .dotAll]) else { return nil }
            programs.append(generator.program)
        }
        return PatternIntersection.make(programs)
    }

    func findings(in context: LintContext) -> [LintFinding] {
        var findings: Set<LintFinding> = []
        for field in context.valueFields where field.type == .string || field.type == .text {
            for set in context.constraintSets(of: field) {
                let patterns = TextPattern.all(in: set.constraints)
                // In a case, only combinations with one of the case's own patterns are new.
                let own = TextPattern.all(in: Array(set.constraints.suffix(1)))
                guard patterns.count >= 2, set.condition == nil || !own.isEmpty, patterns.allSatisfy({ $0.regex != nil }),
                    patterns.contains(where: { $0.generator != nil }), !haveCommonValue(patterns)
                else { continue }
                // Reported where the later-written pattern stands (the field's own regex rather
                // than its definition's mask; a case's pattern rather than the field's).
                guard let last = patterns.max(by: { ($0.source.location.line, $0.source.location.column)
                    < ($1.source.location.line, $1.source.location.column) }) else { continue }
                let others = patterns.filter { $0.source.location != last.source.location }.map(\.phrase)
                    .joined(separator: " and the ")
                let scope = set.condition.map { " when \(PredicateText.quoted($0))" } ?? ""
                let proof = Self.intersection(patterns) != nil ? "their intersection is empty"
                    : "\(Self.samples) values generated from each were tried"
                findings.insert(rule.finding(
                    "no value of '\(field.path)'\(scope) matches both the \(last.phrase) and the \(others) "
                    + "(\(proof)): every filled value will be rejected; make them agree, or keep only one",
                    at: last.source.location))
            }
        }
        return Array(findings)
    }

    private func haveCommonValue(_ patterns: [TextPattern]) -> Bool {
        // Exact when every pattern is an automaton of characters: the answer `generate` uses.
        if let product = Self.intersection(patterns) { return !product.isEmpty }
        let scratch = RegexScratch()
        for (index, pattern) in patterns.enumerated() {
            guard let generator = pattern.generator else { continue }
            var random = SeededRandom(seed: 5).derived(UInt64(index))
            for _ in 0..<Self.samples {
                let value = generator.generate(using: &random)
                if patterns.allSatisfy({ $0.regex?.matches(value, scratch: scratch) == .match }) { return true }
            }
        }
        return false
    }
}
