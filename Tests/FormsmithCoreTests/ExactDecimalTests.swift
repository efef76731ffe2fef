import FormsmithCore
import XCTest

/// The exact number type: reading, order, text and arithmetic against values worked out by hand,
/// and against plain 64-bit integer arithmetic on random numbers small enough for it.
final class ExactDecimalTests: XCTestCase {
    private func number(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> ExactDecimal {
        guard let value = ExactDecimal(text) else {
            XCTFail("'\(text)' did not read", file: file, line: line)
            return .zero
        }
        return value
    }

    func testReadingKeepsEveryDigitAndNormalises() {
        // (text, plain text of the value, fraction digits)
        let cases: [(String, String, Int)] = [
            ("0", "0", 0), ("-0", "0", 0), ("0.000", "0", 0), ("0e-999999999", "0", 0),
            ("1000", "1000", 0), ("1000.0", "1000", 0), ("1e3", "1000", 0), ("1.5e3", "1500", 0),
            ("10.50", "10.5", 1), ("15e-1", "1.5", 1), ("1.25e1", "12.5", 1),
            ("9007199254740993", "9007199254740993", 0),
            ("9223372036854775807", "9223372036854775807", 0),
            ("-9223372036854775808", "-9223372036854775808", 0),
            ("18446744073709551616", "18446744073709551616", 0),
            ("123456789012345678901234567890", "123456789012345678901234567890", 0),
            ("1000.0000000000000001", "1000.0000000000000001", 16),
            ("999.99999999999999999", "999.99999999999999999", 17),
            ("0.05", "0.05", 2), ("-0.000001", "-0.000001", 6), ("0.0000001", "0.0000001", 7), ("0.00000001", "1e-8", 8),
            ("1e-400", "1e-400", 400), ("1e400", "1e400", 0), ("1.5e-10", "1.5e-10", 11),
            ("100000000000000000000", "100000000000000000000", 0), ("1e21", "1e21", 0),
            ("00012.500", "12.5", 1), ("1E+2", "100", 0),
        ]
        for (text, shown, digits) in cases {
            let value = number(text)
            XCTAssertEqual(value.description, shown, text)
            XCTAssertEqual(value.fractionDigits, digits, text)
        }
    }

    func testTextThatIsNotANumberIsRefused() {
        for text in ["", "-", "1.", ".5", "+1", "1e", "1e+", "0x10", "inf", "NaN", "1 ", " 1", "1,5", "1.5.2", "--1",
                     "1e9999999999999999999"] {
            XCTAssertNil(ExactDecimal(text), text)
        }
        // The largest exponent still reads; one digit more does not.
        XCTAssertEqual(ExactDecimal("1e999999999999999999")?.description, "1e999999999999999999")
        XCTAssertEqual(ExactDecimal("1e-999999999999999999")?.fractionDigits, 999_999_999_999_999_999)
    }

    func testEqualValuesAreEqualWhateverTheirNotation() {
        XCTAssertEqual(number("1.50"), number("15e-1"))
        XCTAssertEqual(number("100"), ExactDecimal(100))
        XCTAssertEqual(number("12.5"), ExactDecimal(mantissa: 1250, scale: 2))
        XCTAssertEqual(number("-0"), .zero)
        XCTAssertEqual(Set([number("1.0"), number("1"), number("10e-1")]).count, 1)
        XCTAssertNotEqual(number("9007199254740993"), number("9007199254740992"))
    }

    func testOrderIsExact() {
        // Each pair: the first is below the second.
        let pairs: [(String, String)] = [
            ("9007199254740992", "9007199254740993"),
            ("1000", "1000.0000000000000001"),
            ("999.99999999999999999", "1000"),
            ("9223372036854775806", "9223372036854775807"),
            ("9223372036854775807", "9223372036854775808"),
            ("0", "1e-400"), ("-1e-400", "0"), ("1e-400", "1e-399"), ("1e399", "1e400"),
            ("-1e400", "-1e399"), ("-2", "-1.9999999999999999999999"),
            ("18446744073709551615", "18446744073709551616"), ("18446744073709551615", "9e19"),
            ("123456789012345678901234567890", "123456789012345678901234567891"),
            ("0.1", "0.10000000000000000000001"), ("1e-999999999", "1e-999999998"),
        ]
        for (low, high) in pairs {
            let a = number(low), b = number(high)
            XCTAssertEqual(a.compare(b), -1, "\(low) < \(high)")
            XCTAssertEqual(b.compare(a), 1, "\(high) > \(low)")
            XCTAssertTrue(a < b)
            XCTAssertEqual(a.compare(a), 0)
        }
    }

    func testWholeNumbersIn64Bits() {
        XCTAssertEqual(number("9223372036854775807").int64, Int64.max)
        XCTAssertEqual(number("-9223372036854775808").int64, Int64.min)
        XCTAssertNil(number("9223372036854775808").int64)
        XCTAssertEqual(number("1.5e3").int64, 1500)
        XCTAssertNil(number("1.5").int64)
        XCTAssertNil(number("1e400").int64)
        XCTAssertTrue(number("1e400").isInteger)
        XCTAssertFalse(number("1e-400").isInteger)
    }

    func testSumsAndDifferencesByHand() {
        let cases: [(String, String, String)] = [  // a, b, a + b
            ("0.1", "0.2", "0.3"), ("1000", "0.0000000000000001", "1000.0000000000000001"),
            ("9223372036854775807", "1", "9223372036854775808"),
            ("-9223372036854775808", "-1", "-9223372036854775809"),
            ("99999999999999999999", "1", "100000000000000000000"),
            ("1.5", "-1.5", "0"), ("1", "-0.001", "0.999"), ("-1", "0.001", "-0.999"),
            ("123456789012345678901234567890", "-123456789012345678901234567889", "1"),
            ("1e400", "-1e400", "0"), ("2.5", "7.55", "10.05"),
        ]
        for (a, b, sum) in cases {
            XCTAssertEqual(number(a).adding(number(b))?.description, sum, "\(a) + \(b)")
            XCTAssertEqual(number(sum).subtracting(number(b))?.description, number(a).description, "\(sum) - \(b)")
        }
    }

    func testArithmeticRefusesResultsPastTheDigitLimitAtOnce() {
        let start = Date()
        XCTAssertNil(number("1e-999999999").adding(number("100")))
        XCTAssertNil(number("1e999999999").subtracting(number("1")))
        XCTAssertLessThan(Date().timeIntervalSince(start), 1, "the refusal should not build the digits first")
        // Right at the limit it still works.
        let wide = number("1e\(ExactDecimal.digitLimit - 2)").adding(number("1"))
        XCTAssertEqual(wide?.description.count, ExactDecimal.digitLimit - 1)
    }

    func testScaledMantissasRoundTheWayTheyAreAsked() {
        // (value, scale, up, expected mantissa, exact)
        let cases: [(String, Int, Bool, Int64, Bool)] = [
            ("1000", 0, true, 1000, true), ("0.1", 2, true, 10, true), ("0.1", 2, false, 10, true),
            ("999.99999999999999999", 0, false, 999, false), ("999.99999999999999999", 0, true, 1000, false),
            ("-2.5", 0, false, -3, false), ("-2.5", 0, true, -2, false), ("1e-400", 2, true, 1, false),
            ("1e-400", 2, false, 0, false), ("-1e-400", 2, false, -1, false), ("12.345", 2, false, 1234, false),
        ]
        for (text, scale, up, mantissa, exact) in cases {
            let result = number(text).scaledMantissa(scale: scale, roundingUp: up, limit: 900_000_000_000_000_000)
            XCTAssertEqual(result?.mantissa, mantissa, "\(text) at \(scale), up: \(up)")
            XCTAssertEqual(result?.exact, exact, "\(text) at \(scale), up: \(up)")
        }
        XCTAssertNil(number("1e30").scaledMantissa(scale: 0, roundingUp: true, limit: 900_000_000_000_000_000))
        XCTAssertNil(number("9007199254740993").scaledMantissa(scale: 2, roundingUp: true, limit: 900_000_000_000_000_000))
    }

    /// Random numbers of up to 9 digits at up to 9 places, compared and added here with plain
    /// Int64 arithmetic at a common scale (both fit: 10^9 × 10^9 < 2^63).
    func testAgreesWithIntegerArithmeticAtACommonScale() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let (am, asc) = (Int64.random(in: -999_999_999...999_999_999, using: &generator), Int.random(in: 0...9, using: &generator))
            let (bm, bsc) = (Int64.random(in: -999_999_999...999_999_999, using: &generator), Int.random(in: 0...9, using: &generator))
            func power(_ n: Int) -> Int64 { (0..<n).reduce(1) { product, _ in product * 10 } }
            let aScaled = am * power(9 - asc), bScaled = bm * power(9 - bsc)
            let a = ExactDecimal(mantissa: am, scale: asc), b = ExactDecimal(mantissa: bm, scale: bsc)
            let expected = aScaled < bScaled ? -1 : (aScaled == bScaled ? 0 : 1)
            XCTAssertEqual(a.compare(b), expected, "\(a) vs \(b)")
            XCTAssertEqual(a.adding(b), ExactDecimal(mantissa: aScaled + bScaled, scale: 9), "\(a) + \(b)")
            // Read back from its own text, and from the mantissa written with a point by hand.
            XCTAssertEqual(ExactDecimal(a.description), a)
            let digits = String(am.magnitude)
            let padded = String(repeating: "0", count: max(0, asc + 1 - digits.count)) + digits
            let handWritten = (am < 0 ? "-" : "") + (asc == 0 ? padded
                : padded.dropLast(asc) + "." + padded.suffix(asc))
            XCTAssertEqual(ExactDecimal(handWritten), a, handWritten)
        }
    }

    /// The validator's plain-value reading (``DecimalParts``) gives the same value and order as
    /// ``ExactDecimal`` wherever it reads at all, and declines only what it cannot hold.
    func testThePlainValueReadingAgreesWithTheExactOne() {
        let texts = ["0", "-0", "0.000", "1000", "1000.0", "1e3", "-1.5e3", "10.50", "15e-1", "9007199254740993",
                     "9223372036854775807", "-9223372036854775808", "9999999999999999999", "0.05", "1e-400",
                     "1e400", "0e-999999999", "00012.500", "1E+2", "999.99999999999999999", "1000.0000000000000001",
                     "18446744073709551616", "1e9999999999", "1.", ".5", "1e", "abc", "-"]
        let bounds = ["0", "1", "-1", "1000", "1500", "0.05", "9007199254740992", "9223372036854775807", "1e-400",
                      "1e400", "1000.0000000000000001", "123456789012345678901234567890", "-123456789012345678901234567890"]
        for text in texts {
            let bytes = Array(text.utf8)
            let parts = bytes.withUnsafeBufferPointer { DecimalParts.read($0) }
            let exact = bytes.withUnsafeBufferPointer { ExactDecimal.read($0) }
            guard let parts else {
                // Declined: not a number, more than 19 digits, or an exponent of more than 9 digits.
                let digits = text.filter(\.isNumber).drop { $0 == "0" }.count
                XCTAssertTrue(exact == nil || digits > 19 || text.contains("e9999999999"), text)
                continue
            }
            XCTAssertEqual(parts.exact, exact?.value, text)
            XCTAssertEqual(parts.isIntegerLiteral, exact?.isIntegerLiteral, text)
            XCTAssertEqual(parts.hasExponent, exact?.hasExponent, text)
            XCTAssertEqual(parts.fractionDigits, exact?.value?.fractionDigits, text)
            for bound in bounds {
                XCTAssertEqual(parts.compare(number(bound)), exact?.value?.compare(number(bound)), "\(text) vs \(bound)")
            }
        }
    }
}
