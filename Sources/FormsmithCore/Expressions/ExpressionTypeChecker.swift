extension RuleExpression {
    /// Computes the static type of the expression, or throws the first type error found
    /// (comparing a date with a string, `year()` of a non-date, date + integer, an unknown
    /// function or field, a wrong number of arguments, ...).
    ///
    /// `fieldType` gives the type of each referenced field, or nil when the field does not exist.
    /// `null` is accepted wherever a value is; `any` is accepted everywhere.
    public func typeCheck(_ fieldType: (FieldReference) -> ExpressionType?) throws(ExpressionTypeError) -> ExpressionType {
        switch self {
        case let .literal(value, _):
            return Self.literalType(value)
        case .today:
            return .date
        case let .field(reference, range):
            guard let type = fieldType(reference) else {
                throw ExpressionTypeError(message: "unknown field '\(reference.path)'", range: range)
            }
            return type
        case let .list(elements, _):
            var elementType: ExpressionType?
            for element in elements {
                let type = try element.typeCheck(fieldType)
                guard let known = elementType else {
                    elementType = type
                    continue
                }
                guard let joined = ExpressionType.join(known, type) else {
                    throw ExpressionTypeError(message: "list elements must have one type: expected \(known), found \(type)", range: element.range)
                }
                elementType = joined
            }
            return .list(elementType)
        case let .unary(op, operand, range):
            return try ExpressionTypeRules.unary(op, try operand.typeCheck(fieldType), range: range)
        case let .binary(op, left, right, range):
            let leftType = try left.typeCheck(fieldType)
            let rightType = try right.typeCheck(fieldType)
            if op == .matches {
                guard case let .literal(.string(pattern), patternRange) = right else {
                    throw ExpressionTypeError(message: "MATCHES needs a pattern written as a string literal", range: right.range)
                }
                do {
                    _ = try PredicateRegex(pattern: pattern)
                } catch {
                    throw ExpressionTypeError(
                        message: "the MATCHES pattern does not compile: \(error.message) at offset \(error.offset) of '\(pattern)'",
                        range: patternRange)
                }
            }
            return try ExpressionTypeRules.binary(op, leftType, rightType, range: range)
        case let .call(name, arguments, range) where name == "concat":
            guard !arguments.isEmpty else {
                throw ExpressionTypeError(message: "function 'concat' takes one argument or more, found none", range: range)
            }
            for argument in arguments {
                let type = try argument.typeCheck(fieldType)
                if type == .duration {
                    throw ExpressionTypeError(message: "'concat' joins numbers, text, dates and true/false, found duration", range: argument.range)
                }
            }
            return .string
        case let .call(name, arguments, range) where name == "position":
            guard arguments.count == 1 else {
                throw ExpressionTypeError(message: "function 'position' takes 1 argument, found \(arguments.count)", range: range)
            }
            guard case let .field(reference, fieldRange) = arguments[0] else {
                throw ExpressionTypeError(message: "'position' takes the list whose item this is: write it as position(drivers)",
                                          range: arguments[0].range)
            }
            guard fieldType(FieldReference(enclosingList: reference.path)) != nil else {
                throw ExpressionTypeError(message: "'\(reference.path)' is not a list whose items hold this expression",
                                          range: fieldRange)
            }
            return .integer
        case let .call(name, arguments, range) where name == "sum":
            guard arguments.count == 1 else {
                throw ExpressionTypeError(message: "function 'sum' takes 1 argument, found \(arguments.count)", range: range)
            }
            guard case let .field(reference, fieldRange) = arguments[0], reference.isItemRelative else {
                throw ExpressionTypeError(
                    message: "'sum' adds up a number field over a list's items: write it as sum(items[].price)",
                    range: arguments[0].range)
            }
            let every = FieldReference(everyItemOf: reference.path)
            guard let type = fieldType(every) else {
                throw ExpressionTypeError(message: "unknown field '\(reference.path)'", range: fieldRange)
            }
            guard type.isNumeric || type.isUnconstrained else {
                throw ExpressionTypeError(message: "'sum' adds up numbers, found \(type) ('\(reference.path)')", range: fieldRange)
            }
            return type == .null ? .integer : type
        case let .call(name, arguments, range):
            guard let function = BuiltinFunction(rawValue: name) else {
                throw ExpressionTypeError(message: "unknown function '\(name)': expected one of \(BuiltinFunction.namesList)", range: range)
            }
            guard arguments.count == BuiltinFunction.arity else {
                throw ExpressionTypeError(
                    message: "function '\(name)' takes \(BuiltinFunction.arity) argument, found \(arguments.count)", range: range)
            }
            let argument = arguments[0]
            let argumentType = try argument.typeCheck(fieldType)
            if function == .date, case let .literal(.string(text), _) = argument, DatePattern.iso.parse(text) == nil {
                throw ExpressionTypeError(message: "'\(text)' is not a date: expected a real date written yyyy-MM-dd", range: argument.range)
            }
            return try ExpressionTypeRules.call(function, argumentType, range: argument.range)
        }
    }

    private static func literalType(_ value: ExpressionValue) -> ExpressionType {
        switch value {
        case .null: return .null
        case .boolean: return .boolean
        case .integer: return .integer
        case .decimal: return .decimal
        case .string: return .string
        case .date: return .date
        case .duration: return .duration
        case let .list(values):
            let types = values.map(literalType)
            guard var element = types.first else { return .list(nil) }
            for type in types.dropFirst() { element = ExpressionType.join(element, type) ?? .any }
            return .list(element)
        }
    }
}

