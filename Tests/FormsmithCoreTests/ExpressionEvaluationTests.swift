import XCTest
@testable import FormsmithCore

/// A record for tests: field values by id, ids assigned by `compile`.
struct TestRecord: ExpressionEnvironment {
    let today: CivilDate
    let values: [FieldLookup]

    func lookup(_ field: Int) -> FieldLookup { values[field] }
}

/// Compiles `source` (ids in order of first reference) and builds the matching record;
/// fields missing from `fields` are absent.
func compile(_ source: String, _ fields: [String: FieldLookup], today: String = "2026-11-22") throws -> (CompiledExpression, TestRecord) {
    var ids: [String: Int] = [:]
    var order: [String] = []
    let expression = CompiledExpression(try ExpressionParser.parse(source)) { reference in
        if let id = ids[reference.path] { return id }
        ids[reference.path] = order.count
        order.append(reference.path)
        return order.count - 1
    }
    let date = try XCTUnwrap(DatePattern.iso.parse(today))
    return (expression, TestRecord(today: date, values: order.map { fields[$0] ?? .absent }))
}

private func date(_ text: String) -> ExpressionValue {
    DatePattern.iso.parse(text).map { .date($0) } ?? .null
}

private func value(_ value: ExpressionValue) -> FieldLookup { .value(value) }

