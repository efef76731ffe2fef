import XCTest
@testable import FormsmithCore

/// Predicates pasted from iOS apps (NSPredicate format syntax): how they parse, type-check and
/// evaluate, and the errors for what cannot be translated.
final class NSPredicateDialectTests: XCTestCase {
    func testTranslations() throws {
        let cases: [(String, String)] = [
            ("($type == 1) || ($type == 2)", "(|| (== type 1) (== type 2))"),
            ("$type = 1 OR $type = 2", "(|| (== type 1) (== type 2))"),
            ("$a == 1 AND $b != 2", "(&& (== a 1) (!= b 2))"),
            ("$a == 1 and $b <> 2 or $c", "(|| (&& (== a 1) (!= b 2)) c)"),
            ("$payment.type IN {1, 2}", "(in payment.type [1 2])"),
            ("$payment.type in {1, 2}", "(in payment.type [1 2])"),
            ("$a NOT IN {1}", "(not in a [1])"),
            ("NOT $a == 1", "(! (== a 1))"),
            ("not a == 1 && b", "(&& (! (== a 1)) b)"),
            ("!a == true", "(== (! a) true)"),
            ("NOT ($a == 1 OR $b == 2)", "(! (|| (== a 1) (== b 2)))"),
            ("$flag == YES", "(== flag true)"),
            ("$flag == NO AND $x == NIL", "(&& (== flag false) (== x null))"),
            ("$flag = TRUE OR $flag = FALSE OR $x = NULL", "(|| (|| (== flag true) (== flag false)) (== x null))"),
            ("$NO == 1", "(== NO 1)"),
            ("$today == 1", "(== today 1)"),
            ("$drivers[].age >= 18", "(>= @drivers[].age 18)"),
            ("$a =< 1 AND $b => 2", "(&& (<= a 1) (>= b 2))"),
            ("$name BEGINSWITH 'Ив'", "(BEGINSWITH name 'Ив')"),
            ("$name endswith 'ов'", "(ENDSWITH name 'ов')"),
            ("$name CONTAINS $other", "(CONTAINS name other)"),
            ("$channels CONTAINS 'web'", "(CONTAINS channels 'web')"),
            ("$code MATCHES '[0-9]{3}'", "(MATCHES code '[0-9]{3}')"),
            ("$code MATCHES[c] 'ab'", "(MATCHES code '(?i)ab')"),
            ("$name BEGINSWITH[c] 'a.b'", "(MATCHES name '(?is)a\\\\.b.*')"),
            ("$name CONTAINS[c] 'x'", "(MATCHES name '(?is).*x.*')"),
            ("$name ENDSWITH[cd] 'x'", ""),
            ("$name LIKE 'a*b?'", "(MATCHES name '(?s)a.*b.')"),
            ("$name LIKE[c] 'a\\\\*'", "(MATCHES name '(?is)a\\\\*')"),
            ("$name ==[c] 'Abc'", "(MATCHES name '(?is)Abc')"),
            ("$name !=[c] 'Abc'", "(! (MATCHES name '(?is)Abc'))"),
            ("$age BETWEEN {18, 65}", "(&& (>= age 18) (<= age 65))"),
            // Today's syntax is untouched: a list of the field c after '==' with a space.
            ("x == [c]", "(== x [c])"),
            ("x ==['web']", "(== x ['web'])"),
            ("x !=[1, 2]", "(!= x [1 2])"),
            ("x ==[a]", "(== x [a])"),
            ("contains == 1 && and", "(&& (== contains 1) and)"),
        ]
        for (source, expected) in cases where !expected.isEmpty {
            XCTAssertEqual(prefixForm(try ExpressionParser.parse(source)), expected, source)
        }
    }

    func testUntranslatableWordsGetACaretError() {
        let cases: [(String, Int, String)] = [
            ("$type == %@", 9, "NSPredicate format argument"),
            ("$drivers.@count > 1", 9, "collection operators"),
            ("ANY $drivers.age > 18", 0, "NSPredicate's ANY"),
            ("ALL $x == 1", 0, "NSPredicate's ALL"),
            ("SUBQUERY($x, $y, $y == 1) > 0", 0, "NSPredicate's SUBQUERY"),
            ("SELF == 1", 0, "SELF"),
            ("$name BEGINSWITH[d] 'e'", 17, "[d] option"),
            ("$name ENDSWITH[cd] 'e'", 15, "[d] option"),
            ("$name CONTAINS[q] 'e'", 15, "unknown option [q]"),
            ("$name LIKE $other", 6, "LIKE needs a string literal"),
            ("$name BEGINSWITH[c] $other", 6, "BEGINSWITH[c] needs a string literal"),
            ("$code MATCHES $pattern", 6, "MATCHES needs a string literal"),
            ("$age BETWEEN {1}", 15, "BETWEEN expects two bounds"),
            ("$age BETWEEN 1", 13, "BETWEEN expects two bounds"),
            ("$", 1, "expected a field name after '$'"),
            ("$1", 1, "expected a field name after '$'"),
            ("{1, 2", 5, "expected '}' to close the list"),
        ]
        for (source, offset, message) in cases {
            XCTAssertThrowsError(try ExpressionParser.parse(source), source) { error in
                guard let error = error as? ExpressionSyntaxError else { return XCTFail("\(source): \(error)") }
                XCTAssertEqual(error.offset, offset, "\(source): \(error)")
                XCTAssertTrue(error.message.contains(message), "\(source): \(error.message)")
            }
        }
        let source = "$type == 1 AND $name BEGINSWITH[d] 'e'"
        XCTAssertThrowsError(try ExpressionParser.parse(source)) { error in
            XCTAssertEqual((error as? ExpressionSyntaxError)?.rendered(source: source), """
            $type == 1 AND $name BEGINSWITH[d] 'e'
                                            ^ the [d] option (ignore diacritics) is not supported: compare the exact text, or use MATCHES with a character class such as '[её]'
            """)
        }
    }

