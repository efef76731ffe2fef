import Foundation
import FormsmithValues

/// The value part of a field's schema: its JSON type and value checks.
extension SchemaBuilder {
    /// The schema of a filled value of `field` under `constraints`; `nonEmpty` for a required
    /// field (an empty string or list counts as missing); without `typed`, only the checks (for
    /// a case, whose field's own schema already says the type).
    func valueSchema(_ field: FieldRule, constraints: Constraints, nonEmpty: Bool, typed: Bool = true) -> JSONValue {
        var members: [(String, JSONValue)] = []
        let path = field.path
        switch field.type {
        case .string, .text:
            if typed { members.append(("type", "string")) }
            let minimum = max(nonEmpty ? 1 : 0, constraints.minLength?.value ?? 0)
            if minimum > 0 { members.append(("minLength", .integer(Int64(minimum)))) }
            if let maximum = constraints.maxLength { members.append(("maxLength", .integer(Int64(maximum.value)))) }
            var patterns: [String] = []
            if let regex = constraints.regex {
                switch ECMAPattern.fromPCRE2(regex.value, flags: constraints.regexFlags?.value ?? "") {
                case .success(let pattern): patterns.append(pattern)
                case .failure(let failure): gap(path, RuleIdentifier.regex, "the PCRE2 pattern: \(failure.reason)")
                }
            }
            if let mask = constraints.mask, let parsed = try? InputMask(mask.value) {
                switch ECMAPattern.fromMask(parsed) {
                case .success(let pattern): patterns.append(pattern)
                case .failure(let failure): gap(path, RuleIdentifier.mask, "the mask '\(mask.value)': \(failure.reason)")
                }
            }
            if let format = constraints.format.flatMap({ TextFormat(rawValue: $0.value) }) {
                members += formatSchema(format, path: path, patterns: &patterns)
            }
            if let first = patterns.first { members.append(("pattern", .string(first))) }
            if patterns.count > 1 { members.append(("allOf", [.object([("pattern", .string(patterns[1]))])])) }
            if let checksum = constraints.checksum {
                gap(path, RuleIdentifier.checksum, "the \(checksum.value.name) check digits")
            }
        case .integer, .decimal:
            if typed { members.append(("type", field.type == .integer ? "integer" : "number")) }
            members += numberBounds(constraints, path: path)
            if constraints.fractionDigits != nil {
                gap(path, RuleIdentifier.fractionDigits,
                    "digits after the point (multipleOf is unreliable for decimal fractions in binary floating point)")
            }
        case .boolean:
            if typed { members.append(("type", "boolean")) }
        case .date:
            if typed {
                members.append(("type", "string"))
                let format = constraints.format?.value ?? DatePattern.iso.pattern
                if format == DatePattern.iso.pattern {
                    // `format: date` is an annotation most validators assert only on request: the
                    // pattern holds the layout, and what it cannot hold is listed.
                    members.append(("format", "date"))
                    members.append(("pattern", .string(Self.pattern(ofDateLayout: format))))
                    gap(path, RuleIdentifier.type, "a real calendar date written \(format) (the pattern holds the "
                        + "layout, not the calendar: 2000-02-30 matches it; JSON Schema's format date is an annotation)")
                } else {
                    members.append(("pattern", .string(Self.pattern(ofDateLayout: format))))
                    gap(path, RuleIdentifier.type, "a real calendar date written \(format)")
                }
            }
            for (bound, rule) in [(constraints.min, "min"), (constraints.exclusiveMin, "min"),
                                  (constraints.max, "max"), (constraints.exclusiveMax, "max")] {
                if let bound { gap(path, rule, "the date bound \(Self.text(of: bound.value))") }
            }
        case .enumeration:
            let values = enumValues(field, constraints)
            let integers = field.type == .enumeration && constraints.values?.isEmpty == false
                && constraints.values!.allSatisfy { if case .integer = $0.value { true } else { false } }
            if typed { members.append(("type", integers ? "integer" : "string")) }
            if let values { members.append(("enum", .array(values.map { integers ? Self.json($0) : .string($0.description) }))) }
        case .multiChoice:
            if typed { members.append(("type", "array")) }
            var items: [(String, JSONValue)] = [("type", "string")]
            if let values = enumValues(field, constraints) {
                items.append(("enum", .array(values.map { .string($0.description) })))
            }
            if typed {
                members.append(("items", acceptingDecomposed(.object(items), field, typed: true)))
                members.append(("uniqueItems", true))
            } else if items.count > 1 {
                // A case's own `values:` (issue 31): the items it allows, not an empty schema.
                members.append(("items", acceptingDecomposed(.object(items), field, typed: false)))
            }
            members += itemCounts(constraints, nonEmpty: nonEmpty)
        case .list:
            if typed {
                members.append(("type", "array"))
                members.append(("items", scope(field.children, prefix: field.path + "[].", assertions: field.assertions)))
            }
            members += itemCounts(constraints, nonEmpty: nonEmpty)
        case .attachment:
            members += attachmentSchema(field, constraints, nonEmpty: nonEmpty)
        case .section:
            break
        }
        for kind in CheckKind.allCases {
            members += kind.definition.schemaKeywords(constraints, type: field.type) { gap(path, $0, $1) }
        }
        if let constant = constraints.constant {
            let integer = field.type == .integer || field.type == .decimal
                || (field.type == .enumeration && { if case .integer = constant.value { true } else { false } }())
            members.append(("const", field.type == .boolean || integer ? Self.json(constant.value)
                                                                      : .string(constant.value.description)))
        }
        var schema = JSONValue.object(members)
        if field.type == .string || field.type == .text || field.type == .enumeration {
            schema = acceptingDecomposed(schema, field, typed: typed)
        }
        guard !constraints.allow.isEmpty else { return schema }
        let numeric = field.type == .integer || field.type == .decimal
        let allowed: [JSONValue] = constraints.allow.map { value in
            if numeric, let number = ExactDecimal(value.value) {
                return number.int64.map(JSONValue.integer) ?? .number(number)
            }
            return .string(value.value)
        }
        return .object([("anyOf", [.object([("enum", .array(allowed))]), schema])])
    }

