/// A signed calendar duration such as `18y`, `60d`, `3m` or `2w` (weeks are stored as 7 days).
///
/// Years and months are kept apart from days because their length in days depends on the
/// date they are added to (see `CivilDate.adding(_:)`).
public struct CalendarDuration: Hashable, Sendable, CustomStringConvertible {
    /// Whole years.
    public var years: Int
    /// Whole months.
    public var months: Int
    /// Whole days.
    public var days: Int

    /// A duration from its parts; all default to zero.
    public init(years: Int = 0, months: Int = 0, days: Int = 0) {
        self.years = years
        self.months = months
        self.days = days
    }

    /// The same duration pointing the other way (`18y` becomes `-18y`).
    /// Negation wraps for `Int.min` parts instead of trapping; use `negatedChecked()` to detect it.
    public func negated() -> CalendarDuration {
        CalendarDuration(years: 0 &- years, months: 0 &- months, days: 0 &- days)
    }

    /// The negated duration, or nil if a part cannot be negated (`Int.min`).
    public func negatedChecked() -> CalendarDuration? {
        guard years != .min, months != .min, days != .min else { return nil }
        return negated()
    }

    /// The part-wise sum, or nil on integer overflow.
    public func addingChecked(_ other: CalendarDuration) -> CalendarDuration? {
        let (years, overflowYears) = self.years.addingReportingOverflow(other.years)
        let (months, overflowMonths) = self.months.addingReportingOverflow(other.months)
        let (days, overflowDays) = self.days.addingReportingOverflow(other.days)
        guard !overflowYears, !overflowMonths, !overflowDays else { return nil }
        return CalendarDuration(years: years, months: months, days: days)
    }

    /// Whether every part is zero.
    public var isZero: Bool { years == 0 && months == 0 && days == 0 }

    /// Compact form: `18y`, `-60d`, `1y6m`, `0d` for zero. A duration whose parts are all
    /// non-positive is written with one leading minus (`-1y6m`); mixed signs are written
    /// part by part (`1y-3d`).
    public var description: String {
        if isZero { return "0d" }
        if years <= 0, months <= 0, days <= 0, let positive = negatedChecked() {
            return "-" + positive.description
        }
        var text = ""
        if years != 0 { text += "\(years)y" }
        if months != 0 { text += "\(months)m" }
        if days != 0 { text += "\(days)d" }
        return text
    }
}
