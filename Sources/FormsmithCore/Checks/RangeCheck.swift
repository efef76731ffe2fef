/// `min` / `max` / `exclusiveMin` / `exclusiveMax`: a number or date range whose bounds are
/// literals, expressions of `today` (computed once per run) or of other fields (per record).
enum RangeCheck: ValueCheckKind {
    /// `min`, `max`, `exclusiveMin`, `exclusiveMax` as written.
    struct Written: WrittenKeys {
        var min: Located<Bound>?
        var max: Located<Bound>?
        var exclusiveMin: Located<Bound>?
        var exclusiveMax: Located<Bound>?
    }

    static let rules = [
        CheckRule(id: RuleIdentifier.min, summary: "A number or date is below the field's lower bound."),
        CheckRule(id: RuleIdentifier.max, summary: "A number or date is above the field's upper bound."),
    ]

    static let keys = [
        CheckKey("min", types: [.integer, .decimal, .date], .bound, into: \.min,
                 "The inclusive lower bound of a number or date (rule min): a number, a date, or an expression "
                 + "such as today-18y, year(today) or drivers[].birthDate + 18y."),
        CheckKey("max", types: [.integer, .decimal, .date], .bound, into: \.max,
                 "The inclusive upper bound of a number or date (rule max): a number, a date, or an expression "
                 + "such as today or today+60d."),
        CheckKey("exclusiveMin", types: [.integer, .decimal, .date], .bound, into: \.exclusiveMin,
                 "The exclusive lower bound (rule min): exclusiveMin: 0 means greater than 0."),
        CheckKey("exclusiveMax", types: [.integer, .decimal, .date], .bound, into: \.exclusiveMax,
                 "The exclusive upper bound (rule max)."),
    ]

    static let examples = [
        CheckDescription(
            rule: RuleIdentifier.min, summary: "A number is at least `min` (or above `exclusiveMin`).",
            field: "{type: decimal, exclusiveMin: 0}", passing: ["0.01", "5"], failing: ["0", "-3"]),
        CheckDescription(
            rule: RuleIdentifier.max, summary: "A number is at most `max`; bounds may be expressions such as `year(today)`.",
            field: "{type: integer, max: year(today)}", passing: ["2026", "1950"], failing: ["2027"]),
        CheckDescription(
            rule: RuleIdentifier.min, summary: "A date is on or after `min`: absolute, relative to today, or to another field.",
            field: "{type: date, min: today-18y}", passing: ["\"2008-11-22\"", "\"2026-01-01\""], failing: ["\"2008-11-21\""]),
        CheckDescription(
            rule: RuleIdentifier.max, summary: "A date is on or before `max`.",
            field: "{type: date, max: 2000-01-01}", passing: ["\"2000-01-01\""], failing: ["\"2000-01-02\""]),
    ]

    /// The compiled range of an integer or decimal field, a number kind (``NumberCheck``): it
    /// narrows the domain's interval (a bound computed from other fields once they are known).
    struct Numbers: NumberCheck {
        static let kind = CheckKind.range
        let minimum: RangeBound?
        let maximum: RangeBound?
        var rule: String { RuleIdentifier.min }
        var bounds: (lower: RangeBound?, upper: RangeBound?) { (minimum, maximum) }

        var narrowings: [NumberDomain.Rule] {
            (minimum == nil ? [] : [.lower]) + (maximum == nil ? [] : [.upper])
        }

        func narrow(_ domain: inout NumberDomain) {
            narrow(&domain) { bound in
                if case .dynamic = bound.value { return nil }
                return bound.value
            }
        }

        func narrow(_ domain: inout NumberDomain, bound: (RangeBound) -> BoundValue?) {
            if let minimum, case .number(let value)? = bound(minimum) {
                domain.narrow(lower: value, exclusive: minimum.exclusive)
            }
            if let maximum, case .number(let value)? = bound(maximum) {
                domain.narrow(upper: value, exclusive: maximum.exclusive)
            }
        }

        /// Worded in ``validate(_:_:_:_:in:)``, which resolves the bounds for the record.
        func violation(_ value: ExactDecimal) -> String? { nil }

        func validate(_ value: ExactDecimal, _ field: CompiledField, _ path: ConcretePath, _ raw: RawValue,
                      in validator: RecordValidator) {
            validator.checkRange(field, path, raw, minimum, maximum) { bound in
                guard case .number(let limit) = bound else { return nil }
                return value.compare(limit)
            }
        }