    /// Characters whose presence makes Formsmith look at how a text is written (combining
    /// marks U+0300-U+036F and the Greek letters after them, U+20D0-U+20FF, Hangul jamo), as
    /// an ECMA-262 character class (``TextFormReview/hasSuspectBytes(_:)`` scans for the same).
    static let decomposedMarks = "[\\u0300-\\u037F\\u20D0-\\u20FF\\u1100-\\u11FF]"

    /// Under `normalize: nfc` Formsmith accepts a text whose NFC form passes its checks. A
    /// schema cannot compute NFC, so rather than reject such a value (a name typed in
    /// decomposed form, `е` + U+0308 for `ё`) it accepts any text holding one of the marks that
    /// make Formsmith look (`anyOf` with the checks), and lists the difference as a gap. Text
    /// without such marks meets the checks as they are, as in Formsmith.
    func acceptingDecomposed(_ schema: JSONValue, _ field: FieldRule, typed: Bool) -> JSONValue {
        guard (field.constraints.normalize ?? ruleSet.normalize)?.value == TextFormCheck.nfc,
            case .object(let members) = schema,
            members.contains(where: { ["pattern", "allOf", "enum", "const", "maxLength", "format"].contains($0.0) })
        else { return schema }
        if field.type == .enumeration, let values = field.constraints.values, !values.isEmpty,
            values.allSatisfy({ if case .integer = $0.value { true } else { false } })
        {
            return schema  // integer enums are numbers
        }
        gap(field.path, RuleIdentifier.textForm, "normalize: nfc checks a text with decomposed letters (a combining "
            + "mark) in its NFC form, which JSON Schema cannot compute: this schema accepts such a text unchecked")
        let decomposed: [(String, JSONValue)] = (typed ? [("type", "string")] : []) + [("pattern", .string(Self.decomposedMarks))]
        return .object([("anyOf", [schema, .object(decomposed)])])
    }

    private func numberBounds(_ constraints: Constraints, path: String) -> [(String, JSONValue)] {
        var members: [(String, JSONValue)] = []
        for (bound, keyword, rule) in [(constraints.min, "minimum", "min"), (constraints.exclusiveMin, "exclusiveMinimum", "min"),
                                       (constraints.max, "maximum", "max"), (constraints.exclusiveMax, "exclusiveMaximum", "max")] {
            guard let bound else { continue }
            switch bound.value {
            case .number(let number):
                members.append((keyword, number.int64.map(JSONValue.integer) ?? .number(number)))
            case .expression(let source):
                gap(path, rule, "the bound \(source), computed \(source.contains("[]") || Self.readsField(source) ? "from another field" : "from today")")
            }
        }
        return members
    }

