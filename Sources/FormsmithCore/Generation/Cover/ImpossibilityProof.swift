/// Proves tuples impossible: a tuple is impossible when some constraint of the rules fails for
/// every value of the factors it reads that the tuple leaves open (a search of at most
/// ``limit`` assignments per constraint; larger ones prove nothing). Sound but not complete:
/// a tuple excluded only by two rules together is left to the search, which reports it as not
/// found when no questionnaire holds it.
struct ImpossibilityProof {
    static let limit = 4096

    let model: CoverModel
    let view: CoverModelView
    /// Constraint indexes by factor.
    private let byFactor: [[Int]]
    /// Per factor: whether a questionnaire may give it no value.
    private let mayHaveNone: [Bool]

    init(model: CoverModel, plan: GeneratorTables) {
        self.model = model
        view = CoverModelView(factors: model.factors, valueFactor: model.valueFactor,
                              optionFactors: model.optionFactors, plan: plan)
        var byFactor = Array(repeating: [Int](), count: model.factors.count)
        for (index, constraint) in model.constraints.enumerated() {
            for factor in Set(constraint.factors) { byFactor[factor].append(index) }
        }
        self.byFactor = byFactor
        mayHaveNone = model.factors.map { factor in
            factor.listID >= 0 || factor.kind == .condition || !plan.rules.fields[factor.field].allowed.isEmpty
        }
    }

    /// The rule that makes the tuple impossible, or nil when none is found.
    func rule(forbidding tuple: [(factor: Int, value: Int)]) -> String? {
        var assignment = Array(repeating: -1, count: model.factors.count)
        for (factor, value) in tuple { assignment[factor] = value }
        var touched: [Int] = []
        for (factor, _) in tuple {
            for index in byFactor[factor] where !touched.contains(index) {
                touched.append(index)
                let constraint = model.constraints[index]
                if !satisfiable([constraint], assignment) { return constraint.rule }
            }
        }
        // Two rules together (a field required while visible, and what its condition reads).
        for (position, first) in touched.enumerated() {
            for second in touched[(position + 1)...] {
                let (one, two) = (model.constraints[first], model.constraints[second])
                guard Set(one.factors).isDisjoint(with: two.factors) == false else { continue }
                if !satisfiable([one, two], assignment) { return one.rule + ", with " + two.rule }
            }
        }
        return nil
    }

    private func satisfiable(_ constraints: [CoverConstraint], _ fixed: [Int]) -> Bool {
        var open: [Int] = []
        for constraint in constraints {
            for factor in constraint.factors where fixed[factor] < 0 && !open.contains(factor) { open.append(factor) }
        }
        // A factor left open may also have no value (an item field without a first item, an
        // undecided condition, an `allow` value): the last position stands for that.
        let sizes = open.map { model.factors[$0].values.count + (mayHaveNone[$0] ? 1 : 0) }
        var total = 1
        for size in sizes {
            total *= size
            if total > Self.limit { return true }
        }
        var assignment = fixed
        for step in 0..<total {
            var rest = step
            for (position, factor) in open.enumerated() {
                let value = rest % sizes[position]
                assignment[factor] = value == model.factors[factor].values.count ? -1 : value
                rest /= sizes[position]
            }
            if constraints.allSatisfy({ $0.holds(assignment, view) }) { return true }
        }
        return false
    }
}
