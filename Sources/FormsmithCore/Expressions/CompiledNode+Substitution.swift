extension CompiledNode {
    /// This node with each read of a field in `values` replaced by that value (a `const` field
    /// read where its item is not at hand, as a condition is met from an enclosing scope).
    func replacingFields(_ values: [Int: ExpressionValue]) -> CompiledNode {
        guard !values.isEmpty else { return self }
        func map(_ node: CompiledNode) -> CompiledNode { node.replacingFields(values) }
        switch self {
        case .field(let id): return values[id].map { .constant($0) } ?? self
        case .constant, .today, .sum, .position, .unevaluable: return self
        case .list(let elements): return .list(elements.map(map))
        case .concat(let elements): return .concat(elements.map(map))
        case .not(let inner): return .not(map(inner))
        case .negate(let inner): return .negate(map(inner))
        case let .call(function, inner): return .call(function, map(inner))
        case let .and(left, right): return .and(map(left), map(right))
        case let .or(left, right): return .or(map(left), map(right))
        case let .equal(left, right, negated): return .equal(map(left), map(right), negated: negated)
        case let .order(left, right, accepts): return .order(map(left), map(right), accepts: accepts)
        case let .membership(element, list, negated): return .membership(element: map(element), list: map(list), negated: negated)
        case let .text(test, left, right): return .text(test, map(left), map(right))
        case let .add(left, right): return .add(map(left), map(right))
        case let .subtract(left, right): return .subtract(map(left), map(right))
        case let .multiplicative(operation, left, right): return .multiplicative(operation, map(left), map(right))
        }
    }
}
