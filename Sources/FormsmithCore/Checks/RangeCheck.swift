/// `min` / `max` / `exclusiveMin` / `exclusiveMax`: a number or date range whose bounds are
/// literals, expressions of `today` (computed once per run) or of other fields (per record).
/// Compiling the bounds is in `Compile/RuleCompiler+Bounds.swift`.
enum RangeCheck: ValueCheckKind {
    static let keys = ["min", "max", "exclusiveMin", "exclusiveMax"].map {
        CheckKey(name: $0, types: [.integer, .decimal, .date])
    }

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

    static func compile(_ constraints: Constraints, at site: CheckSite, in state: CompilerState) -> ValueCheck? {
        state.compileRange(constraints, of: site.rule, id: site.id, scope: site.scope)
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

extension RecordValidator {
    /// Compares the value with each bound; `compare` returns -1, 0, 1 against a known bound.
    func checkRange(_ field: CompiledField, _ path: ConcretePath, _ raw: RawValue, _ minimum: RangeBound?,
                    _ maximum: RangeBound?, compare: (BoundValue) -> Int?) {
        if let minimum, let order = compare(resolved(minimum.value)),
            order < 0 || (order == 0 && minimum.exclusive)
        {
            report(field, path, RuleIdentifier.min, boundMessage(minimum, lower: true, field: field), raw)
        }
        if let maximum, let order = compare(resolved(maximum.value)),
            order > 0 || (order == 0 && maximum.exclusive)
        {
            report(field, path, RuleIdentifier.max, boundMessage(maximum, lower: false, field: field), raw)
        }
    }

    /// A dynamic bound evaluated for this record (unknown when a field it reads is invalid).
    func resolved(_ bound: BoundValue) -> BoundValue {
        guard case .dynamic(let expression, _) = bound else { return bound }
        switch expression.evaluate(environment) {
        case .date(let date)?: return .date(date)
        case .integer(let number)?: return .number(Double(number))
        case .decimal(let number)?: return .number(number)
        default: return .dynamic(expression, source: "")
        }
    }

    private func boundMessage(_ bound: RangeBound, lower: Bool, field: CompiledField) -> String {
        let value = shownBound(bound.value)
        let shown: String
        switch value {
        case .date(let date): shown = field.datePattern.format(date)
        case .number(let number): shown = Bound.number(number).text
        case .dynamic: shown = bound.source
        }
        let isLiteral = shown == bound.source
        let origin = isLiteral ? "" : " (\(bound.source))"
        if field.type == .date {
            let relation = lower ? (bound.exclusive ? "after" : "on or after") : (bound.exclusive ? "before" : "on or before")
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
