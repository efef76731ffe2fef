import Foundation

/// Which date `today` stands for in the rules of a ``QuestionnaireValidator`` or a
/// ``QuestionnaireGenerator``: the current date, or one fixed date.
///
/// The choice is explicit so that a mistyped date cannot quietly become "now": a fixed date
/// is built by ``fixed(year:month:day:)``, which throws for a date that does not exist
/// (2026-02-30), or from a ``CivilDate`` you already hold.
///
/// ```swift
/// let pinned = try QuestionnaireValidator(rulesAt: rules, today: .fixed(year: 2026, month: 11, day: 22))
/// let live = try QuestionnaireValidator(rulesAt: rules, today: .clock)
/// ```
public enum ReferenceDate: Sendable, Hashable {
    /// The current date in the validator's `timeZone`, followed as it changes (the rules are
    /// recompiled on a new day), as `formsmith validate` without `--today`.
    case clock
    /// One date, as `formsmith validate --today`.
    case fixed(CivilDate)

    /// A fixed date from its components.
    ///
    /// - Throws: ``InvalidDateError`` when they do not name a real date (February 30th,
    ///   month 13, day 0, a year outside 1...9999), rather than falling back to the clock.
    public static func fixed(year: Int, month: Int, day: Int) throws(InvalidDateError) -> ReferenceDate {
        guard let date = CivilDate(year: year, month: month, day: day) else {
            throw InvalidDateError(year: year, month: month, day: day)
        }
        return .fixed(date)
    }

    /// A fixed date written `yyyy-MM-dd`, as `--today` takes it.
    ///
    /// - Throws: ``InvalidDateError`` when the text is not such a date.
    public static func fixed(_ text: String) throws(InvalidDateError) -> ReferenceDate {
        guard let date = DatePattern.iso.parse(text) else { throw InvalidDateError(text: text) }
        return .fixed(date)
    }

    /// The date for today: the fixed one, or the current date in `timeZone`.
    func date(in timeZone: TimeZone) -> CivilDate {
        switch self {
        case .clock: CivilDate.today(in: timeZone)
        case .fixed(let date): date
        }
    }

    /// Whether the date follows the clock.
    var followsClock: Bool { self == .clock }
}

/// A reference date that does not exist (``ReferenceDate/fixed(year:month:day:)``).
public struct InvalidDateError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was asked for, as written.
    public let requested: String
    /// Why it is not a date and what to do.
    public let description: String

    init(year: Int, month: Int, day: Int) {
        requested = "year \(year), month \(month), day \(day)"
        let why: String
        if !(1...9999).contains(year) {
            why = "the year must be 1...9999"
        } else if !(1...12).contains(month) {
            why = "the month must be 1...12"
        } else {
            let days = CivilCalendarMath.daysInMonth(year: year, month: month)
            why = "month \(month) of \(year) has days 1...\(days)"
        }
        description = "\(requested) is not a date (\(why)); pass a real date, or .clock to follow the current date"
    }

    init(text: String) {
        requested = text
        description = "'\(text)' is not a date written yyyy-MM-dd (such as 2026-11-22); "
            + "pass a real date, or .clock to follow the current date"
    }
}
