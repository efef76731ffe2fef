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
        "fields": .init("The fields of each item of a list.", ref("fields")),
        "assert": .init("Assertions checked once per item of a list.", ref("assertions")),
        "multiple": .init("On an attachment field, true: it holds several files, a JSON array of references "
                          + "(minItems and maxItems count them).", ref("boolean")),
    ]

    private static let constraint: [String: RuleKeyDocumentation] = [
        "minLength": .init("The fewest characters (Unicode scalars) of a string or text (rule min-length).",
                           ref("count")),
        "maxLength": .init("The most characters (Unicode scalars) of a string or text (rule max-length).",
                           ref("count")),
        "regex": .init("A PCRE2 pattern the whole value must match (rule regex); write it in single quotes.",
                       [("type", "string")]),
        "regexFlags": .init("Flags for regex: i case-insensitive, m multiline, s dot matches newlines, "
                            + "x extended, n no auto-capture.", [("type", "string"), ("pattern", "^[imsxnu]*$")]),
        "mask": .init("An input mask the whole value must fit (rule mask): 0 digit, 9 optional digit, S letter, "
                      + "A letter or digit, [...] a set, ? after one makes it optional, \\x a literal x.",
                      [("type", "string")]),
        "min": .init("The inclusive lower bound of a number or date (rule min): a number, a date, or an expression "
                     + "such as today-18y, year(today) or drivers[].birthDate + 18y.", ref("bound")),
        "max": .init("The inclusive upper bound of a number or date (rule max): a number, a date, or an expression "
                     + "such as today or today+60d.", ref("bound")),
        "exclusiveMin": .init("The exclusive lower bound (rule min): exclusiveMin: 0 means greater than 0.",
                              ref("bound")),
        "exclusiveMax": .init("The exclusive upper bound (rule max).", ref("bound")),
        "fractionDigits": .init("The most significant digits after the decimal point of a decimal "
                                + "(rule fraction-digits).", ref("count")),
        "values": .init("The allowed values of an enum or multi-choice field (rule enum): [a, b] or [3, 6, 12].",
                        [("type", "array"), ("items", .object(ref("scalar")))]),
        "valuesFrom": .init("A word list file of allowed values, one per line, relative to the rule file "
                            + "(rule enum).", [("type", "string")]),
        "minItems": .init("The fewest items of a list, or choices of a multi-choice field (rule min-items).",
                          ref("count")),
        "maxItems": .init("The most items of a list, or choices of a multi-choice field (rule max-items).",
                          ref("count")),
        "mediaTypes": .init("The media types an attached file may have (rule media-type): application/pdf, or "
                            + "image/* for every image type.",
                            [("anyOf", [.object([("type", "string")]),
                                        .object([("type", "array"), ("items", .object([("type", "string")]))])])]),
        "extensions": .init("The file name extensions an attached file may have, without the dot, any case "
                            + "(rule extension): [pdf, jpg, jpeg].",
                            [("anyOf", [.object([("type", "string")]),
                                        .object([("type", "array"), ("items", .object([("type", "string")]))])])]),
        "minSize": .init("The smallest attached file (rule min-size): bytes, or a number with B, KB, MB, GB "
                         + "(powers of 1000) or KiB, MiB, GiB (powers of 1024), such as 1KB.", ref("byteSize")),
        "maxSize": .init("The largest attached file (rule max-size), such as 10MB (10,000,000 bytes) or 5MiB.",
                         ref("byteSize")),
        "checksum": .init("A check-digit algorithm the value must pass (rule checksum): a name, or "
                          + "{name: bank-account, with: BIC-FIELD}.", ref("checksum")),
        "const": .init("The only acceptable value (rule const): const: true for a consent box.", ref("scalar")),
        "format": .init("On a string field, a standard text format the value must be in (rule format): "
                        + TextFormat.allCases.map(\.rawValue).joined(separator: ", ")
                        + ". On a date field, its layout: yyyy, MM and dd once each with separators; "
                        + "yyyy-MM-dd (ISO) when absent.",
                        [("anyOf", [.object([("enum", .array(TextFormat.allCases.map { .string($0.rawValue) }))]),
                                    .object(ref("dateFormat"))])]),
        "allow": .init("Special values accepted as they are, skipping the other value checks: allow: ['0'].",
                       [("anyOf", [.object(ref("scalar")),
                                   .object([("type", "array"), ("items", .object(ref("scalar")))])])]),
        "messages": .init("Custom messages by rule identifier: messages: {regex: must be a Russian plate}.",
                          ref("messages")),
    ]

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
