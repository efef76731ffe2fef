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

/// Every check Formsmith knows, documented by example.
public enum CheckCatalog {
    /// All check descriptions, in the order the rules reference lists them.
    public static let all: [CheckDescription] = [
        CheckDescription(
            rule: RuleIdentifier.required, summary: "A field is required unless `optional: true`; empty counts as absent.",
            field: "{type: string}", passing: ["\"x\""], failing: [nil, "\"\"", "null"]),
        CheckDescription(
            rule: RuleIdentifier.type, summary: "The JSON type must fit the field type (integers are numbers, not strings).",
            field: "{type: integer}", passing: ["2019", "-1"], failing: ["\"2019\"", "20.5", "true"]),
        CheckDescription(
            rule: RuleIdentifier.minLength, summary: "A string has at least `minLength` characters (Unicode scalars).",
            field: "{type: string, minLength: 3}", passing: ["\"abc\"", "\"Ёлка\""], failing: ["\"ab\"", "\"Ё\""]),
        CheckDescription(
            rule: RuleIdentifier.maxLength, summary: "A string has at most `maxLength` characters (Unicode scalars).",
            field: "{type: string, maxLength: 3}", passing: ["\"abc\"", "\"Ёжи\""], failing: ["\"abcd\"", "\"Ёжики\""]),
        CheckDescription(
            rule: RuleIdentifier.regex, summary: "The whole value matches a PCRE2 pattern (anchored at both ends).",
            field: "{type: string, regex: '\\d{3}'}", passing: ["\"123\""], failing: ["\"1234\"", "\"12a\""]),
        CheckDescription(
            rule: RuleIdentifier.regex, summary: "Flags: `regexFlags: i` matches case-insensitively (Unicode-aware).",
            field: "{type: string, regex: '[а-я]+', regexFlags: i}", passing: ["\"ПрИвЕт\""], failing: ["\"hello\""]),
        CheckDescription(
            rule: RuleIdentifier.mask, summary: "The value fits an input mask: 0 digit, 9 optional digit, S letter, A letter or digit, [..] a set.",
            field: "{type: string, mask: '+7 (000) 000-00-00'}", passing: ["\"+7 (916) 123-45-67\""],
            failing: ["\"+7 916 123-45-67\"", "\"+7 (916) 123-45-6\""]),
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
        CheckDescription(
            rule: RuleIdentifier.type, summary: "A date must be a real date in the field's `format` (ISO by default).",
            field: "{type: date, format: dd.MM.yyyy}", passing: ["\"29.02.2024\""], failing: ["\"29.02.2023\"", "\"2024-02-29\""]),
        CheckDescription(
            rule: RuleIdentifier.fractionDigits, summary: "A decimal has at most `fractionDigits` digits after the point.",
            field: "{type: decimal, fractionDigits: 2}", passing: ["10.25", "3"], failing: ["10.255"]),
        CheckDescription(
            rule: RuleIdentifier.enumeration, summary: "An enum value is one of `values` (strings or integers).",
            field: "{type: enum, values: [passport, driverLicense]}", passing: ["\"passport\""], failing: ["\"visa\""]),
        CheckDescription(
            rule: RuleIdentifier.enumeration, summary: "Each chosen value of a multi-choice field is one of `values`.",
            field: "{type: multi-choice, values: [web, app]}", passing: ["[\"web\"]", "[\"web\",\"app\"]"],
            failing: ["[\"fax\"]"]),
        CheckDescription(
            rule: RuleIdentifier.unique, summary: "A multi-choice value lists each choice once.",
            field: "{type: multi-choice, values: [web, app]}", passing: ["[\"app\",\"web\"]"], failing: ["[\"web\",\"web\"]"]),
        CheckDescription(
            rule: RuleIdentifier.minItems, summary: "A list or multi-choice has at least `minItems` entries.",
            field: "{type: multi-choice, values: [web, app], minItems: 2, optional: true}",
            passing: ["[\"web\",\"app\"]"], failing: ["[\"web\"]"]),
        CheckDescription(
            rule: RuleIdentifier.maxItems, summary: "A list or multi-choice has at most `maxItems` entries.",
            field: "{type: list, maxItems: 1, fields: {name: {type: string}}}",
            passing: ["[{\"name\":\"a\"}]"], failing: ["[{\"name\":\"a\"},{\"name\":\"b\"}]"]),
        CheckDescription(
            rule: RuleIdentifier.constant, summary: "The value must be exactly `const` (a consent box must be true).",
            field: "{type: boolean, const: true}", passing: ["true"], failing: ["false"]),
        CheckDescription(
            rule: RuleIdentifier.checksum, summary: "`checksum: inn`: Russian taxpayer number, 10 or 12 digits.",
            field: "{type: string, checksum: inn}", passing: ["\"7707083893\"", "\"500100732259\""],
            failing: ["\"7707083894\"", "\"500100732258\""]),
        CheckDescription(
            rule: RuleIdentifier.checksum, summary: "`checksum: snils`: Russian insurance number, 11 digits.",
            field: "{type: string, checksum: snils}", passing: ["\"112-233-445 95\""], failing: ["\"112-233-445 96\""]),
        CheckDescription(
            rule: RuleIdentifier.checksum, summary: "`checksum: ogrn`: OGRN (13 digits) or OGRNIP (15 digits).",
            field: "{type: string, checksum: ogrn}", passing: ["\"1027700132195\"", "\"304500116000157\""],
            failing: ["\"1027700132194\""]),
        CheckDescription(
            rule: RuleIdentifier.checksum, summary: "`checksum: {name: bank-account, with: BIC-FIELD}`: account control key.",
            field: "{type: string, checksum: {name: bank-account, with: bic}}",
            passing: ["\"40702810938000000001\""], failing: ["\"40702810938000000002\""],
            companions: "bic: {type: string}", companionValues: "\"bic\": \"044525225\""),
        CheckDescription(
            rule: RuleIdentifier.checksum, summary: "`checksum: vin`: the North-American VIN check digit (opt-in).",
            field: "{type: string, checksum: vin}", passing: ["\"1M8GDM9AXKP042788\""], failing: ["\"1M8GDM9A1KP042788\""]),
        CheckDescription(
            rule: RuleIdentifier.checksum, summary: "`checksum: luhn`: Luhn mod 10 (card numbers).",
            field: "{type: string, checksum: luhn}", passing: ["\"4111111111111111\""], failing: ["\"4111111111111112\""]),
        CheckDescription(
            rule: RuleIdentifier.checksum, summary: "`checksum: iban`: ISO 13616 mod 97 with the country's length.",
            field: "{type: string, checksum: iban}", passing: ["\"GB82 WEST 1234 5698 7654 32\""],
            failing: ["\"GB82 WEST 1234 5698 7654 33\""]),
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