final class ExpressionEvaluationTests: XCTestCase {
    /// (source, fields, expected result; nil = unknown)
    private let table: [(String, [String: FieldLookup], ExpressionValue?)] = [
        // arithmetic
        ("1 + 2", [:], .integer(3)),
        ("1 + 2.5", [:], .decimal(ExactDecimal("3.5")!)),
        ("0.1 + 0.2", [:], .decimal(ExactDecimal("0.3")!)),
        ("9223372036854775807 + 1", [:], .decimal(ExactDecimal("9223372036854775808")!)),
        ("99999999999999999999 - 1", [:], .decimal(ExactDecimal("99999999999999999998")!)),
        ("7 - 10", [:], .integer(-3)),
        ("-x", ["x": value(.integer(4))], .integer(-4)),
        ("x + 1", [:], .null),
        // Integer arithmetic past 64 bits goes on exactly.
        ("-9223372036854775807 - 2", [:], .decimal(ExactDecimal("-9223372036854775809")!)),
        ("-x", ["x": value(.integer(.min))], .decimal(ExactDecimal("9223372036854775808")!)),
        ("x + 1 > 9223372036854775807", ["x": value(.integer(.max))], .boolean(true)),
        ("x == 9223372036854775808", ["x": value(.decimal(ExactDecimal("9223372036854775808")!))], .boolean(true)),
        ("x < 1000.0000000000000001", ["x": value(.integer(1000))], .boolean(true)),
        // A sum that would need more digits than the limit is unknown.
        ("x + 100", ["x": value(.decimal(ExactDecimal("1e-999999999")!))], nil),
        ("18y + 6m", [:], .duration(CalendarDuration(years: 18, months: 6))),
        ("-18y", [:], .duration(CalendarDuration(years: -18))),
        // dates
        ("today", [:], date("2026-11-22")),
        ("today - 18y", [:], date("2008-11-22")),
        ("today-100y", [:], date("1926-11-22")),
        ("today + 60d", [:], date("2027-01-21")),
        ("2000-02-29 + 18y", [:], date("2018-02-28")),
        ("2000-02-29 + 16y", [:], date("2016-02-29")),
        ("2024-01-31 + 1m", [:], date("2024-02-29")),
        ("2023-01-31 + 1m", [:], date("2023-02-28")),
        ("2024-03-01 - 2024-02-01", [:], .integer(29)),
        ("2023-03-01 - 2023-02-01", [:], .integer(28)),
        ("2000-01-01 - 2w", [:], date("1999-12-18")),
        // Dates go on past 9999-12-31 (the calendar is proleptic), so bounds compare exactly.
        ("9999-12-31 + 1d", [:], .date(CivilDate(dayNumber: CivilDate.latest.dayNumber + 1))),
        ("9999-06-01 + 1y > 9999-12-31", [:], .boolean(true)),
        ("0001-03-01 - 1y < 0001-01-01", [:], .boolean(true)),
        ("2000-01-01 + 9999999y", [:], nil),
        ("d + 18y", ["d": .absent], .null),
        ("drivers[].birthDate + 18y", ["drivers[].birthDate": value(date("2000-02-29"))], date("2018-02-28")),
        ("drivers[].licenseIssued >= drivers[].birthDate + 18y",
         ["drivers[].birthDate": value(date("2000-02-29")), "drivers[].licenseIssued": value(date("2018-02-28"))], .boolean(true)),
        ("drivers[].licenseIssued >= drivers[].birthDate + 18y",
         ["drivers[].birthDate": value(date("2000-02-29")), "drivers[].licenseIssued": value(date("2018-02-27"))], .boolean(false)),
        ("year(d)", ["d": value(date("2024-02-29"))], .integer(2024)),
        ("month(d)", ["d": value(date("2024-02-29"))], .integer(2)),
        ("day(d)", ["d": value(date("2024-02-29"))], .integer(29)),
        ("year(d)", [:], .null),
        ("date('2000-01-01')", [:], date("2000-01-01")),
        ("date(s)", ["s": value(.string("31.12.2000"))], .null),
        ("date(s) <= today", ["s": value(.string("2026-11-22"))], .boolean(true)),
        // comparisons and null
        ("x == null", [:], .boolean(true)),
        ("null == null", [:], .boolean(true)),
        ("x == null", ["x": value(.integer(1))], .boolean(false)),
        ("x != null", [:], .boolean(false)),
        ("x == 1", [:], .boolean(false)),
        ("x < 5", [:], .boolean(false)),
        ("x >= 5", [:], .boolean(false)),
        ("1 == 1.0", [:], .boolean(true)),
        ("2 > 1.5", [:], .boolean(true)),
        ("'a' < 'b'", [:], .boolean(true)),
        ("'Б' > 'А'", [:], .boolean(true)),
        ("s == 'Римская-Корсакова'", ["s": value(.string("Римская-Корсакова"))], .boolean(true)),
        ("1 < 2 == true", [:], .boolean(true)),
        ("[1, 2] == [1, 2.0]", [:], .boolean(true)),
        ("answers.recommend <= 6", ["answers.recommend": value(.integer(6))], .boolean(true)),
        ("answers.recommend <= 6", ["answers.recommend": value(.integer(7))], .boolean(false)),
        ("answers.recommend <= 6", [:], .boolean(false)),
        // membership
        ("payment.type in [1, 2]", ["payment.type": value(.integer(1))], .boolean(true)),
        ("payment.type in [1, 2]", ["payment.type": value(.integer(0))], .boolean(false)),
        ("payment.type in [1, 2]", [:], .boolean(false)),
        ("payment.type in [1, 2]", ["payment.type": .invalid], nil),
        ("payment.type not in [1, 2]", ["payment.type": value(.integer(0))], .boolean(true)),
        ("payment.type not in [1, 2]", [:], .boolean(true)),
        ("'other' in answers.channels", ["answers.channels": value(.list([.string("web"), .string("other")]))], .boolean(true)),
        ("'other' in answers.channels", ["answers.channels": value(.list([.string("web")]))], .boolean(false)),
        ("'other' in answers.channels", [:], .boolean(false)),
        ("'a' in null", [:], .boolean(false)),
        ("null in [null]", [:], .boolean(false)),
        ("x in [1, y]", ["x": value(.integer(1)), "y": .invalid], .boolean(true)),
        ("x in [1, y]", ["x": value(.integer(2)), "y": .invalid], nil),
        ("x in [1, y]", ["x": value(.integer(2)), "y": value(.integer(2))], .boolean(true)),
        ("[1, x]", ["x": value(.integer(2))], .list([.integer(1), .integer(2)])),
        // logic, unknown propagation, short-circuit
        ("false && bad", ["bad": .invalid], .boolean(false)),
        ("bad && false", ["bad": .invalid], .boolean(false)),
        ("true && bad", ["bad": .invalid], nil),
        ("true || bad", ["bad": .invalid], .boolean(true)),
        ("bad || true", ["bad": .invalid], .boolean(true)),
        ("false || bad", ["bad": .invalid], nil),
        ("!bad", ["bad": .invalid], nil),
        ("bad == 1", ["bad": .invalid], nil),
        ("bad + 1 > 2 || x", ["bad": .invalid, "x": value(.boolean(true))], .boolean(true)),
        ("!x", [:], .boolean(true)),
        ("x && true", [:], .boolean(false)),
        ("!vehicle.hasPlate || present(vehicle.plate)", ["vehicle.hasPlate": value(.boolean(true))], .boolean(false)),
        ("!vehicle.hasPlate || present(vehicle.plate)",
         ["vehicle.hasPlate": value(.boolean(true)), "vehicle.plate": value(.string("А123ВС77"))], .boolean(true)),
        // functions
        ("empty(x)", [:], .boolean(true)),
        ("empty(x)", ["x": value(.string(""))], .boolean(true)),
        ("empty(x)", ["x": value(.list([]))], .boolean(true)),
        ("empty(x)", ["x": value(.string("a"))], .boolean(false)),
        ("empty(x)", ["x": value(.integer(0))], .boolean(false)),
        ("empty(x)", ["x": .invalid], nil),
        ("present(x)", ["x": value(.string("a"))], .boolean(true)),
        ("count(x)", ["x": value(.string("Ёлка"))], .integer(4)),
        ("count(x)", ["x": value(.string("e\u{301}"))], .integer(2)),
        ("count(x)", ["x": value(.list([.integer(1), .integer(2), .integer(3)]))], .integer(3)),
        ("count(x)", [:], .integer(0)),
        ("frobnicate(1)", [:], nil),
    ]

