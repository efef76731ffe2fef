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
    /// Per field id: the list around it, or -1.
    private let enclosing: [Int]

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
            factor.kind == .condition || !plan.rules.fields[factor.field].allowed.isEmpty
        }
        enclosing = plan.rules.fields.map { $0.listID ?? -1 }
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
        // A list one of the fixed factors is read in has its first item (and so have the lists around it).
        var present = Set<Int>()
        for (factor, value) in fixed.enumerated() where value >= 0 {
            var list = model.factors[factor].listID
            while list >= 0, present.insert(list).inserted { list = enclosing[list] }
        }
        let sizes = open.map { factor in
            let none = mayHaveNone[factor] || (model.factors[factor].listID >= 0 && !present.contains(model.factors[factor].listID))
            return model.factors[factor].values.count + (none ? 1 : 0)
        }
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
