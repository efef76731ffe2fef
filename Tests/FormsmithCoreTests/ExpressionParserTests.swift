import XCTest
@testable import FormsmithCore

/// Renders an AST as a fully parenthesised prefix form, for compact assertions.
func prefixForm(_ expression: RuleExpression) -> String {
    switch expression {
    case let .literal(value, _): return value.description
    case .today: return "today"
    case let .field(reference, _): return reference.isItemRelative ? "@\(reference.path)" : reference.path
    case let .list(elements, _): return "[" + elements.map(prefixForm).joined(separator: " ") + "]"
    case let .unary(op, operand, _): return "(\(op.rawValue) \(prefixForm(operand)))"
    case let .binary(op, left, right, _): return "(\(op.rawValue) \(prefixForm(left)) \(prefixForm(right)))"
    case let .call(name, arguments, _): return "\(name)(" + arguments.map(prefixForm).joined(separator: " ") + ")"
    }
}

final class ExpressionParserTests: XCTestCase {
    func testValidExpressions() throws {
        let cases: [(String, String)] = [
            ("payment.type in [1, 2]", "(in payment.type [1 2])"),
            ("vehicle.hasPlate == true", "(== vehicle.hasPlate true)"),
            ("!owner.sameAsInsurant", "(! owner.sameAsInsurant)"),
            ("answers.recommend <= 6", "(<= answers.recommend 6)"),
            ("'other' in answers.channels", "(in 'other' answers.channels)"),
            ("\"other\" not in answers.channels", "(not in 'other' answers.channels)"),
            ("today-100y", "(- today 100y)"),
            ("today - 18y", "(- today 18y)"),
            ("drivers[].birthDate + 18y", "(+ @drivers[].birthDate 18y)"),
            ("a || b && c", "(|| a (&& b c))"),
            ("(a || b) && c", "(&& (|| a b) c)"),
            ("a == b != c", "(!= (== a b) c)"),
            ("1 + 2 - 3 < 4", "(< (- (+ 1 2) 3) 4)"),
            ("-x + 1", "(+ (- x) 1)"),
            ("!!a", "(! (! a))"),
            ("x == null", "(== x null)"),
            ("1.5 >= 0.25", "(>= 1.5 0.25)"),
            ("2000-01-01 + 2w", "(+ 2000-01-01 14d)"),
            ("2024-02-29 - 6m - 60d", "(- (- 2024-02-29 6m) 60d)"),
            ("2026 - 1", "(- 2026 1)"),
            ("year(d) - 2000", "(- year(d) 2000)"),
            ("empty(x) || present(y)", "(|| empty(x) present(y))"),
            ("date('2000-01-01')", "date('2000-01-01')"),
            ("count([])", "count([])"),
            ("x in[]", "(in x [])"),
            ("[[1], [2, 3]]", "[[1] [2 3]]"),
            ("'it\\'s' == \"say \\\"hi\\\" \\\\\"", "(== 'it\\'s' 'say \"hi\" \\\\')"),
            ("a.b_2.C3 != _x", "(!= a.b_2.C3 _x)"),
            ("orders[].lines[].qty > 0", "(> @orders[].lines[].qty 0)"),
            ("  a\n&&\r\n b  ", "(&& a b)"),
            ("f()", "f()"),
            ("max(1, 2)", "max(1 2)"),
            ("'Римская-Корсакова' == x", "(== 'Римская-Корсакова' x)"),
        ]
        for (source, expected) in cases {
            do {
                let parsed = try ExpressionParser.parse(source)
                XCTAssertEqual(prefixForm(parsed), expected, source)
            } catch {
                XCTFail("\(source): \(error)")
            }
        }
    }

    func testFieldReferenceNormalisation() throws {
        guard case let .field(reference, range) = try ExpressionParser.parse("drivers[].birthDate") else {
            return XCTFail("expected a field")
        }
        XCTAssertEqual(reference, FieldReference(path: "drivers[].birthDate"))
        XCTAssertTrue(reference.isItemRelative)
        XCTAssertEqual(range, ExpressionSourceRange(start: 0, end: 19))
        XCTAssertFalse(FieldReference(path: "vehicle.hasPlate").isItemRelative)
    }

    func testSourceRangesAreCharacterOffsets() throws {
        guard case let .binary(_, left, right, range) = try ExpressionParser.parse("'Привет' == x.y") else {
            return XCTFail("expected a binary node")
        }
        XCTAssertEqual(left.range, ExpressionSourceRange(start: 0, end: 8))
        XCTAssertEqual(right.range, ExpressionSourceRange(start: 12, end: 15))
        XCTAssertEqual(range, ExpressionSourceRange(start: 0, end: 15))
    }