    private func itemCounts(_ constraints: Constraints, nonEmpty: Bool) -> [(String, JSONValue)] {
        var members: [(String, JSONValue)] = []
        let minimum = max(nonEmpty ? 1 : 0, constraints.minItems?.value ?? 0)
        if minimum > 0 { members.append(("minItems", .integer(Int64(minimum)))) }
        if let maximum = constraints.maxItems { members.append(("maxItems", .integer(Int64(maximum.value)))) }
        return members
    }

    /// The allowed values, from `values` or the `valuesFrom` word list.
    private func enumValues(_ field: FieldRule, _ constraints: Constraints) -> [EnumValue]? {
        if let values = constraints.values { return values.map(\.value) }
        guard let file = constraints.valuesFrom else { return nil }
        let context = LintContext(ruleSet: ruleSet, compiled: nil, today: today)
        guard case .success(let words) = context.readList(file) else { return nil }
        return words.map { .string($0.word) }
    }

    static func json(_ value: EnumValue) -> JSONValue {
        switch value {
        case .string(let text): return .string(text)
        case .integer(let number): return .integer(number)
        case .boolean(let flag): return .bool(flag)
        }
    }

    static func text(of bound: Bound) -> String {
        switch bound {
        case .number(let number): return number.description
        case .expression(let source): return source
        }
    }

    /// Whether an expression reads a field (rather than only `today` and literals).
    static func readsField(_ source: String) -> Bool {
        guard let expression = try? ExpressionParser.parse(source) else { return false }
        func reads(_ node: RuleExpression) -> Bool {
            switch node {
            case .field: return true
            case .list(let items, _): return items.contains(where: reads)
            case .unary(_, let inner, _): return reads(inner)
            case .binary(_, let left, let right, _): return reads(left) || reads(right)
            case .call(_, let arguments, _): return arguments.contains(where: reads)
            default: return false
            }
        }
        return reads(expression)
    }

    /// The anchored pattern of a date layout: `dd.MM.yyyy` gives `^[0-9]{2}\.[0-9]{2}\.[0-9]{4}$`.
    static func pattern(ofDateLayout layout: String) -> String {
        var pattern = "^"
        var rest = Substring(layout)
        while let first = rest.first {
            if rest.hasPrefix("yyyy") {
                pattern += "[0-9]{4}"
                rest = rest.dropFirst(4)
            } else if rest.hasPrefix("MM") || rest.hasPrefix("dd") {
                pattern += "[0-9]{2}"
                rest = rest.dropFirst(2)
            } else {
                pattern += "^$\\.*+?()[]{}|/".contains(first) ? "\\" + String(first) : String(first)
                rest = rest.dropFirst()
            }
        }
        return pattern + "$"
    }
}

extension SchemaBuilder {
    /// JSON Schema's own `format` where it has the format (an annotation most validators assert
    /// only on request, and looser than Formsmith's check, so it is also listed as a gap), or an
    /// exact pattern where one says it all (E.164 phone numbers).
    func formatSchema(_ format: TextFormat, path: String, patterns: inout [String]) -> [(String, JSONValue)] {
        switch format {
        case .phone:
            patterns.append("^\\+[1-9][0-9]{6,14}$")
            return []
        case .email, .uri, .uuid, .hostname, .ipv4, .ipv6, .dateTime:
            gap(path, RuleIdentifier.format, "the \(format.rawValue) format as strictly as Formsmith checks it (JSON Schema's format is an annotation)")
            textFormGap(path)
            return [("format", .string(format.rawValue))]
        case .url:
            gap(path, RuleIdentifier.format, "an http or https URL with a host (written as JSON Schema's looser uri format)")
            textFormGap(path)
            return [("format", "uri")]
        }
    }

    /// A format left to JSON Schema's annotation cannot catch a value that only how it was
    /// typed spoils (an invisible character, spaces around it): Formsmith's text-form check.
    private func textFormGap(_ path: String) {
        gap(path, RuleIdentifier.textForm, "a value spoilt only by how it was typed (invisible characters, spaces around it)")
    }
}
