import FormsmithValues

/// The values that several patterns match at once (a regex and a mask, two regexes), drawn so
/// that every value matches all of them: each pattern becomes an automaton over Unicode scalars,
/// their product is built once, and a value is a random walk through the product that only
/// takes steps from which an accepting state can still be reached. So `mask: '0000…'` with
/// `regex: '^408\d{17}$'` gives `408…` values at the first draw, where drawing from the mask
/// and checking the regex found one in a thousand; and an empty product says exactly that no
/// value exists (lint's `pattern-conflict` and `generate` use this same answer).
///
/// Only patterns the walker honours by construction qualify (no lookarounds, back references,
/// word boundaries or anchors in the middle); `make` returns nil for the others, and for
/// products larger than ``stateLimit``, which are then drawn and filtered as before.
final class PatternIntersection: Sendable {
    /// The most product states built before giving up (the patterns are then filtered).
    static let stateLimit = 20_000
    /// Without a target length, the steps after which the walk heads for the nearest accepting state.
    static let overrun = 64

    private struct Edge: Sendable {
        let set: RegexCharSet
        let target: Int
    }

    /// Outgoing steps per product state, only those from which acceptance stays reachable.
    private let edges: [[Edge]]
    private let accepting: [Bool]
    /// Steps to the nearest accepting state (`Int.max`: none).
    private let distance: [Int]
    /// Whether no value matches every pattern.
    let isEmpty: Bool

    private init(edges: [[Edge]], accepting: [Bool], distance: [Int]) {
        self.edges = edges.map { $0.filter { distance[$0.target] != Int.max } }
        self.accepting = accepting
        self.distance = distance
        isEmpty = distance.first.map { $0 == Int.max } ?? true
    }

    /// The intersection of `programs`, or nil when one of them cannot be made an automaton or
    /// the product grows past ``stateLimit``.
    static func make(_ programs: [RegexProgram]) -> PatternIntersection? {
        var automata: [ScalarAutomaton] = []
        for program in programs {
            guard let automaton = ScalarAutomaton(program) else { return nil }
            automata.append(automaton)
        }
        guard !automata.isEmpty else { return nil }
        var index: [[Int]: Int] = [automata.map(\.start): 0]
        var tuples: [[Int]] = [automata.map(\.start)]
        var edges: [[Edge]] = []
        var accepting: [Bool] = []
        var next = 0
        while next < tuples.count {
            let tuple = tuples[next]
            next += 1
            accepting.append(zip(automata, tuple).allSatisfy { $0.accepts[$1] })
            var out: [Edge] = []
            var failed = false
            // Every combination of one step per automaton whose character sets overlap.
            func combine(_ position: Int, _ set: RegexCharSet?, _ targets: [Int]) {
                guard !failed else { return }
                if position == automata.count {
                    guard let set else { return }
                    if let known = index[targets] {
                        out.append(Edge(set: set, target: known))
                    } else if tuples.count >= stateLimit {
                        failed = true
                    } else {
                        index[targets] = tuples.count
                        out.append(Edge(set: set, target: tuples.count))
                        tuples.append(targets)
                    }
                    return
                }
                for step in automata[position].steps[tuple[position]] {
                    let common = set.map { $0.intersection(step.set) } ?? step.set
                    if common.count > 0 { combine(position + 1, common, targets + [step.target]) }
                }
            }
            combine(0, nil, [])
            if failed { return nil }
            edges.append(out)
        }
        // Distances to acceptance, backwards from every accepting state.
        var incoming = Array(repeating: [Int](), count: tuples.count)
        for (from, out) in edges.enumerated() { for edge in out { incoming[edge.target].append(from) } }
        var distance = accepting.map { $0 ? 0 : Int.max }
        var queue = accepting.indices.filter { accepting[$0] }
        var head = 0
        while head < queue.count {
            let state = queue[head]
            head += 1
            for from in incoming[state] where distance[from] == Int.max {
                distance[from] = distance[state] + 1
                queue.append(from)
            }
        }
        return PatternIntersection(edges: edges, accepting: accepting, distance: distance)
    }

    /// Whether some value every pattern matches has a length (in Unicode scalars) in `window`:
    /// the states reached after each number of steps, up to the window's end (or, for an open
    /// end, until the reached states repeat a set already seen). `== 'ab'` has none under
    /// `minLength: 3`, so a value drawn to make it true was always drawn again.
    func admitsLength(in window: ClosedRange<Int>) -> Bool {
        guard !isEmpty else { return false }
        return ends(from: 0, within: window)
    }

    /// Whether a walk from `start` can end (at an accepting state) after a number of further
    /// steps in `window`.
    private func ends(from start: Int, within window: ClosedRange<Int>) -> Bool {
        var reached: Set<Int> = [start]
        var seen: Set<Set<Int>> = []
        var length = 0
        while !reached.isEmpty, length <= window.upperBound {
            if length >= window.lowerBound, reached.contains(where: { accepting[$0] }) { return true }
            if length >= window.lowerBound, !seen.insert(reached).inserted { return false }
            var next: Set<Int> = []
            for state in reached { for edge in edges[state] { next.insert(edge.target) } }
            reached = next
            length += 1
        }
        return false
    }

