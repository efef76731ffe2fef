/// `empty-window`: a date (or number) range that is empty for some `today` in the coming
/// years, although it is not empty for the run's `today` (the compiler rejects that).
///
/// The rule implemented: every pair of a lower bound (`min`/`exclusiveMin`) and an upper bound
/// (`max`/`exclusiveMax`) of a field, or of a field together with one of its cases, where at
/// least one bound reads `today` and neither reads another field, is evaluated for every day
/// from the run's `today` to ``horizonYears`` years later; the first day the range is empty is
/// reported. This catches an absolute bound that a today-relative one will cross
/// (`min: today, max: 2027-12-31`) and two relative bounds in different units that cross at
/// month ends (`min: today-1m, max: today-30d`). Days before the run's `today` are not tried:
/// an absolute minimum with a relative maximum (`min: 2025-01-01, max: today-18y`) was empty
/// in the past and only gets wider; when it is empty now the compiler reports it. Bounds that
/// read other fields (`min: drivers[].birthDate + 18y`) depend on each questionnaire and are
/// not tried. A case's bound against the field's own is also tried for the run's `today`
/// (the compiler checks each range on its own), with or without `today`.
struct EmptyWindowCheck: LintCheck {
    let rule = LintRule(
        id: "empty-window",
        summary: "A date or number range that will be empty for a later today (within 10 years), or a case's bound that contradicts the field's: every value is rejected then.",
        triggering: [
            "fields:\n  start: {type: date, min: today, max: 2027-12-31}\n",
            "fields:\n  d: {type: date, min: today-1m, max: today-30d}\n",
            "fields:\n  y: {type: integer, min: year(today), max: 2030}\n",
            "fields:\n  kind: {type: string}\n  n: {type: integer, max: 10, cases: [{when: \"kind == 'x'\", min: 20}]}\n",
            """
            fields:
              kind: {type: string}
              d:
                type: date
                max: 2028-06-30
                cases:
                  - {when: "kind == 'x'", min: today}
            """,
        ],
        nonTriggering: [
            "fields:\n  start: {type: date, min: today, max: today+60d}\n",
            "fields:\n  birth: {type: date, min: today-100y, max: today-18y}\n",
            "fields:\n  birth: {type: date, min: 1900-01-01, max: today-18y}\n",
            "fields:\n  y: {type: integer, min: 1950, max: year(today)}\n",
        ])
    let needsCompiledRules = false

    /// How far ahead `today` is tried.
    static let horizonYears = 10

    private typealias End = (bound: Located<Bound>, exclusive: Bool, key: String)

    func findings(in context: LintContext) -> [LintFinding] {
        var findings: Set<LintFinding> = []
        for field in context.valueFields where [.date, .integer, .decimal].contains(field.type) {
            for set in context.constraintSets(of: field) {
                let lowers = set.constraints.map { end($0.min, $0.exclusiveMin, "min", "exclusiveMin") }
                let uppers = set.constraints.map { end($0.max, $0.exclusiveMax, "max", "exclusiveMax") }
                for (lowerIndex, lower) in lowers.enumerated() {
                    for (upperIndex, upper) in uppers.enumerated() {
                        // In a case, only pairs with one of the case's own bounds are new.
                        let last = set.constraints.count - 1
                        guard let lower, let upper, set.condition == nil || lowerIndex == last || upperIndex == last
                        else { continue }
                        // Reported at the lower bound, or at the case's own bound.
                        let anchor = set.condition != nil && lowerIndex != last ? upper.bound.location
                            : lower.bound.location
                        // The compiler checks each range on its own, not a case's bound against the field's.
                        let checkedByCompiler = set.condition == nil || (lowerIndex == last && upperIndex == last)
                        if let finding = check(lower, upper, field: field, condition: set.condition, at: anchor,
                                               fromToday: !checkedByCompiler, context) {
                            findings.insert(finding)
                        }
                    }
                }
            }
        }
        return Array(findings)
    }

    private func end(_ inclusive: Located<Bound>?, _ exclusive: Located<Bound>?, _ key: String,
                     _ exclusiveKey: String) -> End? {
        if let inclusive { return (inclusive, false, key) }
        if let exclusive { return (exclusive, true, exclusiveKey) }
        return nil
    }

    private func check(_ lower: End, _ upper: End, field: FieldRule, condition: String?,
                       at location: SourceLocation, fromToday: Bool, _ context: LintContext) -> LintFinding? {
        guard let low = TodayBound(lower.bound.value), let high = TodayBound(upper.bound.value),
            fromToday || low.readsToday || high.readsToday,
            var last = context.today.addingChecked(CalendarDuration(years: Self.horizonYears))
        else { return nil }
        // Empty for the run's today: the compiler reports it, unless it is a case's bound against the field's.
        guard fromToday || !isEmpty(low, high, lower, upper, today: context.today) else { return nil }
        if !low.readsToday && !high.readsToday { last = context.today }
        var day = fromToday ? context.today : CivilDate(dayNumber: context.today.dayNumber + 1)
        while day <= last {
            if isEmpty(low, high, lower, upper, today: day), let a = low.value(today: day),
                let b = high.value(today: day)
            {
                let advice: String
                switch (low.readsToday, high.readsToday) {
                case (true, true): advice = "write both bounds in the same unit (months and days clamp differently at month ends)"
                case (false, false): advice = "the case's bound contradicts the field's: correct one of them"
                default: advice = "make both bounds relative to today, or review the absolute one before then"
                }
                let scope = condition.map { " when \(PredicateText.quoted($0))" } ?? ""
                return rule.finding(
                    "the range of '\(field.path)'\(scope) is empty when today is \(day): \(lower.key) "
                    + "'\(low.text)' gives \(a) but \(upper.key) '\(high.text)' gives \(b), so every value "
                    + "will be rejected; \(advice)", at: location)
            }
            day = CivilDate(dayNumber: day.dayNumber + 1)
        }
        return nil
    }

    private func isEmpty(_ low: TodayBound, _ high: TodayBound, _ lower: End, _ upper: End, today: CivilDate) -> Bool {
        guard let a = low.value(today: today), let b = high.value(today: today), let order = a.compare(b) else {
            return false
        }
        return order > 0 || (order == 0 && (lower.exclusive || upper.exclusive))
    }
}