        func fastStep(in plan: inout PlanBuilder) -> CheckStep? { plan.rangeStep(minimum, maximum) }
    }

    /// The compiled range of a date field, a date kind (``DateCheck``): it narrows the days
    /// generated dates are drawn from.
    struct Dates: DateCheck {
        static let kind = CheckKind.range
        let minimum: RangeBound?
        let maximum: RangeBound?
        var bounds: (lower: RangeBound?, upper: RangeBound?) { (minimum, maximum) }

        func narrow(_ days: inout DayRange, bound: (RangeBound) -> BoundValue?) {
            if let minimum, case .date(let date)? = bound(minimum) {
                let day = date.dayNumber + (minimum.exclusive ? 1 : 0)
                days.low = max(days.low ?? day, day)
            }
            if let maximum, case .date(let date)? = bound(maximum) {
                let day = date.dayNumber - (maximum.exclusive ? 1 : 0)
                days.high = min(days.high ?? day, day)
            }
        }

        func validate(_ date: CivilDate, _ field: CompiledField, _ path: ConcretePath, _ raw: RawValue,
                      in validator: RecordValidator) {
            validator.checkRange(field, path, raw, minimum, maximum) { bound in
                switch bound {
                case .date(let limit): return date < limit ? -1 : (date == limit ? 0 : 1)
                default: return nil
                }
            }
        }

        func fastStep(in plan: inout PlanBuilder) -> CheckStep? { plan.rangeStep(minimum, maximum) }
    }

    static func compile(_ constraints: Constraints, at site: CheckSite, in state: CompilerState) -> ValueCheck? {
        guard let (minimum, maximum) = state.compileRange(constraints, of: site.rule, id: site.id, scope: site.scope)
        else { return nil }
        return site.rule.type == .date ? .date(Dates(minimum: minimum, maximum: maximum))
            : .number(Numbers(minimum: minimum, maximum: maximum))
    }

    static let jsonSchema: SchemaExpression = .partly(["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"], notExpressed: "date bounds and bounds computed from today or another field")

    static func declaredRules(in constraints: Constraints, type: FieldType) -> [String] {
        var rules: [String] = []
        if constraints.min != nil || constraints.exclusiveMin != nil { rules.append(RuleIdentifier.min) }
        if constraints.max != nil || constraints.exclusiveMax != nil { rules.append(RuleIdentifier.max) }
        return rules
    }

    static func explain(_ constraints: Constraints, for writer: ExplanationWriter) -> [ExplainedCheck] {
        let field = writer.field
        var parts: [String] = []
        var ruleIDs: [String] = []
        var readsToday = false
        var perQuestionnaire: [String] = []
        let ends: [(Located<Bound>?, String, Bool, Bool)] = [
            (constraints.min, "min", false, true), (constraints.exclusiveMin, "exclusiveMin", true, true),
            (constraints.max, "max", false, false), (constraints.exclusiveMax, "exclusiveMax", true, false),
        ]
        for (bound, key, exclusive, lower) in ends {
            guard let bound else { continue }
            let relation: String
            switch (field.type == .date, lower, exclusive) {
            case (true, true, false): relation = "on or after"
            case (true, true, true): relation = "after"
            case (true, false, false): relation = "on or before"
            case (true, false, true): relation = "before"
            case (false, true, false): relation = "at least"
            case (false, true, true): relation = "greater than"
            case (false, false, false): relation = "at most"
            case (false, false, true): relation = "less than"
            }
            ruleIDs.append(lower ? RuleIdentifier.min : RuleIdentifier.max)
            guard let resolved = TodayBound(bound.value), let value = resolved.value(today: writer.rules.today) else {
                parts.append("\(relation) \(bound.value.text)")
                perQuestionnaire.append(bound.value.text)
                continue
            }
            readsToday = readsToday || resolved.readsToday
            let shown = display(value, field)
            let source = shown == resolved.text ? "" : " (\(key): \(resolved.text))"
            parts.append("\(relation) \(shown)\(source)")
        }
        guard !parts.isEmpty else { return [] }
        var text = parts.joined(separator: " and ") + (readsToday ? ", for today \(writer.rules.today)" : "")
        if !perQuestionnaire.isEmpty {
            text += "; " + perQuestionnaire.joined(separator: " and ") + " is computed for each questionnaire "
                + "(the check is skipped while a field it reads is missing or invalid)"
        }
        return [ExplainedCheck(label: "range", body: text, rules: ruleIDs)]
    }

