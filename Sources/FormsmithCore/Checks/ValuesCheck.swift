/// `values` / `valuesFrom`: an enum value, or each choice of a multi-choice field, is one of
/// the listed values (strings, or integers for an integer enum). The wording of its
/// violations is in `Validation/RecordValidator+Collections.swift` (enums and choices).
enum ValuesCheck: ValueCheckKind {
    static let keys = [CheckKey(name: "values", types: [.enumeration, .multiChoice]),
                       CheckKey(name: "valuesFrom", types: [.enumeration, .multiChoice])]

    static let examples = [
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
    ]

    static func compile(_ constraints: Constraints, at site: CheckSite, in state: CompilerState) -> ValueCheck? {
        let rule = site.rule
        let needsValues = rule.type == .enumeration || rule.type == .multiChoice
        var values = constraints.values.map { $0.map(\.value) }
        if let file = constraints.valuesFrom, state.applies("valuesFrom", file.location, to: rule) {
            if values != nil {
                state.problems.report("give either 'values' or 'valuesFrom', not both", at: file.location)
            }
            values = state.readSeedList(file).map { .string($0) }
        } else if let first = constraints.values?.first {
            guard state.applies("values", first.location, to: rule) else { return nil }
        }
        guard let values else {
            if needsValues {
                state.problems.report("\(rule.type.rawValue) field '\(rule.path)' needs 'values' or 'valuesFrom'",
                                      at: rule.location)
            }
            return nil
        }
        if values.isEmpty {
            state.problems.report("'\(rule.path)' lists no values",
                                  at: constraints.values?.first?.location ?? rule.location)
        }
        var strings: [[UInt8]] = []
        var integers: [Int64] = []
        let integerEnum = state.hasIntegerValues(constraints) && rule.type == .enumeration
        for value in values {
            switch value {
            case .integer(let number) where integerEnum: integers.append(number)
            default: strings.append(Array(value.description.utf8))
            }
        }
        return .enumeration(strings: strings, integers: integers)
    }

    static func explain(_ constraints: Constraints, for writer: ExplanationWriter) -> [ExplainedCheck] {
        guard let values = phrase(constraints, writer) else { return [] }
        if writer.field.type == .multiChoice {
            return [ExplainedCheck(label: "values", body: "each chosen value is " + values + ", chosen at most once",
                                   rules: [RuleIdentifier.enumeration, RuleIdentifier.unique])]
        }
        return [ExplainedCheck(label: "values", body: values, rules: [RuleIdentifier.enumeration])]
    }

    private static func phrase(_ constraints: Constraints, _ writer: ExplanationWriter) -> String? {
        let field = writer.field
        var values: [String]
        if let listed = constraints.values {
            values = listed.map(\.value.description)
        } else if let file = constraints.valuesFrom, let id = writer.rules.fieldIDs[field.path] {
            values = []
            for case .enumeration(let strings, _) in writer.rules.fields[id].checks {
                values = strings.map { String(decoding: $0, as: UTF8.self) }
            }
            return "one of the \(values.count) values listed in \(file.value) (" + CheckPhrases.shortList(values) + ")"
        } else {
            return nil
        }
        let numbers = !values.isEmpty && constraints.values?.allSatisfy {
            if case .integer = $0.value { return true } else { return false }
        } == true
        return "one of " + CheckPhrases.shortList(values) + (numbers && field.type == .enumeration ? " (JSON numbers)" : "")
    }
}

extension PlanBuilder {
    /// The fast step of an enum: the value is in a byte-string set (multi-choice fields have none).
    mutating func valuesStep(_ strings: [[UInt8]], _ integers: [Int64]) -> CheckStep {
        var step = CheckStep(kind: .enumeration)
        enumerations.append(ByteStringSet(strings, integers: integers))
        step.enumeration = enumerations.count - 1
        return step
    }
}
