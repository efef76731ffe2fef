import FormsmithCore
import XCTest

/// Whole multiples of a step, against quotients worked out by hand (and, for small numbers,
/// against plain integer division of the values scaled to whole numbers).
final class ExactDecimalMultiplesTests: XCTestCase {
    private func number(_ text: String) -> ExactDecimal {
        guard let value = ExactDecimal(text) else { preconditionFailure("'\(text)' did not read") }
        return value
    }

    func testMultiplesWorkedOutByHand() {
        // (value, step, whether value / step is a whole number)
        let cases: [(String, String, Bool)] = [
            ("0.15", "0.05", true),  // 3 (2.9999999999999996 in binary floating point)
            ("0.151", "0.05", false),
            ("0.1", "0.05", true), ("1", "0.05", true), ("-0.35", "0.05", true), ("0.07", "0.05", false),
            ("3000", "1000", true), ("-3000", "1000", true), ("3001", "1000", false), ("2500", "1000", false),
            ("1e6", "1000", true), ("1e3", "1e3", true), ("100", "1000", false),
            ("0", "7", true), ("0", "0.05", true), ("-0", "1000", true),
            ("1", "0.3", false), ("0.9", "0.3", true), ("0.6", "0.3", true), ("3", "0.3", true),
            ("7.5", "2.5", true), ("5", "2.5", true), ("6", "2.5", false),
            ("1", "0.125", true), ("0.375", "0.125", true), ("0.3750", "0.125", true), ("0.25", "0.375", false),
            ("10", "4", false), ("12", "4", true), ("1e2", "8", false), ("1e3", "8", true),
            ("9007199254740993", "3", true),  // 3 × 3002399751580331
            ("9007199254740993", "2", false),
            ("18446744073709551615", "5", true), ("18446744073709551615", "7", false),
            ("123456789012345678901234567890", "10", true),
            ("123456789012345678901234567891", "3", false),  // digit sum 136
            ("123456789012345678901234567890", "3", true),  // digit sum 135
            ("1e-400", "1e-400", true), ("2e-400", "1e-400", true), ("1e-400", "2e-400", false),
            ("1e-400", "0.05", false), ("1e400", "0.05", true), ("1e400", "3", false),
            ("1e400", "1024", true),  // 2^10 divides 10^400
            // steps past 64 bits
            ("246913578024691357802469135780", "123456789012345678901234567890", true),
            ("246913578024691357802469135781", "123456789012345678901234567890", false),
            ("1e30", "100000000000000000000000000001", false),
            ("2.5e-19", "0.0000000000000000000000000000005", true),  // 5e-31 × 5e11
        ]
        for (value, step, expected) in cases {
            XCTAssertEqual(number(value).isMultiple(of: number(step)), expected, "\(value) multiple of \(step)")
        }
    }

    func testSmallValuesAgreeWithIntegerDivision() {
        // Every value n/100 and step m/100 with 0 < m: a multiple exactly when m divides n.
        for n in -300...300 {
            for m in 1...60 {
                let value = ExactDecimal(mantissa: Int64(n), scale: 2)
                let step = ExactDecimal(mantissa: Int64(m), scale: 2)
                XCTAssertEqual(value.isMultiple(of: step), n % m == 0, "\(value) multiple of \(step)")
            }
        }
    }

    func testUnitBetweenNeighbouringMultiplesAtAScale() {
        // (step, scale, mantissa step): worked out as the smallest k > 0 with k / 10^scale a multiple.
        let cases: [(String, Int, Int64?)] = [
            ("0.05", 2, 5), ("0.05", 1, 1), ("0.05", 0, 1), ("0.05", 3, 50),
            ("1000", 0, 1000), ("1000", 2, 100_000), ("1e3", 1, 10_000),
            ("0.25", 1, 5), ("0.25", 0, 1), ("2.5", 0, 5), ("2.5", 1, 25), ("0.3", 0, 3), ("0.125", 0, 1),
            ("0.125", 2, 25), ("7", 0, 7), ("7", 3, 7000),
            ("1e18", 0, 1_000_000_000_000_000_000), ("1e18", 1, nil), ("123456789012345678901", 0, nil),
        ]
        for (step, scale, expected) in cases {
            XCTAssertEqual(number(step).multipleUnit(atScale: scale), expected, "\(step) at scale \(scale)")
        }
        XCTAssertNil(number("1000").multipleUnit(atScale: 0, limit: 999))
        XCTAssertEqual(number("1000").multipleUnit(atScale: 0, limit: 1000), 1000)
    }
}
