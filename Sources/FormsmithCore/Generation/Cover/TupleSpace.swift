/// Every t-tuple of factor values (one value for each of t different factors), numbered, with
/// its state: uncovered, covered (and by which questionnaire), impossible (and the rule), or
/// not found. Factor combinations are kept in lexicographic order; a tuple's number is its
/// combination's offset plus the mixed-radix number of its values.
struct TupleSpace {
    enum State: UInt8 {
        case uncovered, covered, impossible, notFound
    }

    let strength: Int
    let sizes: [Int]
    /// The factor combinations, each sorted.
    private(set) var combinations: [[Int]] = []
    private var offsets: [Int] = []
    /// Combination index by key (see ``key(_:)``).
    private var combinationIndex: [Int: Int] = [:]
    private(set) var states: [State] = []
    /// Per tuple: the questionnaire that covers it, or -1.
    private(set) var coveredBy: [Int32] = []
    /// Per impossible tuple: the index of its rule in ``rules``.
    private(set) var impossibleRule: [Int: Int] = [:]
    private(set) var rules: [String] = []
    private(set) var uncoveredCount = 0
    /// Per combination: how many of its tuples are still uncovered.
    private(set) var uncoveredIn: [Int] = []

    /// The most tuples a covering run or a coverage measure takes on (each costs a proof that
    /// no rule forbids it, a few bytes of state, and work in every round of the search): past
    /// it the command refuses, with the count, before allocating anything.
    static let limit = 2_000_000

    /// The number of t-tuples of factors with `sizes` values (the elementary symmetric sum of
    /// degree t), counted without building them; nil when it passes `Int.max`.
    static func count(sizes: [Int], strength: Int) -> Int? {
        let order = min(strength, sizes.count)
        guard order > 0 else { return 0 }
        var sums = [Int](repeating: 0, count: order + 1)
        sums[0] = 1
        for size in sizes {
            for degree in stride(from: order, through: 1, by: -1) {
                let (product, overflowed) = sums[degree - 1].multipliedReportingOverflow(by: size)
                let (sum, overflowedAgain) = sums[degree].addingReportingOverflow(product)
                if overflowed || overflowedAgain { return nil }
                sums[degree] = sum
            }
        }
        return sums[order]
    }

    /// Refuses a tuple space past ``limit`` with its count and what to do instead.
    static func checkSize(sizes: [Int], strength: CoverStrength) throws(GenerationError) {
        let total = count(sizes: sizes, strength: strength.order)
        if let total, total <= limit { return }
        let counted = total.map { ProgressLine.grouped($0) } ?? "more than \(ProgressLine.grouped(Int.max))"
        var advice: [String] = []
        if strength == .triples, let pairs = count(sizes: sizes, strength: 2), pairs <= limit {
            advice.append("--cover pairs (\(ProgressLine.grouped(pairs)) tuples)")
        } else if strength != .each {
            advice.append("--cover each (\(ProgressLine.grouped(count(sizes: sizes, strength: 1) ?? 0)) values)")
        }
        advice.append("fewer factors (pin some with --fixture)")
        throw GenerationError(field: nil, rule: nil, message: "the rules' \(sizes.count) factors make \(counted) "
                              + "\(strength.rawValue) to cover, more than the limit of \(ProgressLine.grouped(limit)) a run takes on; "
                              + "use " + advice.joined(separator: ", or "))
    }

    init(sizes: [Int], strength: Int) {
        self.sizes = sizes
        self.strength = min(strength, sizes.count)
        var total = 0
        var current: [Int] = []
        func visit(_ start: Int) {
            if current.count == self.strength {
                combinationIndex[key(current)] = combinations.count
                combinations.append(current)
                offsets.append(total)
                total += current.reduce(1) { $0 * sizes[$1] }
                return
            }
            guard start < sizes.count else { return }
            for factor in start..<sizes.count {
                current.append(factor)
                visit(factor + 1)
                current.removeLast()
            }
        }
        if self.strength > 0 { visit(0) }
        states = Array(repeating: .uncovered, count: total)
        coveredBy = Array(repeating: -1, count: total)
        uncoveredCount = total
        uncoveredIn = combinations.map { $0.reduce(1) { $0 * sizes[$1] } }
    }

    var count: Int { states.count }

    private func key(_ factors: [Int]) -> Int { factors.reduce(0) { $0 &* (sizes.count + 1) &+ $1 + 1 } }