    /// A bound's value as the questionnaire writes it (dates in the field's format).
    private static func display(_ value: BoundPoint, _ field: FieldRule) -> String {
        guard case .date(let date) = value, let format = field.constraints.format,
            let pattern = try? DatePattern(format.value)
        else { return value.description }
        return pattern.format(date)
    }
}

extension RuleIdentifier {
    /// A number or date is below its lower bound.
    public static let min = "min"
    /// A number or date is above its upper bound.
    public static let max = "max"
}

extension Constraints {
    /// Lower bound (inclusive): a number, or for dates an expression such as `today-18y`.
    public var min: Located<Bound>? {
        get { self[RangeCheck.self].min }
        set { self[RangeCheck.self].min = newValue }
    }

    /// Upper bound (inclusive).
    public var max: Located<Bound>? {
        get { self[RangeCheck.self].max }
        set { self[RangeCheck.self].max = newValue }
    }

    /// Lower bound (exclusive).
    public var exclusiveMin: Located<Bound>? {
        get { self[RangeCheck.self].exclusiveMin }
        set { self[RangeCheck.self].exclusiveMin = newValue }
    }

    /// Upper bound (exclusive).
    public var exclusiveMax: Located<Bound>? {
        get { self[RangeCheck.self].exclusiveMax }
        set { self[RangeCheck.self].exclusiveMax = newValue }
    }
}

extension RecordValidator {
    /// Compares the value with each bound; `compare` returns -1, 0, 1 against a known bound.
    /// A bound whose value cannot be computed although every field it reads is valid is
    /// reported (never skipped): see ``uncomputable(_:field:)``.
    func checkRange(_ field: CompiledField, _ path: ConcretePath, _ raw: RawValue, _ minimum: RangeBound?,
                    _ maximum: RangeBound?, compare: (BoundValue) -> Int?) {
        for (bound, lower) in [(minimum, true), (maximum, false)] {
            guard let bound else { continue }
            let rule = lower ? RuleIdentifier.min : RuleIdentifier.max
            let value = resolved(bound.value)
            if case .dynamic(let expression, _) = value {
                if let reason = uncomputable(expression, field: field) {
                    report(field, path, rule, "cannot be checked against its bound \(bound.source): \(reason)", raw)
                }
                continue
            }
            guard let order = compare(value) else { continue }
            if lower ? (order < 0 || (order == 0 && bound.exclusive)) : (order > 0 || (order == 0 && bound.exclusive)) {
                report(field, path, rule, boundMessage(bound, lower: lower, field: field), raw)
            }
        }
    }

    /// Why a bound that reads only valid (or absent) fields has no value, or nil when it has
    /// one or a field it reads is invalid (that field's own violation is the root cause).
    private func uncomputable(_ expression: CompiledExpression, field: CompiledField) -> String? {
        guard expression.evaluate(environment) == nil,
              expression.referencedFields.allSatisfy({ environment.lookup($0) != .invalid })
        else { return nil }
        return field.type == .date
            ? "the date lies beyond the day numbers Formsmith computes (about 5.8 million years either side of 1970)"
            : "its exact value would need more than \(ExactDecimal.digitLimit) digits"
    }

    /// A dynamic bound evaluated for this record (unknown when a field it reads is invalid).
    func resolved(_ bound: BoundValue) -> BoundValue {
        guard case .dynamic(let expression, _) = bound else { return bound }
        switch expression.evaluate(environment) {
        case .date(let date)?: return .date(date)
        case .integer(let number)?: return .number(ExactDecimal(number))
        case .decimal(let number)?: return .number(number)
        default: return .dynamic(expression, source: "")
        }
    }

