/// How many factors every tuple of a covering set combines.
public enum CoverStrength: String, Sendable, CaseIterable {
    /// Each value of each factor at least once (each-choice).
    case each
    /// Every pair of values of every two factors (all-pairs).
    case pairs
    /// Every triple of values of every three factors.
    case triples

    /// The number of factors per tuple.
    public var order: Int {
        switch self {
        case .each: return 1
        case .pairs: return 2
        case .triples: return 3
        }
    }

    /// "pair", "triple", "value".
    public var tupleNoun: String {
        switch self {
        case .each: return "value"
        case .pairs: return "pair"
        case .triples: return "triple"
        }
    }
}

/// A covering set of valid questionnaires and its coverage report.
public struct CoveringResult: Sendable {
    /// The questionnaires, each one line of JSON, kept seeds first.
    public var questionnaires: [[UInt8]]
    /// What they cover, what cannot be covered and why.
    public var report: CoverageReport
    /// Questionnaires built and thrown away on the way (see ``GenerationDiscards``).
    public var discards: GenerationDiscards
    /// With ``CoveringGenerator/invalid``: questionnaires with one labelled defect each (after
    /// the valid ones; `index` counts from the first valid questionnaire).
    public var invalid: [[UInt8]] = []
    public var labels: [GeneratedLabel] = []
    /// With ``CoveringGenerator/invalid``: the (field, rule) defects the generator found it can
    /// plant in the covering set's questionnaires but could not plant alone (each still said).
    public var unplanted: [String] = []
}

/// Builds the smallest set of valid questionnaires it can find in which every tuple of factor
/// values (``CoverStrength``) read from the rules appears, AETG-style: for each new
/// questionnaire, several candidates each start from the first uncovered tuple and give every
/// other factor, in a random order, the value that completes the most uncovered tuples with
/// the values already chosen; the questionnaire builder is steered to those values, the result
/// is checked with the validator, its factor values are read back, and the candidate covering
/// the most uncovered tuples is kept. Tuples a rule forbids are proved impossible first; a
/// tuple no candidate reaches in ``attemptsPerTuple`` questionnaires is reported as not found.
/// Deterministic for a seed.
public final class CoveringGenerator {
    /// Candidates compared for each questionnaire written.
    public var candidates: Int
    /// Questionnaires whose candidates all aimed at a tuple without reaching it, before it is
    /// reported as not found.
    public var attemptsPerTuple = 3
    /// The most questionnaires written (a guard; reached, the rest is reported as not found).
    public var limit = 100_000
    /// Whether to add negative cases: one invalid questionnaire per (field, rule) defect the
    /// generator can plant in some questionnaire of the set, each with that one defect only.
    public var invalid = false
    /// Called as the run goes (at most once per questionnaire written, once per 4,096 tuples
    /// checked, and once at the end), for a progress line; nil: nobody asks.
    public var progress: ((CoverProgress) -> Void)?

    let plan: GeneratorTables
    let model: CoverModel
    let strength: CoverStrength
    /// How many `--seed-data` records are kept as the first questionnaires.
    let seedsToKeep: Int

    /// Prepares a covering set for compiled rules. `options` gives the seed, the fixture (pinned
    /// in every questionnaire), the seed data (its records are kept first: `seedsToKeep` of them,
    /// default all), the attempts per questionnaire and the output format's choice of defaults.
    public init(rules: CompiledRuleSet, strength: CoverStrength, options: GenerationOptions,
                seedsToKeep: Int? = nil) throws(GenerationError) {
        plan = try GeneratorTables(rules: rules, options: options)
        model = CoverModel(plan: plan)
        self.strength = strength
        let records = plan.seedData?.records.count ?? 0
        self.seedsToKeep = min(seedsToKeep ?? records, records)
        candidates = strength == .triples ? 6 : 12
    }

    /// The factors read from the rules, in order.
    public var factors: [CoverFactor] { model.factors }

