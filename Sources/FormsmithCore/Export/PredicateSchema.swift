/// Writes rule-language predicates as JSON Schema conditions, for `if`/`then` in an exported
/// questionnaire schema.
///
/// Only what JSON Schema can say the same way is written: a field compared with a literal
/// (`==`, `!=`, `<`..., `in`, `BETWEEN`), a boolean field, `'x' in CHOICES`, `present()` and
/// `empty()`, a field tested against a string literal (`MATCHES`, `LIKE`, `BEGINSWITH`,
/// `ENDSWITH`, `CONTAINS`, without `[c]`),
/// combined with `&&`, `||` and `!`, over fields of one object scope (the questionnaire, or
/// the current list item). Anything else gives nil. Formsmith's "unknown" (a predicate over an
/// invalid field) needs no counterpart: such a questionnaire is invalid anyway.
struct PredicateSchema {
    /// The path prefix of the scope's fields: "" for the questionnaire, "drivers[]." for an item.
    let prefix: String

    /// The condition schema of `source`, or nil when it cannot be written.
    func condition(_ source: String) -> JSONValue? {
        guard let expression = try? ExpressionParser.parse(source) else { return nil }
        return condition(expression)
    }

    func condition(_ expression: RuleExpression) -> JSONValue? {
        switch expression {
        case .literal(.boolean(let value), _): return .bool(value)
        case .field(let reference, _): return at(reference.path, .object([("const", true)]), require: true)
        case .unary(.not, let inner, _): return condition(inner).map(Self.not)
        case .binary(.and, let left, let right, _):
            guard let left = condition(left), let right = condition(right) else { return nil }
            return .object([("allOf", [left, right])])
        case .binary(.or, let left, let right, _):
            guard let left = condition(left), let right = condition(right) else { return nil }
            return .object([("anyOf", [left, right])])
        case .binary(let operation, let left, let right, _):
            return comparison(operation, left, right)
        case .call(let name, let arguments, _):
            guard arguments.count == 1, case .field(let reference, _) = arguments[0] else { return nil }
            if name == "present" { return filled(reference.path) }
            if name == "empty" { return filled(reference.path).map(Self.not) }
            return nil
        default: return nil
        }
    }

    /// The field at `path` is filled (present, not null, "" or []).
    func filled(_ path: String) -> JSONValue? {
        at(path, Self.not(.object([("$ref", "#/$defs/empty")])), require: true)
    }

    /// The field at `path` is absent or empty.
    func empty(_ path: String) -> JSONValue? {
        at(path, .object([("$ref", "#/$defs/empty")]), require: false)
    }

    /// `value` applied to the field at `path` (nested through its sections); with `require`, the
    /// field and the sections holding it must be present. Nil for a field outside the scope.
    func at(_ path: String, _ value: JSONValue, require: Bool) -> JSONValue? {
        guard path.hasPrefix(prefix) else { return nil }
        let relative = path.dropFirst(prefix.count)
        guard !relative.contains("[") else { return nil }
        var schema = value
        for name in relative.split(separator: ".").reversed() {
            var members: [(String, JSONValue)] = [("properties", .object([(String(name), schema)]))]
            if require { members.append(("required", [.string(String(name))])) }
            schema = .object(members)
        }
        return schema
    }

    static func not(_ schema: JSONValue) -> JSONValue {
        if case .object(let members) = schema, members.count == 1, members[0].0 == "not" { return members[0].1 }
        return .object([("not", schema)])
    }

