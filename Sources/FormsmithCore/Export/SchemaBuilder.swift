/// Builds the JSON Schema of a questionnaire's objects (the questionnaire, sections, list items)
/// and collects what it cannot express.
final class SchemaBuilder {
    let ruleSet: RuleSet
    let today: CivilDate
    private(set) var gaps: [SchemaGap] = []

    init(ruleSet: RuleSet, today: CivilDate) {
        self.ruleSet = ruleSet
        self.today = today
    }

    func gap(_ field: String, _ rule: String, _ reason: String) {
        let gap = SchemaGap(field: field, rule: rule, reason: reason)
        if !gaps.contains(gap) { gaps.append(gap) }
    }

    /// The schema of an object scope (the questionnaire, or one list item): its members, and the
    /// conditional rules of every field inside it as `allOf`.
    func scope(_ fields: [FieldRule], prefix: String, assertions: [AssertionRule]) -> JSONValue {
        var rules: [JSONValue] = []
        let predicates = PredicateSchema(prefix: prefix)
        var (members, _) = object(fields, predicates: predicates, rules: &rules)
        for assertion in assertions {
            if let condition = predicates.condition(assertion.predicate.value) {
                rules.append(condition)
            } else {
                gap(assertion.field?.value ?? (prefix.isEmpty ? "*" : String(prefix.dropLast())), assertion.rule,
                    "the assertion \(PredicateText.quoted(assertion.predicate.value))")
            }
        }
        if !rules.isEmpty { members.append(("allOf", .array(rules))) }
        return .object(members)
    }

    /// An object's members (`type`, `properties`, `required`), and whether it must be present.
    private func object(_ fields: [FieldRule], predicates: PredicateSchema, rules: inout [JSONValue])
        -> (members: [(String, JSONValue)], required: Bool)
    {
        var properties: [(String, JSONValue)] = []
        var required: [JSONValue] = []
        for field in fields {
            if field.type == .section {
                let (members, sectionRequired) = object(field.children, predicates: predicates, rules: &rules)
                var section = members
                if let title = field.title { section.insert(("title", .string(title)), at: 0) }
                properties.append((field.name, sectionRequired ? .object(section) : Self.orEmpty(.object(section))))
                if sectionRequired { required.append(.string(field.name)) }
                continue
            }
            let (schema, isRequired) = property(field, predicates: predicates, rules: &rules)
            properties.append((field.name, schema))
            if isRequired { required.append(.string(field.name)) }
        }
        var members: [(String, JSONValue)] = [("type", "object"), ("properties", .object(properties))]
        if !required.isEmpty { members.append(("required", .array(required))) }
        members.append(("additionalProperties", false))
        return (members, !required.isEmpty)
    }

