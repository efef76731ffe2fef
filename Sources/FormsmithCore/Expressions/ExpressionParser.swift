/// Parses the predicate/expression language of rule files.
///
/// **Literals**
/// - integers `12`, decimals `1.5` (digits on both sides of the point)
/// - strings `'other'` or `"other"`; escapes `\'`, `\"` and `\\` only
/// - `true`, `false`, `null`
/// - dates written bare as `yyyy-MM-dd`: `2000-01-01` (four digits followed by `-` and a digit
///   always start a date, so write `2026 - 1` with spaces to subtract)
/// - durations: an integer immediately followed by a unit, `18y`, `6m`, `2w` (= 14 days), `60d`
/// - lists `[1, 2]`, `['web', 'app']`, `[]`
/// - `today`, the run's reference date
///
/// **Field references**: dotted identifiers (`[A-Za-z_][A-Za-z0-9_]*` per segment) such as
/// `vehicle.hasPlate` or `payment.type`; `drivers[].birthDate` is the field of the current
/// item of the list `drivers`. No spaces inside a reference.
///
/// **Operators**, lowest precedence first, all binary ones left-associative:
/// `||`; `&&`; `==` `!=`; `<` `<=` `>` `>=` `in` `not in`; `+` `-`; `*` `/` `mod`; unary `!`
/// and `-`. `mod` is a word only where an operator is expected (after a value), so a field
/// may still be called `mod`.
/// Parentheses group.
///
/// **Functions**: `empty(x)`, `present(x)`, `count(x)`, `year(d)`, `month(d)`, `day(d)`,
/// `date('2000-01-01')`, `concat(a, b, ...)`, `sum(items[].price)`, `position(drivers)` (names and arity are checked by
/// `RuleExpression.typeCheck`).
///
/// Examples:
/// ```
/// payment.type in [1, 2]
/// !vehicle.hasPlate || present(vehicle.plate)
/// 'other' in answers.channels
/// answers.recommend <= 6
/// today - 100y
/// income * 12 < 1000000 && household.size mod 2 == 0
/// drivers[].birthDate + 18y
/// year(insurant.birthDate) >= 1950 && count(drivers) not in [0]
/// ```
///
/// **NSPredicate dialect** (for predicates pasted from iOS apps; see `NSPredicateDialect`):
/// `$field`, `AND` `OR` `NOT` (any case), `=` and `<>`, `IN {1, 2}`, `BEGINSWITH`, `ENDSWITH`,
/// `CONTAINS`, `MATCHES`, `LIKE`, `BETWEEN {a, b}`, the `[c]` option, `YES` `NO` `TRUE`
/// `FALSE` `NULL` `NIL`. They are translated into the operators above (and the string tests of
/// `BinaryOperator`); what cannot be translated is a syntax error that says so.
///
/// Nesting (parentheses, lists, calls, unary operators and chained binary operators together)
/// is limited to `maximumDepth` levels so that hostile input cannot exhaust the stack.
package enum ExpressionParser {
    /// The deepest nesting accepted.
    package static let maximumDepth = 64

    /// Parses a whole expression; trailing tokens are an error.
    package static func parse(_ source: String) throws(ExpressionSyntaxError) -> RuleExpression {
        var parser = ExpressionTokenParser(tokens: try ExpressionLexer.tokenize(source))
        return try parser.parseWhole()
    }
}

/// The recursive-descent parser over a token array (which always ends with `.end`).
private struct ExpressionTokenParser {
    private let tokens: [ExpressionToken]
    private var position = 0
    private var depth = 0

    init(tokens: [ExpressionToken]) {
        self.tokens = tokens
    }

    private var current: ExpressionToken { tokens[position] }

    mutating func parseWhole() throws(ExpressionSyntaxError) -> RuleExpression {
        let expression = try parseBinary(level: 0)
        guard current.kind == .end else {
            throw fail("expected an operator or the end of the expression, found \(current.quoted)")
        }
        return expression
    }

    // MARK: Binary operators

    /// Operator levels, lowest precedence first.
    private static let levelCount = 6

    private func binaryOperator(atLevel level: Int) -> (BinaryOperator, tokenCount: Int)? {
        if case let .name(word) = current.kind, let dialect = NSPredicateDialect.binaryOperator(word, level: level) {
            return dialect
        }
        switch (level, current.kind) {
        case (0, .orOperator): return (.or, 1)
        case (1, .andOperator): return (.and, 1)
        case (2, .equal): return (.equal, 1)
        case (2, .notEqual): return (.notEqual, 1)
        case (3, .less): return (.less, 1)
        case (3, .lessOrEqual): return (.lessOrEqual, 1)
        case (3, .greater): return (.greater, 1)
        case (3, .greaterOrEqual): return (.greaterOrEqual, 1)
        case (3, .inKeyword): return (.in, 1)
        case (3, .notKeyword): return (.notIn, 2)
        case (4, .plus): return (.add, 1)
        case (4, .minus): return (.subtract, 1)
        case (5, .star): return (.multiply, 1)
        case (5, .slash): return (.divide, 1)
        case (5, .name("mod")): return (.remainder, 1)
        default: return nil
        }
    }

