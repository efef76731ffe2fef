import FormsmithCore
import FormsmithValues
import Synchronization

/// A value of the expression language as the reference sees it (docs/rules.md, "Predicates and
/// expressions"): numbers are ``ReferenceNumber``s, whatever their notation or length.
indirect enum ReferenceValue: Equatable {
    case null
    case boolean(Bool)
    case number(ReferenceNumber)
    case string(String)
    case date(CivilDate)
    case duration(CalendarDuration)
    case list([ReferenceValue])

    /// A literal of the loaded rule model.
    init(literal: ExpressionValue) {
        switch literal {
        case .null: self = .null
        case .boolean(let flag): self = .boolean(flag)
        case .integer(let number): self = .number(ReferenceNumber(json: String(number))!)
        case .decimal(let number): self = ReferenceNumber(json: number.description).map(ReferenceValue.number) ?? .null
        case .string(let text): self = .string(text)
        case .date(let date): self = .date(date)
        case .duration(let duration): self = .duration(duration)
        case .list(let items): self = .list(items.map(ReferenceValue.init(literal:)))
        }
    }
}

/// A field's value as an expression reads it.
enum ReferenceLookup {
    case absent, invalid
    case value(ReferenceValue)
}

/// The reference's own evaluator of expressions, over the parsed expression tree of the loaded
/// rule model (the engine's parser turns both dialects into one tree; its evaluation, binding
/// and compiled nodes are not used). It follows docs/rules.md's semantics: absent is null;
/// `null == null`; ordering with null is false; reading an invalid field makes the result
/// unknown (nil); `false && unknown` is false and `true || unknown` is true; numbers compare
/// and add exactly, multiply, divide and take remainders as ReferenceNumber+Products says
/// (dividing by zero is null); strings compare byte for byte.
struct ReferenceEvaluator {
    let today: CivilDate
    let lookup: (String) -> ReferenceLookup
    /// Set when a result was unknown because it could not be computed (a sum of more than
    /// 100,000 digits, a date past the day numbers), not because a field was invalid.
    var uncomputable = false
    /// Set when a field read was invalid (its result unknown for that reason).
    var readInvalid = false

    /// Parsed expressions and `MATCHES` patterns by source, shared by every walk.
    private static let parsed = Mutex<[String: RuleExpression]>([:])
    private static let patterns = Mutex<[String: CompiledRegex]>([:])
    private static let cacheLimit = 10_000

    /// The parsed expression (the rule file loaded, so every one parses).
    static func parse(_ source: String) -> RuleExpression? {
        if let known = parsed.withLock({ $0[source] }) { return known }
        guard let expression = try? ExpressionParser.parse(source) else { return nil }
        // Bounded, so a long fuzz campaign over many forms does not grow without end.
        parsed.withLock { cache in
            if cache.count >= cacheLimit { cache.removeAll(keepingCapacity: true) }
            cache[source] = expression
        }
        return expression
    }

    private static func regex(_ pattern: String) -> CompiledRegex? {
        if let known = patterns.withLock({ $0[pattern] }) { return known }
        guard let regex = try? CompiledRegex(pattern: pattern) else { return nil }
        patterns.withLock { cache in
            if cache.count >= cacheLimit { cache.removeAll(keepingCapacity: true) }
            cache[pattern] = regex
        }
        return regex
    }

    /// The field paths an expression reads (empty when it does not parse).
    static func referencedPaths(_ source: String) -> Set<String> {
        guard let expression = parse(source) else { return [] }
        return referencedPaths(expression)
    }

