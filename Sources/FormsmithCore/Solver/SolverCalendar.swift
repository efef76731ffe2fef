internal import CZ3

/// Calendar arithmetic on day numbers as solver terms, exact as ``CivilDate/addingExtended(_:)``
/// computes it: `birthDate + 18y` moves the year and keeps the month and day, a 29 February
/// landing in a common year becomes 28 February, and days are added after the months.
///
/// A day number is split into its year, month and day by new integer variables tied to it with
/// the formula of ``CivilCalendarMath/dayNumber(year:month:day:)`` (floor divisions by constants,
/// which Z3 keeps linear). Those ties are definitions asserted without a label: every day number
/// has exactly one such split, so they never forbid anything and never appear in a core. A day
/// is split once per calendar, however many of `year()`, `month()`, `day()` and durations read
/// it: two splits of one day are equal, but Z3 had to find that out, and a check reading
/// `year(t1)` and `day(t1)` ran out of its million resource units (5 s) where one split answers
/// in milliseconds. So a calendar lives within one solver scope: the splits it asserted go with
/// a ``ConstraintSolver/pop()`` of that scope, and so must the calendar.
///
/// With ``boundsOffsets`` set, `day + duration` is instead a new variable kept between the
/// least and the most days that many months move any date (``monthShiftBounds(_:)``: `+ 1y` is
/// 365 or 366 days later), with no split: a superset of the exact days, linear, so a search for
/// the range of days an assertion allows takes a few milliseconds a check instead of up to a
/// second. Values found so are checked exactly afterwards (see ``QuestionnaireBuilder/solve``).
struct SolverCalendar {
    let context: SolverContext
    let solver: ConstraintSolver
    /// Whether months and years are added as bounds on the days moved rather than exactly.
    var boundsOffsets = false
    /// The split of each day term made so far, by the term (Z3 shares equal terms).
    private let splits = SplitMemo()

    /// Splits by day term, shared by the copies of one calendar.
    private final class SplitMemo {
        var byDay: [Z3_ast: (year: IntTerm, month: IntTerm, day: IntTerm)] = [:]
    }

    init(context: SolverContext, solver: ConstraintSolver, boundsOffsets: Bool = false) {
        self.context = context
        self.solver = solver
        self.boundsOffsets = boundsOffsets
    }

    /// The day number of `day` plus `duration`; nil when the duration's months overflow.
    func adding(_ duration: CalendarDuration, to day: IntTerm) -> IntTerm? {
        let (yearMonths, overflowYears) = duration.years.multipliedReportingOverflow(by: 12)
        let (months, overflowMonths) = yearMonths.addingReportingOverflow(duration.months)
        guard !overflowYears, !overflowMonths else { return nil }
        if boundsOffsets, let (low, high) = Self.monthShiftBounds(months),
           case let (lowDays, overflowLow) = low.addingReportingOverflow(duration.days),
           case let (highDays, overflowHigh) = high.addingReportingOverflow(duration.days), !overflowLow, !overflowHigh {
            let moved = context.freshInt(prefix: "moved")
            solver.assert(moved >= day + int(Int64(lowDays)) && moved <= day + int(Int64(highDays)))
            return moved
        }
        let (year, month, dayOfMonth) = split(day)
        let total = year * int(12) + month - int(1) + int(Int64(months))
        let newYear = total.dividedFloor(by: 12)
        let newMonth = total.modulo(12) + int(1)
        let length = daysInMonth(year: newYear, month: newMonth)
        let clamped = (dayOfMonth <= length).ifThenElse(dayOfMonth, length)
        return dayNumber(year: newYear, month: newMonth, day: clamped) + int(Int64(duration.days))
    }

    /// The year, month (1...12) and day of the month of `day`, as ``CivilCalendarMath`` gives
    /// them (`year()`, `month()`, `day()`): new variables tied to it.
    func components(of day: IntTerm) -> (year: IntTerm, month: IntTerm, day: IntTerm) { split(day) }

