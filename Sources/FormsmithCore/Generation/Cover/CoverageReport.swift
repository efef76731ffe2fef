/// What a set of questionnaires covers of a form's factors: the factors and their values, the
/// tuples required, covered (with the questionnaire covering each), proved impossible (with the
/// rule forbidding each) and not found, and each questionnaire's factor values.
public struct CoverageReport: Sendable {
    /// One tuple: factor names and values, in factor order.
    public typealias Tuple = [(factor: String, value: String)]

    public let form: String
    public let strength: CoverStrength
    public let seed: UInt64?
    public let factors: [CoverFactor]
    /// Per questionnaire, per factor: its value index, -1 for none.
    public let rows: [[Int]]
    /// How many questionnaires at the start were kept from seed data.
    public let kept: Int
    /// Questionnaires built aiming at a tuple before it is reported as not found.
    public let attempts: Int
    /// Every tuple (see ``TupleSpace``) with its state.
    public let required: Int
    public let covered: [(tuple: Tuple, questionnaire: Int)]
    public let impossible: [(tuple: Tuple, rule: String)]
    public let notFound: [Tuple]
    /// Rules the solver's model of the form leaves out, each with why: tuples they alone forbid
    /// stay "not found" instead of "impossible".
    public let unmodelled: [String]
    /// Solver checks made (proofs and rows).
    public let solverChecks: Int
    /// Solver checks that ran out of their resource or time limit (their tuples were not proven
    /// either way).
    public let solverTimeouts: Int
    /// Invalid questionnaires written after the valid ones (`--invalid`), not counted in ``rows``.
    public internal(set) var invalid = 0
    /// Greedy searches run (the smallest set kept; see ``CoveringGenerator/passes``); 0 for a
    /// measured set.
    public internal(set) var passes = 0
    /// Questionnaires dropped from the kept set because every tuple of theirs another one also
    /// covered.
    public internal(set) var dropped = 0
    /// Questionnaires of the kept set that another one makes redundant but that stay: one after
    /// them did not rebuild the same at its new position (see ``CoveringGenerator/run()``).
    public internal(set) var keptRedundant = 0

    init(form: String, strength: CoverStrength, seed: UInt64?, factors: [CoverFactor], rows: [[Int]],
         space: TupleSpace, kept: Int, attempts: Int, solver: SolverCoverModel?) {
        unmodelled = solver?.unmodelled ?? []
        solverTimeouts = solver?.solver.exhausted ?? 0
        solverChecks = solver?.solver.checks ?? 0
        self.form = form
        self.strength = strength
        self.seed = seed
        self.factors = factors
        self.rows = rows
        self.kept = kept
        self.attempts = attempts
        required = space.count
        func named(_ tuple: Int) -> Tuple {
            space.decode(tuple).map { (factors[$0.factor].name, factors[$0.factor].values[$0.value]) }
        }
        var covered: [(Tuple, Int)] = []
        var impossible: [(Tuple, String)] = []
        var notFound: [Tuple] = []
        for tuple in 0..<space.count {
            switch space.states[tuple] {
            case .covered: covered.append((named(tuple), Int(space.coveredBy[tuple])))
            case .impossible: impossible.append((named(tuple), space.rules[space.impossibleRule[tuple] ?? 0]))
            case .notFound, .uncovered: notFound.append(named(tuple))
            }
        }
        self.covered = covered
        self.impossible = impossible
        self.notFound = notFound
    }