    private func boundMessage(_ bound: RangeBound, lower: Bool, field: CompiledField) -> String {
        let value = shownBound(bound.value)
        let shown: String
        switch value {
        case .date(let date): shown = field.datePattern.format(date)
        case .number(let number): shown = number.description
        case .dynamic: shown = bound.source
        }
        let isLiteral = shown == bound.source
        let origin = isLiteral ? "" : " (\(bound.source))"
        if field.type == .date {
            let relation = lower ? (bound.exclusive ? "after" : "on or after") : (bound.exclusive ? "before" : "on or before")
            if case .date(let date) = value, !date.isInCalendarRange {
                // A bound computed past the calendar: no date a field can hold is on its side.
                let edge = date > CivilDate.latest ? "after \(field.datePattern.format(CivilDate.latest)), the last"
                    : "before \(field.datePattern.format(CivilDate.earliest)), the first"
                return "must be \(relation) \(shown)\(origin), a bound outside the calendar's range: it falls "
                    + "\(edge) date a field can hold, so no date satisfies it"
            }
            return "must be \(relation) \(shown)\(origin)"
        }
        let relation = lower ? (bound.exclusive ? "greater than" : "at least") : (bound.exclusive ? "less than" : "at most")
        return "must be \(relation) \(shown)\(origin)"
    }
}

extension PlanBuilder {
    /// The fast step: the value is within both bounds (a dynamic bound evaluated per record).
    mutating func rangeStep(_ minimum: RangeBound?, _ maximum: RangeBound?) -> CheckStep {
        var step = CheckStep(kind: .range)
        step.lower = bound(minimum)
        step.upper = bound(maximum)
        return step
    }
}

/// Number and date bounds: literals, expressions of `today` (computed once per run), and
/// expressions of other fields (computed per record).
extension CompilerState {
    /// The bounds of a range (either may be nil when it does not compile), nil without one.
    func compileRange(_ constraints: Constraints, of rule: FieldRule, id: Int, scope: Int?)
        -> (minimum: RangeBound?, maximum: RangeBound?)?
    {
        let lower = pickBound(inclusive: constraints.min, exclusive: constraints.exclusiveMin,
                              names: ("min", "exclusiveMin"), rule: rule)
        let upper = pickBound(inclusive: constraints.max, exclusive: constraints.exclusiveMax,
                              names: ("max", "exclusiveMax"), rule: rule)
        guard lower != nil || upper != nil else { return nil }
        let minimum = lower.flatMap { bound in
            compileBound(bound.bound, of: rule, id: id, scope: scope).map {
                RangeBound(value: $0, exclusive: bound.exclusive, source: bound.bound.value.text)
            }
        }
        let maximum = upper.flatMap { bound in
            compileBound(bound.bound, of: rule, id: id, scope: scope).map {
                RangeBound(value: $0, exclusive: bound.exclusive, source: bound.bound.value.text)
            }
        }
        if let minimum, let maximum, let lower,
            isEmptyRange(minimum.value, minimum.exclusive, maximum.value, maximum.exclusive)
        {
            problems.report("the range of '\(rule.path)' is empty: its lower bound is above its upper bound",
                            at: lower.bound.location)
        }
        return (minimum, maximum)
    }

    private func pickBound(
        inclusive: Located<Bound>?, exclusive: Located<Bound>?, names: (String, String), rule: FieldRule
    ) -> (bound: Located<Bound>, exclusive: Bool)? {
        let hasInclusive = applies(names.0, inclusive?.location, to: rule)
        let hasExclusive = applies(names.1, exclusive?.location, to: rule)
        if hasInclusive, hasExclusive, let exclusive {
            problems.report("give either '\(names.0)' or '\(names.1)', not both", at: exclusive.location)
        }
        if hasInclusive, let inclusive { return (inclusive, false) }
        if hasExclusive, let exclusive { return (exclusive, true) }
        return nil
    }

    private func compileBound(_ bound: Located<Bound>, of rule: FieldRule, id: Int, scope: Int?) -> BoundValue? {
        let isDate = rule.type == .date
        switch bound.value {
        case .number(let number):
            if isDate {
                problems.report("a date bound must be a date such as 2000-01-01, or an expression such as "
                                + "today-18y", at: bound.location)
                return nil
            }
            return .number(number)
        case .expression(let text):
            let expected: [ExpressionType] = isDate ? [.date] : [.integer, .decimal]
            guard let expression = compileExpression(Located(text, at: bound.location), listID: scope, fieldID: id,
                                                     expected: expected, what: "bound of '\(rule.path)'")
            else { return nil }
            guard expression.isConstant else { return .dynamic(expression, source: text) }
            switch expression.constantValue {
            case .date(let date): return .date(date)
            case .integer(let number): return .number(ExactDecimal(number))
            case .decimal(let number): return .number(number)
            default:
                problems.report("the bound '\(text)' has no value for \(today)", at: bound.location)
                return nil
            }
        }
    }