    /// Builds the covering set.
    public func run() throws(GenerationError) -> CoveringResult {
        let generator = RecordGenerator(plan: plan, csvWriter: nil)
        let builder = generator.builder
        try TupleSpace.checkSize(sizes: model.factors.map(\.values.count), strength: strength)
        var space = TupleSpace(sizes: model.factors.map(\.values.count), strength: strength.order)
        let proof = ImpossibilityProof(model: model, plan: plan)
        for tuple in 0..<space.count {
            if tuple & 0xFFF == 0 { progress?(CoverProgress(.proving, done: tuple, of: space.count)) }
            if let rule = proof.rule(forbidding: space.decode(tuple)) { space.markImpossible(tuple, rule: rule) }
        }
        // Tuples the quick proof leaves and the search misses go to the solver: impossible
        // (with the rules in its core), or a valid assignment holding them to aim the next
        // questionnaire at.
        let solver = SolverCoverModel(model: model, plan: plan)
        var hints: [Int: (assignment: [Int], pins: FixturePins?)] = [:]
        var written: [[UInt8]] = []
        var rows: [[Int]] = []
        let root = SeededRandom(seed: plan.options.seed)
        var order = SeededRandom(seed: plan.options.seed ^ 0xC0FE_C0FE_C0FE_C0FE)
        // Kept seeds: the --seed-data records, built as they are, first.
        for index in 0..<seedsToKeep {
            guard let row = build(generator, index: index, targets: nil, random: root.derived(UInt64(index)),
                                  seeds: true) else {
                throw GenerationError(field: nil, rule: nil, message: "the seed-data record \(index + 1) could not "
                                      + "be made into a valid questionnaire in \(plan.options.maxAttempts) attempts; "
                                      + "check that its values pass the rules and fit together")
            }
            space.cover(row, by: written.count)
            written.append(Array(generator.json.bytes))
            rows.append(row)
        }
        builder.keepsSeedRecords = false
        var bases: [(assignment: [Int], random: SeededRandom, index: Int)] = []
        var missed = Array(repeating: UInt8(0), count: space.count)
        var cursor = 0
        var step: UInt64 = 0
        while space.uncoveredCount > 0 {
            progress?(CoverProgress(.covering, done: space.count - space.uncoveredCount, of: space.count,
                                    written: written.count))
            while cursor < space.count, space.states[cursor] != .uncovered { cursor += 1 }
            guard cursor < space.count else { break }
            if written.count >= limit {
                for tuple in cursor..<space.count { space.markNotFound(tuple) }
                break
            }
            let target = space.decode(cursor)
            // Forms whose rules only the solver reads (assertions, bounds naming fields, counts)
            // ask it first; elsewhere the quick proof has run and the solver is asked on a miss.
            if solver.readsMoreThanQuickProof, case .impossible(let rules) = solver.verdict(target) {
                space.markImpossible(cursor, rule: rules.joined(separator: ", with "))
                continue
            }
            step += 1
            var best: (row: [Int], bytes: [UInt8], score: Int, assignment: [Int], random: SeededRandom)?
            for candidate in 0..<candidates {
                let hint = candidate == 0 ? hints[cursor] : nil
                var assignment = hint?.assignment ?? choose(target, space: space, random: &order)
                builder.solverPins = hint?.pins
                if hint == nil, solver.readsMoreThanQuickProof, let solved = solver.complete(assignment, required: target) {
                    // The row the rules allow closest to the greedy wish, with its exact numbers.
                    assignment = solved
                    builder.solverPins = pins(solver)
                }
                defer { builder.solverPins = nil }
                let random = root.derived(0x1_0000_0000 &+ step).derived(UInt64(candidate))
                guard let row = build(generator, index: written.count,
                                      targets: CoverTargets(assignment, model: model, rules: plan.rules),
                                      random: random, seeds: false) else { continue }
                let score = space.uncovered(in: row)
                if score > (best?.score ?? 0) { best = (row, Array(generator.json.bytes), score, assignment, random) }
            }
            let reached = best.map { row in target.allSatisfy { row.row[$0.factor] == $0.value } } ?? false
            if !reached {
                missed[cursor] += 1
                if missed[cursor] == 1 {
                    switch solver.verdict(target) {
                    case .impossible(let rules):
                        space.markImpossible(cursor, rule: rules.joined(separator: ", with "))
                    case .possible(let assignment):
                        // Aim the next questionnaire at the solver's row for this tuple alone.
                        hints[cursor] = (assignment, pins(solver))
                    case .unknown:
                        break
                    }
                } else if missed[cursor] >= attemptsPerTuple {
                    space.markNotFound(cursor)
                }
            }
            if let best {
                bases.append((best.assignment, best.random, written.count))
                space.cover(best.row, by: written.count)
                written.append(best.bytes)
                rows.append(best.row)
            }
        }
        progress?(CoverProgress(.covering, done: space.count - space.uncoveredCount, of: space.count,
                                written: written.count))
        let report = CoverageReport(form: plan.rules.id, strength: strength, seed: plan.options.seed,
                                    factors: model.factors, rows: rows, space: space, kept: seedsToKeep,
                                    attempts: attemptsPerTuple * candidates, solver: solver)
        var result = CoveringResult(questionnaires: written, report: report, discards: generator.takeDiscards())
        if invalid {
            plantDefects(generator, bases: bases, into: &result)
            result.report.invalid = result.invalid.count
        }
        return result
    }