    /// The report as JSON (one object; see docs/rules.md, "Covering sets").
    public var json: String {
        func tuple(_ tuple: Tuple) -> String {
            JSONText.array(tuple.map { JSONText.object([("factor", JSONText.quoted($0.factor)), ("value", JSONText.quoted($0.value))]) })
        }
        let factorList = factors.map { factor -> String in
            var pairs: [(String, String)] = [("name", JSONText.quoted(factor.name)), ("kind", JSONText.quoted(factor.kind.rawValue)),
                                             ("values", JSONText.array(factor.values.map(JSONText.quoted)))]
            if !factor.jsonPath.isEmpty { pairs.append(("path", JSONText.quoted(factor.jsonPath))) }
            if factor.kind == .option, let name = factor.name.components(separatedBy: " has ").last {
                pairs.append(("option", JSONText.quoted(name)))
            }
            if let bounds = factor.bounds {
                if let low = bounds.lowText { pairs.append(("min", JSONText.quoted(low))) }
                if let high = bounds.highText { pairs.append(("max", JSONText.quoted(high))) }
            }
            if let sizes = factor.sizes {
                pairs.append(("minItems", String(sizes.low)))
                pairs.append(("maxItems", String(sizes.top)))
            }
            if factor.kind == .section {
                pairs.append(("members", JSONText.array(factor.memberPaths.map(JSONText.quoted))))
            }
            return JSONText.object(pairs)
        }
        let rowList = rows.map { row in
            JSONText.array(row.enumerated().map { $0.element < 0 ? "null" : JSONText.quoted(factors[$0.offset].values[$0.element]) })
        }
        var pairs: [(String, String)] = [
            ("form", JSONText.quoted(form)), ("strength", JSONText.quoted(strength.rawValue)),
        ]
        if let seed { pairs.append(("seed", String(seed))) }
        pairs += [
            ("questionnaires", String(rows.count)), ("kept", String(kept)), ("invalid", String(invalid)),
            ("required", String(required)), ("covered", String(covered.count)),
            ("impossible", String(impossible.count)), ("notFound", String(notFound.count)),
            ("attemptsPerTuple", String(attempts)),
            ("searchPasses", String(passes)), ("redundantDropped", String(dropped)),
            ("redundantKept", String(keptRedundant)),
            ("solverChecks", String(solverChecks)),
            ("solverTimeouts", String(solverTimeouts)),
            ("unmodelled", JSONText.array(unmodelled.map(JSONText.quoted))),
            ("factors", "[\n" + factorList.joined(separator: ",\n") + "\n]"),
            ("rows", "[\n" + rowList.joined(separator: ",\n") + "\n]"),
            ("coveredTuples", "[\n" + covered.map {
                JSONText.object([("tuple", tuple($0.tuple)), ("questionnaire", String($0.questionnaire))])
            }.joined(separator: ",\n") + "\n]"),
            ("impossibleTuples", "[\n" + impossible.map {
                JSONText.object([("tuple", tuple($0.tuple)), ("rule", JSONText.quoted($0.rule))])
            }.joined(separator: ",\n") + "\n]"),
            ("notFoundTuples", "[\n" + notFound.map { JSONText.object([("tuple", tuple($0))]) }.joined(separator: ",\n") + "\n]"),
        ]
        return JSONText.object(pairs) + "\n"
    }

    /// A few lines for standard error: the counts, impossible tuples per rule, and the tuples not found.
    /// Every string from the rule file (factor names, enum values, condition texts, rules) is
    /// escaped as reports escape data (``DisplayText``): a rule file is as untrusted as data.
    public func summary(shown: Int = 10) -> [String] {
        let noun = strength.tupleNoun
        var lines = ["\(factors.count) factors, \(Counted.phrase(required, noun)) required: \(covered.count) covered by "
                     + "\(Counted.phrase(rows.count, "questionnaire"))" + (kept > 0 ? " (\(kept) kept from seed data)" : "")
                     + ", \(impossible.count) impossible, \(notFound.count) " + (attempts > 0 ? "not found" : "not covered")]
        var searches: [String] = []
        if passes > 1 { searches.append("the smallest set of \(passes) greedy searches kept") }
        if dropped > 0 {
            searches.append("\(Counted.phrase(dropped, "questionnaire")) dropped whose every \(noun) another one also covered")
        }
        if keptRedundant > 0 {
            searches.append("\(Counted.phrase(keptRedundant, "redundant questionnaire")) kept: "
                            + "one after it did not rebuild the same at its new position")
        }
        if !searches.isEmpty { lines.append("  " + searches.joined(separator: ", ")) }
        var perRule: [String: Int] = [:]
        for entry in impossible { perRule[entry.rule, default: 0] += 1 }
        let ranked = perRule.sorted { ($0.value, $1.key) > ($1.value, $0.key) }
        for (rule, count) in ranked.prefix(shown) {
            lines.append("  impossible: \(Counted.phrase(count, noun)) forbidden by \(DisplayText.escaped(rule))")
        }
        if ranked.count > shown { lines.append("  ... and \(ranked.count - shown) more rules forbid others (see the report)") }
        for tuple in notFound.prefix(shown) {
            lines.append((attempts > 0 ? "  not found after \(Counted.phrase(attempts, "attempt")): " : "  not covered: ")
                         + tuple.map { DisplayText.escaped("\($0.factor)=\($0.value)") }.joined(separator: ", "))
        }
        if notFound.count > shown { lines.append("  ... and \(notFound.count - shown) more not found (see the report)") }
        if solverTimeouts > 0 {
            lines.append("  the solver ran out of its limit on \(Counted.phrase(solverTimeouts, "check")) (those tuples are not proven)")
        }
        if !notFound.isEmpty {
            for rule in unmodelled.prefix(shown) { lines.append("  not modelled by the solver: \(rule)") }
            if unmodelled.count > shown { lines.append("  ... and \(unmodelled.count - shown) more rules not modelled (see the report)") }
        }
        return lines
    }
}