    /// The year, month (1...12) and day (1...length of the month) of `day`, as new variables.
    private func split(_ day: IntTerm) -> (IntTerm, IntTerm, IntTerm) {
        if let made = splits.byDay[day.ast] { return made }
        let year = context.freshInt(prefix: "year"), month = context.freshInt(prefix: "month")
        let dayOfMonth = context.freshInt(prefix: "day")
        solver.assert(month >= int(1) && month <= int(12) && dayOfMonth >= int(1)
                      && dayOfMonth <= daysInMonth(year: year, month: month)
                      && day == dayNumber(year: year, month: month, day: dayOfMonth))
        splits.byDay[day.ast] = (year, month, dayOfMonth)
        return (year, month, dayOfMonth)
    }

    /// ``CivilCalendarMath/dayNumber(year:month:day:)`` as a term (proleptic Gregorian).
    private func dayNumber(year: IntTerm, month: IntTerm, day: IntTerm) -> IntTerm {
        let shiftedYear = year - (month <= int(2)).ifThenElse(int(1), int(0))
        let era = shiftedYear.dividedFloor(by: 400)
        let yearOfEra = shiftedYear - era * int(400)
        // (153 × shifted month + 2) / 5 per month, March first.
        var dayOfYearStart = int(0)
        for calendarMonth in (1...12).reversed() {
            let shifted = calendarMonth > 2 ? calendarMonth - 3 : calendarMonth + 9
            dayOfYearStart = (month == int(Int64(calendarMonth))).ifThenElse(int(Int64((153 * shifted + 2) / 5)), dayOfYearStart)
        }
        let dayOfEra = yearOfEra * int(365) + yearOfEra.dividedFloor(by: 4) - yearOfEra.dividedFloor(by: 100)
            + dayOfYearStart + day - int(1)
        return era * int(Int64(CivilCalendarMath.daysPerEra)) + dayOfEra - int(Int64(CivilCalendarMath.epochShift))
    }

    /// The length of the month: 28 or 29 for February by the Gregorian leap rule.
    private func daysInMonth(year: IntTerm, month: IntTerm) -> IntTerm {
        let leap = year.modulo(4) == int(0) && (year.modulo(100) != int(0) || year.modulo(400) == int(0))
        let february = leap.ifThenElse(int(29), int(28))
        let short = month == int(4) || month == int(6) || month == int(9) || month == int(11)
        return (month == int(2)).ifThenElse(february, short.ifThenElse(int(30), int(31)))
    }

    private func int(_ value: Int64) -> IntTerm { context.int(value) }

    /// The fewest and the most days by which adding `months` months moves a date, as
    /// ``CivilDate/addingExtended(_:)`` computes it (the day of the month kept, cut to the
    /// length of the month reached); nil past 60 million months. The calendar repeats every 400
    /// years (4,800 months), so every month of one cycle is tried: from the first of a month the
    /// move is the days between the two firsts; a later day moves as much, or less by what the
    /// month reached is shorter (31 January + 1m is 28 or 29 February).
    static func monthShiftBounds(_ months: Int) -> (low: Int, high: Int)? {
        guard abs(months) <= 60_000_000 else { return nil }
        var low = Int.max, high = Int.min
        for index in 0..<4_800 {
            let year = 2_000 + index / 12, month = index % 12 + 1
            let total = year * 12 + month - 1 + months
            let newYear = CivilCalendarMath.floorDivide(total, 12), newMonth = total - newYear * 12 + 1
            let moved = CivilCalendarMath.dayNumber(year: newYear, month: newMonth, day: 1)
                - CivilCalendarMath.dayNumber(year: year, month: month, day: 1)
            let cut = min(0, CivilCalendarMath.daysInMonth(year: newYear, month: newMonth)
                          - CivilCalendarMath.daysInMonth(year: year, month: month))
            low = min(low, moved + cut)
            high = max(high, moved)
        }
        return (low, high)
    }
}