/// The typing rules of operators and functions.
enum ExpressionTypeRules {
    static func unary(_ op: UnaryOperator, _ operand: ExpressionType, range: ExpressionSourceRange) throws(ExpressionTypeError) -> ExpressionType {
        switch (op, operand) {
        case (.not, .boolean), (.not, .null), (.not, .any): return .boolean
        case (.negate, .integer), (.negate, .decimal), (.negate, .duration), (.negate, .null), (.negate, .any): return operand
        case (.not, _):
            throw ExpressionTypeError(message: "'!' expects a boolean, found \(operand)", range: range)
        case (.negate, _):
            throw ExpressionTypeError(message: "'-' expects a number or a duration, found \(operand)", range: range)
        }
    }

    static func binary(_ op: BinaryOperator, _ left: ExpressionType, _ right: ExpressionType,
                       range: ExpressionSourceRange) throws(ExpressionTypeError) -> ExpressionType {
        switch op {
        case .and, .or:
            for side in [left, right] where side != .boolean && !side.isUnconstrained {
                throw ExpressionTypeError(message: "'\(op.rawValue)' expects booleans on both sides, found \(side)", range: range)
            }
            return .boolean
        case .equal, .notEqual:
            guard ExpressionType.join(left, right) != nil else {
                throw ExpressionTypeError(message: "cannot compare \(left) with \(right) using '\(op.rawValue)'", range: range)
            }
            return .boolean
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            let known = [left, right].filter { !$0.isUnconstrained }
            let orderable = known.allSatisfy { $0.isNumeric } || known.allSatisfy { $0 == .date } || known.allSatisfy { $0 == .string }
            guard orderable else {
                throw ExpressionTypeError(
                    message: "cannot order \(left) and \(right) with '\(op.rawValue)': expected two numbers, two dates or two strings", range: range)
            }
            return .boolean
        case .in, .notIn:
            let element: ExpressionType?
            switch right {
            case let .list(type): element = type
            case .null, .any: element = .any
            default:
                throw ExpressionTypeError(message: "'\(op.rawValue)' expects a list on its right, found \(right)", range: range)
            }
            if let element, ExpressionType.join(left, element) == nil {
                throw ExpressionTypeError(message: "cannot look for \(left) in a \(right)", range: range)
            }
            return .boolean
        case .add, .subtract:
            return try arithmetic(op, left, right, range: range)
        case .multiply, .divide, .remainder:
            return try product(op, left, right, range: range)
        case .contains:
            if case let .list(element) = left {
                if let element, ExpressionType.join(element, right) == nil {
                    throw ExpressionTypeError(message: "cannot look for \(right) in a \(left)", range: range)
                }
                return .boolean
            }
            fallthrough
        case .beginsWith, .endsWith, .matches:
            for side in [left, right] where side != .string && !side.isUnconstrained {
                throw ExpressionTypeError(
                    message: "'\(op.rawValue)' expects strings on both sides\(op == .contains ? " (or a list on its left)" : ""), found \(side)",
                    range: range)
            }
            return .boolean
        }
    }

    private static func arithmetic(_ op: BinaryOperator, _ left: ExpressionType, _ right: ExpressionType,
                                   range: ExpressionSourceRange) throws(ExpressionTypeError) -> ExpressionType {
        switch (left, right) {
        case (.integer, .integer): return .integer
        case (.integer, .decimal), (.decimal, .integer), (.decimal, .decimal): return .decimal
        case (.date, .duration): return .date
        case (.duration, .date) where op == .add: return .date
        case (.date, .date) where op == .subtract: return .integer
        case (.duration, .duration): return .duration
        case (.any, _), (_, .any): return .any
        case (.null, .null): return .null
        case (.null, let other), (let other, .null):
            guard other.isNumeric || other == .date || other == .duration else { break }
            return other == .date && op == .subtract ? .any : other
        default: break
        }
        let hint = (left == .date && right.isNumeric) || (left.isNumeric && right == .date)
            ? " (add a duration such as 18y or 60d to a date, not a number)" : ""
        throw ExpressionTypeError(message: "cannot apply '\(op.rawValue)' to \(left) and \(right)\(hint)", range: range)
    }

    /// `*`, `/` and `mod` take numbers only: an integer with an integer is an integer (for `*`
    /// and `mod`), anything divided is a decimal, a decimal anywhere makes a decimal.
    private static func product(_ op: BinaryOperator, _ left: ExpressionType, _ right: ExpressionType,
                                range: ExpressionSourceRange) throws(ExpressionTypeError) -> ExpressionType {
        for side in [left, right] where !side.isNumeric && !side.isUnconstrained {
            let hint = side == .date || side == .duration ? " (dates and durations are only added and subtracted)" : ""
            throw ExpressionTypeError(message: "'\(op.rawValue)' expects numbers on both sides, found \(side)\(hint)", range: range)
        }
        if left == .any || right == .any { return .any }
        if left == .null && right == .null { return .null }
        if op == .divide || left == .decimal || right == .decimal { return .decimal }
        return .integer
    }

    static func call(_ function: BuiltinFunction, _ argument: ExpressionType,
                     range: ExpressionSourceRange) throws(ExpressionTypeError) -> ExpressionType {
        let accepted: Bool
        let result: ExpressionType
        switch function {
        case .empty, .present:
            return .boolean
        case .count:
            if case .list = argument { accepted = true } else { accepted = argument == .string || argument.isUnconstrained }
            result = .integer
        case .year, .month, .day:
            accepted = argument == .date || argument.isUnconstrained
            result = .integer
        case .date:
            accepted = argument == .string || argument.isUnconstrained
            result = .date
        }
        guard accepted else {
            let expected = function == .count ? "a list or a string" : function == .date ? "a string" : "a date"
            throw ExpressionTypeError(message: "'\(function.rawValue)' expects \(expected), found \(argument)", range: range)
        }
        return result
    }
}
