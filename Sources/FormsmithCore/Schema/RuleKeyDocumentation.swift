/// What one key of a rule file means and what its value looks like: the description an editor
/// shows, and the JSON Schema of the value.
struct RuleKeyDocumentation {
    /// One or two sentences for people writing rules.
    let description: String
    /// The schema keywords of the value (`type`, `$ref`, `enum`...).
    let value: [(String, JSONValue)]

    init(_ description: String, _ value: [(String, JSONValue)]) {
        self.description = description
        self.value = value
    }

    /// The documentation of `key` in `context`, or nil when it has none (a test keeps every
    /// key the loader accepts documented).
    static func of(_ key: String, in context: RuleContext) -> RuleKeyDocumentation? {
        switch context {
        case .ruleSet, .library: return ruleSet[key]  // a library's keys mean what they mean in a rule file
        case .section: return section[key]
        case .field: return field[key] ?? constraint[key]
        case .case: return key == "when" ? when : constraint[key]
        case .checksum: return checksum[key]
        case .assertion: return assertion[key]
        }
    }

    static func ref(_ name: String) -> [(String, JSONValue)] { [("$ref", .string("#/$defs/\(name)"))] }

    private static let ruleSet: [String: RuleKeyDocumentation] = [
        "$schema": .init("The JSON Schema this file follows, for editors; Formsmith ignores it.", [("type", "string")]),
        "formsmith": .init("The rules language version: 1.", [("enum", [1, "1"])]),
        "id": .init("The rule set's stable identifier, such as osago-policy; reports name it.", ref("scalar")),
        "title": .init("The questionnaire's title, for people.", ref("scalar")),
        "version": .init("The rule set's own version, as written (quote it: \"1.0\").", ref("scalar")),
        "description": .init("What the questionnaire is for, for people.", ref("scalar")),
        "include": .init("Definition libraries whose definitions this file may use: a path relative to the rule "
                         + "file, or a list of them.", ref("paths")),
        "import": .init("The same as include.", ref("paths")),
        "normalize": .init("nfc: every text field accepts a value whose Unicode NFC form passes (decomposed letters "
                           + "typed on a phone); none (the default): such a value gets a text-form violation. A "
                           + "field's own normalize wins.", [("enum", ["nfc", "none"])]),
        "seeds": .init("Named word lists for seed: and valuesFrom:, by name: a path relative to the rule file.",
                       [("type", "object"), ("additionalProperties", .object([("type", "string")]))]),
        "definitions": .init(
            "Named, reusable field declarations; a field builds on one with `use:` and overrides its keys.",
            [("type", "object"), ("additionalProperties", .object(ref("definition")))]),
        "fields": .init("Top-level fields, by name, in the order reports list them.", ref("fields")),
        "sections": .init(
            "Named groups of fields, each a JSON object in the questionnaire; an entry with `type: list` is a "
                + "repeating section (a list of items).",
            [("type", "object"), ("additionalProperties", .object(ref("sectionEntry")))]),
        "assert": .init("Questionnaire-level assertions: predicates that must hold, with their own message.",
                        ref("assertions")),
    ]

    private static let section: [String: RuleKeyDocumentation] = [
        "title": .init("The section's title, for people.", ref("scalar")),
        "description": .init("What the section holds, for people.", ref("scalar")),
        "fields": .init("The section's fields, by name.", ref("fields")),
        "visibleIf": .init("A predicate; while it is false the whole section is hidden and its fields must be absent "
                           + "or empty (rule visibility). A field the predicate reads (the switch) stays visible.",
                           ref("expression")),
        "requiredIf": .init("A predicate; while it holds the section is required, otherwise it may be left empty "
                            + "(once one of its fields is filled, its required fields must be).", ref("expression")),
        "optional": .init("true: the section may be left empty; once one of its fields is filled, its required "
                          + "fields must be.", ref("boolean")),
        "complete": .init("true: all or none; once one field of the section is filled, every visible field of it "
                          + "must be (rule incomplete-group).", ref("boolean")),
    ]

    private static let field: [String: RuleKeyDocumentation] = [
        "type": .init("The field's type; it decides the JSON value and which checks apply.", ref("fieldType")),
        "use": .init("The name of a definition this field is built on; the field's own keys override the "
                     + "definition's.", [("type", "string")]),
        "title": .init("The field's title, for people.", ref("scalar")),
        "description": .init("What the field holds, for people.", ref("scalar")),
        "optional": .init("true: the questionnaire is complete without this field (fields are required by default).",
                          ref("boolean")),
        "requiredIf": .init("A predicate; while it holds the field is required, otherwise optional.",
                            ref("expression")),
        "visibleIf": .init("A predicate; while it is false the field is hidden and must be absent or empty "
                           + "(rule visibility).", ref("expression")),
        "parent": .init("A field path, or a list of them, that must be filled before this field (rule parent).",
                        [("anyOf", [.object([("type", "string")]),
                                    .object([("type", "array"), ("items", .object([("type", "string")]))])])]),
        "cases": .init("Extra checks that apply while a condition holds: a list of {when: PREDICATE, checks...}.",
                       [("type", "array"), ("items", .object(ref("case")))]),
        "seed": .init("A word list `formsmith generate` draws values from: a path relative to the rule file, "
                      + "one value per line, # comments skipped.", [("type", "string")]),
        "default": .init("The field's initial value, as the app shows it in a new questionnaire (a list of "
                         + "choices for multi-choice); formsmith generate --use-defaults fills it in and lint "
                         + "checks it against the field's own checks.",
                         [("anyOf", [.object(ref("scalar")),
                                     .object([("type", "array"), ("items", .object(ref("scalar")))])])]),
        "fields": .init("The fields of each item of a list, or of a section (type: section: an object inside a "
                        + "list's items or another section).", ref("fields")),
        "complete": .init("For type: section: true makes it all or none; once one field of it is filled, every "
                          + "visible field of it must be (rule incomplete-group).", ref("boolean")),
        "assert": .init("Assertions checked once per item of a list.", ref("assertions")),
    ]

    /// The documentation of the value-constraint keys: each check kind's own, declared with its
    /// keys in its file in `Checks/` (``CheckKind/allKeys``), and `messages`.
    private static let constraint: [String: RuleKeyDocumentation] = Dictionary(
        CheckKind.allKeys.map { ($0.name, $0.documentation) }, uniquingKeysWith: { first, _ in first }
    ).merging(["messages": messages], uniquingKeysWith: { first, _ in first })

    private static let messages = RuleKeyDocumentation(
        "Custom messages by rule identifier: messages: {regex: must be a Russian plate}.", ref("messages"))

    private static let when = RuleKeyDocumentation(
        "The condition (a predicate) under which this case's checks apply.", ref("expression"))

    private static let checksum: [String: RuleKeyDocumentation] = [
        "name": .init("The algorithm.", ref("checksumName")),
        "with": .init("The path of the companion field (the BIC for bank-account).", [("type", "string")]),
    ]

    private static let assertion: [String: RuleKeyDocumentation] = [
        "that": .init("The predicate that must hold.", ref("expression")),
        "message": .init("The message reports show when it does not hold.", [("type", "string")]),
        "field": .init("The field path the violation is reported on (default: the questionnaire or list item).",
                       [("type", "string")]),
        "rule": .init("The rule identifier reports use for this assertion (default: assert).",
                      [("type", "string"), ("examples", ["assert", "payee-inn-for-tax"])]),
    ]
}
