/// A JSON Schema (draft 2020-12) of one questionnaire, exported from its rule set, with what the
/// schema cannot say.
public struct QuestionnaireSchema: Sendable {
    /// The schema.
    public let document: JSONValue
    /// The checks Formsmith makes that the schema leaves out, in declaration order.
    public let gaps: [SchemaGap]

    /// The schema's text (what `formsmith export json-schema` writes).
    public var text: String { document.pretty() }
}

/// A check Formsmith makes that an exported JSON Schema cannot express.
public struct SchemaGap: Sendable, Hashable, CustomStringConvertible {
    /// The field's path (`drivers[].licenseIssued`), or `*` for every field.
    public let field: String
    /// The rule identifier of the check, as reports name it.
    public let rule: String
    /// Why it is left out.
    public let reason: String

    /// `field: rule: reason`.
    public var description: String { "\(field): \(rule): \(reason)" }
}

/// Exports a rule set as the JSON Schema of one questionnaire, for tools that read JSON Schema
/// (form renderers, API gateways, OpenAPI).
///
/// The schema accepts every questionnaire Formsmith finds valid. It rejects what Formsmith
/// rejects for types, required fields, patterns and masks, lengths, number ranges, enums,
/// constants, unknown fields, and visibility, requiredness, cases and assertions whose
/// predicate JSON Schema can say with `if`/`then`. Everything else (checksums, date bounds,
/// bounds that read `today` or another field, other predicates) is listed in ``QuestionnaireSchema/gaps``
/// and in the schema's `$comment`.
public enum QuestionnaireSchemaExporter {
    /// The schema of a questionnaire of `rules`.
    public static func export(_ rules: CompiledRuleSet) -> QuestionnaireSchema {
        let builder = SchemaBuilder(ruleSet: rules.ruleSet, today: rules.today)
        let root = builder.scope(rules.ruleSet.fields, prefix: "", assertions: rules.ruleSet.assertions)
        builder.gap("*", RuleIdentifier.duplicateField, "a JSON parser keeps one member of each name")
        let ruleSet = rules.ruleSet
        let file = ruleSet.file.split(separator: "/").last.map(String.init) ?? ruleSet.file
        var members: [(String, JSONValue)] = [
            ("$schema", "https://json-schema.org/draft/2020-12/schema"),
            ("title", .string(ruleSet.title)),
            ("description", .string("A questionnaire of the rule set '\(ruleSet.id)'"
                + (ruleSet.version.isEmpty ? "" : " version \(ruleSet.version)")
                + ", exported by Formsmith from \(file).")),
        ]
        let gaps = builder.gaps
        if !gaps.isEmpty {
            members.append(("$comment", .string("Formsmith also checks what this schema cannot express: "
                + gaps.map(\.description).joined(separator: "; ") + ".")))
        }
        guard case .object(let rootMembers) = root else { return QuestionnaireSchema(document: root, gaps: gaps) }
        members += rootMembers
        members.append(("$defs", .object([
            ("empty", .object([
                ("description", "Not filled: Formsmith reads a missing member, null, \"\" and [] alike."),
                ("enum", [.null, "", []]),
            ])),
        ])))
        return QuestionnaireSchema(document: .object(members), gaps: gaps)
    }
}
