import FormsmithCore

/// Expressions for the reference validator: parsed by the engine's parser and evaluated by
/// ``CompiledExpression`` over values the reference looks up itself (by path, through its own
/// JSON tree), so no part of the engine's binding or slots is involved.
enum ReferenceExpressions {
    /// The field paths an expression reads (empty when it does not parse).
    static func referencedPaths(_ source: String) -> Set<String> {
        guard let expression = try? ExpressionParser.parse(source) else { return [] }
        var paths: Set<String> = []
        func visit(_ node: RuleExpression) {
            switch node {
            case .literal, .today: break
            case .field(let reference, _): paths.insert(reference.path)
            case .list(let elements, _): elements.forEach(visit)
            case .unary(_, let operand, _): visit(operand)
            case .binary(_, let left, let right, _): visit(left); visit(right)
            case .call(_, let arguments, _): arguments.forEach(visit)
            }
        }
        visit(expression)
        return paths
    }

    /// A parsed expression and the paths of its references, by the ids it was compiled with.
    struct Compiled {
        var expression: CompiledExpression
        var paths: [String]
    }

    /// Compiles `source`; nil when it does not parse (the rule file would not have loaded).
    static func compile(_ source: String) -> Compiled? {
        guard let parsed = try? ExpressionParser.parse(source) else { return nil }
        var paths: [String] = []
        let expression = CompiledExpression(parsed) { reference in
            if let index = paths.firstIndex(of: reference.path) { return index }
            paths.append(reference.path)
            return paths.count - 1
        }
        return Compiled(expression: expression, paths: paths)
    }
}

/// The lookups of one evaluation: `lookup(id)` asks the reference walk for the value of the
/// path compiled as `id`.
struct ReferenceEnvironment: ExpressionEnvironment {
    let today: CivilDate
    let paths: [String]
    let value: (String) -> FieldLookup

    func lookup(_ field: Int) -> FieldLookup { value(paths[field]) }
}
