@testable import FormsmithCore
import FormsmithValues
import XCTest

/// The number domain: narrowing, emptiness, sampling, boundary values and values outside it for
/// exactly one rule, against truths worked out by hand.
final class NumberDomainTests: XCTestCase {
    private func n(_ text: String) -> ExactDecimal { ExactDecimal(text)! }

    /// A domain from rule-file-like settings.
    private func domain(integer: Bool = false, min: String? = nil, exclusiveMin: String? = nil, max: String? = nil,
                        exclusiveMax: String? = nil, fractionDigits: Int? = nil, step: String? = nil) -> NumberDomain {
        var domain = integer ? NumberDomain.integers : NumberDomain()
        if let min { domain.narrow(lower: n(min), exclusive: false) }
        if let exclusiveMin { domain.narrow(lower: n(exclusiveMin), exclusive: true) }
        if let max { domain.narrow(upper: n(max), exclusive: false) }
        if let exclusiveMax { domain.narrow(upper: n(exclusiveMax), exclusive: true) }
        if let fractionDigits { domain.narrow(fractionDigits: fractionDigits) }
        if let step { domain.narrow(step: n(step)) }
        return domain
    }

    func testEmptiness() {
        XCTAssertEqual(domain(integer: true, min: "1", max: "2", step: "5").isEmpty, true, "no multiple of 5 in 1...2")
        XCTAssertEqual(domain(integer: true, min: "1", max: "5", step: "5").isEmpty, false, "5 is one")
        XCTAssertEqual(domain(integer: true, exclusiveMin: "0", exclusiveMax: "1").isEmpty, true, "no integer in (0, 1)")
        XCTAssertEqual(domain(integer: true, exclusiveMin: "0", exclusiveMax: "2").isEmpty, false, "1")
        XCTAssertEqual(domain(min: "0.5", max: "0.7", fractionDigits: 0).isEmpty, true, "no whole number in 0.5...0.7")
        XCTAssertEqual(domain(min: "0.5", max: "0.7", fractionDigits: 1).isEmpty, false, "0.5")
        XCTAssertEqual(domain(exclusiveMin: "0", exclusiveMax: "1e-400").isEmpty, false, "2e-401 say")
        XCTAssertEqual(domain(exclusiveMin: "1", max: "1").isEmpty, true)
        XCTAssertEqual(domain(min: "1", max: "1").isEmpty, false)
        XCTAssertEqual(domain(min: "0.01", max: "0.04", step: "0.05").isEmpty, true, "0 and 0.05 are outside")
        // lcm(0.05, 0.1) = 0.1: in 0...0.09 only 0 is a multiple of both.
        XCTAssertEqual(domain(min: "0", max: "0.09", fractionDigits: 1, step: "0.05").isEmpty, false)
        XCTAssertEqual(domain(exclusiveMin: "0", max: "0.09", fractionDigits: 1, step: "0.05").isEmpty, true)
        XCTAssertEqual(domain(integer: true, exclusiveMin: "18446744073709551616", exclusiveMax: "18446744073709551617").isEmpty,
                       true, "no integer between 2^64 and 2^64 + 1")
        XCTAssertEqual(domain(integer: true, min: "18446744073709551617", max: "18446744073709551617").isEmpty, false)
        XCTAssertEqual(domain(min: "1e-30", max: "9e-30", fractionDigits: 29).isEmpty, true)
        XCTAssertEqual(domain(min: "1e-30", max: "9e-30", fractionDigits: 30).isEmpty, false)
        XCTAssertEqual(domain(integer: true, min: "5").isEmpty, false, "one end: never empty")
    }