    private mutating func parseBinary(level: Int) throws(ExpressionSyntaxError) -> RuleExpression {
        guard level < Self.levelCount else { return try parseUnary() }
        var left = try parseBinary(level: level + 1)
        var chained = 0
        defer { depth -= chained }
        while let (op, tokenCount) = binaryOperator(atLevel: level) {
            if op == .notIn, !NSPredicateDialect.isIn(tokens[position + 1].kind) {
                throw fail("expected 'in' after 'not' (write 'x not in [..]', or '!' to negate)", at: tokens[position + 1])
            }
            let operatorToken = current
            try enter()
            chained += 1
            position += tokenCount
            if op == .beginsWith || op == .endsWith || op == .contains || op == .matches,
               case let .name(word) = operatorToken.kind {
                left = try parseStringTest(op, word: word, left: left, operatorToken: operatorToken, level: level)
                continue
            }
            if op == .equal || op == .notEqual, current.kind == .leftBracket, current.range.start == operatorToken.range.end,
               NSPredicateDialect.isOption(tokens[position + 1].kind), tokens[position + 2].kind == .rightBracket {
                // NSPredicate's '==[c]': equality with options, written without a space before '['.
                let test = try parseStringTest(.matches, word: "==", left: left, operatorToken: operatorToken, level: level)
                left = op == .equal ? test : .unary(.not, test, test.range)
                continue
            }
            let right = try parseBinary(level: level + 1)
            left = .binary(op, left, right, left.range.union(right.range))
        }
        return left
    }

    /// The right side of an NSPredicate string operator (`BEGINSWITH`, `ENDSWITH`, `CONTAINS`,
    /// `MATCHES`, `LIKE`) or of `BETWEEN`, with its `[c]` option; `word` is the operator as written.
    private mutating func parseStringTest(
        _ op: BinaryOperator, word: String, left: RuleExpression, operatorToken: ExpressionToken, level: Int
    ) throws(ExpressionSyntaxError) -> RuleExpression {
        let upper = word.uppercased()
        var ignoresCase = false
        if current.kind == .leftBracket, case let .name(letters) = tokens[position + 1].kind,
           tokens[position + 2].kind == .rightBracket {
            let options = letters.lowercased()
            guard options.allSatisfy({ $0 == "c" || $0 == "d" || $0 == "n" }) else {
                throw fail("unknown option [\(letters)] after \(upper): expected [c] (ignore case)", at: tokens[position + 1])
            }
            if options.contains("d") {
                throw fail("the [d] option (ignore diacritics) is not supported: compare the exact text, or use MATCHES with a character class such as '[её]'", at: tokens[position + 1])
            }
            ignoresCase = options.contains("c")
            position += 3
        }
        let right = try parseBinary(level: level + 1)
        let range = left.range.union(right.range)
        if upper == "BETWEEN" {
            let bounds: [RuleExpression]
            switch right {
            case let .list(elements, _) where elements.count == 2: bounds = elements
            default: throw fail("BETWEEN expects two bounds in braces, such as BETWEEN {1, 10}", at: tokens[position - 1])
            }
            return .binary(.and, .binary(.greaterOrEqual, left, bounds[0], range), .binary(.lessOrEqual, left, bounds[1], range), range)
        }
        let isLike = upper == "LIKE"
        guard ignoresCase || isLike || upper == "MATCHES" else {
            guard upper != "==" else {
                throw fail("expected [c] after '==' (or a space before a list)", at: operatorToken)
            }
            return .binary(op, left, right, range)
        }
        guard case let .literal(.string(text), textRange) = right else {
            let what = ignoresCase ? "\(upper)[c]" : upper
            throw fail("\(what) needs a string literal on its right (a pattern fixed in the rule), found an expression", at: operatorToken)
        }
        let pattern = NSPredicateDialect.pattern(for: upper, text: text, ignoresCase: ignoresCase)
        return .binary(.matches, left, .literal(.string(pattern), textRange), range)
    }

    // MARK: Unary operators and primaries

    private mutating func parseUnary() throws(ExpressionSyntaxError) -> RuleExpression {
        let op: UnaryOperator
        switch current.kind {
        case .bang: op = .not
        case .minus: op = .negate
        case let .name(word) where word.uppercased() == "NOT":
            return try parseWordNot()
        case .notKeyword:
            return try parseWordNot()
        default: return try parsePrimary()
        }
        let start = current.range
        try enter()
        defer { depth -= 1 }
        position += 1
        let operand = try parseUnary()
        return .unary(op, operand, start.union(operand.range))
    }

