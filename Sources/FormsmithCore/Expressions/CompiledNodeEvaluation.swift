extension CompiledNode {
    /// Evaluates the node; nil means unknown (a referenced field is invalid, or an operation
    /// overflowed or could not apply to its operands).
    ///
    /// Logic is three-valued (Kleene): an operand of `!`, `&&` or `||` counts as true only
    /// when it is `true`, as unknown when it is unknown, and as false otherwise (so null is false).
    /// `false && unknown` and `unknown && false` are false; `true || unknown` and
    /// `unknown || true` are true. The right side of `&&`/`||` is not evaluated when the left
    /// side decides the result.
    func evaluate<Environment: ExpressionEnvironment>(_ environment: Environment) -> ExpressionValue? {
        switch self {
        case let .constant(value):
            return value
        case .today:
            return .date(environment.today)
        case let .field(id):
            switch environment.lookup(id) {
            case .absent: return .null
            case .invalid: return nil
            case let .value(value): return value
            }
        case let .list(elements):
            var values: [ExpressionValue] = []
            values.reserveCapacity(elements.count)
            for element in elements {
                guard let value = element.evaluate(environment) else { return nil }
                values.append(value)
            }
            return .list(values)
        case let .not(operand):
            return operand.truth(environment).map { .boolean(!$0) }
        case let .and(left, right):
            let leftTruth = left.truth(environment)
            if leftTruth == false { return .boolean(false) }
            let rightTruth = right.truth(environment)
            if rightTruth == false { return .boolean(false) }
            guard let leftTruth, let rightTruth else { return nil }
            return .boolean(leftTruth && rightTruth)
        case let .or(left, right):
            let leftTruth = left.truth(environment)
            if leftTruth == true { return .boolean(true) }
            let rightTruth = right.truth(environment)
            if rightTruth == true { return .boolean(true) }
            guard leftTruth != nil, rightTruth != nil else { return nil }
            return .boolean(false)
        case let .equal(left, right, negated):
            guard let a = left.evaluate(environment), let b = right.evaluate(environment) else { return nil }
            return .boolean(ExpressionOperations.equal(a, b) != negated)
        case let .order(left, right, accepts):
            guard let a = left.evaluate(environment), let b = right.evaluate(environment) else { return nil }
            if case .null = a { return .boolean(false) }
            if case .null = b { return .boolean(false) }
            return ExpressionOperations.order(a, b).map { .boolean(accepts.accepts($0)) }
        case let .membership(element, list, negated):
            guard let item = element.evaluate(environment) else { return nil }
            if case let .list(candidates) = list {
                // A list literal with field elements: compare in place instead of building an array.
                return Self.isMember(item, of: candidates, environment).map { .boolean($0 != negated) }
            }
            guard let container = list.evaluate(environment) else { return nil }
            return ExpressionOperations.contains(container, item).map { .boolean($0 != negated) }
        case let .text(test, left, right):
            guard let a = left.evaluate(environment), let b = right.evaluate(environment) else { return nil }
            return ExpressionOperations.textTest(test, a, b).map { .boolean($0) }
        case let .negate(operand):
            return operand.evaluate(environment).flatMap(ExpressionOperations.negate)
        case let .add(left, right):
            guard let a = left.evaluate(environment), let b = right.evaluate(environment) else { return nil }
            return ExpressionOperations.add(a, b)
        case let .subtract(left, right):
            guard let a = left.evaluate(environment), let b = right.evaluate(environment) else { return nil }
            return ExpressionOperations.subtract(a, b)
        case let .multiplicative(op, left, right):
            guard let a = left.evaluate(environment), let b = right.evaluate(environment) else { return nil }
            return ExpressionOperations.multiplicative(op, a, b)
        case let .concat(parts):
            var text = ""
            for part in parts {
                guard let value = part.evaluate(environment), let piece = ExpressionOperations.text(of: value) else { return nil }
                text += piece
            }
            return .string(text)
        case let .position(list):
            return environment.currentItem(ofList: list).map { .integer(Int64($0) + 1) }
        case let .sum(field, list):
            return environment.everyItem(of: field, inList: list).flatMap(ExpressionOperations.sum)
        case let .call(function, argument):
            return argument.evaluate(environment).flatMap { ExpressionOperations.call(function, $0) }
        case .unevaluable:
            return nil
        }
    }

    /// The node's value read as a condition: true only for `true`; nil when unknown.
    func truth<Environment: ExpressionEnvironment>(_ environment: Environment) -> Bool? {
        guard let value = evaluate(environment) else { return nil }
        if case .boolean(true) = value { return true }
        return false
    }

    /// Membership in a list literal: a match decides even if other elements are unknown.
    private static func isMember<Environment: ExpressionEnvironment>(
        _ item: ExpressionValue, of candidates: [CompiledNode], _ environment: Environment
    ) -> Bool? {
        if case .null = item { return false }
        var sawUnknown = false
        for candidate in candidates {
            guard let value = candidate.evaluate(environment) else {
                sawUnknown = true
                continue
            }
            if ExpressionOperations.equal(value, item) { return true }
        }
        return sawUnknown ? nil : false
    }
}
