import FormsmithCore
import XCTest

/// A range with no value strictly inside it has no `inside` class to cover (issue 34: with
/// `min` equal to `max`, `--cover` reported its `inside` pairs not found).
final class CoverNarrowRangeTests: XCTestCase {
    private func report(_ fields: String) throws -> CoverageReport {
        try QuestionnaireGenerator(rulesText: "id: c\nfields:\n" + fields, today: .fixed(year: 2026, month: 11, day: 22))
            .covering(.pairs, seed: 1).report
    }

    func testMinEqualToMaxIsOneValueAndNoFactor() throws {
        let covered = try report("  n: {type: integer, min: 5, max: 5}\n  e: {type: enum, values: [a, b]}\n  m: {type: integer, min: 1, max: 3}\n")
        XCTAssertEqual(covered.factors.map(\.name), ["e", "m"])
        XCTAssertEqual(covered.factors.map(\.values), [["a", "b"], ["min", "inside", "max"]])
        XCTAssertEqual(covered.required, 6, "2 × 3 pairs")
        XCTAssertEqual(covered.notFound.count, 0)
    }

    func testBoundsOneApartHaveNoInside() throws {
        let covered = try report("  n: {type: integer, min: 5, max: 6}\n  e: {type: enum, values: [a, b]}\n"
                                 + "  d: {type: date, min: '2020-01-01', max: '2020-01-02'}\n")
        XCTAssertEqual(covered.factors.map(\.values), [["min", "max"], ["a", "b"], ["min", "max"]])
        XCTAssertEqual(covered.required, 12, "2×2 + 2×2 + 2×2 pairs")
        XCTAssertEqual(covered.notFound.count, 0)
    }
}
