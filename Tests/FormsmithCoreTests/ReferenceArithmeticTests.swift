import XCTest
import FormsmithCore
import FormsmithReference

/// The reference validator's own `*`, `/` and `mod` (written apart from the engine), against
/// verdicts worked out by hand from docs/rules.md, so the differential test's truth for them is
/// itself checked.
final class ReferenceArithmeticTests: XCTestCase {
    private let rules = """
        id: arith
        fields:
          a: {type: decimal}
          b: {type: decimal}
          c: {type: decimal}
        assert:
          - that: a * b == c
            rule: product
          - that: b == 0 || a / b == c || a mod b == c
            rule: quotient-or-remainder
        """

    private func verdict(_ a: String, _ b: String, _ c: String) throws -> String {
        let compiled = try RulesLoader.load(text: rules, file: "rules.yaml", today: CivilDate(year: 2026, month: 11, day: 22)!)
        return ReferenceValidator(rules: compiled).verdict(json: "{\"a\": \(a), \"b\": \(b), \"c\": \(c)}").description
    }

    func testProductsQuotientsAndRemaindersWorkedByHand() throws {
        let thirds = String(repeating: "3", count: 34), sixes = String(repeating: "6", count: 33)
        // 0.1 × 3 = 0.3, and 0.1 mod 3 is 0.1, not 0.3: only the product holds... and 0.3 is
        // not 0.1 / 3 either.
        XCTAssertEqual(try verdict("0.1", "3", "0.3"), "(questionnaire) quotient-or-remainder")
        // 1e-400 × 1e-400 = 1e-800 exactly.
        XCTAssertEqual(try verdict("1e-400", "1e-400", "1e-800"), "(questionnaire) quotient-or-remainder")
        // 1 / 3 to 34 digits; 2 / 3 rounded up in the 34th; truncated is wrong.
        XCTAssertEqual(try verdict("1", "3", "0.\(thirds)"), "(questionnaire) product")
        XCTAssertEqual(try verdict("2", "3", "0.\(sixes)7"), "(questionnaire) product")
        XCTAssertTrue(try verdict("2", "3", "0.\(sixes)6").contains("quotient-or-remainder"))
        // A quotient that ends is exact: 1 / 8 = 0.125; -7 / 2 = -3.5.
        XCTAssertEqual(try verdict("1", "8", "0.125"), "(questionnaire) product")
        XCTAssertEqual(try verdict("-7", "2", "-3.5"), "(questionnaire) product")
        // A 40-digit quotient that ends is rounded to 34: 1234567890123456789012345678901234567891 / 1
        // keeps 1234567890123456789012345678901234 and rounds on 5 followed by 67891: up.
        XCTAssertEqual(try verdict("1234567890123456789012345678901234567891", "1", "1234567890123456789012345678901235e6"),
                       "(questionnaire) product")
        // A tie rounds to even: 0.5 with 34 digits before it... 20000000000000000000000000000000005 / 10
        // is 2000000000000000000000000000000000.5, 34 digits kept: the last 0 is even, so down.
        XCTAssertEqual(try verdict("20000000000000000000000000000000005", "10", "2000000000000000000000000000000000"),
                       "(questionnaire) product")
        // mod has the dividend's sign: -7 mod 2 = -1 (and -7 / 2 = -3.5, not -1); 7 mod -2 = 1;
        // 7.5 mod 2 = 1.5; 1e400 mod 3 = 1 (10 ≡ 1 mod 3).
        XCTAssertEqual(try verdict("-7", "2", "-1"), "(questionnaire) product")
        XCTAssertEqual(try verdict("7", "-2", "1"), "(questionnaire) product")
        XCTAssertEqual(try verdict("7.5", "2", "1.5"), "(questionnaire) product")
        XCTAssertEqual(try verdict("1e400", "3", "1"), "(questionnaire) product")
        // Dividing by zero is null: with b = 0 only `b == 0` holds the second assertion; 5 × 0 = 0.
        XCTAssertEqual(try verdict("5", "0", "0"), "valid")
    }
}
