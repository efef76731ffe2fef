import XCTest
@testable import FormsmithCore

/// Field types modelled on the shipped rule sets (see docs/example-questionnaires.md).
let sampleFieldTypes: [String: ExpressionType] = [
    "vehicle.hasPlate": .boolean, "vehicle.year": .integer, "vehicle.enginePower": .decimal,
    "vehicle.plate": .string, "insurant.birthDate": .date, "owner.sameAsInsurant": .boolean,
    "policy.startDate": .date, "policy.periodMonths": .integer, "policy.unlimitedDrivers": .boolean,
    "drivers": .list(.any), "drivers[].birthDate": .date, "drivers[].licenseIssued": .date,
    "payment.type": .integer, "payment.amount": .decimal, "tax.docDate": .string,
    "answers.recommend": .integer, "answers.channels": .list(.string), "answers.improve": .string,
    "consent": .boolean, "extra": .any,
]

final class ExpressionTypeCheckTests: XCTestCase {
    private func typeOf(_ source: String) throws -> ExpressionType {
        try ExpressionParser.parse(source).typeCheck { sampleFieldTypes[$0.path] }
    }

    func testWellTypedExpressions() throws {
        let cases: [(String, ExpressionType)] = [
            ("payment.type in [1, 2]", .boolean),
            ("!vehicle.hasPlate || present(vehicle.plate)", .boolean),
            ("'other' in answers.channels", .boolean),
            ("answers.recommend <= 6", .boolean),
            ("today - 100y", .date),
            ("drivers[].birthDate + 18y", .date),
            ("18y + drivers[].birthDate", .date),
            ("today - insurant.birthDate", .integer),
            ("year(today) - vehicle.year", .integer),
            ("payment.amount > 0", .boolean),
            ("payment.amount + 1", .decimal),
            ("vehicle.enginePower == 150", .boolean),
            ("count(drivers)", .integer),
            ("count(vehicle.plate)", .integer),
            ("date('2000-01-01') < today", .boolean),
            ("date(tax.docDate) <= today", .boolean),
            ("[1, 2.5]", .list(.decimal)),
            ("[]", .list(nil)),
            ("[null, 'a']", .list(.string)),
            ("extra == null", .boolean),
            ("extra + 1", .any),
            ("extra", .any),
            ("year(extra) == 2000", .boolean),
            ("-18y", .duration),
            ("18y + 6m", .duration),
            ("empty(drivers) && consent", .boolean),
            ("null + 1", .integer),
            ("'a' < 'b'", .boolean),
            ("1 not in []", .boolean),
        ]
        for (source, expected) in cases {
            do {
                let type = try typeOf(source)
                XCTAssertEqual(type, expected, source)
            } catch {
                XCTFail("\(source): \(error)")
            }
        }
    }

    func testTypeErrors() {
        let cases: [(String, Int, String)] = [
            ("insurant.birthDate == 'x'", 0, "cannot compare date with string using '=='"),
            ("insurant.birthDate < 'x'", 0, "cannot order date and string"),
            ("year(vehicle.plate)", 5, "'year' expects a date, found string"),
            ("month(1)", 6, "'month' expects a date, found integer"),
            ("today + 1", 0, "cannot apply '+' to date and integer (add a duration such as 18y or 60d"),
            ("18y - today", 0, "cannot apply '-' to duration and date"),
            ("frobnicate(1)", 0, "unknown function 'frobnicate': expected one of empty, present, count, year, month, day, date, concat, sum, position"),
            ("consent || year(today, 1)", 11, "function 'year' takes 1 argument, found 2"),
            ("present()", 0, "function 'present' takes 1 argument, found 0"),
            ("vehicle.colour == 'red'", 0, "unknown field 'vehicle.colour'"),
            ("drivers[].nickname", 0, "unknown field 'drivers[].nickname'"),
            ("!vehicle.year", 0, "'!' expects a boolean, found integer"),
            ("-vehicle.plate", 0, "'-' expects a number or a duration, found string"),
            ("consent && 1", 0, "'&&' expects booleans on both sides, found integer"),
            ("payment.type in 1", 0, "'in' expects a list on its right, found integer"),
            ("'a' in [1, 2]", 0, "cannot look for string in a list of integer"),
            ("[1, 'a']", 4, "list elements must have one type: expected integer, found string"),
            ("count(1)", 6, "'count' expects a list or a string"),
            ("date(1)", 5, "'date' expects a string"),
            ("date('2023-02-29')", 5, "'2023-02-29' is not a date"),
            ("18y < 20y", 0, "cannot order duration and duration"),
            ("consent == 1", 0, "cannot compare boolean with integer"),
        ]
        for (source, offset, message) in cases {
            XCTAssertThrowsError(try typeOf(source), source) { error in
                guard let error = error as? ExpressionTypeError else { return XCTFail("\(source): \(error)") }
                XCTAssertEqual(error.offset, offset, "\(source): \(error)")
                XCTAssertTrue(error.message.contains(message), "\(source): \(error.message)")
                XCTAssertTrue(error.description.hasPrefix("offset \(offset): "), error.description)
            }
        }
    }

    func testTypeErrorRendering() throws {
        let source = "vehicle.hasPlate && year(vehicle.plate) > 2000"
        XCTAssertThrowsError(try typeOf(source)) { error in
            XCTAssertEqual((error as? ExpressionTypeError)?.rendered(source: source), """
            vehicle.hasPlate && year(vehicle.plate) > 2000
                                     ^ 'year' expects a date, found string
            """)
        }
    }
}