    /// `NOT x == 1` (NSPredicate, or `not`): negates the whole comparison that follows, unlike
    /// `!`, which binds to the value next to it.
    private mutating func parseWordNot() throws(ExpressionSyntaxError) -> RuleExpression {
        let start = current.range
        try enter()
        defer { depth -= 1 }
        position += 1
        let operand = try parseBinary(level: 2)
        return .unary(.not, operand, start.union(operand.range))
    }

    private mutating func parsePrimary() throws(ExpressionSyntaxError) -> RuleExpression {
        let token = current
        let literal: ExpressionValue
        switch token.kind {
        case let .integer(value): literal = .integer(value)
        case let .decimal(value): literal = .decimal(value)
        case let .string(value): literal = .string(value)
        case let .date(value): literal = .date(value)
        case let .duration(value): literal = .duration(value)
        case .trueKeyword: literal = .boolean(true)
        case .falseKeyword: literal = .boolean(false)
        case .nullKeyword: literal = .null
        case .todayKeyword:
            position += 1
            return .today(token.range)
        case let .fieldName(name):
            position += 1
            return .field(FieldReference(path: name), token.range)
        case let .name(name):
            if let value = NSPredicateDialect.literal(name) {
                literal = value
                break
            }
            if let problem = NSPredicateDialect.unsupportedWord(name) { throw fail(problem) }
            position += 1
            guard current.kind == .leftParenthesis else { return .field(FieldReference(path: name), token.range) }
            return try parseCall(name: name, nameToken: token)
        case .leftBrace:
            let open = current
            let elements = try parseSequence(closing: .rightBrace, closingText: "'}' to close the list")
            return .list(elements, open.range.union(tokens[position - 1].range))
        case .leftParenthesis:
            return try parseParenthesized()
        case .leftBracket:
            return try parseList()
        default:
            throw fail("expected a value (a number, string, date, duration, field, function call, '(' or '['), found \(token.quoted)")
        }
        position += 1
        return .literal(literal, token.range)
    }

    private mutating func parseParenthesized() throws(ExpressionSyntaxError) -> RuleExpression {
        let open = current
        try enter()
        defer { depth -= 1 }
        position += 1
        let inner = try parseBinary(level: 0)
        guard current.kind == .rightParenthesis else {
            throw fail(current.kind == .end
                ? "expected ')' to close the '(' at offset \(open.range.start)"
                : "expected an operator or ')' to close the '(' at offset \(open.range.start), found \(current.quoted)")
        }
        position += 1
        return inner
    }

    private mutating func parseList() throws(ExpressionSyntaxError) -> RuleExpression {
        let open = current
        let elements = try parseSequence(closing: .rightBracket, closingText: "']' to close the list")
        return .list(elements, open.range.union(tokens[position - 1].range))
    }

    private mutating func parseCall(name: String, nameToken: ExpressionToken) throws(ExpressionSyntaxError) -> RuleExpression {
        if name.utf8.contains(UInt8(ascii: ".")) {
            throw fail("expected a function name before '(', found the field '\(name)' (functions are \(BuiltinFunction.namesList))", at: nameToken)
        }
        let arguments = try parseSequence(closing: .rightParenthesis, closingText: "')' to close the arguments of '\(name)'")
        return .call(name: name, arguments: arguments, nameToken.range.union(tokens[position - 1].range))
    }

    /// Parses `open element, element, ... close` starting at the opening token.
    private mutating func parseSequence(closing: ExpressionToken.Kind, closingText: String) throws(ExpressionSyntaxError) -> [RuleExpression] {
        try enter()
        defer { depth -= 1 }
        position += 1
        var elements: [RuleExpression] = []
        if current.kind == closing {
            position += 1
            return elements
        }
        while true {
            elements.append(try parseBinary(level: 0))
            if current.kind == .comma {
                position += 1
                continue
            }
            guard current.kind == closing else {
                throw fail(current.kind == .end ? "expected \(closingText)" : "expected ',' or \(closingText), found \(current.quoted)")
            }
            position += 1
            return elements
        }
    }

    // MARK: Helpers

    private mutating func enter() throws(ExpressionSyntaxError) {
        depth += 1
        if depth > ExpressionParser.maximumDepth {
            throw fail("expression is nested too deeply: expected at most \(ExpressionParser.maximumDepth) levels of parentheses, lists, calls or chained operators; simplify it (e.g. 'x in [a, b, c]' instead of a long chain of '||')")
        }
    }

    private func fail(_ message: String, at token: ExpressionToken? = nil) -> ExpressionSyntaxError {
        ExpressionSyntaxError(message: message, offset: (token ?? current).range.start)
    }
}