    /// A field's property schema and whether it is always required; its visibility,
    /// requiredness, parents and cases become rules of the scope.
    private func property(_ field: FieldRule, predicates: PredicateSchema, rules: inout [JSONValue])
        -> (JSONValue, Bool)
    {
        let section = field.group.flatMap { ruleSet.field(at: $0) }
        let conditionalSection = section.map { $0.isOptional || $0.requiredIf != nil } ?? false
        let alwaysRequired = !field.isOptional && field.requiredIf == nil && field.visibleIf == nil && !conditionalSection
        if let section, conditionalSection, !field.isOptional {
            gap(field.path, RuleIdentifier.required, "required only while section '\(section.path)' is required "
                + "or started")
        }
        if let section, section.isComplete {
            gap(field.path, RuleIdentifier.incompleteGroup, "section '\(section.path)' is all or none")
        }
        var annotations: [(String, JSONValue)] = []
        if let title = field.title { annotations.append(("title", .string(title))) }
        if let description = field.description { annotations.append(("description", .string(description))) }
        let value = valueSchema(field, constraints: field.constraints, nonEmpty: alwaysRequired)
        let schema: JSONValue = alwaysRequired ? Self.merged(annotations, value) : .object(annotations + [
            ("anyOf", [.object([("$ref", "#/$defs/empty")]), value]),
        ])
        presenceRules(field, predicates: predicates, rules: &rules)
        for variant in field.cases {
            let checks = valueSchema(field, constraints: variant.constraints, nonEmpty: false, typed: false)
            let declared = CheckKind.declaredRules(in: variant.constraints, type: field.type)
            if case .object(let members) = checks, members.isEmpty, !declared.isEmpty {
                // The case declares checks the schema has no words for: listed, never an empty
                // `then` that accepts anything without a word.
                for rule in declared {
                    gap(field.path, rule, "the check applies when \(PredicateText.quoted(variant.condition.value))")
                }
            } else if let condition = predicates.condition(variant.condition.value),
                let then = predicates.at(field.path, Self.orEmpty(checks), require: false)
            {
                rules.append(.object([("if", condition), ("then", then)]))
            } else {
                // Every kind says which of its rules a case declares (`ValueCheckKind.declaredRules`).
                for rule in CheckKind.declaredRules(in: variant.constraints, type: field.type) {
                    gap(field.path, rule, "the check applies when \(PredicateText.quoted(variant.condition.value))")
                }
            }
        }
        return (schema, alwaysRequired)
    }

    private func presenceRules(_ field: FieldRule, predicates: PredicateSchema, rules: inout [JSONValue]) {
        let filled = predicates.filled(field.path)
        let empty = predicates.empty(field.path)
        // Required while visible: unconditionally, or while `requiredIf` holds.
        var whenVisible: JSONValue?
        if let requiredIf = field.requiredIf {
            if let condition = predicates.condition(requiredIf.value), let filled {
                whenVisible = .object([("if", condition), ("then", filled)])
            } else {
                gap(field.path, RuleIdentifier.required, "required when \(PredicateText.quoted(requiredIf.value))")
            }
        } else if !field.isOptional, field.visibleIf != nil, !isInConditionalSection(field) {
            whenVisible = filled
        }
        if let visibleIf = field.visibleIf {
            if let condition = predicates.condition(visibleIf.value), let empty {
                var rule: [(String, JSONValue)] = [("if", condition)]
                if let whenVisible { rule.append(("then", whenVisible)) }
                rule.append(("else", empty))
                rules.append(.object(rule))
            } else {
                gap(field.path, RuleIdentifier.visibility, "hidden unless \(PredicateText.quoted(visibleIf.value))")
                if !field.isOptional || field.requiredIf != nil {
                    gap(field.path, RuleIdentifier.required, "required only while \(PredicateText.quoted(visibleIf.value))")
                }
            }
        } else if let whenVisible, field.requiredIf != nil {
            rules.append(whenVisible)
        }
        for parent in field.parents {
            if let parentEmpty = predicates.filled(parent.value).map(PredicateSchema.not), let empty {
                rules.append(.object([("if", parentEmpty), ("then", empty)]))
            } else {
                gap(field.path, RuleIdentifier.parent, "empty while '\(parent.value)' is empty")
            }
        }
    }

    /// Whether the field belongs to a section with `optional` or `requiredIf` (its requiredness
    /// then depends on the section's other fields, which the export does not express).
    private func isInConditionalSection(_ field: FieldRule) -> Bool {
        guard let path = field.group, let section = ruleSet.field(at: path) else { return false }
        return section.isOptional || section.requiredIf != nil
    }

    /// `schema` or an empty value.
    static func orEmpty(_ schema: JSONValue) -> JSONValue {
        .object([("anyOf", [.object([("$ref", "#/$defs/empty")]), schema])])
    }

    /// Annotations followed by the members of an object schema.
    static func merged(_ annotations: [(String, JSONValue)], _ schema: JSONValue) -> JSONValue {
        guard case .object(let members) = schema else { return schema }
        return .object(annotations + members)
    }
}
