/// The evaluable form of an expression: field references are replaced by integer ids,
/// function names by `BuiltinFunction`, operators by dedicated cases, and constant
/// sub-expressions (including constant lists) by their values.
indirect enum CompiledNode: Sendable {
    case constant(ExpressionValue)
    case today
    case field(Int)
    /// A list literal with at least one non-constant element.
    case list([CompiledNode])
    case not(CompiledNode)
    case negate(CompiledNode)
    case and(CompiledNode, CompiledNode)
    case or(CompiledNode, CompiledNode)
    case equal(CompiledNode, CompiledNode, negated: Bool)
    /// An ordering comparison; `accepts` tells which three-way results (-1, 0, 1) make it true.
    case order(CompiledNode, CompiledNode, accepts: OrderMask)
    case membership(element: CompiledNode, list: CompiledNode, negated: Bool)
    /// A string test of the NSPredicate dialect (`BEGINSWITH`, `ENDSWITH`, `CONTAINS`, `MATCHES`).
    case text(TextTest, CompiledNode, CompiledNode)
    case add(CompiledNode, CompiledNode)
    case subtract(CompiledNode, CompiledNode)
    /// `*`, `/` or `mod` of two numbers.
    case multiplicative(MultiplicativeOperator, CompiledNode, CompiledNode)
    case call(BuiltinFunction, CompiledNode)
    /// `concat(a, b, ...)`: the arguments as text, joined.
    case concat([CompiledNode])
    /// `sum(items[].price)`: field `field` added up over the items of list `list`.
    case sum(field: Int, list: Int)
    /// `position(drivers)`: the 1-based place of the current item of list `list` (the
    /// expression's own list or one enclosing it).
    case position(list: Int)
    /// Something that can never be evaluated (an unknown function or a wrong number of
    /// arguments, which the type checker rejects); always unknown.
    case unevaluable

    /// What a `.text` node tests.
    enum TextTest: Sendable {
        case beginsWith, endsWith, contains
        /// The left side wholly matches the pattern (compiled once, from the literal on the right).
        case matches(PredicateRegex)
    }

    /// What a `.multiplicative` node computes.
    enum MultiplicativeOperator: Sendable {
        case multiply, divide, remainder
    }

    /// The three-way comparison results accepted by an ordering operator.
    struct OrderMask: OptionSet, Sendable {
        let rawValue: UInt8
        static let less = OrderMask(rawValue: 1)
        static let same = OrderMask(rawValue: 2)
        static let greater = OrderMask(rawValue: 4)

        func accepts(_ order: Int) -> Bool {
            contains(order < 0 ? .less : order == 0 ? .same : .greater)
        }
    }

    /// Translates a parsed expression, asking `resolve` for the id of each field reference.
    static func compile(_ expression: RuleExpression, _ resolve: (FieldReference) throws -> Int) rethrows -> CompiledNode {
        switch expression {
        case let .literal(value, _):
            return .constant(value)
        case .today:
            return .today
        case let .field(reference, _):
            return .field(try resolve(reference))
        case let .list(elements, _):
            return .list(try elements.map { try compile($0, resolve) })
        case let .unary(op, operand, _):
            let node = try compile(operand, resolve)
            return op == .not ? .not(node) : .negate(node)
        case let .binary(op, left, right, _):
            return binary(op, try compile(left, resolve), try compile(right, resolve))
        case let .call(name, arguments, _) where name == "position" && arguments.count == 1:
            guard case let .field(reference, _) = arguments[0] else { return .unevaluable }
            return .position(list: try resolve(FieldReference(enclosingList: reference.path)))
        case let .call(name, arguments, _) where name == "sum" && arguments.count == 1:
            guard case let .field(reference, _) = arguments[0], reference.isItemRelative,
                  let marker = reference.path.range(of: "[]", options: .backwards) else { return .unevaluable }
            let field = try resolve(FieldReference(everyItemOf: reference.path))
            let list = try resolve(FieldReference(path: String(reference.path[..<marker.lowerBound])))
            return .sum(field: field, list: list)
        case let .call(name, arguments, _) where name == "concat" && !arguments.isEmpty:
            return .concat(try arguments.map { try compile($0, resolve) })
        case let .call(name, arguments, _):
            guard let function = BuiltinFunction(rawValue: name), arguments.count == BuiltinFunction.arity else {
                for argument in arguments { _ = try compile(argument, resolve) }
                return .unevaluable
            }
            return .call(function, try compile(arguments[0], resolve))
        }
    }

    private static func binary(_ op: BinaryOperator, _ left: CompiledNode, _ right: CompiledNode) -> CompiledNode {
        switch op {
        case .or: return .or(left, right)
        case .and: return .and(left, right)
        case .equal: return .equal(left, right, negated: false)
        case .notEqual: return .equal(left, right, negated: true)
        case .less: return .order(left, right, accepts: .less)
        case .lessOrEqual: return .order(left, right, accepts: [.less, .same])
        case .greater: return .order(left, right, accepts: .greater)
        case .greaterOrEqual: return .order(left, right, accepts: [.greater, .same])
        case .in: return .membership(element: left, list: right, negated: false)
        case .notIn: return .membership(element: left, list: right, negated: true)
        case .add: return .add(left, right)
        case .subtract: return .subtract(left, right)
        case .multiply: return .multiplicative(.multiply, left, right)
        case .divide: return .multiplicative(.divide, left, right)
        case .remainder: return .multiplicative(.remainder, left, right)
        case .beginsWith: return .text(.beginsWith, left, right)
        case .endsWith: return .text(.endsWith, left, right)
        case .contains: return .text(.contains, left, right)
        case .matches:
            // The type checker has compiled the pattern already; this cannot fail after it.
            guard case let .constant(.string(pattern)) = right, let regex = try? PredicateRegex(pattern: pattern) else {
                return .unevaluable
            }
            return .text(.matches(regex), left, right)
        }
    }

    /// Whether the node is a value known when the rules load (folded already).
    var isConstant: Bool {
        if case .constant = self { return true }
        return false
    }

    /// Whether the node or one below it is `position()` (its value depends on the item being
    /// checked though it reads no field).
    var readsItemPlace: Bool {
        switch self {
        case .position: return true
        case .constant, .today, .unevaluable, .field, .sum: return false
        case let .list(elements), let .concat(elements): return elements.contains { $0.readsItemPlace }
        case let .not(node), let .negate(node), let .call(_, node): return node.readsItemPlace
        case let .and(left, right), let .or(left, right), let .equal(left, right, _), let .order(left, right, _),
             let .membership(left, right, _), let .add(left, right), let .subtract(left, right), let .text(_, left, right),
             let .multiplicative(_, left, right):
            return left.readsItemPlace || right.readsItemPlace
        }
    }

    /// Whether the node or one below it adds up a field over the items of list `list`
    /// (`sum(plot[].area)`): its value needs the items' answers, not only their count.
    func readsSum(over list: Int) -> Bool {
        switch self {
        case let .sum(_, summed): return summed == list
        case .constant, .today, .unevaluable, .field, .position: return false
        case let .list(elements), let .concat(elements): return elements.contains { $0.readsSum(over: list) }
        case let .not(node), let .negate(node), let .call(_, node): return node.readsSum(over: list)
        case let .and(left, right), let .or(left, right), let .equal(left, right, _), let .order(left, right, _),
             let .membership(left, right, _), let .add(left, right), let .subtract(left, right), let .text(_, left, right),
             let .multiplicative(_, left, right):
            return left.readsSum(over: list) || right.readsSum(over: list)
        }
    }

    /// Appends the id of every referenced field, in source order, to `fields`.
    func collectFields(into fields: inout [Int]) {
        switch self {
        case .constant, .today, .unevaluable:
            return
        case .position:
            // The item's place, not a value of the list: nothing to order the expression after.
            return
        case let .field(id):
            fields.append(id)
        case let .sum(_, list):
            // The list, in the expression's own scope or an enclosing one: what orders the
            // expression after the items it adds up (the summed field is in the items' scope).
            fields.append(list)
        case let .list(elements), let .concat(elements):
            for element in elements { element.collectFields(into: &fields) }
        case let .not(node), let .negate(node), let .call(_, node):
            node.collectFields(into: &fields)
        case let .and(left, right), let .or(left, right), let .equal(left, right, _), let .order(left, right, _),
             let .membership(left, right, _), let .add(left, right), let .subtract(left, right), let .text(_, left, right),
             let .multiplicative(_, left, right):
            left.collectFields(into: &fields)
            right.collectFields(into: &fields)
        }
    }
}
