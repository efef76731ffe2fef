import FormsmithValues

/// `greaterThan`: a number is strictly greater than a fixed bound, under a rule of its own
/// (`greaterThan: 0` for an amount that cannot be zero, rule `greater-than`), so a report, a
/// `messages:` entry or a SARIF filter can tell it apart from the range's `min`. A number kind
/// (``NumberCheck``) and the recipe's bound kind with its own rule: it narrows the number
/// domain by a named bound (``NumberDomain/Rule/bound(_:)``), so generation draws above it,
/// satisfiability reports a range it empties, and its labelled defect is the first value at or
/// below it that keeps to every other rule.
enum GreaterThanCheck: ValueCheckKind {
    /// `greaterThan` as written.
    struct Written: WrittenKeys {
        var greaterThan: Located<String>?
    }

    /// The compiled check: its bound, kept as data for generation and analysis.
    struct Above: NumberCheck {
        static let kind = CheckKind.greaterThan
        let bound: ExactDecimal
        var rule: String { RuleIdentifier.greaterThan }
        var narrowings: [NumberDomain.Rule] { [.bound(RuleIdentifier.greaterThan)] }

        func narrow(_ domain: inout NumberDomain) {
            domain.narrow(bound: bound, exclusive: true, upper: false, rule: RuleIdentifier.greaterThan)
        }

        func violation(_ value: ExactDecimal) -> String? {
            value > bound ? nil : "must be greater than \(bound)"
        }
    }

    static let rules = [
        CheckRule(id: RuleIdentifier.greaterThan, summary: "A number is not greater than the field's `greaterThan` bound."),
    ]

    static let keys = [
        CheckKey("greaterThan", types: [.integer, .decimal], .number, into: \.greaterThan,
                 "A number the value must be strictly greater than, under its own rule (rule greater-than): "
                 + "greaterThan: 0 for an amount that cannot be zero or negative."),
    ]

    static let examples = [
        CheckDescription(
            rule: RuleIdentifier.greaterThan, summary: "A decimal is strictly greater than `greaterThan`.",
            field: "{type: decimal, greaterThan: 0, max: 100, fractionDigits: 2}", passing: ["0.01", "100", "42.5"],
            failing: ["0", "-0.01"]),
        CheckDescription(
            rule: RuleIdentifier.greaterThan, summary: "An integer is strictly greater than `greaterThan`.",
            field: "{type: integer, greaterThan: 17, max: 21}", passing: ["18", "21"], failing: ["17", "3"]),
    ]

    static func compile(_ constraints: Constraints, at site: CheckSite, in state: CompilerState) -> ValueCheck? {
        guard let written = constraints.greaterThan, state.applies("greaterThan", written.location, to: site.rule)
        else { return nil }
        guard let bound = ExactDecimal(written.value) else {
            state.problems.report("greaterThan must be a number, such as 0 or 17.5, found '\(written.value)'",
                                  at: written.location)
            return nil
        }
        reportEmptied(above: bound, at: written.location, by: constraints, of: site.rule, in: state)
        return .number(Above(bound: bound))
    }

    /// A fixed upper end at or below the bound leaves no value at all: said when the rules load
    /// (so by `lint` too), as a `min` above `max` is. An upper end that is an expression is
    /// known per questionnaire only; generation reports such a range when it meets it.
    private static func reportEmptied(above bound: ExactDecimal, at location: SourceLocation,
                                      by constraints: Constraints, of rule: FieldRule, in state: CompilerState) {
        let upper = constraints.max.map { (bound: $0.value, name: "max", relation: "at most") }
            ?? constraints.exclusiveMax.map { (bound: $0.value, name: "exclusiveMax", relation: "below") }
        guard let upper, case .number(let high) = upper.bound, high <= bound else { return }
        state.problems.report("the range of '\(rule.path)' is empty: no number is greater than \(bound) "
                              + "and \(upper.relation) its \(upper.name) \(high); lower greaterThan or raise \(upper.name)",
                              at: location)
    }

    /// Written as `exclusiveMinimum`, unless the range's `exclusiveMin` already is (a schema
    /// holds one `exclusiveMinimum`).
    static let jsonSchema: SchemaExpression = .partly(
        ["exclusiveMinimum"], notExpressed: "a bound beside the field's own exclusiveMin")

    static func declaredRules(in constraints: Constraints, type: FieldType) -> [String] {
        constraints.greaterThan != nil ? [RuleIdentifier.greaterThan] : []
    }

    static func schemaKeywords(_ constraints: Constraints, type: FieldType, gap: (String, String) -> Void)
        -> [(String, JSONValue)]
    {
        guard let written = constraints.greaterThan, let bound = ExactDecimal(written.value) else { return [] }
        if let range = constraints.exclusiveMin, case .number = range.value {
            gap(RuleIdentifier.greaterThan, "greater than \(bound), beside the field's exclusiveMin (a JSON Schema "
                + "holds one exclusiveMinimum)")
            return []
        }
        return [("exclusiveMinimum", bound.int64.map(JSONValue.integer) ?? .number(bound))]
    }

    static func explain(_ constraints: Constraints, for writer: ExplanationWriter) -> [ExplainedCheck] {
        guard let written = constraints.greaterThan else { return [] }
        let bound = ExactDecimal(written.value)?.description ?? written.value
        return [ExplainedCheck(label: "above", body: "greater than \(bound)", rules: [RuleIdentifier.greaterThan])]
    }
}

extension RuleIdentifier {
    /// A number is not greater than the field's `greaterThan` bound.
    public static let greaterThan = "greater-than"
}

extension Constraints {
    /// The number a value must be strictly greater than, as written (`0`).
    public var greaterThan: Located<String>? {
        get { self[GreaterThanCheck.self].greaterThan }
        set { self[GreaterThanCheck.self].greaterThan = newValue }
    }
}