    /// The solver's exact numbers for its last row, as pins for the builder (nil when none).
    private func pins(_ solver: SolverCoverModel) -> FixturePins? {
        guard let bytes = solver.pins() else { return nil }
        return try? FixturePins(GenerationFixture(json: bytes, name: "the solver's values"), rules: plan.rules)
    }

    /// One questionnaire per (field, rule) defect: each base of the set is rebuilt (the same
    /// bytes), and every defect it allows that no earlier one planted is planted alone in a copy
    /// and kept only when the validator reports exactly that field and rule.
    private func plantDefects(_ generator: RecordGenerator, bases: [(assignment: [Int], random: SeededRandom, index: Int)],
                              into result: inout CoveringResult) {
        let planter = DefectPlanter(generator: generator)
        var planted = Set<String>()
        var failed: [String: Int] = [:]
        var defectRandom = SeededRandom(seed: plan.options.seed ^ 0x5EED_BAD0_DEFE_C7ED)
        for base in bases {
            guard build(generator, index: base.index, targets: CoverTargets(base.assignment, model: model, rules: plan.rules),
                        random: base.random, seeds: false) != nil else { continue }
            let snapshot = generator.builder.record
            for candidate in planter.candidates() {
                let id = candidate.address.field
                let field = id >= 0 && id < plan.rules.fields.count ? plan.rules.fields[id].path : "(the questionnaire)"
                let key = field + " " + candidate.rule
                guard !planted.contains(key) else { continue }
                generator.builder.record = snapshot
                generator.builder.failure = nil
                let defectStart = defectRandom
                guard let expected = planter.apply(candidate, random: &defectRandom) else {
                    failed[key, default: 0] += 1
                    continue
                }
                let violations = generator.verify()
                guard violations.count == 1, violations[0].field == expected, violations[0].rule == candidate.rule else {
                    failed[key, default: 0] += 1
                    continue
                }
                // Its own id: the base rebuilt as the questionnaire at this position (the builder
                // numbers generated ids by position; the same draws otherwise), the defect planted again.
                let position = result.questionnaires.count + result.invalid.count
                if generator.recordID() != nil {
                    var again = defectStart
                    guard build(generator, index: position, targets: CoverTargets(base.assignment, model: model, rules: plan.rules),
                                random: base.random, seeds: false) != nil,
                          planter.apply(candidate, random: &again) == expected,
                          generator.verify().map({ [$0.field, $0.rule] }) == [[expected, candidate.rule]] else {
                        failed[key, default: 0] += 1
                        continue
                    }
                }
                planted.insert(key)
                result.labels.append(GeneratedLabel(index: position, line: 0,
                                                    id: generator.recordID(), field: expected, rule: candidate.rule))
                result.invalid.append(Array(generator.json.bytes))
            }
            generator.builder.record = snapshot
        }
        result.unplanted = failed.keys.filter { !planted.contains($0) }.sorted()
        result.discards.merge(generator.takeDiscards())
    }

