import FormsmithValues

/// A compiled check on the value of a date field whose kind owns its behaviour: the validator,
/// the generator, the defect planter and the covering model reach it only through this
/// protocol (compiled as ``ValueCheck/date(_:)``; no `switch` lists it). The range
/// (``RangeCheck/Dates``: absolute, relative to today, or to another field) is the date kind.
///
/// A date kind narrows the range of day numbers generated dates are drawn from
/// (``DayRange``); its labelled defects (`min`, `max`) are the day just outside it.
protocol DateCheck: CompiledCheck {
    /// Narrows `days` to the dates the check allows, `bound` giving each bound's value (nil
    /// while unknown: that bound narrows nothing).
    func narrow(_ days: inout DayRange, bound: (RangeBound) -> BoundValue?)

    /// The bounds as written (the covering model's classes, whether a bound is fixed per run).
    var bounds: (lower: RangeBound?, upper: RangeBound?) { get }

    /// Runs the declarative check on `date` of `field`, reporting to `validator` what it
    /// breaks (a bound computed past 0001-9999 is a violation that says so). Runs only when
    /// the plan's steps fail or cannot decide.
    func validate(_ date: CivilDate, _ field: CompiledField, _ path: ConcretePath, _ raw: RawValue,
                  in validator: RecordValidator)

    /// Whether a *filter* kind allows `date` inside the range (`weekdays`: its day of the week).
    /// True for every date by default: a kind that only narrows the range. A filter kind also
    /// names its rule in ``filterRule``; generation then draws uniformly among the days of the
    /// range every filter allows, the `min`/`max` defects step past the bound to such a day,
    /// and its labelled defect is a day inside the range it alone refuses.
    func allows(_ date: CivilDate) -> Bool

    /// The rule of a filter kind, which is its labelled defect's (nil by default: no filter).
    var filterRule: String? { get }
}

extension DateCheck {
    func allows(_ date: CivilDate) -> Bool { true }
    var filterRule: String? { nil }
}

/// A range of day numbers (``CivilDate/dayNumber``), nil ends unbounded.
typealias DayRange = (low: Int32?, high: Int32?)

/// The date kinds of a field.
enum DateChecks {
    /// Narrows `days` by every date check among `checks`, `bound` giving each bound's value.
    static func narrow(_ days: inout DayRange, by checks: [ValueCheck], bound: (RangeBound) -> BoundValue?) {
        for case .date(let check) in checks { check.narrow(&days, bound: bound) }
    }

    /// Reports a field whose range, fixed for the run (absolute bounds or bounds of `today`),
    /// holds no day `filter` allows (`min: 2026-11-28, max: 2026-11-29, weekdays: [mon]`): no
    /// value could pass, and generation could write none. Ranges of ten years or more are not
    /// tried (every filter kind so far allows some day of any week).
    static func reportEmptied(by filter: any DateCheck, _ constraints: Constraints, of rule: FieldRule,
                              at location: SourceLocation, in state: CompilerState) {
        func day(_ bound: Located<Bound>?) -> Int32? {
            guard let bound, let resolved = TodayBound(bound.value),
                  case .date(let date)? = resolved.value(today: state.today)
            else { return nil }
            return date.dayNumber
        }
        guard let low = day(constraints.min) ?? day(constraints.exclusiveMin).map({ $0 + 1 }),
              let high = day(constraints.max) ?? day(constraints.exclusiveMax).map({ $0 - 1 }),
              low <= high, high - low < 3660,
              !(low...high).contains(where: { filter.allows(CivilDate(dayNumber: $0)) })
        else { return }
        state.problems.report("no day from \(CivilDate(dayNumber: low)) to \(CivilDate(dayNumber: high)) of '\(rule.path)' "
                              + "is one its \(filter.filterRule ?? "filter") allows, so no date can pass; widen the "
                              + "range or allow more days", at: location)
    }

    /// The filter kinds among `checks` (``DateCheck/filterRule`` set).
    static func filters(in checks: [ValueCheck]) -> [any DateCheck] {
        var found: [any DateCheck] = []
        for case .date(let check) in checks where check.filterRule != nil { found.append(check) }
        return found
    }

    /// Whether every filter allows the day.
    static func allowed(_ day: Int32, by filters: [any DateCheck]) -> Bool {
        let date = CivilDate(dayNumber: day)
        return filters.allSatisfy { $0.allows(date) }
    }

    /// A day of `low...high` drawn uniformly among those every filter allows; nil when none is.
    /// Draws a day of the range and keeps it when allowed (uniform over the allowed days); after
    /// 64 refused draws, lists the allowed days and picks one, so a sparse filter is exact too.
    static func draw(_ low: Int32, _ high: Int32, filters: [any DateCheck], random: inout SeededRandom) -> Int32? {
        guard low <= high else { return nil }
        for _ in 0..<64 {
            let day = Int32(random.int(in: Int(low)...Int(high)))
            if allowed(day, by: filters) { return day }
        }
        let days = (low...high).filter { allowed($0, by: filters) }
        return days.isEmpty ? nil : days[random.int(in: 0...(days.count - 1))]
    }

    /// The day nearest `start` going by `step` (-1 or +1), at most a year and a week away, that
    /// every filter allows; nil when none is within the calendar.
    static func nearestAllowed(from start: Int32, step: Int32, filters: [any DateCheck]) -> Int32? {
        var day = start
        for _ in 0..<373 {
            guard CivilDate(dayNumber: day).isInCalendarRange else { return nil }
            if allowed(day, by: filters) { return day }
            day += step
        }
        return nil
    }
}
