/// What a zero-width assertion requires of its position.
package enum RegexAssertion: Sendable, Equatable {
    /// `^`, `\A`, `\G`: the start of the value.
    case start
    /// `$`, `\z`, `\Z`: the end of the value.
    case end
    /// `\b` (`negated` false) or `\B` (true): the walker draws the characters on either side
    /// to satisfy it where their sets allow (the pattern is still filtered).
    case wordBoundary(negated: Bool)
    /// `\K`, lookarounds: a condition the walker ignores (the pattern needs filtering).
    case unchecked
}

/// One node of a parsed pattern. Children are indices into `RegexProgram.nodes`.
package enum RegexNode: Sendable, Equatable {
    /// A fixed run of characters, as UTF-8 bytes, with its length in scalars.
    case literal(bytes: [UInt8], scalarCount: Int)
    /// One character drawn from a set.
    case charSet(RegexCharSet)
    /// Children generated one after another.
    case sequence([Int])
    /// One child chosen at random.
    case alternation([Int])
    /// The body repeated between `min` and `max` times; `max == nil` means unbounded.
    case repetition(body: Int, min: Int, max: Int?)
    /// A capturing group whose text is remembered for back references.
    case capture(body: Int, number: Int)
    /// A copy of the text last captured by group `number`.
    case backreference(number: Int)
    /// A conditional group: one of its (one or two) branches, the condition being ignored.
    case conditional(branches: [Int])
    /// A zero-width assertion: generates nothing.
    case assertion(RegexAssertion)
}

/// A parsed pattern: its nodes (children always before parents), the root, and the length
/// bounds of every node in Unicode scalars (`Int.max` meaning unbounded).
package struct RegexProgram: Sendable {
    /// All nodes; a node's children have smaller indices than the node itself.
    package var nodes: [RegexNode] = []
    /// The fewest scalars each node can produce.
    package var minLength: [Int] = []
    /// The most scalars each node can produce, or `Int.max` when unbounded.
    package var maxLength: [Int] = []
    /// The index of the node for the whole pattern.
    package var root = 0
    /// How many capturing groups the pattern has.
    package var captureCount = 0
    /// The node index of each capturing group, by group number (index 0 unused).
    package var captureNodes: [Int] = [-1]
    /// Whether any back reference occurs (the walker then records captured text).
    package var hasBackreferences = false
    /// Nodes that never give back what they matched: atomic groups `(?>…)` and possessive
    /// repetitions `a++` (for lint's backtracking analysis; the walker ignores it).
    package var atomicNodes: Set<Int> = []

    /// Appends `node`, computing its length bounds from its children, and returns its index.
    package mutating func add(_ node: RegexNode) -> Int {
        let bounds = lengthBounds(of: node)
        nodes.append(node)
        minLength.append(bounds.min)
        maxLength.append(bounds.max)
        return nodes.count - 1
    }

    private func lengthBounds(of node: RegexNode) -> (min: Int, max: Int) {
        switch node {
        case .literal(_, let count):
            return (count, count)
        case .charSet:
            return (1, 1)
        case .sequence(let children):
            var low = 0
            var high = 0
            for child in children {
                low = saturatingAdd(low, minLength[child])
                high = saturatingAdd(high, maxLength[child])
            }
            return (low, high)
        case .alternation(let children), .conditional(let children):
            guard !children.isEmpty else { return (0, 0) }
            return (children.map { minLength[$0] }.min() ?? 0, children.map { maxLength[$0] }.max() ?? 0)
        case .repetition(let body, let low, let high):
            let bodyMax = maxLength[body]
            let most: Int
            if let high { most = saturatingMultiply(bodyMax, high) } else { most = bodyMax == 0 ? 0 : Int.max }
            return (saturatingMultiply(minLength[body], low), most)
        case .capture(let body, _):
            return (minLength[body], maxLength[body])
        case .backreference(let number):
            // A group not yet closed (a forward or self reference) is treated as empty:
            // such patterns are generated-then-filtered anyway.
            guard number < captureNodes.count, captureNodes[number] >= 0 else { return (0, 0) }
            return (minLength[captureNodes[number]], maxLength[captureNodes[number]])
        case .assertion:
            return (0, 0)
        }
    }
}

/// `a + b`, or `Int.max` when either is unbounded or the sum overflows.
package func saturatingAdd(_ a: Int, _ b: Int) -> Int {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return overflow ? Int.max : sum
}

/// `a * b`, or `Int.max` when either is unbounded (and the other non-zero) or the product overflows.
package func saturatingMultiply(_ a: Int, _ b: Int) -> Int {
    if a == 0 || b == 0 { return 0 }
    let (product, overflow) = a.multipliedReportingOverflow(by: b)
    return overflow ? Int.max : product
}