    func testEvaluationTable() throws {
        for (source, fields, expected) in table {
            let (expression, record) = try compile(source, fields)
            XCTAssertEqual(expression.evaluate(record), expected, source)
        }
    }

    func testFoldedExpressionsAgree() throws {
        for (source, fields, expected) in table {
            let (expression, record) = try compile(source, fields)
            XCTAssertEqual(expression.folded(today: record.today).evaluate(record), expected, source)
        }
    }

    func testEvaluateCondition() throws {
        let cases: [(String, [String: FieldLookup], Bool?)] = [
            ("x == 1", ["x": value(.integer(1))], true),
            ("x == 1", ["x": value(.integer(2))], false),
            ("x", [:], false),
            ("x + 1", ["x": value(.integer(1))], false),
            ("x", ["x": .invalid], nil),
            ("x || y", ["x": .invalid, "y": value(.boolean(true))], true),
        ]
        for (source, fields, expected) in cases {
            let (expression, record) = try compile(source, fields)
            XCTAssertEqual(expression.evaluateCondition(record), expected, source)
        }
    }

    func testConstantsAndFolding() throws {
        let (ageLimit, record) = try compile("today - 18y", [:])
        XCTAssertTrue(ageLimit.isConstant)
        XCTAssertNil(ageLimit.constantValue)
        XCTAssertEqual(ageLimit.folded(today: record.today).constantValue, date("2008-11-22"))

        let (list, _) = try compile("[1, 2 + 3]", [:])
        XCTAssertEqual(list.constantValue, .list([.integer(1), .integer(5)]))

        let (shortCircuit, _) = try compile("false && a == 1", [:])
        XCTAssertEqual(shortCircuit.referencedFields, [])
        XCTAssertEqual(shortCircuit.constantValue, .boolean(false))

        let (overflow, _) = try compile("9223372036854775807 + 1", [:])
        XCTAssertEqual(overflow.constantValue, .decimal(ExactDecimal("9223372036854775808")!))
    }

    func testReferencedFields() throws {
        let (expression, _) = try compile("a == b || a == c || drivers[].birthDate > today", [:])
        XCTAssertEqual(expression.referencedFields, [0, 1, 2, 3])
        XCTAssertFalse(expression.isConstant)
    }

    func testResolverErrorsPropagate() throws {
        struct UnknownField: Error, Equatable { let path: String }
        let parsed = try ExpressionParser.parse("known && unknown.field")
        XCTAssertThrowsError(try CompiledExpression(parsed) { reference throws -> Int in
            guard reference.path == "known" else { throw UnknownField(path: reference.path) }
            return 0
        }) { error in
            XCTAssertEqual(error as? UnknownField, UnknownField(path: "unknown.field"))
        }
    }
}
