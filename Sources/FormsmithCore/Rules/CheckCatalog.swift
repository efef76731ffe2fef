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
    /// When not empty, the keys of a section named `group` (`complete: true`) that holds
    /// `value` and the companions; values are then members of the `group` object and the
    /// failing examples are reported on `group.value`.
    public let section: String

    init(rule: String, summary: String, field: String, passing: [String?], failing: [String?],
         companions: String = "", companionValues: String = "", section: String = "") {
        self.section = section
        self.rule = rule
        self.summary = summary
        self.field = field
        self.passing = passing
        self.failing = failing
        self.companions = companions
        self.companionValues = companionValues
    }

    /// The example's rule file: `value` and its companions, top-level or in section `group`.
    public var exampleRules: String {
        let fields = (companions.isEmpty ? "" : companions + "\n") + "value: \(field)"
        guard !section.isEmpty else {
            return "id: example\nfields:\n" + Self.indented(fields, by: 2)
        }
        return "id: example\nsections:\n  group:\n" + Self.indented(section, by: 4) + "\n    fields:\n"
            + Self.indented(fields, by: 6)
    }

    /// The example questionnaire (JSON) with `value` as the field's value (nil: absent).
    public func exampleQuestionnaire(_ value: String?) -> String {
        var members: [String] = []
        if !companionValues.isEmpty { members.append(companionValues) }
        if let value { members.append("\"value\": \(value)") }
        let object = "{" + members.joined(separator: ", ") + "}"
        return section.isEmpty ? object : "{\"group\": \(object)}"
    }

    /// The path failing examples are reported on: `value`, or `group.value`.
    public var examplePath: String { section.isEmpty ? "value" : "group.value" }

    private static func indented(_ text: String, by count: Int) -> String {
        let margin = String(repeating: " ", count: count)
        return text.split(separator: "\n").map { margin + $0 }.joined(separator: "\n")
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
        CheckDescription(
            rule: RuleIdentifier.incompleteGroup,
            summary: "A section with `complete: true` is all or none: once one of its fields is filled, every visible one must be.",
            field: "{type: string, optional: true}", passing: ["\"Ivanovich\""], failing: [nil],
            companions: "first: {type: string, optional: true}", companionValues: "\"first\": \"Ivan\"",
            section: "complete: true"),
        CheckDescription(
            rule: RuleIdentifier.visibility, summary: "A field of a section whose `visibleIf` is false must be absent or empty.",
            field: "{type: string}", passing: [nil], failing: ["\"x\""],
            companions: "shown: {type: boolean}", companionValues: "\"shown\": false",
            section: "visibleIf: group.shown"),
        CheckDescription(
            rule: RuleIdentifier.required, summary: "An `optional` section may be left empty; once one of its fields is filled, its required fields must be.",
            field: "{type: string}", passing: ["\"x\""], failing: [nil],
            companions: "first: {type: string}", companionValues: "\"first\": \"Ivan\"",
            section: "optional: true"),
    ]
}
