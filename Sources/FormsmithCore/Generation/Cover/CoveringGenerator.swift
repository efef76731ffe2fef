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
    /// Greedy searches run, each from its own seed (the first from the run's seed, as a single
    /// search always drew), keeping the smallest set; the searches stop early when a set is as
    /// small as the largest number of tuples one factor combination needs covered (no set can
    /// be smaller). The greedy choice varies much with the seed: on issue 30's
    /// cover-nested-visibility, 25 to 30 questionnaires over seeds 1-5. Default 3 (`--searches`),
    /// 1 for triples: on issue 30's six forms at seed 1, three searches are no larger than
    /// PICT's sets (a second search alone left cover-nested-visibility at 27 against PICT's 26),
    /// and six gained one questionnaire on osago-policy (23) for twice the time.
    public var passes: Int
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
        passes = strength == .triples ? 1 : 3
    }

    /// The factors read from the rules, in order.
    public var factors: [CoverFactor] { model.factors }

    /// Builds the covering set: up to ``passes`` greedy searches (see ``passes``), each followed
    /// by dropping the questionnaires whose every tuple another one also covers; the smallest
    /// set wins (fewest tuples not found first).
    public func run() throws(GenerationError) -> CoveringResult {
        let generator = RecordGenerator(plan: plan, csvWriter: nil)
        try TupleSpace.checkSize(sizes: model.factors.map(\.values.count), strength: strength)
        var proved = TupleSpace(sizes: model.factors.map(\.values.count), strength: strength.order)
        let proof = ImpossibilityProof(model: model, plan: plan)
        for tuple in 0..<proved.count {
            if tuple & 0xFFF == 0 { progress?(CoverProgress(.proving, done: tuple, of: proved.count)) }
            if let rule = proof.rule(forbidding: proved.decode(tuple)) { proved.markImpossible(tuple, rule: rule) }
        }
        // Tuples the quick proof leaves and the search misses go to the solver: impossible
        // (with the rules in its core), or a valid assignment holding them to aim the next
        // questionnaire at.
        let solver = SolverCoverModel(model: model, plan: plan)
        var best: Pass?
        var passesRun = 0
        for pass in 0..<max(1, passes) {
            var next = try search(generator, space: proved, solver: solver, pass: pass)
            passesRun += 1
            (next.dropped, next.keptRedundant) = dropRedundant(generator, from: &next)
            if best.map({ next.isSmaller(than: $0) }) ?? true { best = next }
            // No set is smaller than the most tuples one factor combination needs covered.
            if let best, best.rows.count <= best.space.coveredLowerBound { break }
        }
        guard let best else { preconditionFailure("at least one pass runs") }
        progress?(CoverProgress(.covering, done: best.space.count - best.space.uncoveredCount, of: best.space.count,
                                written: best.written.count))
        var report = CoverageReport(form: plan.rules.id, strength: strength, seed: plan.options.seed,
                                    factors: model.factors, rows: best.rows, space: best.space, kept: seedsToKeep,
                                    attempts: attemptsPerTuple * candidates, solver: solver)
        report.passes = passesRun
        report.dropped = best.dropped
        report.keptRedundant = best.keptRedundant
        var result = CoveringResult(questionnaires: best.written, report: report, discards: generator.takeDiscards())
        if invalid {
            plantDefects(generator, bases: best.bases.compactMap { base in base.assignment.map { ($0, base.random, base.index) } }, into: &result)
            result.report.invalid = result.invalid.count
        }
        return result
    }

    /// One greedy search's set: the questionnaires, their factor values, how each was built
    /// (to rebuild it at another position) and the tuples' states.
    private struct Pass {
        var written: [[UInt8]] = []
        var rows: [[Int]] = []
        var bases: [Base] = []
        var space: TupleSpace
        /// Questionnaires dropped from the search's set as redundant (see ``dropRedundant``).
        var dropped = 0
        /// Redundant questionnaires kept because dropping them failed (see ``dropRedundant``).
        var keptRedundant = 0

        var notFound: Int { space.states.reduce(0) { $0 + ($1 == .notFound ? 1 : 0) } }

        /// Fewer tuples not found, then fewer questionnaires.
        func isSmaller(than other: Pass) -> Bool {
            (notFound, rows.count) < (other.notFound, other.rows.count)
        }
    }

    /// How one questionnaire of a pass was built (nil assignment: a kept seed-data record).
    private struct Base {
        var assignment: [Int]?
        var random: SeededRandom
        var index: Int
        var pins: FixturePins?
    }

    /// One AETG-style greedy search from the proved space. Pass 0 draws as a single search always
    /// has (the same set for a seed); later passes draw from seeds derived from it, and odd ones
    /// aim at the combination with the most tuples left.
    private func search(_ generator: RecordGenerator, space proved: TupleSpace, solver: SolverCoverModel,
                        pass: Int) throws(GenerationError) -> Pass {
        let builder = generator.builder
        var space = proved
        var result = Pass(space: proved)
        var hints: [Int: (assignment: [Int], pins: FixturePins?)] = [:]
        var passRandom = SeededRandom(seed: plan.options.seed).derived(0x9A55_0000 &+ UInt64(pass))
        let seed = pass == 0 ? plan.options.seed : passRandom.next()
        let root = SeededRandom(seed: seed)
        var order = SeededRandom(seed: seed ^ 0xC0FE_C0FE_C0FE_C0FE)
        // Kept seeds: the --seed-data records, built as they are, first.
        builder.keepsSeedRecords = true
        for index in 0..<seedsToKeep {
            let random = root.derived(UInt64(index))
            guard let row = build(generator, index: index, targets: nil, random: random, seeds: true) else {
                throw GenerationError(field: nil, rule: nil, message: "the seed-data record \(index + 1) could not "
                                      + "be made into a valid questionnaire in \(plan.options.maxAttempts) attempts; "
                                      + "check that its values pass the rules and fit together")
            }
            space.cover(row, by: result.written.count)
            result.bases.append(Base(assignment: nil, random: random, index: index, pins: nil))
            result.written.append(Array(generator.json.bytes))
            result.rows.append(row)
        }
        builder.keepsSeedRecords = false
        var missed = Array(repeating: UInt8(0), count: space.count)
        var cursor = 0
        // Odd passes start each questionnaire where PICT does, in the factor combination with
        // the most tuples left; even ones at the first tuple left. The two orders fail on
        // different forms and seeds (osago-policy seed 2: 25 questionnaires in six passes of the
        // first order alone, PICT 24).
        let hardestFirst = pass % 2 == 1
        var step: UInt64 = 0
        while space.uncoveredCount > 0 {
            progress?(CoverProgress(.covering, done: space.count - space.uncoveredCount, of: space.count,
                                    written: result.written.count))
            if hardestFirst {
                guard let tuple = space.hardestUncovered() else { break }
                cursor = tuple
            } else {
                while cursor < space.count, space.states[cursor] != .uncovered { cursor += 1 }
                guard cursor < space.count else { break }
            }
            if result.written.count >= limit {
                for tuple in 0..<space.count { space.markNotFound(tuple) }
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
            var best: (row: [Int], bytes: [UInt8], score: Int, assignment: [Int], random: SeededRandom, pins: FixturePins?)?
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
                guard let row = build(generator, index: result.written.count,
                                      targets: CoverTargets(assignment, model: model, rules: plan.rules),
                                      random: random, seeds: false) else { continue }
                let score = space.uncovered(in: row)
                if score > (best?.score ?? 0) {
                    best = (row, Array(generator.json.bytes), score, assignment, random, builder.solverPins)
                }
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
                result.bases.append(Base(assignment: best.assignment, random: best.random, index: result.written.count,
                                         pins: best.pins))
                space.cover(best.row, by: result.written.count)
                result.written.append(best.bytes)
                result.rows.append(best.row)
            }
        }
        result.space = space
        return result
    }

    /// Drops the questionnaires (latest first, never a kept seed-data record) whose every tuple
    /// another remaining one also covers, so the set still covers all it covered. The ones after
    /// a dropped questionnaire move up and are rebuilt at their new position (a generated id
    /// numbers the position); if one does not come back with the same factor values, the pass
    /// is left as it was. Returns how many were dropped, and how many redundant ones were kept
    /// because of that (said in the summary, never silent).
    private func dropRedundant(_ generator: RecordGenerator, from pass: inout Pass) -> (dropped: Int, kept: Int) {
        let tuples = pass.rows.map { pass.space.tuples(of: $0).filter { pass.space.states[$0] == .covered } }
        var holders: [Int: Int] = [:]
        for list in tuples { for tuple in list { holders[tuple, default: 0] += 1 } }
        var drop = Set<Int>()
        for index in stride(from: pass.rows.count - 1, through: seedsToKeep, by: -1)
        where tuples[index].allSatisfy({ holders[$0, default: 0] >= 2 }) {
            for tuple in tuples[index] { holders[tuple, default: 0] -= 1 }
            drop.insert(index)
        }
        guard let first = drop.min() else { return (0, 0) }
        var next = pass
        next.written.removeAll()
        next.rows.removeAll()
        next.bases.removeAll()
        for index in pass.rows.indices where !drop.contains(index) {
            var base = pass.bases[index]
            var bytes = pass.written[index]
            if index > first, let assignment = base.assignment {
                let position = next.rows.count
                generator.builder.solverPins = base.pins
                defer { generator.builder.solverPins = nil }
                guard build(generator, index: position, targets: CoverTargets(assignment, model: model, rules: plan.rules),
                            random: base.random, seeds: false) == pass.rows[index] else { return (0, drop.count) }
                bytes = Array(generator.json.bytes)
                base.index = position
            }
            next.bases.append(base)
            next.written.append(bytes)
            next.rows.append(pass.rows[index])
        }
        next.space.recover(rows: next.rows)
        guard next.space.uncoveredCount == 0 else { return (0, drop.count) }
        pass = next
        return (drop.count, 0)
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