    func testNarrowingKeepsTheTighterRule() {
        var d = domain(min: "1")
        d.narrow(lower: n("0"), exclusive: false)
        XCTAssertEqual(d.lower, NumberDomain.End(value: n("1"), exclusive: false))
        d.narrow(lower: n("1"), exclusive: true)
        XCTAssertEqual(d.lower, NumberDomain.End(value: n("1"), exclusive: true))
        d.narrow(upper: n("10"), exclusive: true)
        d.narrow(upper: n("10"), exclusive: false)
        XCTAssertEqual(d.upper, NumberDomain.End(value: n("10"), exclusive: true))
        d.narrow(fractionDigits: 3)
        d.narrow(fractionDigits: 2)
        d.narrow(fractionDigits: 4)
        XCTAssertEqual(d.fractionDigits, 2)
        var steps = domain(step: "4")
        steps.narrow(step: n("6"))
        XCTAssertEqual(steps.step, n("12"))
        XCTAssertEqual(steps.steps, [n("4"), n("6")], "each step kept, for a defect that breaks one")
        steps.narrow(step: n("-4"))
        XCTAssertEqual(steps.steps, [n("4"), n("6")], "a step given twice (its magnitude) is one rule")
        var cents = domain(step: "0.05")
        cents.narrow(step: n("0.3"))
        XCTAssertEqual(cents.step, n("0.3"))
        XCTAssertEqual(domain(fractionDigits: 1, step: "0.05").grid(scale: 1), n("0.1"))
        XCTAssertEqual(domain(step: "0.3").grid(scale: 0), n("3"))
    }

    func testBoundaryValues() {
        let tenths = domain(min: "0.5", max: "2.5", fractionDigits: 1)
        XCTAssertEqual(tenths.value(at: .lowest, scale: 1, span: n("10000")), n("0.5"))
        XCTAssertEqual(tenths.value(at: .inside, scale: 1, span: n("10000")), n("1.5"))
        XCTAssertEqual(tenths.value(at: .highest, scale: 1, span: n("10000")), n("2.5"))
        let open = domain(exclusiveMin: "0", exclusiveMax: "1", fractionDigits: 2)
        XCTAssertEqual(open.value(at: .lowest, scale: 2, span: n("10000")), n("0.01"))
        XCTAssertEqual(open.value(at: .inside, scale: 2, span: n("10000")), n("0.5"))
        XCTAssertEqual(open.value(at: .highest, scale: 2, span: n("10000")), n("0.99"))
        let fives = domain(integer: true, min: "1", max: "23", step: "5")
        XCTAssertEqual(fives.value(at: .lowest, scale: 0, span: n("1000")), n("5"))
        XCTAssertEqual(fives.value(at: .inside, scale: 0, span: n("1000")), n("10"))
        XCTAssertEqual(fives.value(at: .highest, scale: 0, span: n("1000")), n("20"))
        let unbounded = domain(integer: true, min: "18446744073709551616")
        XCTAssertEqual(unbounded.value(at: .highest, scale: 0, span: n("1000")), n("18446744073709552616"))
        XCTAssertNil(domain(integer: true, min: "1", max: "2", step: "5").value(at: .lowest, scale: 0, span: n("1000")))
    }

