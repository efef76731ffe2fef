extension CompiledNode {
    /// Replaces every sub-expression that reads no field by its value. `today` is folded
    /// only when `today` is given. Sub-expressions whose value would be unknown (overflow)
    /// are kept as they are. `false && x` and `true || x` fold even when `x` reads fields.
    func folded(today: CivilDate?) -> CompiledNode {
        let node = foldingChildren(today: today)
        guard node.hasConstantChildren(foldingToday: today != nil) else { return node }
        guard let value = node.evaluate(ConstantEnvironment(today: today ?? CivilDate(dayNumber: 0))) else { return node }
        return .constant(value)
    }

    /// Whether the node can be evaluated without fields now that its children are folded.
    private func hasConstantChildren(foldingToday: Bool) -> Bool {
        switch self {
        case .constant: return true
        case .today: return foldingToday
        case .field, .sum, .position, .unevaluable: return false
        case let .list(elements), let .concat(elements): return elements.allSatisfy(\.isConstantValue)
        case let .not(node), let .negate(node), let .call(_, node): return node.isConstantValue
        case let .and(left, right), let .or(left, right), let .equal(left, right, _), let .order(left, right, _),
             let .membership(left, right, _), let .add(left, right), let .subtract(left, right), let .text(_, left, right),
             let .multiplicative(_, left, right):
            return left.isConstantValue && right.isConstantValue
        }
    }

    private var isConstantValue: Bool {
        if case .constant = self { return true }
        return false
    }

    private func foldingChildren(today: CivilDate?) -> CompiledNode {
        switch self {
        case .constant, .field, .sum, .position, .unevaluable:
            return self
        case .today:
            return today.map { .constant(.date($0)) } ?? self
        case let .list(elements):
            return .list(elements.map { $0.folded(today: today) })
        case let .concat(parts):
            return .concat(parts.map { $0.folded(today: today) })
        case let .not(node):
            return .not(node.folded(today: today))
        case let .negate(node):
            return .negate(node.folded(today: today))
        case let .call(function, node):
            return .call(function, node.folded(today: today))
        case let .and(left, right):
            let left = left.folded(today: today)
            if case .constant(let value) = left, value != .boolean(true) { return .constant(.boolean(false)) }
            return .and(left, right.folded(today: today))
        case let .or(left, right):
            let left = left.folded(today: today)
            if case .constant(.boolean(true)) = left { return .constant(.boolean(true)) }
            return .or(left, right.folded(today: today))
        case let .equal(left, right, negated):
            return .equal(left.folded(today: today), right.folded(today: today), negated: negated)
        case let .order(left, right, accepts):
            return .order(left.folded(today: today), right.folded(today: today), accepts: accepts)
        case let .membership(element, list, negated):
            return .membership(element: element.folded(today: today), list: list.folded(today: today), negated: negated)
        case let .add(left, right):
            return .add(left.folded(today: today), right.folded(today: today))
        case let .subtract(left, right):
            return .subtract(left.folded(today: today), right.folded(today: today))
        case let .multiplicative(op, left, right):
            return .multiplicative(op, left.folded(today: today), right.folded(today: today))
        case let .text(test, left, right):
            return .text(test, left.folded(today: today), right.folded(today: today))
        }
    }
}

/// The environment used for folding: no field is ever read from it.
private struct ConstantEnvironment: ExpressionEnvironment {
    let today: CivilDate

    func lookup(_ field: Int) -> FieldLookup { .invalid }
}
