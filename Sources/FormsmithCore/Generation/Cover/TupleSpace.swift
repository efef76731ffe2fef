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

    /// The factors and values of a tuple.
    func decode(_ tuple: Int) -> [(factor: Int, value: Int)] {
        var low = 0
        var high = offsets.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if offsets[middle] <= tuple { low = middle } else { high = middle - 1 }
        }
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
            if states[tuple] == .uncovered { uncoveredCount -= 1 }
            states[tuple] = .covered
            coveredBy[tuple] = Int32(index)
            newly += 1
        }
        return newly
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
    }

    mutating func markNotFound(_ tuple: Int) {
        guard states[tuple] == .uncovered else { return }
        states[tuple] = .notFound
        uncoveredCount -= 1
    }
}