    /// Values for every factor: the target tuple's, then each other factor (in a random order)
    /// the value completing the most uncovered tuples with those already chosen (ties at random).
    private func choose(_ target: [(factor: Int, value: Int)], space: TupleSpace, random: inout SeededRandom) -> [Int] {
        var assignment = Array(repeating: -1, count: model.factors.count)
        var assigned: [Int] = []
        for (factor, value) in target {
            assignment[factor] = value
            assigned.append(factor)
        }
        var rest = (0..<model.factors.count).filter { assignment[$0] < 0 }
        for index in stride(from: rest.count - 1, to: 0, by: -1) {
            rest.swapAt(index, random.int(in: 0...index))
        }
        let others = strength.order - 1
        for factor in rest {
            let size = model.factors[factor].values.count
            var scores = Array(repeating: 0, count: size)
            if others > 0 {
                forEachSubset(of: assigned, size: others) { subset in
                    let factors = (subset + [factor]).sorted()
                    guard let combination = space.combination(of: factors) else { return }
                    var values = factors.map { assignment[$0] }
                    let position = factors.firstIndex(of: factor)!
                    for value in 0..<size {
                        values[position] = value
                        if space.states[space.tuple(combination, values: values)] == .uncovered { scores[value] += 1 }
                    }
                }
            } else if let combination = space.combination(of: [factor]) {
                for value in 0..<size where space.states[space.tuple(combination, values: [value])] == .uncovered {
                    scores[value] += 1
                }
            }
            let top = scores.max() ?? 0
            let best = (0..<size).filter { scores[$0] == top }
            assignment[factor] = best[random.int(in: 0...(best.count - 1))]
            assigned.append(factor)
        }
        return assignment
    }

    private func forEachSubset(of items: [Int], size: Int, _ body: ([Int]) -> Void) {
        var current: [Int] = []
        func visit(_ start: Int) {
            if current.count == size { body(current); return }
            guard start < items.count else { return }
            for index in start..<items.count {
                current.append(items[index])
                visit(index + 1)
                current.removeLast()
            }
        }
        visit(0)
    }

    /// Builds one valid questionnaire (up to the options' attempts, each discarded one counted)
    /// and reads its factor values; nil when no attempt passed the validator.
    private func build(_ generator: RecordGenerator, index: Int, targets: CoverTargets?, random: SeededRandom,
                       seeds: Bool) -> [Int]? {
        let builder = generator.builder
        builder.targets = targets
        defer { builder.targets = nil }
        for attempt in 0..<plan.options.maxAttempts {
            // Attempt numbers from 1: the builder's enum cycling (attempt 0) is not for covering sets.
            guard builder.build(index: index, attempt: attempt + 1, random: attempt == 0 ? random : random.derived(UInt64(attempt))) else {
                if let failure = builder.failure {
                    builder.discards.addQuestionnaire(reasons: [(plan.rules.fields[failure.address.field].path, failure.rule)])
                }
                continue
            }
            let violations = generator.verify()
            guard violations.isEmpty else {
                builder.discards.addQuestionnaire(reasons: violations.map { (ValidationSummary.foldIndices($0.field), $0.rule) })
                continue
            }
            return builder.readFactors(model)
        }
        return nil
    }
}
