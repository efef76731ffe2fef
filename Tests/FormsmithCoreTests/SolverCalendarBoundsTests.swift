import XCTest
@testable import FormsmithCore

/// The days by which adding months moves a date (``SolverCalendar/monthShiftBounds(_:)``),
/// the bounds a date's range search uses instead of the calendar split: worked out by hand
/// from month lengths, and enclosing every move ``CivilDate/addingExtended(_:)`` makes.
final class SolverCalendarBoundsTests: XCTestCase {
    func testBoundsWorkedOutByHand() throws {
        // + 1m: 31 January to 28 February (28 days) up to any 31-day month's first (31).
        XCTAssertEqual(SolverCalendar.monthShiftBounds(1)?.low, 28)
        XCTAssertEqual(SolverCalendar.monthShiftBounds(1)?.high, 31)
        // + 1y: 365 days, 366 across a 29 February; 29 February + 1y is 28 February, 365.
        XCTAssertEqual(SolverCalendar.monthShiftBounds(12)?.low, 365)
        XCTAssertEqual(SolverCalendar.monthShiftBounds(12)?.high, 366)
        // - 1m: 31 March to 28 February (-31) up to 1 March to 1 February in a common year (-28).
        XCTAssertEqual(SolverCalendar.monthShiftBounds(-1)?.low, -31)
        XCTAssertEqual(SolverCalendar.monthShiftBounds(-1)?.high, -28)
        // - 18y: 18 × 365 plus the 29 Februaries crossed: 5 at most (2000-03-01 back to
        // 1982-03-01: 1984 … 2000), 3 at least (2103-03-01 to 2085-03-01: 2100 is not leap).
        XCTAssertEqual(SolverCalendar.monthShiftBounds(-216)?.low, -(18 * 365 + 5))
        XCTAssertEqual(SolverCalendar.monthShiftBounds(-216)?.high, -(18 * 365 + 3))
        XCTAssertEqual(SolverCalendar.monthShiftBounds(0)?.low, 0)
        XCTAssertNil(SolverCalendar.monthShiftBounds(Int.max / 2))
    }

    func testEveryExactMoveLiesWithinTheBounds() throws {
        // Every day of one whole 400-year cycle (the calendar repeats after it), 2000 to 2399.
        let first = CivilDate(dayNumber: Int32(CivilCalendarMath.dayNumber(year: 2000, month: 1, day: 1)))
        let last = CivilDate(dayNumber: Int32(CivilCalendarMath.dayNumber(year: 2399, month: 12, day: 31)))
        for months in [1, -1, 12, -12, 13, -216, 1_200] {
            let bounds = try XCTUnwrap(SolverCalendar.monthShiftBounds(months))
            var seen = (low: Int.max, high: Int.min)
            for day in first.dayNumber...last.dayNumber {
                let moved = try XCTUnwrap(CivilDate(dayNumber: day).addingExtended(CalendarDuration(months: months)))
                let shift = Int(moved.dayNumber) - Int(day)
                XCTAssertTrue((bounds.low...bounds.high).contains(shift), "\(months) months from day \(day): \(shift)")
                seen = (min(seen.low, shift), max(seen.high, shift))
            }
            // Over the cycle every bound is reached: they are the tightest.
            XCTAssertEqual(seen.low, bounds.low, "\(months) months")
            XCTAssertEqual(seen.high, bounds.high, "\(months) months")
        }
    }
}