    func testInvalidExpressions() {
        let cases: [(String, Int, String)] = [
            ("", 0, "expected a value"),
            ("a ==", 4, "expected a value"),
            ("a === 1", 4, "expected a value"),
            ("a & b", 2, "expected '&&'"),
            ("a | b", 2, "expected '||'"),
            ("(a || b", 7, "expected ')' to close the '(' at offset 0"),
            ("(a b)", 3, "expected an operator or ')'"),
            ("[1 2]", 3, "expected ',' or ']' to close the list"),
            ("[1, 2,]", 6, "expected a value"),
            ("year(a b)", 7, "expected ',' or ')' to close the arguments of 'year'"),
            ("a b", 2, "expected an operator or the end of the expression, found 'b'"),
            ("a == 1)", 6, "expected an operator or the end of the expression, found ')'"),
            ("a not b", 6, "expected 'in' after 'not'"),
            ("'abc", 0, "expected a closing '"),
            ("\"abc'", 0, "expected a closing \""),
            ("'a\\nb'", 2, "unknown escape in string"),
            ("2023-02-29", 0, "2023-02-29 is not a real date"),
            ("2020-1-01", 0, "expected a date written yyyy-MM-dd"),
            ("2020-01-011", 0, "expected a date written yyyy-MM-dd"),
            ("18years", 2, "expected an operator or the end after the number 18"),
            ("12abc", 2, "expected an operator or the end after the number 12"),
            ("1.5y", 3, "expected an operator or the end after the number 1.5"),
            ("99999999999999999999y", 0, "duration is too large"),
            ("a.", 2, "expected a field name after '.'"),
            ("a.1b", 2, "expected a field name after '.'"),
            ("drivers[]", 9, "expected '.' and a field name after '[]'"),
            ("a.b(1)", 0, "expected a function name before '('"),
            ("a # b", 2, "unexpected character '#'"),
            ("'ж' == ж", 7, "unexpected character 'ж'"),
            ("x in [1, 2", 10, "expected ']' to close the list"),
        ]
        for (source, offset, message) in cases {
            XCTAssertThrowsError(try ExpressionParser.parse(source), source) { error in
                guard let error = error as? ExpressionSyntaxError else { return XCTFail("\(source): \(error)") }
                XCTAssertEqual(error.offset, offset, "\(source): \(error)")
                XCTAssertTrue(error.message.contains(message), "\(source): \(error.message)")
            }
        }
    }

    func testCaretRendering() {
        let cases: [(String, String)] = [
            ("payment.type in [1, 2", """
            payment.type in [1, 2
                                 ^ expected ']' to close the list
            """),
            ("vehicle.year >= 1950 &&", """
            vehicle.year >= 1950 &&
                                   ^ expected a value (a number, string, date, duration, field, function call, '(' or '['), found end of expression
            """),
            ("x == 'Ёлка' # 1", """
            x == 'Ёлка' # 1
                        ^ unexpected character '#'; expected a value, a field name or an operator
            """),
            // A multi-line source is shown on one line, its line break written visibly (a rule
            // file's text never becomes a line of its own in output): "a &&" + "\\u{A}" + "b "
            // is 11 characters before the caret.
            ("a &&\nb c", """
            a &&\\u{A}b c
                       ^ expected an operator or the end of the expression, found 'c'
            """),
        ]
        for (source, expected) in cases {
            XCTAssertThrowsError(try ExpressionParser.parse(source)) { error in
                XCTAssertEqual((error as? ExpressionSyntaxError)?.rendered(source: source), expected)
            }
        }
    }

    func testNestingLimit() {
        let deep = String(repeating: "(", count: 100) + "1" + String(repeating: ")", count: 100)
        let deepUnary = String(repeating: "!", count: 10_000) + "a"
        let deepLists = String(repeating: "[", count: 10_000)
        let longChain = (0..<200).map { "a\($0)" }.joined(separator: " || ")
        for source in [deep, deepUnary, deepLists, longChain] {
            XCTAssertThrowsError(try ExpressionParser.parse(source)) { error in
                XCTAssertTrue("\(error)".contains("nested too deeply"), "\(error)")
            }
        }
        let acceptable = String(repeating: "(", count: 60) + "1" + String(repeating: ")", count: 60)
        XCTAssertNoThrow(try ExpressionParser.parse(acceptable))
        XCTAssertNoThrow(try ExpressionParser.parse((0..<30).map { "a\($0)" }.joined(separator: " || ")))
    }
}