    /// The field paths a parsed expression reads.
    static func referencedPaths(_ expression: RuleExpression) -> Set<String> {
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

    /// A condition: true only when the value is `true` (null and false are false); nil unknown.
    mutating func truth(_ node: RuleExpression) -> Bool? {
        guard let value = evaluate(node) else { return nil }
        return value == .boolean(true)
    }

    mutating func evaluate(_ node: RuleExpression) -> ReferenceValue? {
        switch node {
        case .literal(let value, _): return ReferenceValue(literal: value)
        case .today: return .date(today)
        case .field(let reference, _):
            switch lookup(reference.path) {
            case .absent: return .null
            case .invalid:
                readInvalid = true
                return nil
            case .value(let value): return value
            }
        case .list(let elements, _):
            var values: [ReferenceValue] = []
            for element in elements {
                guard let value = evaluate(element) else { return nil }
                values.append(value)
            }
            return .list(values)
        case .unary(.not, let operand, _):
            return truth(operand).map { .boolean(!$0) }
        case .unary(.negate, let operand, _):
            guard let value = evaluate(operand) else { return nil }
            switch value {
            case .null: return .null
            case .number(let number): return .number(number.negated)
            case .duration(let duration): return duration.negatedChecked().map(ReferenceValue.duration) ?? unknown()
            default: return nil
            }
        case .binary(let op, let left, let right, _):
            return binary(op, left, right)
        case .call(let name, let arguments, _):
            guard arguments.count == 1, let argument = evaluate(arguments[0]) else { return nil }
            return call(name, argument)
        }
    }

    private mutating func unknown() -> ReferenceValue? {
        uncomputable = true
        return nil
    }

    private mutating func binary(_ op: BinaryOperator, _ left: RuleExpression, _ right: RuleExpression) -> ReferenceValue? {
        switch op {
        case .and:
            let a = truth(left)
            if a == false { return .boolean(false) }
            let b = truth(right)
            if b == false { return .boolean(false) }
            guard let a, let b else { return nil }
            return .boolean(a && b)
        case .or:
            let a = truth(left)
            if a == true { return .boolean(true) }
            let b = truth(right)
            if b == true { return .boolean(true) }
            guard a != nil, b != nil else { return nil }
            return .boolean(false)
        case .in, .notIn:
            guard let element = evaluate(left) else { return nil }
            let member: Bool?
            if case .list(let candidates, _) = right {
                // `x in [a, b]` is `x == a || x == b`: a match decides although another is unknown.
                if element == .null { member = false } else {
                    var sawUnknown = false
                    var found = false
                    for candidate in candidates {
                        guard let value = evaluate(candidate) else { sawUnknown = true; continue }
                        if Self.equal(value, element) { found = true; break }
                    }
                    member = found ? true : (sawUnknown ? nil : false)
                }
            } else {
                guard let container = evaluate(right) else { return nil }
                member = Self.contains(container, element)
            }
            return member.map { .boolean($0 != (op == .notIn)) }
        default:
            break
        }
        guard let a = evaluate(left), let b = evaluate(right) else { return nil }
        switch op {
        case .equal: return .boolean(Self.equal(a, b))
        case .notEqual: return .boolean(!Self.equal(a, b))
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            if a == .null || b == .null { return .boolean(false) }
            guard let order = Self.order(a, b) else { return nil }
            switch op {
            case .less: return .boolean(order < 0)
            case .lessOrEqual: return .boolean(order <= 0)
            case .greater: return .boolean(order > 0)
            default: return .boolean(order >= 0)
            }
        case .beginsWith, .endsWith, .contains, .matches:
            if a == .null || b == .null { return .boolean(false) }
            if op == .contains, case .list = a { return Self.contains(a, b).map(ReferenceValue.boolean) }
            guard case .string(let text) = a, case .string(let pattern) = b else { return nil }
            let textBytes = Array(text.utf8), part = Array(pattern.utf8)
            switch op {
            case .beginsWith: return .boolean(textBytes.starts(with: part))
            case .endsWith: return .boolean(textBytes.reversed().starts(with: part.reversed()))
            case .contains:
                if part.isEmpty { return .boolean(true) }
                guard part.count <= textBytes.count else { return .boolean(false) }
                return .boolean((0...(textBytes.count - part.count)).contains { textBytes[$0..<($0 + part.count)].elementsEqual(part) })
            default:
                guard let regex = Self.regex(pattern) else { return nil }
                return ReferenceValues.match(regex, text).map(ReferenceValue.boolean)
            }
        case .add: return arithmetic(a, b, subtract: false)
        case .subtract: return arithmetic(a, b, subtract: true)
        case .multiply, .divide, .remainder:
            // docs/rules.md: numbers only; null with null; dividing by zero is null.
            if a == .null || b == .null { return .null }
            guard case .number(let x) = a, case .number(let y) = b else { return nil }
            if op != .multiply, y.isZero { return .null }
            let result = op == .multiply ? x.multiplied(by: y) : op == .divide ? x.divided(by: y) : x.remainder(dividingBy: y)
            return result.map(ReferenceValue.number) ?? unknown()
        default: return nil
        }
    }

    private mutating func arithmetic(_ a: ReferenceValue, _ b: ReferenceValue, subtract: Bool) -> ReferenceValue? {
        switch (a, b) {
        case (.null, _), (_, .null): return .null
        case let (.number(x), .number(y)):
            return (subtract ? x.subtracting(y) : x.adding(y)).map(ReferenceValue.number) ?? unknown()
        case let (.date(x), .date(y)) where subtract:
            return .number(ReferenceNumber(x.days(since: y)))
        case let (.date(date), .duration(duration)):
            guard let step = subtract ? duration.negatedChecked() : duration else { return unknown() }
            return date.addingExtended(step).map(ReferenceValue.date) ?? unknown()
        case let (.duration(duration), .date(date)) where !subtract:
            return date.addingExtended(duration).map(ReferenceValue.date) ?? unknown()
        case let (.duration(x), .duration(y)):
            guard let other = subtract ? y.negatedChecked() : y else { return unknown() }
            return x.addingChecked(other).map(ReferenceValue.duration) ?? unknown()
        default: return nil
        }
    }

    private func call(_ name: String, _ argument: ReferenceValue) -> ReferenceValue? {
        switch name {
        case "empty", "present":
            let empty: Bool
            switch argument {
            case .null: empty = true
            case .string(let text): empty = text.isEmpty
            case .list(let items): empty = items.isEmpty
            default: empty = false
            }
            return .boolean(name == "empty" ? empty : !empty)
        case "count":
            switch argument {
            case .null: return .number(.zero)
            case .list(let items): return .number(ReferenceNumber(items.count))
            case .string(let text): return .number(ReferenceNumber(text.unicodeScalars.count))
            default: return nil
            }
        case "year", "month", "day":
            switch argument {
            case .null: return .null
            case .date(let date):
                return .number(ReferenceNumber(name == "year" ? date.year : name == "month" ? date.month : date.day))
            default: return nil
            }
        case "date":
            switch argument {
            case .null: return .null
            case .string(let text): return DatePattern.iso.parse(text).map(ReferenceValue.date) ?? .null
            case .date: return argument
            default: return nil
            }
        default: return nil
        }
    }

    /// docs/rules.md: null equals only null; numbers by value; strings byte for byte.
    static func equal(_ a: ReferenceValue, _ b: ReferenceValue) -> Bool {
        switch (a, b) {
        case let (.number(x), .number(y)): return ReferenceNumber.compare(x, y) == 0
        case let (.string(x), .string(y)): return Array(x.utf8) == Array(y.utf8)
        case let (.list(x), .list(y)): return x.count == y.count && zip(x, y).allSatisfy { equal($0, $1) }
        default: return a == b
        }
    }

    /// -1, 0, 1 for numbers, dates and strings (by UTF-8 bytes); nil otherwise.
    static func order(_ a: ReferenceValue, _ b: ReferenceValue) -> Int? {
        switch (a, b) {
        case let (.number(x), .number(y)): return ReferenceNumber.compare(x, y)
        case let (.date(x), .date(y)): return x < y ? -1 : (x == y ? 0 : 1)
        case let (.string(x), .string(y)):
            let left = Array(x.utf8), right = Array(y.utf8)
            return left == right ? 0 : (left.lexicographicallyPrecedes(right) ? -1 : 1)
        default: return nil
        }
    }

    /// `element in container`: false for null on either side.
    static func contains(_ container: ReferenceValue, _ element: ReferenceValue) -> Bool? {
        if element == .null { return false }
        switch container {
        case .null: return false
        case .list(let items): return items.contains { equal($0, element) }
        default: return nil
        }
    }
}