    /// Appends a value every pattern matches (nothing when ``isEmpty``), aiming at a length in
    /// `lengthWithin` when given: the walk stops at the first accepting state at or past a target
    /// drawn from it, or, without one, at each accepting state with a chance of one in four.
    func append(to output: inout [UInt8], random: inout SeededRandom, lengthWithin: ClosedRange<Int>?) {
        guard !isEmpty else { return }
        let target = lengthWithin.map { window in
            random.int(in: window.lowerBound...min(window.upperBound, window.lowerBound + RegexGenerator.maxTargetSpan))
        }
        var state = 0
        var produced = 0
        while true {
            let out = edges[state]
            if accepting[state] {
                if out.isEmpty { return }
                if let target { if produced >= target { return } } else if random.chance(0.25) { return }
            }
            // Under a longest length, only steps from which an end is still near enough: a walk
            // that spent its length before the predicate's text (`.*b.*` in at most 3) missed
            // the field's `maxLength` and was drawn again.
            var fitting = out
            if let window = lengthWithin {
                let upper = window.upperBound
                fitting = out.filter { distance[$0.target] != Int.max && produced + 1 + distance[$0.target] <= upper }
                // Short of the shortest length, only steps from which the walk can still end
                // within the window: `.*3` in 2 to 3 characters took the `3` first and ended at
                // one character, under `minLength` (checked for windows up to 256 characters).
                if produced + 1 < window.lowerBound, upper <= 256 {
                    let rest = (window.lowerBound - produced - 1)...(upper - produced - 1)
                    fitting = fitting.filter { ends(from: $0.target, within: rest) }
                }
                if fitting.isEmpty {
                    if accepting[state] { return }
                    fitting = out
                }
            }
            var edge = fitting[random.int(in: 0...(fitting.count - 1))]
            // Past the target (or far past the start without one), head for the nearest end.
            if produced >= target ?? Self.overrun, let nearer = out.first(where: { distance[$0.target] < distance[state] }) {
                edge = nearer
            }
            RegexUTF8.append(edge.set.pick(using: &random), to: &output)
            produced += 1
            state = edge.target
        }
    }
}

/// A pattern as a nondeterministic automaton over Unicode scalars (Thompson's construction),
/// with the empty moves already folded in: `steps[s]` are the character steps out of every
/// state `s` reaches without reading, `accepts[s]` whether one of those is the final state.
struct ScalarAutomaton {
    /// The most states one pattern may have (bounded repeats are unrolled).
    static let stateLimit = 5_000

    private(set) var steps: [[(set: RegexCharSet, target: Int)]] = []
    private(set) var accepts: [Bool] = []
    let start = 0

    /// Nil when the pattern uses a construct an automaton of characters cannot express here (back
    /// references, lookarounds, word boundaries, conditionals) or unrolls past ``stateLimit``.
    init?(_ program: RegexProgram) {
        var builder = Builder()
        _ = builder.newState()
        guard let end = builder.build(program.root, from: 0, program) else { return nil }
        // Fold the empty moves: per state, every state reachable without reading a character.
        var steps: [[(set: RegexCharSet, target: Int)]] = []
        var accepts: [Bool] = []
        for state in 0..<builder.sets.count {
            var seen: Set<Int> = [state]
            var stack = [state]
            var out: [(set: RegexCharSet, target: Int)] = []
            var accepting = false
            while let current = stack.popLast() {
                if current == end { accepting = true }
                out += builder.sets[current]
                for next in builder.empty[current] where seen.insert(next).inserted { stack.append(next) }
            }
            steps.append(out)
            accepts.append(accepting)
        }
        self.steps = steps
        self.accepts = accepts
    }

    /// The automaton under construction: character steps and empty moves per state.
    private struct Builder {
        var sets: [[(set: RegexCharSet, target: Int)]] = []
        var empty: [[Int]] = []

        mutating func newState() -> Int {
            sets.append([])
            empty.append([])
            return sets.count - 1
        }

        /// Adds the states of `node` after `from`; returns the state it ends in.
        mutating func build(_ node: Int, from: Int, _ program: RegexProgram) -> Int? {
            guard sets.count < ScalarAutomaton.stateLimit else { return nil }
            switch program.nodes[node] {
            case .literal(let bytes, _):
                var current = from
                for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
                    let next = newState()
                    sets[current].append((RegexCharSet(scalars: [scalar.value]), next))
                    current = next
                }
                return current
            case .charSet(let set):
                let next = newState()
                sets[from].append((set, next))
                return next
            case .sequence(let children):
                var current = from
                for child in children {
                    guard let end = build(child, from: current, program) else { return nil }
                    current = end
                }
                return current
            case .alternation(let children):
                let end = newState()
                for child in children {
                    guard let branch = build(child, from: from, program) else { return nil }
                    empty[branch].append(end)
                }
                return end
            case .repetition(let body, let low, let high):
                var current = from
                for _ in 0..<low {
                    guard let end = build(body, from: current, program) else { return nil }
                    current = end
                }
                guard let high else {
                    let loop = newState()
                    empty[current].append(loop)
                    guard let end = build(body, from: loop, program) else { return nil }
                    empty[end].append(loop)
                    return loop
                }
                guard high > low else { return current }
                let exit = newState()
                for _ in low..<high {
                    empty[current].append(exit)
                    guard let end = build(body, from: current, program) else { return nil }
                    current = end
                }
                empty[current].append(exit)
                return exit
            case .capture(let body, _):
                return build(body, from: from, program)
            case .assertion(.start), .assertion(.end):
                // Whole-value semantics; anchors elsewhere make the generator filter (nil above).
                return from
            case .assertion, .backreference, .conditional:
                return nil
            }
        }
    }
}
