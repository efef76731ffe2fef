import Foundation
import XCTest
@testable import FormsmithCore

/// The calendar split of a day number (``SolverCalendar/components(of:)``): one split per day
/// however many parts are read, and the parts the solver finds are those of Foundation's
/// Gregorian calendar (an independent implementation; years from 1900 on, where it is
/// Gregorian too).
final class SolverCalendarSplitTests: XCTestCase {
    private let gregorian: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// Year, month and day of day number `day` (days since 1970-01-01) by Foundation.
    private func parts(_ day: Int64) -> (year: Int, month: Int, day: Int) {
        let date = Date(timeIntervalSince1970: Double(day) * 86_400)
        let found = gregorian.dateComponents([.year, .month, .day], from: date)
        return (found.year!, found.month!, found.day!)
    }

    /// A solver with the production limit of one check, a day over the whole calendar and its
    /// parts read twice each, as an assertion reading `year(t1)` and `day(t1)` does.
    private func solver(_ constrain: (_ year: IntTerm, _ month: IntTerm, _ day: IntTerm, SolverContext) -> BoolTerm)
        -> (ConstraintSolver, IntTerm) {
        let context = SolverContext()
        let solver = ConstraintSolver(context: context, resourceLimit: SolverBudget.checkUnits)
        let calendar = SolverCalendar(context: context, solver: solver)
        let day = context.int(named: "t1")
        solver.assert(day >= context.int(Int64(CivilDate.earliest.dayNumber)) && day <= context.int(Int64(CivilDate.latest.dayNumber)))
        let first = calendar.components(of: day), second = calendar.components(of: day)
        solver.assert(constrain(first.year, second.month, second.day, context))
        solver.assert(constrain(second.year, first.month, first.day, context))
        return (solver, day)
    }

    func testPartsReadTwiceShareOneSplitAndAnswerWithinTheLimit() throws {
        // From 1999 on, the 15th or later, in the first half of the year.
        let (solver, day) = solver { year, month, day, context in
            year + context.int(1) >= context.int(2000) && day >= context.int(15) && month <= context.int(6)
        }
        guard case .satisfiable(let model) = solver.check() else { return XCTFail("no answer: \(solver.resourceOuts) ran out") }
        let found = parts(try XCTUnwrap(model.value(of: day)))
        XCTAssertGreaterThanOrEqual(found.year, 1999)
        XCTAssertGreaterThanOrEqual(found.day, 15)
        XCTAssertLessThanOrEqual(found.month, 6)
        XCTAssertEqual(solver.resourceOuts, 0)
    }

    func testLeapDayWorkedOutByHand() throws {
        // 29 February 2024 is day 19,782 (54 years of 365 days from 1970, 13 leap days among
        // 1972 … 2020, then January's 31 and 28 more days): it exists, and is the only such day.
        let (leap, day) = solver { year, month, day, context in
            year == context.int(2024) && month == context.int(2) && day == context.int(29)
        }
        guard case .satisfiable(let model) = leap.check() else { return XCTFail("29 February 2024 not found") }
        XCTAssertEqual(model.value(of: day), 54 * 365 + 13 + 31 + 28)
        XCTAssertEqual(model.value(of: day).map(parts)?.day, 29)
        // 2023 is a common year, and 1900 too (divisible by 100, not by 400): no 29 February.
        for common in [2023, 1900] as [Int64] {
            let (none, _) = solver { year, month, day, context in
                year == context.int(common) && month == context.int(2) && day == context.int(29)
            }
            guard case .unsatisfiable = none.check() else { return XCTFail("a 29 February in \(common)") }
        }
    }
}
