/// A field that `formsmith explain` was asked about and that the rules do not declare.
public struct ExplainError: Error, Sendable, CustomStringConvertible {
    /// What is wrong and what to do about it (with a did-you-mean).
    public let message: String

    /// The message.
    public var description: String { message }
}

/// `formsmith explain`: one field's rules in plain words, for the people who have to answer
/// "why was this questionnaire rejected?". Each line ends with the rule identifiers that
/// reports use for it (`[min, max]`), and with the author's own message when there is one.
public enum FieldExplainer {
    /// The explanation of the field at `path` (`insurant.birthDate`, `drivers[].licenseIssued`;
    /// an index as in reports, `drivers[1].licenseIssued`, is accepted too), with bounds
    /// resolved for the rules' `today`.
    public static func explain(_ path: String, in rules: CompiledRuleSet) throws(ExplainError) -> String {
        let folded = ValidationSummary.foldIndices(path)
        let ruleSet = rules.ruleSet
        guard let field = ruleSet.field(at: folded) else {
            let paths = ruleSet.allFields.map(\.path)
            let suggestion = Suggestion.closest(to: folded, in: paths)
                ?? paths.first { $0.hasSuffix("." + folded) || $0.hasSuffix("]." + folded) }
            throw ExplainError(message: "no field '\(path)' in \(ruleSet.file)"
                               + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
                               + "; fields are named by their path, such as \(paths.first ?? "section.field")")
        }
        var writer = ExplanationWriter(field: field, rules: rules)
        writer.writeAll()
        return writer.text
    }
}

/// Builds the explanation of one field, line by line.
struct ExplanationWriter {
    let field: FieldRule
    let rules: CompiledRuleSet
    let dependencies: FieldDependencies
    private(set) var text = ""
    /// Rules whose custom message has been shown next to a line.
    private var shownMessages: Set<String> = []

    /// The width of the label column.
    static let labelWidth = 10

    init(field: FieldRule, rules: CompiledRuleSet) {
        self.field = field
        self.rules = rules
        dependencies = FieldDependencies(rules.ruleSet)
    }

    mutating func writeAll() {
        // Strings from the rule file are escaped as reports escape data (a rule file in a pull
        // request is as untrusted as data): no raw control character, line break or override.
        text += DisplayText.escaped(field.path + (field.title.map { ": " + $0 } ?? "")) + "\n"
        var origin = "declared at \(field.location)"
        if XLSFormImport.isXLSForm(path: field.location.file) {
            // The line is one of the rule file the XLSForm was translated into, not of the form.
            origin = "declared at line \(field.location.line) of the rules `formsmith import xlsform "
                + "\(field.location.file)` writes (its comment there names the survey row)"
        }
        if let definition = field.definition {
            origin += ", built on definition '\(definition)'"
            if let place = rules.ruleSet.definitionLocations[definition], place.file != rules.ruleSet.file {
                origin += " from \(place)"
            }
        }
        line("", origin)
        if let description = field.description { line("", description) }
        line("type", typePhrase(), rules: [RuleIdentifier.type])
        if field.type == .section {
            writeSectionConditions()
        } else {
            writeRequiredAndVisible()
            writeChecks(field.constraints, messages: field.messages, indent: "")
            for variant in field.cases {
                line("case", "when \(PredicateText.quoted(variant.condition.value)) holds, also:")
                writeChecks(variant.constraints, messages: variant.messages.merging(field.messages) { own, _ in own },
                            indent: "  ")
            }
        }
        for assertion in field.assertions {
            line("assert", "each item: \(PredicateText.quoted(assertion.predicate.value)), else \"\(assertion.message)\"", rules: [assertion.rule])
        }
        for (rule, message) in field.messages.sorted(by: { $0.key < $1.key }) where !shownMessages.contains(rule) {
            line("message", "\(rule): \"\(message)\"")
        }
        if let seed = field.seed {
            let origin = seed.location.file == rules.ruleSet.file ? "" : " (relative to \(seed.location.file))"
            line("seed", "generated values are drawn from \(seed.value)\(origin)")
        }
        if let initial = field.defaultValue {
            let shown: String
            switch initial.value {
            case .value(.string(let text)): shown = "\"\(text)\""
            case .value(let value): shown = value.description
            case .values(let values): shown = "[" + values.map(\.description).joined(separator: ", ") + "]"
            }
            line("default", "\(shown): a new questionnaire starts with it (generate --use-defaults fills it in)")
        }
        let reads = dependencies.reads(field.path)
        if !reads.isEmpty { line("reads", reads.joined(separator: "; ")) }
        let readers = dependencies.readers(of: field.path)
        line("read by", readers.isEmpty ? "no other field reads it" : readers.joined(separator: "; "))
    }

    // MARK: - Lines

    /// `  label     text [rule, rule]`, then the author's message for those rules, if any.
    mutating func line(_ label: String, _ body: String, rules ruleIDs: [String] = [], messages: [String: String] = [:],
                       indent: String = "") {
        let padded = (indent + label).padding(toLength: Self.labelWidth, withPad: " ", startingAt: 0)
        let tags = ruleIDs.isEmpty ? "" : " [" + ruleIDs.joined(separator: ", ") + "]"
        text += "  " + padded + " " + DisplayText.escaped(body + tags) + "\n"
        let own = messages.isEmpty ? field.messages : messages
        for rule in ruleIDs {
            guard let message = own[rule] else { continue }
            text += "  " + String(repeating: " ", count: Self.labelWidth) + " reported as \"\(DisplayText.escaped(message))\"\n"
            shownMessages.insert(rule)
        }
    }

