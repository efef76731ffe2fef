import Foundation

/// A calendar date (proleptic Gregorian, no time, no time zone), stored as days since 1970-01-01.
///
/// Dates built from components are limited to years 1...9999; `init(dayNumber:)` accepts any
/// day number, and the component accessors work for all of them.
public struct CivilDate: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Days since 1970-01-01 (negative before it).
    public var dayNumber: Int32

    /// The earliest date built from components: 0001-01-01.
    public static let earliest = CivilDate(dayNumber: Int32(CivilCalendarMath.dayNumber(year: 1, month: 1, day: 1)))
    /// The latest date built from components: 9999-12-31.
    public static let latest = CivilDate(dayNumber: Int32(CivilCalendarMath.dayNumber(year: 9999, month: 12, day: 31)))

    /// A date from its day number (days since 1970-01-01).
    public init(dayNumber: Int32) {
        self.dayNumber = dayNumber
    }

    /// A date from its components; nil when they do not name a real date
    /// (2023-02-29, month 13, day 0, year outside 1...9999).
    public init?(year: Int, month: Int, day: Int) {
        guard CivilDate.isValid(year: year, month: month, day: day) else { return nil }
        dayNumber = Int32(CivilCalendarMath.dayNumber(year: year, month: month, day: day))
    }

    /// Whether the components name a date `init(year:month:day:)` builds: years 1...9999,
    /// months 1...12, a day the month has.
    @inline(__always)
    static func isValid(year: Int, month: Int, day: Int) -> Bool {
        (1...9999).contains(year) && (1...12).contains(month)
            && day >= 1 && day <= CivilCalendarMath.daysInMonth(year: year, month: month)
    }

    /// The date as the number `yyyymmdd` (``DatePattern/yearMonthDay(_:)``): ordered as the
    /// dates are, for any year (a year past 9999 or before 1 too: month and day stay below 10 000).
    var yearMonthDay: Int {
        let (year, month, day) = CivilCalendarMath.components(dayNumber: Int(dayNumber))
        return year * 10_000 + month * 100 + day
    }

    /// The year (1...9999 for dates built from components).
    public var year: Int { CivilCalendarMath.components(dayNumber: Int(dayNumber)).year }
    /// The month, 1...12.
    public var month: Int { CivilCalendarMath.components(dayNumber: Int(dayNumber)).month }
    /// The day of the month, 1...31.
    public var day: Int { CivilCalendarMath.components(dayNumber: Int(dayNumber)).day }

    /// Adds a calendar duration: years and months first, clamping the day to the month's end
    /// (2000-02-29 + 1y = 2001-02-28; 2024-01-31 + 1m = 2024-02-29), then days.
    /// A result outside 0001-01-01...9999-12-31 saturates at that bound; use
    /// `addingChecked(_:)` to detect it.
    public func adding(_ duration: CalendarDuration) -> CivilDate {
        if let result = addingChecked(duration) { return result }
        let forward = duration.years > 0 || (duration.years == 0 && duration.months > 0)
            || (duration.years == 0 && duration.months == 0 && duration.days > 0)
        return forward ? .latest : .earliest
    }

    /// Adds a calendar duration like `adding(_:)`; nil when the result (or an intermediate
    /// year) falls outside 0001-01-01...9999-12-31 or the arithmetic would overflow.
    public func addingChecked(_ duration: CalendarDuration) -> CivilDate? {
        let (year, month, day) = CivilCalendarMath.components(dayNumber: Int(dayNumber))
        let (yearMonths, overflowYears) = duration.years.multipliedReportingOverflow(by: 12)
        let (deltaMonths, overflowMonths) = yearMonths.addingReportingOverflow(duration.months)
        let (totalMonths, overflowTotal) = (year * 12 + month - 1).addingReportingOverflow(deltaMonths)
        guard !overflowYears, !overflowMonths, !overflowTotal else { return nil }
        let newYear = CivilCalendarMath.floorDivide(totalMonths, 12)
        let newMonth = totalMonths - newYear * 12 + 1
        guard (1...9999).contains(newYear) else { return nil }
        let clampedDay = min(day, CivilCalendarMath.daysInMonth(year: newYear, month: newMonth))
        let base = CivilCalendarMath.dayNumber(year: newYear, month: newMonth, day: clampedDay)
        let (result, overflowDays) = base.addingReportingOverflow(duration.days)
        guard !overflowDays, result >= Int(CivilDate.earliest.dayNumber), result <= Int(CivilDate.latest.dayNumber)
        else { return nil }
        return CivilDate(dayNumber: Int32(result))
    }

    /// Adds a calendar duration like `adding(_:)`, past 0001-01-01...9999-12-31 too (the
    /// proleptic calendar goes on: 9999-06-01 + 1y is 10000-06-01), so a bound computed from a
    /// field is compared exactly even when no date a field can hold reaches it; nil only when the
    /// result leaves the day numbers (about 5.8 million years either side of 1970).
    public func addingExtended(_ duration: CalendarDuration) -> CivilDate? {
        let (year, month, day) = CivilCalendarMath.components(dayNumber: Int(dayNumber))
        let (yearMonths, overflowYears) = duration.years.multipliedReportingOverflow(by: 12)
        let (deltaMonths, overflowMonths) = yearMonths.addingReportingOverflow(duration.months)
        let (totalMonths, overflowTotal) = (year * 12 + month - 1).addingReportingOverflow(deltaMonths)
        guard !overflowYears, !overflowMonths, !overflowTotal else { return nil }
        let newYear = CivilCalendarMath.floorDivide(totalMonths, 12)
        let newMonth = totalMonths - newYear * 12 + 1
        // Day numbers are Int32: about ±5.8 million years; stay well inside before computing.
        guard abs(newYear) <= 5_000_000 else { return nil }
        let clampedDay = min(day, CivilCalendarMath.daysInMonth(year: newYear, month: newMonth))
        let base = CivilCalendarMath.dayNumber(year: newYear, month: newMonth, day: clampedDay)
        let (result, overflowDays) = base.addingReportingOverflow(duration.days)
        guard !overflowDays, let days = Int32(exactly: result) else { return nil }
        return CivilDate(dayNumber: days)
    }

    /// Whether the date lies within 0001-01-01...9999-12-31, the dates a field can hold.
    public var isInCalendarRange: Bool {
        dayNumber >= CivilDate.earliest.dayNumber && dayNumber <= CivilDate.latest.dayNumber
    }

    /// The number of days from `other` to this date (positive when this date is later).
    public func days(since other: CivilDate) -> Int {
        Int(dayNumber) - Int(other.dayNumber)
    }

    /// ISO `yyyy-MM-dd` (years outside 0...9999 are written with as many digits as needed).
    public var description: String {
        let (year, month, day) = CivilCalendarMath.components(dayNumber: Int(dayNumber))
        var bytes: [UInt8] = []
        bytes.reserveCapacity(10)
        CivilDate.appendDigits(year, width: 4, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        CivilDate.appendDigits(month, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        CivilDate.appendDigits(day, width: 2, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Today's date in `timeZone` (by default the system's local zone) from the system clock.
    public static func today(in timeZone: TimeZone = .current) -> CivilDate {
        date(of: Date(), in: timeZone)
    }

    /// The calendar date of the instant `moment` in `timeZone`.
    public static func date(of moment: Date, in timeZone: TimeZone) -> CivilDate {
        let seconds = moment.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: moment))
        return CivilDate(dayNumber: Int32((seconds / 86_400).rounded(.down)))
    }

    /// Orders dates chronologically.
    public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
        lhs.dayNumber < rhs.dayNumber
    }

    /// Appends `value` in decimal, zero-padded to `width` digits (a minus sign first if negative).
    static func appendDigits(_ value: Int, width: Int, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits: [UInt8] = []
        repeat {
            digits.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        if digits.count < width {
            bytes.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: width - digits.count))
        }
        bytes.append(contentsOf: digits.reversed())
    }
}