    func testValuesOutsideForExactlyOneRule() {
        let whole = domain(integer: true, min: "10", max: "20")
        XCTAssertEqual(whole.outside(breaking: .lower, near: n("15"), scale: 0), n("9"))
        XCTAssertEqual(whole.outside(breaking: .upper, near: n("15"), scale: 0), n("21"))
        XCTAssertEqual(whole.outside(breaking: .integer, near: n("15"), scale: 0), n("15.5"))
        XCTAssertNil(whole.outside(breaking: .fractionDigits, near: n("15"), scale: 0), "no fractionDigits rule")
        XCTAssertNil(domain(integer: true, min: "10", max: "10").outside(breaking: .integer, near: n("10"), scale: 0),
                     "10.5 and 9.5 both leave 10...10")
        let cents = domain(min: "0.5", max: "2.5", fractionDigits: 2)
        XCTAssertEqual(cents.outside(breaking: .lower, near: n("1.25"), scale: 2), n("0.49"))
        XCTAssertEqual(cents.outside(breaking: .upper, near: n("1.25"), scale: 2), n("2.51"))
        XCTAssertEqual(cents.outside(breaking: .lower, near: n("1.2"), scale: 1), n("0.4"), "at the value's own scale")
        XCTAssertEqual(cents.outside(breaking: .fractionDigits, near: n("1.25"), scale: 2), n("1.251"))
        XCTAssertEqual(cents.outside(breaking: .fractionDigits, near: n("2.5"), scale: 2), n("2.499"), "2.501 is above max")
        let fives = domain(integer: true, min: "1", max: "23", step: "5")
        XCTAssertEqual(fives.outside(breaking: .lower, near: n("10"), scale: 0), n("0"), "a multiple of 5 below 1")
        XCTAssertEqual(fives.outside(breaking: .upper, near: n("10"), scale: 0), n("25"))
        XCTAssertEqual(fives.outside(breaking: .step(n("5")), near: n("10"), scale: 0), n("11"))
        XCTAssertNil(domain(fractionDigits: 2, step: "0.01").outside(breaking: .step(n("0.01")), near: n("1.25"), scale: 2),
                     "every number with 2 fraction digits is a multiple of 0.01")
        // Two steps: a defect breaks one and keeps to the other (one point of the other's grid away).
        var fours = domain(integer: true, min: "0", max: "100", step: "4")
        fours.narrow(step: n("6"))
        XCTAssertEqual(fours.outside(breaking: .step(n("4")), near: n("12"), scale: 0), n("18"), "18 = 3 × 6, not 4k")
        XCTAssertEqual(fours.outside(breaking: .step(n("6")), near: n("12"), scale: 0), n("16"), "16 = 4 × 4, not 6k")
        XCTAssertEqual(fours.outside(breaking: .upper, near: n("12"), scale: 0), n("108"), "lcm 12: 96 is the highest")
        var eights = domain(integer: true, step: "4")
        eights.narrow(step: n("8"))
        XCTAssertNil(eights.outside(breaking: .step(n("4")), near: n("16"), scale: 0), "every multiple of 8 is one of 4")
        XCTAssertNil(fours.outside(breaking: .step(n("5")), near: n("12"), scale: 0), "no such step")
        // A decimal value at scale 0 has no neighbour off 0.05 there: one with the step's digits.
        let nickels = domain(min: "0", max: "20", step: "0.05")
        XCTAssertEqual(nickels.outside(breaking: .step(n("0.05")), near: n("10"), scale: 0), n("10.01"))
        XCTAssertEqual(domain(step: "0.01").outside(breaking: .step(n("0.01")), near: n("3"), scale: 0), n("3.001"))
        XCTAssertNil(domain(fractionDigits: 1, step: "0.05").outside(breaking: .step(n("0.05")), near: n("3"), scale: 0),
                     "at one digit every multiple of 0.1 is one of 0.05, and two digits are not allowed")
        // fractionDigits with a step: one digit more, on the step's grid (0.005), inside the range.
        let halves = domain(min: "1", max: "2", fractionDigits: 2, step: "0.005")
        XCTAssertEqual(halves.outside(breaking: .fractionDigits, near: n("1.5"), scale: 2), n("1.505"))
        XCTAssertNil(domain(fractionDigits: 2, step: "0.05").outside(breaking: .fractionDigits, near: n("1.5"), scale: 2),
                     "every multiple of 0.05 has at most 2 digits")
        let big = domain(integer: true, min: "18446744073709551616")
        XCTAssertEqual(big.outside(breaking: .lower, near: n("18446744073709551700"), scale: 0), n("18446744073709551615"))
        let fine = domain(min: "1e-30", max: "1", fractionDigits: 30)
        XCTAssertEqual(fine.outside(breaking: .lower, near: n("0.5"), scale: 30), n("0"))
        for d in [whole, cents, fives, big, fine, fours, nickels, halves] {
            for rule in d.rules {
                if let value = d.outside(breaking: rule, near: n("10"), scale: d.scale ?? 2) {
                    XCTAssertEqual(d.broken(by: value), [rule], "\(value) breaks \(rule) alone")
                }
            }
        }
    }