    private func isEmptyRange(_ lower: BoundValue, _ lowerExclusive: Bool, _ upper: BoundValue,
                              _ upperExclusive: Bool) -> Bool {
        switch (lower, upper) {
        case (.number(let low), .number(let high)):
            return low > high || (low == high && (lowerExclusive || upperExclusive))
        case (.date(let low), .date(let high)):
            return low > high || (low == high && (lowerExclusive || upperExclusive))
        default:
            return false
        }
    }
}

extension Bound {
    /// The bound as written.
    var text: String {
        switch self {
        case .number(let number): return number.description
        case .expression(let text): return text
        }
    }
}

extension DefectPlanter {
    /// A value just outside the field's resolved range.
    func outOfRange(_ below: Bool, _ field: CompiledField, _ value: GeneratedValue,
                            _ address: FieldAddress) -> GeneratedValue? {
        switch value {
        case .date:
            let range = inScope(address) { builder.dateRange(field) }
            guard let limit = below ? range.low : range.high else { return nil }
            // The first day past the bound that the field's filters (`weekdays`) allow, so the
            // defect breaks the bound alone.
            let filters = inScope(address) { builder.dateFilters(field) }
            guard let day = DateChecks.nearestAllowed(from: below ? limit - 1 : limit + 1, step: below ? -1 : 1,
                                                      filters: filters)
            else { return nil }
            return .date(CivilDate(dayNumber: day))
        default:
            return numberDefect(below ? .lower : .upper, field, value, address)
        }
    }
}

/// What generated numbers and dates must satisfy: the tightest range of every range check in force.
extension QuestionnaireBuilder {
    /// The resolved value of a bound: fixed per run, or computed from fields already generated.
    func resolved(_ bound: RangeBound) -> BoundValue? {
        guard case .dynamic(let expression, _) = bound.value else { return bound.value }
        switch expression.evaluate(environment) {
        case .date(let date)?: return .date(date)
        case .integer(let number)?: return .number(ExactDecimal(number))
        case .decimal(let number)?: return .number(number)
        default: return nil
        }
    }

    /// The tightest range of day numbers the date checks in force allow (the field's own and
    /// those of the cases that hold; nil ends: unbounded).
    func dateRange(_ field: CompiledField) -> DayRange {
        if let fixed = plan.fixedDateRanges[field.id] { return fixed }
        var days: DayRange = (nil, nil)
        DateChecks.narrow(&days, by: field.checks, bound: resolved)
        if !field.cases.isEmpty {
            let mask = activeCases(of: field)
            for (index, variant) in field.cases.enumerated() where mask & (1 << min(index, 62)) != 0 {
                DateChecks.narrow(&days, by: variant.checks, bound: resolved)
            }
        }
        return Self.inCalendar(days.low, days.high)
    }

    /// The date filter kinds in force on the field (its own and those of the cases that hold).
    func dateFilters(_ field: CompiledField) -> [any DateCheck] {
        if let fixed = plan.fixedDateFilters[field.id] { return fixed }
        var filters = DateChecks.filters(in: field.checks)
        if !field.cases.isEmpty {
            let mask = activeCases(of: field)
            for (index, variant) in field.cases.enumerated() where mask & (1 << min(index, 62)) != 0 {
                filters += DateChecks.filters(in: variant.checks)
            }
        }
        return filters
    }

    /// A range of day numbers cut to the dates a field can hold (a bound computed past
    /// 0001-01-01...9999-12-31 is compared exactly by the validator; values are generated inside).
    static func inCalendar(_ low: Int32?, _ high: Int32?) -> (low: Int32?, high: Int32?) {
        (low.map { max($0, CivilDate.earliest.dayNumber) }, high.map { min($0, CivilDate.latest.dayNumber) })
    }

    /// ``dateRange(_:)`` of a field whose range checks depend on nothing generated (every bound
    /// fixed per run, no `cases`), worked out once; nil for other fields.
    static func fixedDateRange(of field: CompiledField) -> DayRange? {
        guard field.cases.isEmpty else { return nil }
        var days: DayRange = (nil, nil)
        for case .date(let check) in field.checks {
            for bound in [check.bounds.lower, check.bounds.upper] {
                if case .dynamic? = bound?.value { return nil }
            }
            check.narrow(&days) { $0.value }
        }
        return inCalendar(days.low, days.high)
    }
}