    private func typePhrase() -> String {
        switch field.type {
        case .string: return "string: a JSON string, one line of text"
        case .text: return "text: a JSON string, free text"
        case .integer: return "integer: a JSON number without fraction or exponent (\"2019\", a string, is wrong)"
        case .decimal: return "decimal: a JSON number"
        case .boolean: return "boolean: true or false"
        case .date:
            return "date: a JSON string written \(field.constraints.format?.value ?? "yyyy-MM-dd"), a real calendar date"
        case .enumeration: return "enum: one of the listed values"
        case .multiChoice: return "multi-choice: a JSON array of the listed values"
        case .list:
            return "list: a JSON array of objects, each holding " + field.children.map(\.name).joined(separator: ", ")
        case .section:
            return "section: a JSON object holding " + field.children.map(\.name).joined(separator: ", ")
        case .attachment:
            let file = "an object {name, mediaType, size in bytes, optional url and sha256} referencing a file, "
                + "whose well-known extension must agree with its media type (rule extension); in CSV that JSON "
                + "in the cell"
            return field.isMultiple ? "attachment, multiple: a JSON array of files, each " + file : "attachment: " + file
        }
    }

    private mutating func writeRequiredAndVisible() {
        let required: String
        if let requiredIf = field.requiredIf {
            required = "only when \(PredicateText.quoted(requiredIf.value)) holds; otherwise it may be left empty"
        } else if field.isOptional {
            required = "no (optional: true): it may be left empty"
        } else if field.visibleIf != nil {
            required = "yes, whenever it is visible (absent, null, \"\" and [] count as empty)"
        } else {
            required = "yes: it must be filled (absent, null, \"\" and [] count as empty)"
        }
        line("required", required, rules: [RuleIdentifier.required])
        if let section = groupSection {
            writeMembership(of: section)
        }
        if let visibleIf = field.visibleIf {
            line("visible", "only when \(PredicateText.quoted(visibleIf.value)) holds; otherwise it must be absent or empty",
                 rules: [RuleIdentifier.visibility])
            if !field.hidingSections.isEmpty {
                let sections = field.hidingSections.map { "'\($0)'" }.joined(separator: " and ")
                let noun = field.hidingSections.count == 1 ? "section" : "sections"
                line("", "(the condition of \(noun) \(sections)" + (field.ownVisibleIf == nil ? ")"
                    : ", with the field's own \(PredicateText.quoted(field.ownVisibleIf!.value)))"))
            }
        } else {
            line("visible", "always")
        }
        if let list = listOwner, let listVisible = list.visibleIf {
            line("", "(as an item of '\(list.path)', only when \(PredicateText.quoted(listVisible.value)) holds)")
        }
        if !field.parents.isEmpty {
            let parents = field.parents.map(\.value).joined(separator: " or ")
            line("parent", "cannot be filled while \(parents) is empty", rules: [RuleIdentifier.parent])
        }
    }

    /// The section checked as a whole that this field belongs to.
    private var groupSection: FieldRule? {
        guard let path = field.group else { return nil }
        return rules.ruleSet.field(at: path)
    }

    /// How the section's `optional`, `requiredIf` and `complete` bear on one of its fields.
    private mutating func writeMembership(of section: FieldRule) {
        if let requiredIf = section.requiredIf {
            line("section", "'\(section.path)' is required only when \(PredicateText.quoted(requiredIf.value)) holds; otherwise this "
                 + "field is required only once another field of the section is filled", rules: [RuleIdentifier.required])
        } else if section.isOptional {
            line("section", "'\(section.path)' is optional: it may be left empty, but once one of its fields is "
                 + "filled this field's own requiredness applies", rules: [RuleIdentifier.required])
        }
        if section.isComplete {
            line("section", "'\(section.path)' is all or none (complete: true): once another field of it is filled, "
                 + "this one must be too, while visible", rules: [RuleIdentifier.incompleteGroup])
        }
    }

    /// A section's own conditions (`visibleIf`, `requiredIf`, `optional`, `complete`).
    private mutating func writeSectionConditions() {
        if let requiredIf = field.requiredIf {
            line("required", "only when \(PredicateText.quoted(requiredIf.value)) holds; otherwise it may be left empty, and once one "
                 + "of its fields is filled its required fields must be", rules: [RuleIdentifier.required])
        } else if field.isOptional {
            line("required", "no (optional: true): it may be left empty, but once one of its fields is filled its "
                 + "required fields must be", rules: [RuleIdentifier.required])
        } else {
            line("required", "as each of its fields is")
        }
        if let visibleIf = field.visibleIf {
            let switches = field.children.filter { $0.type != .section && !$0.hidingSections.contains(field.path) }
                .map(\.name)
            line("visible", "only when \(PredicateText.quoted(visibleIf.value)) holds; otherwise each of its fields must be absent or "
                 + "empty" + (switches.isEmpty ? "" : " (except " + switches.joined(separator: ", ")
                              + ", which the condition reads)"), rules: [RuleIdentifier.visibility])
        } else {
            line("visible", "always")
        }
        if field.isComplete {
            line("complete", "all or none: once one of its fields is filled, every visible one must be",
                 rules: [RuleIdentifier.incompleteGroup])
        }
    }

    /// The list this field is an item field of.
    private var listOwner: FieldRule? {
        guard let range = field.path.range(of: "[].") else { return nil }
        return rules.ruleSet.field(at: String(field.path[..<range.lowerBound]))
    }
}