    func testSamplingPastSixtyFourBitsIsExactAndCoversTheWindow() {
        var random = SeededRandom(seed: 7)
        let big = domain(integer: true, min: "18446744073709551616", max: "18446744073709551626")
        let window = big.window(scale: 0, span: n("1000"))!
        var seen: [ExactDecimal: Int] = [:]
        for _ in 0..<330 {
            let value = NumberDomain.draw(window, edge: nil, random: &random)!
            XCTAssertTrue(big.contains(value), "\(value)")
            seen[value, default: 0] += 1
        }
        XCTAssertEqual(seen.count, 11, "every one of the 11 values drawn")
        XCTAssertTrue(seen.values.allSatisfy { $0 >= 10 && $0 <= 55 }, "about 30 each: \(seen.values.sorted())")

        let wide = domain(integer: true, min: "0", max: "1e40")
        let wideWindow = wide.window(scale: 0, span: n("1000"))!
        var upperHalf = 0
        for _ in 0..<400 {
            let value = NumberDomain.draw(wideWindow, edge: nil, random: &random)!
            XCTAssertTrue(wide.contains(value))
            if value >= n("5e39") { upperHalf += 1 }
        }
        XCTAssertTrue((150...250).contains(upperHalf), "about half above 5e39: \(upperHalf)")

        let thirty = domain(exclusiveMin: "0", max: "1e-29", fractionDigits: 30)
        let fine = thirty.window(scale: 30, span: n("10000"))!
        XCTAssertEqual(fine.first, n("1"))
        XCTAssertEqual(fine.last, n("10"))
        for _ in 0..<50 {
            let value = NumberDomain.draw(fine, edge: nil, random: &random)!
            XCTAssertTrue(thirty.contains(value), "\(value)")
            XCTAssertEqual(value.plainText(scale: 30).count, 32, "0. and 30 digits: \(value.plainText(scale: 30))")
        }
    }

    /// The 64-bit windows, worked out by hand (mantissas at the scale, indices of the grid),
    /// and the same values and draws as the exact window over the same indices.
    func testSixtyFourBitWindowsMatchTheExactOnes() {
        typealias Small = NumberDomain.Window.Small
        let thousand = n("1000")
        XCTAssertEqual(domain(integer: true, min: "1", max: "23", step: "5").smallWindow(scale: 0, span: thousand),
                       Small(unit: 5, first: 1, last: 4, scale: 0), "5, 10, 15, 20")
        XCTAssertEqual(domain(exclusiveMin: "0", exclusiveMax: "1").smallWindow(scale: 2, span: thousand),
                       Small(unit: 1, first: 1, last: 99, scale: 2), "0.01 to 0.99")
        XCTAssertEqual(domain(exclusiveMin: "0.001", max: "1").smallWindow(scale: 2, span: thousand),
                       Small(unit: 1, first: 1, last: 100, scale: 2), "0.01 (0.001 is between 0 and 0.01) to 1.00")
        XCTAssertEqual(domain(min: "0.5", max: "2.5", fractionDigits: 1, step: "0.25").smallWindow(scale: 1, span: thousand),
                       Small(unit: 5, first: 1, last: 5, scale: 1), "0.5 to 2.5 by 0.5")
        XCTAssertEqual(domain(integer: true, min: "5").smallWindow(scale: 0, span: thousand),
                       Small(unit: 1, first: 5, last: 1005, scale: 0))
        XCTAssertEqual(domain(integer: true, max: "-3").smallWindow(scale: 0, span: thousand),
                       Small(unit: 1, first: -1003, last: -3, scale: 0))
        XCTAssertEqual(domain(integer: true, max: "7").smallWindow(scale: 0, span: thousand),
                       Small(unit: 1, first: 0, last: 7, scale: 0))
        XCTAssertEqual(domain(integer: true, min: "0", step: "5000").smallWindow(scale: 0, span: thousand),
                       Small(unit: 5000, first: 0, last: 1, scale: 0), "at least one step wide")
        XCTAssertEqual(domain(integer: true, min: "1", max: "2", step: "5").smallWindow(scale: 0, span: thousand),
                       Small(unit: 5, first: 1, last: 0, scale: 0), "empty")
        XCTAssertNil(domain(integer: true, min: "1e18").smallWindow(scale: 0, span: thousand), "past 18 digits: exact")
        XCTAssertNil(domain(min: "0", max: "1", fractionDigits: 19).smallWindow(scale: 19, span: thousand))
        // The same draws from the same seed as the exact window of the same indices.
        let fives = domain(integer: true, min: "-1000", max: "100000", step: "5")
        let small = try! XCTUnwrap(fives.smallWindow(scale: 0, span: thousand))
        let exact = NumberDomain.Window(grid: n("5"), first: n("-200"), last: n("20000"))
        XCTAssertEqual(small, Small(unit: 5, first: -200, last: 20000, scale: 0))
        var a = SeededRandom(seed: 11), b = SeededRandom(seed: 11)
        for edge in [nil, nil, BoundaryEdge.lowest, nil, .highest, nil] {
            XCTAssertEqual(ExactDecimal(NumberDomain.draw(small, edge: edge, random: &a)),
                           NumberDomain.draw(exact, edge: edge, random: &b))
        }
    }

