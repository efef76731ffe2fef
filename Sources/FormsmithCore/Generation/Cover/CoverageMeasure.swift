/// The coverage of an existing set of questionnaires (`formsmith coverage`): each one is read
/// back through the questionnaire builder with every value it holds pinned and nothing else
/// filled, and its factor values are read as a covering set's are.
public struct CoverageMeasure {
    /// The report (no seed; `kept` is 0).
    public let report: CoverageReport
    /// The 1-based positions of questionnaires that do not pass the rules (their factor values
    /// are counted as read all the same).
    public let invalid: [Int]

    /// Measures `questionnaires` (one JSON object each; `names` says where each came from, for
    /// errors) against compiled rules. `progress` is called as it goes (once per 4,096 tuples
    /// checked, per questionnaire read, per uncovered tuple asked of the solver).
    public init(rules: CompiledRuleSet, strength: CoverStrength, questionnaires: [[UInt8]],
                names: [String], progress: ((CoverProgress) -> Void)? = nil) throws(GenerationError) {
        let plan = try GeneratorTables(rules: rules, options: GenerationOptions(count: 0, seed: 0, jobs: 1))
        let model = CoverModel(plan: plan)
        let generator = RecordGenerator(plan: plan, csvWriter: nil)
        let builder = generator.builder
        builder.replaying = true
        try TupleSpace.checkSize(sizes: model.factors.map(\.values.count), strength: strength)
        var space = TupleSpace(sizes: model.factors.map(\.values.count), strength: strength.order)
        let proof = ImpossibilityProof(model: model, plan: plan)
        for tuple in 0..<space.count {
            if tuple & 0xFFF == 0 { progress?(CoverProgress(.proving, done: tuple, of: space.count)) }
            if let rule = proof.rule(forbidding: space.decode(tuple)) { space.markImpossible(tuple, rule: rule) }
        }
        var rows: [[Int]] = []
        var invalid: [Int] = []
        for (index, bytes) in questionnaires.enumerated() {
            progress?(CoverProgress(.reading, done: index, of: questionnaires.count))
            let name = index < names.count ? names[index] : "questionnaire \(index + 1)"
            let fixture = try GenerationFixture(json: bytes, name: name)
            builder.recordPins = try FixturePins(fixture, rules: rules)
            _ = builder.build(index: index, attempt: 1, random: SeededRandom(seed: 0))
            if !generator.verify().isEmpty { invalid.append(index + 1) }
            let row = builder.readFactors(model)
            space.cover(row, by: index)
            rows.append(row)
        }
        progress?(CoverProgress(.reading, done: questionnaires.count, of: questionnaires.count))
        // What the set does not hold: impossible when the solver proves it, else not covered.
        let solver = SolverCoverModel(model: model, plan: plan)
        let uncovered = space.uncoveredCount
        var asked = 0
        for tuple in 0..<space.count where space.states[tuple] == .uncovered {
            progress?(CoverProgress(.solving, done: asked, of: uncovered))
            asked += 1
            if case .impossible(let rules) = solver.verdict(space.decode(tuple)) {
                space.markImpossible(tuple, rule: rules.joined(separator: ", with "))
            } else {
                space.markNotFound(tuple)
            }
        }
        if uncovered > 0 { progress?(CoverProgress(.solving, done: uncovered, of: uncovered)) }
        report = CoverageReport(form: rules.id, strength: strength, seed: nil, factors: model.factors, rows: rows,
                                space: space, kept: 0, attempts: 0, solver: solver)
        self.invalid = invalid
    }
}
