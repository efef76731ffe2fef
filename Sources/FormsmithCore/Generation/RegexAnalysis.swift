import FormsmithValues

/// Static checks deciding whether the walker's output always matches without filtering:
/// anchors must sit where nothing can precede (`^`) or follow (`$`) them, and every back
/// reference must refer to a group that is certainly set before it.
enum RegexAnalysis {
    /// Whether some anchor or back reference in `program` may make a generated value fail.
    static func needsFiltering(_ program: RegexProgram) -> Bool {
        var misplaced = false
        visitAnchors(program.root, textBefore: false, forward: true, program, &misplaced)
        visitAnchors(program.root, textBefore: false, forward: false, program, &misplaced)
        if misplaced { return true }
        guard program.hasBackreferences else { return false }
        var unresolved = false
        var set = Set<Int>()
        visitReferences(program.root, program, &set, &unresolved)
        return unresolved
    }

    /// Walks the tree in matching order (or in reverse when `forward` is false) noting whether
    /// text may already have been produced; a start (end) anchor after text is misplaced.
    /// Returns whether text may have been produced after `node`.
    @discardableResult
    private static func visitAnchors(
        _ node: Int, textBefore: Bool, forward: Bool, _ program: RegexProgram, _ misplaced: inout Bool
    ) -> Bool {
        let after = textBefore || program.maxLength[node] > 0
        switch program.nodes[node] {
        case .assertion(let kind):
            if textBefore && kind == (forward ? .start : .end) { misplaced = true }
        case .sequence(let children):
            var text = textBefore
            for child in forward ? children : children.reversed() {
                text = visitAnchors(child, textBefore: text, forward: forward, program, &misplaced)
            }
        case .alternation(let children), .conditional(let children):
            for child in children { visitAnchors(child, textBefore: textBefore, forward: forward, program, &misplaced) }
        case .repetition(let body, _, let max):
            guard max != 0 else { break }
            let repeats = max == nil || (max ?? 0) > 1
            let bodyText = textBefore || (repeats && program.maxLength[body] > 0)
            visitAnchors(body, textBefore: bodyText, forward: forward, program, &misplaced)
        case .capture(let body, _):
            visitAnchors(body, textBefore: textBefore, forward: forward, program, &misplaced)
        case .literal, .charSet, .backreference:
            break
        }
        return after
    }

    /// Walks the tree in matching order with the set of groups certainly captured so far;
    /// a back reference to any other group is unresolved.
    private static func visitReferences(
        _ node: Int, _ program: RegexProgram, _ set: inout Set<Int>, _ unresolved: inout Bool
    ) {
        switch program.nodes[node] {
        case .backreference(let number):
            if !set.contains(number) { unresolved = true }
        case .capture(let body, let number):
            visitReferences(body, program, &set, &unresolved)
            set.insert(number)
        case .sequence(let children):
            for child in children { visitReferences(child, program, &set, &unresolved) }
        case .alternation(let children), .conditional(let children):
            var common: Set<Int>?
            for child in children {
                var branch = set
                visitReferences(child, program, &branch, &unresolved)
                common = common.map { $0.intersection(branch) } ?? branch
            }
            set = common ?? set
        case .repetition(let body, let min, let max):
            guard max != 0 else { break }
            var inside = set
            visitReferences(body, program, &inside, &unresolved)
            if min > 0 { set = inside }
        case .literal, .charSet, .assertion:
            break
        }
    }
}
