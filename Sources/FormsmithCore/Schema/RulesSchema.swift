import FormsmithValues

/// The JSON Schema (draft 2020-12) of the rule file format, for editors and validators.
///
/// Generated from the loader's own key tables (``RuleLanguage/keys(for:)``), so it accepts
/// exactly the keys the loader accepts; the repository ships its output as
/// `schemas/formsmith-rules.schema.json`, and a test keeps the two identical.
public enum RulesSchema {
    /// The path of the shipped schema, relative to the repository root.
    public static let shippedPath = "schemas/formsmith-rules.schema.json"

    /// The schema document.
    public static func document() -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("$schema", "https://json-schema.org/draft/2020-12/schema"),
            ("title", "Formsmith rule file"),
            ("description", .string("A questionnaire's rules for Formsmith (rules language 1): fields, sections and "
                + "the checks a filled questionnaire must pass; or a definition library that rule files include. "
                + "Reference: docs/rules.md.")),
        ]
        members += object(context: .ruleSet)
        members += [
            // A rule file has an id and fields or sections; anything else must be a library.
            ("anyOf", [.object([("required", ["id", "fields"])]), .object([("required", ["id", "sections"])]),
                       .object(RuleKeyDocumentation.ref("library"))]),
            ("$defs", .object(definitions())),
        ]
        return .object(members)
    }

    /// The schema as the text `formsmith schema rules` prints and the repository ships.
    public static func text() -> String { document().pretty() }

    /// Keys the loader accepts that have no description (a test keeps this empty).
    public static var undocumentedKeys: [String] {
        RuleContext.allCases.flatMap { context in
            RuleLanguage.keys(for: context).filter { RuleKeyDocumentation.of($0, in: context) == nil }
                .map { "\(context.rawValue).\($0)" }
        }
    }

    /// `type: object` with a property per key of `context` and no other keys.
    private static func object(context: RuleContext) -> [(String, JSONValue)] {
        let properties = RuleLanguage.keys(for: context).map { key -> (String, JSONValue) in
            let documentation = RuleKeyDocumentation.of(key, in: context)
            var description = documentation?.description ?? "(undocumented)"
            if context == .field || context == .case, let types = RuleLanguage.fieldTypes(accepting: key) {
                description += " Applies to " + types.map(\.rawValue).joined(separator: ", ") + " fields."
            }
            return (key, .object([("description", .string(description))] + (documentation?.value ?? [])))
        }
        return [("type", "object"), ("properties", .object(properties)), ("additionalProperties", false)]
    }

    private static func definitions() -> [(String, JSONValue)] {
        let ref = RuleKeyDocumentation.ref
        return [
            ("fields", .object([
                ("description", "Fields by name: letters, digits, '_' and '-', starting with a letter or '_'."),
                ("type", "object"), ("additionalProperties", .object(ref("field"))),
            ])),
            ("definition", .object([("description", "A field declaration; a definition needs no type of its own.")]
                + object(context: .field))),
            ("field", .object(ref("definition") + [
                ("description", "A field: a type (or a definition to use) and its checks."),
                ("anyOf", [.object([("required", ["type"])]), .object([("required", ["use"])]),
                           .object([("required", ["fields"])])]),
            ])),
            ("library", .object([("description", .string("A definition library, named by a rule file's include: "
                + "definitions and seed lists shared by several forms, no fields of its own."))]
                + object(context: .library) + [("required", ["definitions"])])),
            ("section", .object([("description", "A named group of fields: a JSON object in the questionnaire.")]
                + object(context: .section))),
            ("sectionEntry", .object([
                ("description", "A section, or with type: list a repeating section (a list field)."),
                ("if", .object([("properties", .object([("type", .object([("const", "list")]))])),
                                ("required", ["type"])])),
                ("then", .object(ref("field"))), ("else", .object(ref("section"))),
            ])),
            ("case", .object([("description", "Checks that apply while `when` holds.")]
                + object(context: .case) + [("required", ["when"])])),
            ("assertions", .object([("type", "array"), ("items", .object(ref("assertion")))])),
            ("assertion", .object([("description", "A cross-field check with its own message.")]
                + object(context: .assertion) + [("required", ["that"])])),
            ("checksum", .object([("anyOf", [
                .object(ref("checksumName")),
                .object(object(context: .checksum) + [("required", ["name"])]),
            ])])),
            ("checksumName", .object([
                ("enum", .array(ChecksumAlgorithm.allCases.map { .string($0.rawValue) })),
                ("enumDescriptions", .array(ChecksumAlgorithm.allCases.map { .string($0.summary) })),
            ])),
            ("fieldType", .object([
                ("enum", .array(FieldType.writtenTypes.map { .string($0.rawValue) })),
                ("enumDescriptions", .array(FieldType.writtenTypes.map { .string($0.summary) })),
            ])),
            ("messages", .object([
                ("type", "object"),
                ("properties", .object(RuleIdentifier.messageKeys.map { rule in
                    (rule, .object([("description", .string("Replaces the message of rule \(rule): "
                        + RuleIdentifier.summary(of: rule))), ("type", "string")]))
                })),
                ("additionalProperties", false),
            ])),
            ("dateFormat", .object([("anyOf", [
                .object([("enum", ["yyyy-MM-dd", "dd.MM.yyyy", "MM/dd/yyyy", "dd/MM/yyyy", "yyyy/MM/dd", "yyyyMMdd"])]),
                .object([("type", "string"),
                         ("pattern", "^(?=.*yyyy)(?=.*MM)(?=.*dd)[^A-Za-z]*(?:(?:yyyy|MM|dd)[^A-Za-z]*){3}$")]),
            ])])),
            ("paths", .object([("anyOf", [.object([("type", "string")]),
                                          .object([("type", "array"), ("items", .object([("type", "string")]))])])])),
            ("scalar", .object([("description", "A single value (not a list or mapping)."),
                                ("type", ["string", "number", "boolean"])])),
            ("boolean", .object([("anyOf", [.object([("type", "boolean")]), .object([("enum", ["yes", "no"])])])])),
            ("count", .object([("type", "integer"), ("minimum", 0)])),
            ("byteSize", .object([("anyOf", [
                .object([("type", "integer"), ("minimum", 0)]),
                .object([("type", "string"), ("pattern", "^ *[0-9]+(\\.[0-9]+)? *([KkMmGg][Ii]?)?[Bb]? *$")]),
            ])])),
            ("expression", .object([
                ("description", .string("An expression of the rules language: fields by path, today, literals, "
                    + "== != < <= > >= in, && || !, + - * / mod, empty() present() count() year() month() day() date() concat() sum() position().")),
                ("type", ["string", "boolean"]),
            ])),
            ("bound", .object([
                ("description", .string("A number, a date (2000-01-01), or an expression (today-18y, year(today), "
                    + "drivers[].birthDate + 18y).")),
                ("type", ["number", "string"]),
            ])),
        ]
    }
}

extension FieldType {
    /// The types a rule file writes as `type:` (every one: a section is written under
    /// `sections:`, or as a field with `type: section` inside a list's items or a section).
    static var writtenTypes: [FieldType] { allCases }

    /// One line on the type, for editors.
    var summary: String {
        switch self {
        case .string: return "A single-line string."
        case .text: return "Free text (may span lines)."
        case .integer: return "A whole number (a JSON number without fraction)."
        case .decimal: return "A decimal number; fractionDigits limits the digits after the point."
        case .boolean: return "true or false."
        case .date: return "A date string in the field's format (yyyy-MM-dd by default)."
        case .enumeration: return "One of the listed values (strings or integers)."
        case .multiChoice: return "Several of the listed values (a JSON array)."
        case .list:
            let depth = String(CompilerState.maximumListDepth)
            return "A repeating group: a JSON array of objects holding the list's fields. Lists may nest: a list's "
                + "items may hold lists, up to " + depth + " levels (drivers[].documents[].pages[])."
        case .section: return "A group of fields: a JSON object (under sections:, or type: section inside a list's items or a section)."
        case .attachment:
            return "An attached file: a JSON object {name, mediaType, size, url?, sha256?}; an array of them "
                + "with multiple: true."
        }
    }
}
