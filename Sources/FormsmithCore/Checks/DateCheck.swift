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
}

/// A range of day numbers (``CivilDate/dayNumber``), nil ends unbounded.
typealias DayRange = (low: Int32?, high: Int32?)

/// The date kinds of a field.
enum DateChecks {
    /// Narrows `days` by every date check among `checks`, `bound` giving each bound's value.
    static func narrow(_ days: inout DayRange, by checks: [ValueCheck], bound: (RangeBound) -> BoundValue?) {
        for case .date(let check) in checks { check.narrow(&days, bound: bound) }
    }
}
