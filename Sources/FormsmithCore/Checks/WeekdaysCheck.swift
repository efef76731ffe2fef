import FormsmithValues

/// `weekdays`: a date falls on one of the listed days of the week (`weekdays: [mon, tue, wed,
/// thu, fri]` for a business day). A date *filter* kind (``DateCheck/allows(_:)``): it keeps
/// some days inside the field's range rather than narrowing the range, so generation draws
/// uniformly among the allowed days of the range, its labelled defect is a day inside the
/// range on a day of the week it does not list, and the `min`/`max` defects step past the
/// bound to a day it allows.
enum WeekdaysCheck: ValueCheckKind {
    /// `weekdays` as written.
    struct Written: WrittenKeys {
        var weekdays: [Located<EnumValue>]?
    }

    /// The names of the days of the week as written, Monday first.
    static let names = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]

    /// The day of the week of `date`, 0 for Monday ... 6 for Sunday.
    static func weekday(of date: CivilDate) -> Int {
        // 2024-01-01 was a Monday.
        let monday = Int(CivilDate(year: 2024, month: 1, day: 1)!.dayNumber)
        return ((Int(date.dayNumber) - monday) % 7 + 7) % 7
    }

    /// The compiled check: the allowed days of the week, as a set of indexes (0 = Monday).
    struct Days: DateCheck {
        static let kind = CheckKind.weekdays
        let allowed: Set<Int>

        var bounds: (lower: RangeBound?, upper: RangeBound?) { (nil, nil) }
        var filterRule: String? { RuleIdentifier.weekdays }

        func narrow(_ days: inout DayRange, bound: (RangeBound) -> BoundValue?) {}

        func allows(_ date: CivilDate) -> Bool { allowed.contains(WeekdaysCheck.weekday(of: date)) }

        /// The allowed days in words (`mon, tue or fri`).
        var listed: String {
            let names = WeekdaysCheck.names.indices.filter(allowed.contains).map { WeekdaysCheck.names[$0] }
            return names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " or " + names.last!
        }

        func validate(_ date: CivilDate, _ field: CompiledField, _ path: ConcretePath, _ raw: RawValue,
                      in validator: RecordValidator) {
            guard !allows(date) else { return }
            validator.report(field, path, RuleIdentifier.weekdays,
                             "must fall on \(listed) (\(date) is a \(WeekdaysCheck.names[WeekdaysCheck.weekday(of: date)]))",
                             raw)
        }
    }

    static let rules = [
        CheckRule(id: RuleIdentifier.weekdays, summary: "A date falls on a day of the week the field does not allow."),
    ]

    static let keys = [
        CheckKey("weekdays", types: [.date], .scalars, into: \.weekdays,
                 "The days of the week a date may fall on, inside its range (rule weekdays): "
                 + "weekdays: [mon, tue, wed, thu, fri]."),
    ]

    static let examples = [
        CheckDescription(
            rule: RuleIdentifier.weekdays, summary: "A date falls on one of `weekdays`.",
            field: "{type: date, min: '2026-01-01', max: '2026-12-31', weekdays: [mon, tue, wed, thu, fri]}",
            passing: ["\"2026-11-23\"", "\"2026-11-27\""], failing: ["\"2026-11-28\"", "\"2026-11-29\""]),
    ]

    static func compile(_ constraints: Constraints, at site: CheckSite, in state: CompilerState) -> ValueCheck? {
        guard let written = constraints.weekdays, let first = written.first,
              state.applies("weekdays", first.location, to: site.rule)
        else { return nil }
        var allowed = Set<Int>()
        for entry in written {
            guard case .string(let name) = entry.value, let index = names.firstIndex(of: name.lowercased()) else {
                state.problems.report("'\(entry.value)' is not a day of the week; write one of "
                                      + names.joined(separator: ", "), at: entry.location)
                return nil
            }
            allowed.insert(index)
        }
        let days = Days(allowed: allowed)
        DateChecks.reportEmptied(by: days, constraints, of: site.rule, at: first.location, in: state)
        return .date(days)
    }

    static let jsonSchema: SchemaExpression = .none("the day of the week of a date")

    static func declaredRules(in constraints: Constraints, type: FieldType) -> [String] {
        constraints.weekdays != nil ? [RuleIdentifier.weekdays] : []
    }

    static func schemaKeywords(_ constraints: Constraints, type: FieldType, gap: (String, String) -> Void)
        -> [(String, JSONValue)]
    {
        if constraints.weekdays?.isEmpty == false { gap(RuleIdentifier.weekdays, "the day of the week of a date") }
        return []
    }

    static func explain(_ constraints: Constraints, for writer: ExplanationWriter) -> [ExplainedCheck] {
        guard let written = constraints.weekdays, !written.isEmpty else { return [] }
        return [ExplainedCheck(label: "weekdays", body: "on " + written.map { "\($0.value)" }.joined(separator: ", "),
                               rules: [RuleIdentifier.weekdays])]
    }
}

extension RuleIdentifier {
    /// A date falls on a day of the week the field does not allow.
    public static let weekdays = "weekdays"
}

extension Constraints {
    /// The days of the week a date may fall on, as written (`[mon, fri]`).
    public var weekdays: [Located<EnumValue>]? {
        get { self[WeekdaysCheck.self].weekdays }
        set { self[WeekdaysCheck.self].weekdays = newValue }
    }
}