    func testSamplingScaleGrowsToHoldAValue() {
        XCTAssertEqual(domain(exclusiveMin: "0", exclusiveMax: "0.001").samplingScale(preferring: 2), 4)
        XCTAssertEqual(domain(min: "0", max: "1").samplingScale(preferring: 2), 2)
        XCTAssertEqual(domain(min: "0", max: "1", fractionDigits: 5).samplingScale(preferring: 2), 5)
    }

    func testPlainText() {
        XCTAssertEqual(n("12.5").plainText(scale: 2), "12.50")
        XCTAssertEqual(n("-0.05").plainText(scale: 2), "-0.05")
        XCTAssertEqual(n("0").plainText(scale: 2), "0.00")
        XCTAssertEqual(n("1e30").plainText(scale: 0), "1000000000000000000000000000000")
        XCTAssertEqual(n("1e-30").plainText(scale: 30), "0.000000000000000000000000000001")
        XCTAssertEqual(n("-7").plainText(scale: 1), "-7.0")
    }

    /// `const` narrows to one value, a dimension of its own: by hand, 3 lies in 1...9 on multiples
    /// of 3; 0 (a multiple of 3) breaks the lower bound and the constant, 6 the constant alone.
    func testConstantNarrowsToOneValue() {
        var three = domain(integer: true, min: "1", max: "9", step: "3")
        three.narrow(constant: n("3"))
        XCTAssertEqual(three.isEmpty, false)
        XCTAssertEqual(three.broken(by: n("0")), [.lower, .constant])
        XCTAssertEqual(three.broken(by: n("6")), [.constant])
        XCTAssertEqual(three.outside(breaking: .constant, near: n("3"), scale: 0), n("6"))
        XCTAssertNil(three.outside(breaking: .lower, near: n("3"), scale: 0), "0 is not 3 either")
        XCTAssertEqual(three.constantProblem, nil)
        // Only 5 lies in 5...5: no other value; 3 is above max 2; two constants leave none.
        var five = domain(integer: true, min: "5", max: "5")
        five.narrow(constant: n("5"))
        XCTAssertNil(five.outside(breaking: .constant, near: n("5"), scale: 0))
        var above = domain(integer: true, max: "2")
        above.narrow(constant: n("3"))
        XCTAssertEqual(above.isEmpty, true)
        XCTAssertEqual(above.constantProblem,
                       "const 3 breaks `max` (at most 2), so no value can be valid; change 'const' or the rule it breaks")
        var two = NumberDomain.integers
        two.narrow(constant: n("3"))
        two.narrow(constant: n("4"))
        XCTAssertEqual(two.isEmpty, true)
        XCTAssertNil(two.constant)
        // Unbounded below: the value just under the constant when above is off the grid's bounds.
        var top = domain(integer: true, max: "7")
        top.narrow(constant: n("7"))
        XCTAssertEqual(top.outside(breaking: .constant, near: n("7"), scale: 0), n("6"))
    }
}
