/// Closed-form conversions between proleptic Gregorian dates and day numbers
/// (days since 1970-01-01), with no tables and no loops.
///
/// The trick is to start the year on 1 March. Then the leap day, when there is one,
/// is the very last day of the (shifted) year, so the day-of-year of every other date
/// does not depend on whether the year is leap:
///
/// * Months from March to the next February have lengths 31 30 31 30 31 31 30 31 30 31 31 28|29.
///   The days before shifted month `mp` (March = 0) are `(153 * mp + 2) / 5`: the
///   pattern 31,30,31,30,31 repeats every five months (153 days), and the integer
///   division by 5 spreads those 153 days over the months exactly.
/// * The Gregorian calendar repeats every 400 years (an "era") of exactly 146 097 days.
///   Inside an era, year-of-era `yoe` (0...399) begins on day
///   `365 * yoe + yoe / 4 - yoe / 100` (one extra day every 4 years, minus one every 100;
///   the 400-year rule is the era boundary itself).
/// * Going back from a day-of-era `doe` (0...146 096) to `yoe` inverts that sum:
///   `(doe - doe / 1460 + doe / 36524 - doe / 146096) / 365` removes the leap days
///   accumulated before `doe` (1460 = days in 4 years without the leap day, 36524 = days
///   in 100 years, 146096 = the last day of an era) so a plain division by 365 works.
/// * Day 0 of era 0 is 0000-03-01, which is 719 468 days before 1970-01-01.
///
/// Divisions that may see negative numbers use floor division so that dates before
/// 0000-03-01 still convert correctly.
enum CivilCalendarMath {
    /// Days between 0000-03-01 (day 0 of era 0) and 1970-01-01.
    static let epochShift = 719_468
    /// Days in one 400-year Gregorian cycle.
    static let daysPerEra = 146_097

    /// The day number (days since 1970-01-01) of a valid year, month (1...12) and day.
    static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = floorDivide(shiftedYear, 400)
        let yearOfEra = shiftedYear - era * 400
        let shiftedMonth = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * daysPerEra + dayOfEra - epochShift
    }

    /// The year, month (1...12) and day (1...31) of a day number.
    static func components(dayNumber: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = dayNumber + epochShift
        let era = floorDivide(shifted, daysPerEra)
        let dayOfEra = shifted - era * daysPerEra
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    /// Whether `year` has 29 February.
    static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// The number of days of `month` (1...12) in `year`.
    static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Division rounding towards negative infinity.
    static func floorDivide(_ value: Int, _ divisor: Int) -> Int {
        let quotient = value / divisor
        return (value % divisor != 0 && (value < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