    func testTypeChecking() throws {
        let types: [String: ExpressionType] = ["name": .string, "age": .integer, "tags": .list(.string), "flag": .boolean]
        let typeOf = { (source: String) throws -> ExpressionType in
            try ExpressionParser.parse(source).typeCheck { types[$0.path] }
        }
        for source in ["$name BEGINSWITH 'a'", "$tags CONTAINS 'web'", "$name MATCHES '[a-z]+'", "$flag == YES",
                       "$name CONTAINS $name", "$age BETWEEN {1, 2}", "$name LIKE 'x*'"] {
            XCTAssertEqual(try typeOf(source), .boolean, source)
        }
        let errors: [(String, String)] = [
            ("$age BEGINSWITH 'a'", "'BEGINSWITH' expects strings on both sides, found integer"),
            ("$name ENDSWITH 1", "'ENDSWITH' expects strings on both sides, found integer"),
            ("$tags CONTAINS 1", "cannot look for integer in a list of string"),
            ("$age CONTAINS 1", "'CONTAINS' expects strings on both sides (or a list on its left), found integer"),
            ("$name MATCHES '[a'", "the MATCHES pattern does not compile: missing terminating ] for character class"),
            ("$flag == 'YES'", "cannot compare boolean with string"),
        ]
        for (source, message) in errors {
            XCTAssertThrowsError(try typeOf(source), source) { error in
                XCTAssertTrue("\(error)".contains(message) || ((error as? ExpressionTypeError)?.message.contains(message) ?? false),
                              "\(source): \(error)")
            }
        }
    }

    func testEvaluation() throws {
        let text = { (value: String) in FieldLookup.value(.string(value)) }
        let cases: [(String, [String: FieldLookup], Bool?)] = [
            ("$name BEGINSWITH 'Ив'", ["name": text("Иванов")], true),
            ("$name BEGINSWITH 'ив'", ["name": text("Иванов")], false),
            ("$name BEGINSWITH[c] 'ив'", ["name": text("Иванов")], true),
            ("$name ENDSWITH 'ов'", ["name": text("Иванов")], true),
            ("$name ENDSWITH 'ова'", ["name": text("Иванов")], false),
            ("$name CONTAINS 'ван'", ["name": text("Иванов")], true),
            ("$name CONTAINS ''", ["name": text("Иванов")], true),
            ("$name CONTAINS 'Иванов!'", ["name": text("Иванов")], false),
            ("$name CONTAINS[c] 'ВАН'", ["name": text("Иванов")], true),
            ("$name BEGINSWITH 'a'", [:], false),
            ("$name BEGINSWITH 'a'", ["name": .invalid], nil),
            ("$tags CONTAINS 'web'", ["tags": .value(.list([.string("app"), .string("web")]))], true),
            ("$tags CONTAINS 'sms'", ["tags": .value(.list([.string("app"), .string("web")]))], false),
            ("$code MATCHES '[0-9]{3}'", ["code": text("123")], true),
            ("$code MATCHES '[0-9]{3}'", ["code": text("1234")], false),
            ("$code MATCHES[c] 'ab'", ["code": text("AB")], true),
            ("$name LIKE 'И*в'", ["name": text("Иванов")], true),
            ("$name LIKE 'И?анов'", ["name": text("Иванов")], true),
            ("$name LIKE 'И?нов'", ["name": text("Иванов")], false),
            ("$name LIKE 'a.b'", ["name": text("axb")], false),
            ("$name ==[c] 'иванов'", ["name": text("Иванов")], true),
            ("$name !=[c] 'иванов'", ["name": text("Иванов")], false),
            ("$age BETWEEN {18, 65}", ["age": .value(.integer(65))], true),
            ("$age BETWEEN {18, 65}", ["age": .value(.integer(66))], false),
            ("($type == 1) OR ($type == 2)", ["type": .value(.integer(2))], true),
            ("$type IN {1, 2} AND NOT $flag == YES", ["type": .value(.integer(1)), "flag": .value(.boolean(true))], false),
            ("$type IN {1, 2} AND NOT $flag == YES", ["type": .value(.integer(1))], true),
        ]
        for (source, fields, expected) in cases {
            let (expression, record) = try compile(source, fields)
            XCTAssertEqual(expression.evaluateCondition(record), expected, source)
            XCTAssertEqual(expression.folded(today: record.today).evaluateCondition(record), expected, "folded: \(source)")
        }
    }
}