    private func comparison(_ operation: BinaryOperator, _ left: RuleExpression, _ right: RuleExpression)
        -> JSONValue?
    {
        switch operation {
        case .equal, .notEqual:
            guard let (path, literal) = fieldAndLiteral(left, right) else { return nil }
            let equal: JSONValue?
            if case .null = literal {
                equal = filled(path).map(Self.not)
            } else {
                equal = Self.json(literal).flatMap { at(path, .object([("const", $0)]), require: true) }
            }
            return operation == .equal ? equal : equal.map(Self.not)
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            guard case .field(let reference, _) = left, case .literal(let literal, _) = right,
                let number = Self.number(literal)
            else {
                guard case .literal = left, case .field = right else { return nil }
                return comparison(Self.mirrored(operation), right, left)
            }
            let keyword = [BinaryOperator.less: "exclusiveMaximum", .lessOrEqual: "maximum",
                           .greater: "exclusiveMinimum", .greaterOrEqual: "minimum"][operation]!
            return at(reference.path, .object([("type", "number"), (keyword, number)]), require: true)
        case .in, .notIn:
            let test: JSONValue?
            if case .field(let reference, _) = left, case .list(let items, _) = right {
                let values = items.compactMap { item -> JSONValue? in
                    guard case .literal(let literal, _) = item else { return nil }
                    return Self.json(literal)
                }
                guard values.count == items.count else { return nil }
                test = at(reference.path, .object([("enum", .array(values))]), require: true)
            } else if case .literal(let literal, _) = left, case .field(let reference, _) = right,
                let value = Self.json(literal)
            {
                test = at(reference.path, .object([("type", "array"), ("contains", .object([("const", value)]))]),
                          require: true)
            } else {
                return nil
            }
            return operation == .in ? test : test.map(Self.not)
        case .matches:
            // MATCHES, LIKE and the [c] forms: a PCRE2 pattern; `(?s)` (NSPredicate's LIKE and
            // string tests) carries over as a flag, `(?i)` (ignore case) does not.
            guard case .field(let reference, _) = left, case .literal(.string(var source), _) = right else { return nil }
            var flags = ""
            if source.hasPrefix("(?s)") {
                source.removeFirst(4)
                flags = "s"
            }
            guard case .success(let pattern) = ECMAPattern.fromPCRE2(source, flags: flags) else { return nil }
            return at(reference.path, .object([("type", "string"), ("pattern", .string(pattern))]), require: true)
        case .beginsWith, .endsWith, .contains:
            guard case .field(let reference, _) = left, case .literal(.string(let text), _) = right else { return nil }
            let literal = ECMAPattern.literal(text)
            let any = #"[\s\S]*"#
            let pattern = operation == .beginsWith ? "^" + literal + any + "$"
                : operation == .endsWith ? "^" + any + literal + "$" : "^" + any + literal + any + "$"
            var test: JSONValue = .object([("type", "string"), ("pattern", .string(pattern))])
            if operation == .contains {
                // CONTAINS on a multi-choice field: the list holds the element.
                test = .object([("anyOf", [test, .object([("type", "array"), ("contains", .object([("const", .string(text))]))])])])
            }
            return at(reference.path, test, require: true)
        default:
            return nil
        }
    }

    private func fieldAndLiteral(_ left: RuleExpression, _ right: RuleExpression) -> (String, ExpressionValue)? {
        if case .field(let reference, _) = left, case .literal(let value, _) = right { return (reference.path, value) }
        if case .literal(let value, _) = left, case .field(let reference, _) = right { return (reference.path, value) }
        return nil
    }

    private static func mirrored(_ operation: BinaryOperator) -> BinaryOperator {
        switch operation {
        case .less: return .greater
        case .lessOrEqual: return .greaterOrEqual
        case .greater: return .less
        case .greaterOrEqual: return .lessOrEqual
        default: return operation
        }
    }

    /// A literal as JSON, for the values JSON Schema compares the same way (not dates or durations).
    static func json(_ value: ExpressionValue) -> JSONValue? {
        switch value {
        case .boolean(let value): return .bool(value)
        case .integer(let value): return .integer(value)
        case .decimal(let value): return .number(value)
        case .string(let value): return .string(value)
        default: return nil
        }
    }

    private static func number(_ value: ExpressionValue) -> JSONValue? {
        switch value {
        case .integer(let value): return .integer(value)
        case .decimal(let value): return .number(value)
        default: return nil
        }
    }
}
