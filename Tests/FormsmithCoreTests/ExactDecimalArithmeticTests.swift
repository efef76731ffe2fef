import FormsmithCore
import XCTest

/// Products, whole quotients with remainders, rounding and 64-bit conversions of ExactDecimal,
/// against values worked out by hand (long multiplication and division on paper; the largest
/// ones are powers of two and repeating fractions whose digits are known).
final class ExactDecimalArithmeticTests: XCTestCase {
    private func n(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> ExactDecimal {
        guard let value = ExactDecimal(text) else {
            XCTFail("'\(text)' did not read", file: file, line: line)
            return .zero
        }
        return value
    }

    /// 2^64 and 2^128, for numbers past 64 bits.
    private let two64 = "18446744073709551616"
    private let two128 = "340282366920938463463374607431768211456"

    func testProducts() {
        let cases: [(String, String, String)] = [
            ("0.1", "0.2", "0.02"), ("-1.5", "4", "-6"), ("-0.5", "-0.5", "0.25"), ("0", "-12.5", "0"),
            ("99999999999", "99999999999", "9999999999800000000001"),
            (two64, two64, two128),
            ("123456789012345678901234567890", "1e-30", "0.12345678901234567890123456789"),
            ("1.00000000000000000001", "1.00000000000000000001", "1.0000000000000000000200000000000000000001"),
            ("4294967296", "4294967296", two64),  // 2^32 × 2^32: the 64-bit product overflows
            ("1e-400", "3e-401", "3e-801"),
        ]
        for (a, b, expected) in cases {
            XCTAssertEqual(n(a).multiplied(by: n(b)), n(expected), "\(a) × \(b)")
            XCTAssertEqual(n(b).multiplied(by: n(a)), n(expected), "\(b) × \(a)")
        }
    }

    func testWholeQuotientsAndRemainders() {
        // (dividend, divisor, quotient, remainder): dividend = quotient × divisor + remainder.
        let cases: [(String, String, String, String)] = [
            ("7.5", "2", "3", "1.5"), ("-7", "2", "-3", "-1"), ("7", "-2", "-3", "1"), ("-7", "-2", "3", "-1"),
            ("1", "0.3", "3", "0.1"), ("0.3", "1", "0", "0.3"), ("6", "2", "3", "0"), ("0", "5", "0", "0"),
            (two128, two64, two64, "0"),
            ("340282366920938463463374607431768211461", two64, two64, "5"),
            ("1000.0000000000000001", "0.05", "20000", "0.0000000000000001"),
            ("1e-400", "3e-401", "3", "1e-401"),
            // 142857 × 7 = 999999, so 10^30 = 7 × (142857 five times) + 1.
            ("1e30", "7", "142857142857142857142857142857", "1"),
            ("1e30", "0.07", "14285714285714285714285714285714", "0.02"),
            ("9223372036854775808", "3", "3074457345618258602", "2"),
        ]
        for (a, b, q, r) in cases {
            guard let (quotient, remainder) = n(a).quotientAndRemainder(dividingBy: n(b)) else {
                XCTFail("\(a) ÷ \(b) gave nothing")
                continue
            }
            XCTAssertEqual(quotient, n(q), "\(a) ÷ \(b)")
            XCTAssertEqual(remainder, n(r), "\(a) mod \(b)")
        }
        XCTAssertNil(n("1").quotientAndRemainder(dividingBy: .zero), "division by zero has no quotient")
        XCTAssertNil(n("1e200000").quotientAndRemainder(dividingBy: n("3")), "a quotient of 200,001 digits is refused")
    }

    func testFlooredAndCeilingQuotients() {
        // (dividend, divisor, floor, ceiling)
        let cases: [(String, String, String, String)] = [
            ("7", "2", "3", "4"), ("-7", "2", "-4", "-3"), ("7", "-2", "-4", "-3"), ("-7", "-2", "3", "4"),
            ("6", "2", "3", "3"), ("-6", "2", "-3", "-3"), ("0.5", "1", "0", "1"), ("-0.5", "1", "-1", "0"),
            ("1e-400", "0.05", "0", "1"), ("-1e-400", "0.05", "-1", "0"),
            ("18446744073709551617", "2", "9223372036854775808", "9223372036854775809"),
        ]
        for (a, b, floor, ceiling) in cases {
            XCTAssertEqual(n(a).flooredQuotient(dividingBy: n(b)), n(floor), "⌊\(a) ÷ \(b)⌋")
            XCTAssertEqual(n(a).ceilingQuotient(dividingBy: n(b)), n(ceiling), "⌈\(a) ÷ \(b)⌉")
        }
    }

    func testRoundingToAScale() {
        // (value, scale, rule, result)
        let cases: [(String, Int, FloatingPointRoundingRule, String)] = [
            ("2.345", 2, .toNearestOrAwayFromZero, "2.35"), ("2.345", 2, .down, "2.34"), ("2.345", 2, .up, "2.35"),
            ("2.345", 2, .towardZero, "2.34"), ("2.345", 2, .awayFromZero, "2.35"), ("2.345", 2, .toNearestOrEven, "2.34"),
            ("2.355", 2, .toNearestOrEven, "2.36"), ("2.3451", 2, .toNearestOrEven, "2.35"),
            ("-2.345", 2, .down, "-2.35"), ("-2.345", 2, .up, "-2.34"), ("-2.345", 2, .toNearestOrAwayFromZero, "-2.35"),
            ("2.3", 2, .up, "2.3"), ("0", 0, .up, "0"),
            ("1e-400", 2, .up, "0.01"), ("1e-400", 2, .down, "0"), ("-1e-400", 2, .down, "-0.01"),
            ("-1e-400", 2, .up, "0"), ("1e-400", 2, .toNearestOrAwayFromZero, "0"),
            ("999.99999999999999999", 0, .up, "1000"), ("999.99999999999999999", 0, .down, "999"),
            ("999.99999999999999999", 16, .toNearestOrAwayFromZero, "1000"),
            ("1234", -2, .toNearestOrAwayFromZero, "1200"), ("1250", -2, .toNearestOrEven, "1200"),
            ("1350", -2, .toNearestOrEven, "1400"), ("0.5", 0, .toNearestOrEven, "0"), ("1.5", 0, .toNearestOrEven, "2"),
            ("1.23456789012345678901234567", 20, .down, "1.23456789012345678901"),
            ("1.23456789012345678901234567", 20, .up, "1.23456789012345678902"),
            ("18446744073709551615.5", 0, .up, two64),
        ]
        for (value, scale, rule, expected) in cases {
            XCTAssertEqual(n(value).rounded(scale: scale, rule), n(expected), "\(value) to scale \(scale), \(rule)")
        }
    }

    func testSixtyFourBitConversions() {
        XCTAssertEqual(n("12.5").mantissa(atScale: 2), 1250)
        XCTAssertEqual(n("-0.05").mantissa(atScale: 2), -5)
        XCTAssertNil(n("12.345").mantissa(atScale: 2), "a third fraction digit does not fit scale 2")
        XCTAssertEqual(n("9223372036854775807").mantissa(atScale: 0), Int64.max)
        XCTAssertNil(n("9223372036854775808").mantissa(atScale: 0), "2^63 does not fit")
        XCTAssertEqual(n("-922337203685477580.8").mantissa(atScale: 1), Int64.min)
        XCTAssertNil(n("1e19").int64)
        XCTAssertEqual(n("1e18").int64, 1_000_000_000_000_000_000)
        XCTAssertEqual(ExactDecimal(unsigned: UInt64.max).description, "18446744073709551615")
        XCTAssertEqual(ExactDecimal(Int64.min).description, "-9223372036854775808")
        XCTAssertEqual(n("1.25").scaled(byPowerOfTen: 2), n("125"))
        XCTAssertEqual(n("125").scaled(byPowerOfTen: -30), n("1.25e-28"))
    }
}