    /// The number of the tuple giving sorted `factors` the values `values` (one per factor, same order).
    func tuple(_ combination: Int, values: [Int]) -> Int {
        var index = 0
        for (position, factor) in combinations[combination].enumerated() { index = index * sizes[factor] + values[position] }
        return offsets[combination] + index
    }

    /// The combination of sorted factors, if the space has it.
    func combination(of factors: [Int]) -> Int? { combinationIndex[key(factors)] }

    /// The combination a tuple belongs to.
    func combination(containing tuple: Int) -> Int {
        var low = 0
        var high = offsets.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if offsets[middle] <= tuple { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// The first uncovered tuple of the factor combination with the most uncovered tuples (the
    /// first such combination on a tie), as PICT picks where to start a row; nil when nothing
    /// is uncovered.
    func hardestUncovered() -> Int? {
        guard uncoveredCount > 0, var best = uncoveredIn.indices.first else { return nil }
        for combination in uncoveredIn.indices where uncoveredIn[combination] > uncoveredIn[best] { best = combination }
        let end = best + 1 < offsets.count ? offsets[best + 1] : states.count
        return (offsets[best]..<end).first { states[$0] == .uncovered }
    }

    /// The factors and values of a tuple.
    func decode(_ tuple: Int) -> [(factor: Int, value: Int)] {
        let low = combination(containing: tuple)
        var rest = tuple - offsets[low]
        var result: [(Int, Int)] = []
        for factor in combinations[low].reversed() {
            result.append((factor, rest % sizes[factor]))
            rest /= sizes[factor]
        }
        return result.reversed()
    }

    /// The tuples a row of factor values (-1: none) holds.
    func tuples(of row: [Int]) -> [Int] {
        var result: [Int] = []
        var values = Array(repeating: 0, count: strength)
        outer: for (index, combination) in combinations.enumerated() {
            for (position, factor) in combination.enumerated() {
                guard row[factor] >= 0 else { continue outer }
                values[position] = row[factor]
            }
            result.append(tuple(index, values: values))
        }
        return result
    }

    /// How many of a row's tuples are still uncovered.
    func uncovered(in row: [Int]) -> Int { tuples(of: row).reduce(0) { $0 + (states[$1] == .uncovered ? 1 : 0) } }

    /// Marks a row's uncovered tuples covered by questionnaire `index`; returns how many.
    @discardableResult
    mutating func cover(_ row: [Int], by index: Int) -> Int {
        var newly = 0
        for tuple in tuples(of: row) where states[tuple] == .uncovered || states[tuple] == .notFound {
            if states[tuple] == .uncovered {
                uncoveredCount -= 1
                uncoveredIn[combination(containing: tuple)] -= 1
            }
            states[tuple] = .covered
            coveredBy[tuple] = Int32(index)
            newly += 1
        }
        return newly
    }

    /// Covers again from `rows` only (after questionnaires were dropped): every covered tuple
    /// becomes uncovered, then each row covers its tuples with its new index.
    mutating func recover(rows: [[Int]]) {
        for tuple in states.indices where states[tuple] == .covered {
            states[tuple] = .uncovered
            coveredBy[tuple] = -1
            uncoveredCount += 1
            uncoveredIn[combination(containing: tuple)] += 1
        }
        for (index, row) in rows.enumerated() { cover(row, by: index) }
    }

    /// The most covered tuples of one factor combination: each questionnaire holds one tuple
    /// of each combination, so no set covering them is smaller.
    var coveredLowerBound: Int {
        var most = 0
        for combination in combinations.indices {
            let end = combination + 1 < offsets.count ? offsets[combination + 1] : states.count
            most = max(most, states[offsets[combination]..<end].reduce(0) { $0 + ($1 == .covered ? 1 : 0) })
        }
        return most
    }

    mutating func markImpossible(_ tuple: Int, rule: String) {
        guard states[tuple] == .uncovered else { return }
        var ruleIndex = rules.firstIndex(of: rule)
        if ruleIndex == nil {
            rules.append(rule)
            ruleIndex = rules.count - 1
        }
        states[tuple] = .impossible
        impossibleRule[tuple] = ruleIndex
        uncoveredCount -= 1
        uncoveredIn[combination(containing: tuple)] -= 1
    }

    mutating func markNotFound(_ tuple: Int) {
        guard states[tuple] == .uncovered else { return }
        states[tuple] = .notFound
        uncoveredCount -= 1
        uncoveredIn[combination(containing: tuple)] -= 1
    }
}
