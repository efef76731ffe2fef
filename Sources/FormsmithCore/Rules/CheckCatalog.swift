/// The documentation of one kind of check, with examples that are also its tests.
///
/// `field` is the YAML of a field named `value`; each example is the JSON of that field's
/// value (`nil` means the field is absent). Valid examples must pass; each invalid example
/// must fail with `rule`.
public struct CheckDescription: Sendable {
    /// The rule identifier reports use.
    public let rule: String
    /// One line on what the check does.
    public let summary: String
    /// The YAML of a field declaring the check.
    public let field: String
    /// Values that pass (JSON text; nil for absent).
    public let passing: [String?]
    /// Values that fail with `rule`.
    public let failing: [String?]
    /// Other fields the example needs (YAML), e.g. the BIC a bank account is checked with.
    public let companions: String
    /// Values of the companion fields (JSON object members).
    public let companionValues: String

    init(rule: String, summary: String, field: String, passing: [String?], failing: [String?],
         companions: String = "", companionValues: String = "") {
        self.rule = rule
        self.summary = summary
        self.field = field
        self.passing = passing
        self.failing = failing
        self.companions = companions
        self.companionValues = companionValues
    }
}

/// Every check Formsmith knows, documented by example: the checks of a field as a whole
/// (presence, type, visibility, parents) and every value-check kind's own examples (each in
/// its file in `Checks/`).
public enum CheckCatalog {
    /// All check descriptions: presence and type first, then each `CheckKind` in order,
    /// then date layouts, visibility, `requiredIf` and parents.
    public static let all: [CheckDescription] = [
        CheckDescription(
            rule: RuleIdentifier.required, summary: "A field is required unless `optional: true`; empty counts as absent.",
            field: "{type: string}", passing: ["\"x\""], failing: [nil, "\"\"", "null"]),
        CheckDescription(
            rule: RuleIdentifier.type, summary: "The JSON type must fit the field type (integers are numbers, not strings).",
            field: "{type: integer}", passing: ["2019", "-1"], failing: ["\"2019\"", "20.5", "true"]),
    ] + CheckKind.allCases.flatMap { $0.definition.examples } + [
        CheckDescription(
            rule: RuleIdentifier.type, summary: "A date must be a real date in the field's `format` (ISO by default).",
            field: "{type: date, format: dd.MM.yyyy}", passing: ["\"29.02.2024\""], failing: ["\"29.02.2023\"", "\"2024-02-29\""]),
        CheckDescription(
            rule: RuleIdentifier.visibility, summary: "A field whose `visibleIf` is false must be absent or empty.",
            field: "{type: string, visibleIf: 'shown', optional: true}", passing: [nil], failing: ["\"x\""],
            companions: "shown: {type: boolean}", companionValues: "\"shown\": false"),
        CheckDescription(
            rule: RuleIdentifier.required, summary: "`requiredIf` makes a field required when its predicate holds.",
            field: "{type: string, requiredIf: 'kind == \"company\"', optional: true}", passing: ["\"x\""], failing: [nil],
            companions: "kind: {type: string}", companionValues: "\"kind\": \"company\""),
        CheckDescription(
            rule: RuleIdentifier.parent, summary: "A field with `parent:` cannot be filled while its parent is empty.",
            field: "{type: string, parent: docType, optional: true}", passing: [nil], failing: ["\"123\""],
            companions: "docType: {type: string, optional: true}", companionValues: "\"docType\": \"\""),
    ]
}
