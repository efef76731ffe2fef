import FormsmithValues

/// A syntactic search for patterns prone to catastrophic (exponential) backtracking.
///
/// Only unbounded repetitions (`*`, `+`, `{n,}`) that are not possessive or atomic are
/// examined. Inside such a repetition's body, a risk is:
/// - a nested quantifier: a variable repetition (`+`, `*`, `?`, `{n,m}`) at the end of the body
///   (only optional items after it) whose characters can also start the body, as in `(a+)+`,
///   `(a*)*` or `(\w+\s?)+`; or symmetrically at the start of the body, whose characters can
///   also end it. Consecutive repetitions can then split the same text in many ways.
///   `(\.[a-z]+)+` is safe: the `.` that starts each repetition cannot be taken by `[a-z]+`;
/// - overlapping alternatives: an alternation spanning the whole body in which one branch
///   starts like another and ends like a third, as in `(a|aa)+`, `(\w|\d)+` or `(a|b|ab)+`.
///
/// It is a heuristic: it may miss some slow patterns and flag a few harmless ones.
enum BacktrackingAnalysis {
    /// What makes a pattern risky.
    enum Risk: Equatable {
        case nestedQuantifier
        case overlappingAlternatives
    }

    /// The first risk found in `program`, or nil.
    static func risk(in program: RegexProgram) -> Risk? {
        let analysis = Walk(program: program)
        for (index, node) in program.nodes.enumerated() {
            guard case .repetition(let body, _, nil) = node, !program.atomicNodes.contains(index),
                program.maxLength[body] > 0
            else { continue }
            let tail = analysis.edges(body, fromEnd: true)
            let head = analysis.edges(body, fromEnd: false)
            let first = analysis.boundary(body, fromEnd: false)
            let last = analysis.boundary(body, fromEnd: true)
            for inner in tail where analysis.isVariableRepetition(inner) {
                if overlaps(first, analysis.boundary(inner, fromEnd: false)) { return .nestedQuantifier }
            }
            for inner in head where analysis.isVariableRepetition(inner) {
                if overlaps(last, analysis.boundary(inner, fromEnd: true)) { return .nestedQuantifier }
            }
            for inner in tail where head.contains(inner) && analysis.hasOverlappingBranches(inner) {
                return .overlappingAlternatives
            }
        }
        return nil
    }

    fileprivate static func overlaps(_ a: RegexCharSet, _ b: RegexCharSet) -> Bool {
        !a.intersection(b).isEmpty
    }

    /// First and last characters and edge positions over one program.
    private struct Walk {
        let program: RegexProgram

        /// The nodes that can be the last (`fromEnd`) or first thing a match of `node` consumes,
        /// with everything after (before) them optional; atomic nodes are not entered.
        func edges(_ node: Int, fromEnd: Bool) -> [Int] {
            guard !program.atomicNodes.contains(node) else { return [] }
            switch program.nodes[node] {
            case .repetition(let body, _, let max):
                return max == 0 ? [] : [node] + edges(body, fromEnd: fromEnd)
            case .alternation(let children), .conditional(let children):
                return [node] + children.flatMap { edges($0, fromEnd: fromEnd) }
            case .capture(let body, _):
                return edges(body, fromEnd: fromEnd)
            case .sequence(let children):
                var result: [Int] = []
                for child in fromEnd ? children.reversed() : children {
                    result += edges(child, fromEnd: fromEnd)
                    if program.minLength[child] > 0 { break }
                }
                return result
            case .literal, .charSet, .backreference, .assertion:
                return []
            }
        }

        /// The characters a match of `node` can start with (or end with, `fromEnd`).
        func boundary(_ node: Int, fromEnd: Bool) -> RegexCharSet {
            switch program.nodes[node] {
            case .literal(let bytes, _):
                let scalars = String(decoding: bytes, as: UTF8.self).unicodeScalars
                let scalar = fromEnd ? scalars.last : scalars.first
                return scalar.map { RegexCharSet(scalars: [$0.value]) } ?? .empty
            case .charSet(let set):
                return set
            case .sequence(let children):
                var result = RegexCharSet.empty
                for child in fromEnd ? children.reversed() : children {
                    result = result.union(boundary(child, fromEnd: fromEnd))
                    if program.minLength[child] > 0 { break }
                }
                return result
            case .alternation(let children), .conditional(let children):
                return children.reduce(RegexCharSet.empty) { $0.union(boundary($1, fromEnd: fromEnd)) }
            case .repetition(let body, _, let max):
                return max == 0 ? .empty : boundary(body, fromEnd: fromEnd)
            case .capture(let body, _):
                return boundary(body, fromEnd: fromEnd)
            case .backreference:
                return RegexAlphabets.pool
            case .assertion:
                return .empty
            }
        }

        /// A repetition whose count can vary and whose body consumes text.
        func isVariableRepetition(_ node: Int) -> Bool {
            guard !program.atomicNodes.contains(node),
                case .repetition(let body, let low, let high) = program.nodes[node]
            else { return false }
            return (high ?? Int.max) > low && program.maxLength[body] > 0
        }

        /// An alternation where a branch starts like another branch that ends like a third one.
        func hasOverlappingBranches(_ node: Int) -> Bool {
            guard case .alternation(let branches) = program.nodes[node] else { return false }
            for (i, one) in branches.enumerated() {
                for (j, other) in branches.enumerated() where i != j {
                    guard BacktrackingAnalysis.overlaps(boundary(one, fromEnd: false), boundary(other, fromEnd: false)) else { continue }
                    let otherEnd = boundary(other, fromEnd: true)
                    for (k, third) in branches.enumerated() where k != j {
                        if BacktrackingAnalysis.overlaps(otherEnd, boundary(third, fromEnd: true)) { return true }
                    }
                }
            }
            return false
        }
    }
}
