import FormsmithCore
import XCTest

/// Numbers written as text (CSV cells) follow the notation people type into a form; JSON
/// numbers are numbers in any JSON notation.
final class NumberNotationTests: XCTestCase {
    private static let rules = """
        id: notation
        fields:
          power: {type: decimal, min: 1, max: 1500, optional: true}
          seats: {type: integer, min: 1, max: 100, optional: true}
          kind: {type: enum, values: [1, 2, 3], optional: true}
          code: {type: string, optional: true}
        """

    func testCSVCellsWithAnExponentAreNotNumbers() throws {
        let folder = try ScratchFolder()
        let rules = try compileRules(Self.rules)
        let csv = try folder.write("data.csv", """
            power,seats,kind,code
            1e3,,,
            2.5E2,,,
            150.5,10,2,1e3
            -0.5,,,
            1000,,,
            ,1e1,,
            ,1E1,,
            ,,1e0,
            ,12.0,,
            ,,,

            """)
        let run = try runBatch([csv], rules: rules)
        XCTAssertEqual(outline(run.results), [
            "2: power type", "3: power type", "5: power min", "7: seats type", "8: seats type", "9: kind type",
            "10: seats type",
        ])
        let messages = run.results.flatMap(\.violations).map(\.message)
        XCTAssertEqual(messages[0], "must be a number written in plain decimal notation (such as 1500 or 0.25), not with an exponent")
        XCTAssertEqual(messages[3], "must be a whole number written in digits (such as 1500), not with an exponent")
        XCTAssertEqual(messages[6], "must be a whole number, written without a fraction or an exponent")
        // A string field keeps the text as it is.
        XCTAssertFalse(outline(run.results).contains { $0.hasPrefix("4:") })
    }

    func testJSONNumbersStayNumbersInAnyJSONNotation() throws {
        let rules = try compileRules(Self.rules)
        XCTAssertEqual(pairs(validate(#"{"power": 1e3}"#, against: rules)), [])
        XCTAssertEqual(pairs(validate(#"{"power": 2.5E2}"#, against: rules)), [])
        XCTAssertEqual(pairs(validate(#"{"power": 1e4}"#, against: rules)), ["power max"])
        XCTAssertEqual(pairs(validate(#"{"seats": 10}"#, against: rules)), [])
        // A JSON integer field wants an integer literal, as before.
        XCTAssertEqual(pairs(validate(#"{"seats": 1e1}"#, against: rules)), ["seats type"])
        // A number written as a JSON string is text, not a number.
        XCTAssertEqual(pairs(validate(#"{"power": "1000"}"#, against: rules)), ["power type"])
    }

    /// An integer choice is read by its whole value: the validator's fast step reads `10` as a
    /// coefficient 1 and one trailing zero, which must not pass as the allowed 1.
    func testIntegerChoicesAreReadByTheirWholeValue() throws {
        let rules = try compileRules(Self.rules)
        for allowed in ["1", "2", "3"] {
            XCTAssertEqual(pairs(validate(#"{"kind": \#(allowed)}"#, against: rules)), [], allowed)
        }
        for other in ["10", "20", "300", "-1", "-0", "0", "4", "1000000000000000000", "-9223372036854775808"] {
            XCTAssertEqual(pairs(validate(#"{"kind": \#(other)}"#, against: rules)), ["kind enum"], other)
        }
        let folder = try ScratchFolder()
        let csv = try folder.write("data.csv", "kind\n2\n10\n30\n3\n")
        XCTAssertEqual(outline(try runBatch([csv], rules: rules).results), ["3: kind enum", "4: kind enum"])
    }
}
