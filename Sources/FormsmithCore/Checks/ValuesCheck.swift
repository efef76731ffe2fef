import Yams

/// `values` / `valuesFrom`: an enum value, or each choice of a multi-choice field, is one of
/// the listed values (strings, or integers for an integer enum).
/// Multi-choice values also list each choice at most once (`unique`).
enum ValuesCheck: ValueCheckKind {
    /// `values`, `valuesFrom` as written.
    struct Written: WrittenKeys {
        var values: [Located<EnumValue>]?
        var valuesFrom: Located<String>?
        /// Set when `valuesFrom` names a file outside the readable roots (``ReadableRoots``):
        /// that is reported where it is read, so the field is not also said to lack values.
        var valuesFromRefused = false
    }

    /// The compiled check on an enum or multi-choice field (a choice check): the listed values
    /// as UTF-8, and as integers for an integer enum.
    struct Listed: ChoiceCheck {
        static let kind = CheckKind.values
        let strings: [[UInt8]]
        let integers: [Int64]
        /// Whether the field is a multi-choice one, whose values the fast path leaves to the
        /// declarative checks.
        let multiChoice: Bool

        func narrow(_ domain: inout ChoiceDomain) {
            domain.strings = strings
            domain.integers = integers
        }

        func fastStep(in plan: inout PlanBuilder) -> CheckStep? {
            multiChoice ? nil : plan.valuesStep(strings, integers)
        }

        func checkEnumeration(_ raw: RawValue, _ field: CompiledField, _ path: ConcretePath,
                              in validator: RecordValidator) -> Bool {
            validator.checkValue(strings, integers, field, raw, path)
        }

        func checkChoices(_ chosen: [String], _ field: CompiledField, _ path: ConcretePath, _ raw: RawValue,
                          in validator: RecordValidator) {
            validator.checkChoiceValues(strings, chosen, field, path)
        }
    }

    static let rules = [
        CheckRule(id: RuleIdentifier.enumeration, summary: "A value is not one of the field's allowed values."),
        CheckRule(id: RuleIdentifier.unique, summary: "A multi-choice value lists the same choice twice."),
    ]

    static let keys = [
        CheckKey("values", types: [.enumeration, .multiChoice], .scalars, into: \.values,
                 "The allowed values of an enum or multi-choice field (rule enum): [a, b] or [3, 6, 12]."),
        CheckKey("valuesFrom", types: [.enumeration, .multiChoice], wordList, store: { constraints, list in
                     constraints.valuesFrom = list
                     constraints[ValuesCheck.self].valuesFromRefused = list == nil
                 }, "A word list file of allowed values, one per line (spaces around a value trimmed, # comments "
                   + "and blank lines skipped), relative to the rule file, or a list named in seeds: (rule enum)."),
    ]

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

    /// A word list: a path relative to the rule file, or the name of one in `seeds:`. Every command
    /// reads the list, so one outside the readable roots is refused here (reported, and read as
    /// nil so the field is not also said to lack values).
    static let wordList = KeyReader<Located<String>?>(schema: [("type", "string")], shape: "a file path or a seed list name") {
        mapping, key, reader in
        guard let list = reader.wordList(mapping.string(key)) else { return nil }
        if let problem = reader.roots.problem(list, what: "word list") {
            reader.problems.report(problem.message, at: problem.location)
            return .some(nil)
        }
        return list
    }

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
            // A case narrows the field's own values: it need not list them again.
            if needsValues, !site.isCase, !constraints[ValuesCheck.self].valuesFromRefused {
                state.problems.report("\(rule.type.rawValue) field '\(rule.path)' needs 'values' or 'valuesFrom'",
                                      at: rule.location)
            }
            return nil
        }
        // `values: []` is reported where it is read (an empty list); an empty `valuesFrom` list here.
        if values.isEmpty, constraints.values == nil {
            state.problems.report("'\(rule.path)' lists no values", at: rule.location)
        }
        if rule.type == .multiChoice {
            // A CSV cell holds a multi-choice value's choices separated by ';' (written and read
            // so), so a choice holding ';' could not be told from two choices.
            for (index, value) in values.enumerated() where value.description.contains(";") {
                let written = constraints.values.flatMap { list in
                    index < list.count && list[index].value.description == value.description ? list[index] : nil
                }
                let location = written?.location ?? constraints.valuesFrom?.location ?? rule.location
                let source = written == nil ? " (in its valuesFrom list)" : ""
                state.problems.report("the choice '\(value.description)' of multi-choice field '\(rule.path)'\(source) "
                                      + "holds ';', which separates choices in a CSV cell; write it without ';'",
                                      at: location)
            }
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
        guard needsValues else { return nil }  // `state.applies` has refused the keys on any other type
        return .choice(Listed(strings: strings, integers: integers, multiChoice: rule.type == .multiChoice))
    }

    static let jsonSchema: SchemaExpression = .keywords(["enum", "uniqueItems"])

    static func declaredRules(in constraints: Constraints, type: FieldType) -> [String] {
        return constraints.values != nil || constraints.valuesFrom != nil ? [RuleIdentifier.enumeration] : []
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
            values = ChoiceDomain(writer.rules.fields[id].checks).stringValues
            return "one of the \(Counted.phrase(values.count, "value")) listed in \(file.value) (" + CheckPhrases.shortList(values) + ")"
        } else {
            return nil
        }
        let numbers = !values.isEmpty && constraints.values?.allSatisfy {
            if case .integer = $0.value { return true } else { return false }
        } == true
        return "one of " + CheckPhrases.shortList(values) + (numbers && field.type == .enumeration ? " (JSON numbers)" : "")
    }
}

extension RuleIdentifier {
    /// A value is not one of the allowed values.
    public static let enumeration = "enum"
    /// A multi-choice value lists the same choice twice.
    public static let unique = "unique"
}

extension Constraints {
    /// Allowed values of an enum or multi-choice field.
    public var values: [Located<EnumValue>]? {
        get { self[ValuesCheck.self].values }
        set { self[ValuesCheck.self].values = newValue }
    }

    /// A seed list file the allowed values are read from (one per line).
    public var valuesFrom: Located<String>? {
        get { self[ValuesCheck.self].valuesFrom }
        set { self[ValuesCheck.self].valuesFrom = newValue }
    }
}

extension RecordValidator {
    /// Words an enum value that is not one of `strings` (or `integers` for an integer enum), as
    /// `text-form` when the value tidied is one of them (see ``TextFormReview``; accepted under
    /// `normalize: nfc` when only its Unicode form differs); false when the value has the wrong type (reported), so later checks are skipped.
    func checkValue(_ strings: [[UInt8]], _ integers: [Int64], _ field: CompiledField, _ raw: RawValue,
                    _ path: ConcretePath) -> Bool {
        if field.hasIntegerValues {
            guard let number = values.number(raw), number.value != nil, number.isIntegerLiteral else {
                report(.notWholeNumber, field, path, raw)
                return false
            }
            // A whole number past 64 bits is a number, just not one of the values.
            if number.integer.map({ !integers.contains($0) }) ?? true {
                report(field, path, RuleIdentifier.enumeration,
                       "must be one of " + integers.map(String.init).joined(separator: ", "), raw)
            }
        } else {
            let known: Bool? = values.withText(raw, into: &valueBuffer) { text in
                text.map { text in strings.contains { $0.elementsEqual(text) } }
            }
            guard let known else {
                report(.notText, field, path, raw)
                return false
            }
            if !known {
                // Only a value that failed is looked at again: is how it is written the only problem?
                let review = values.withText(raw, into: &valueBuffer) { text in
                    text.flatMap { TextFormReview(choice: $0, among: strings) }
                }
                if let review {
                    if !(review.onlyDecomposed && field.acceptsNFC) {
                        report(field, path, RuleIdentifier.textForm, review.message, raw)
                    }
                } else {
                    report(field, path, RuleIdentifier.enumeration, Self.oneOf(strings), raw)
                }
            }
        }
        return true
    }

    /// Words each chosen value of a multi-choice field that is not one of `strings` (as
    /// `text-form` when the choice tidied is one of them, or not at all under `normalize: nfc`
    /// when only its Unicode form differs).
    func checkChoiceValues(_ strings: [[UInt8]], _ chosen: [String], _ field: CompiledField, _ path: ConcretePath) {
        for choice in chosen where !strings.contains(where: { $0.elementsEqual(choice.utf8) }) {
            let review = Array(choice.utf8).withUnsafeBufferPointer { TextFormReview(choice: $0, among: strings) }
            if let review {
                if review.onlyDecomposed && field.acceptsNFC { continue }
                violations.append(Violation(field: path.description, rule: RuleIdentifier.textForm,
                                            message: field.messages[RuleIdentifier.textForm]
                                                ?? "'\(quoted(choice))' " + review.message,
                                            value: choice))
                continue
            }
            violations.append(Violation(field: path.description, rule: RuleIdentifier.enumeration,
                                        message: field.messages[RuleIdentifier.enumeration]
                                            ?? "'\(quoted(choice))' " + Self.oneOf(strings).replacingFirst("must", "should"),
                                        value: choice))
        }
    }

    /// Words each choice listed more than once.
    func checkUniqueChoices(_ chosen: [String], _ field: CompiledField, _ path: ConcretePath, _ raw: RawValue) {
        var seen: Set<String> = []
        for choice in chosen where !seen.insert(choice).inserted {
            report(field, path, RuleIdentifier.unique, "lists '\(quoted(choice))' more than once", raw)
        }
    }

    /// "must be one of a, b" (or how many values there are, when they are many).
    static func oneOf(_ values: [[UInt8]]) -> String {
        if values.count > 12 { return "is not one of the \(values.count) allowed values" }
        return "must be one of " + values.map { String(decoding: $0, as: UTF8.self) }.joined(separator: ", ")
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

extension DefectPlanter {
    /// A value that is not among the field's values.
    func unknownChoice(_ field: CompiledField, _ value: GeneratedValue) -> GeneratedValue? {
        let plan = generator.plan.fields[field.id]
        if field.hasIntegerValues {
            let largest = plan.enumValues.compactMap { value -> Int64? in
                if case .integer(let number) = value { return number }
                return nil
            }.max() ?? 0
            return .integer(largest &+ 1)
        }
        var unknown = "unknown"
        while plan.enumText.contains(Array(unknown.utf8)) { unknown += "-value" }
        guard field.type == .multiChoice else { return builder.record.appendText(Array(unknown.utf8)) }
        guard case .choices(let start, let count) = value else { return nil }
        let chosen = builder.record.choiceIndexes[Int(start)..<Int(start + count)].map {
            String(decoding: plan.enumText[Int($0)], as: UTF8.self)
        } + [unknown]
        return builder.record.appendLiteral(json: JSONText.array(chosen.map(JSONText.quoted)),
                                            cell: chosen.joined(separator: ";"))
    }


    /// A multi-choice value that lists its first choice twice.
    func repeatedChoice(_ value: GeneratedValue) -> GeneratedValue? {
        guard case .choices(let start, let count) = value, count > 0 else { return nil }
        let first = builder.record.choiceIndexes[Int(start)]
        return appendChoices(value, extra: [first])
    }
}

extension GeneratorFieldTables {
    /// The values generated enums and choices are drawn from: as JSON, as text, as values.
    mutating func addValues(_ strings: [[UInt8]], _ integers: [Int64], integerEnum: Bool) {
        if integerEnum {
            for value in integers {
                var text: [UInt8] = []
                TextCandidates.appendInteger(value, to: &text)
                enumJSON.append(text)
                enumText.append(text)
                enumValues.append(.integer(value))
            }
        } else {
            for value in strings {
                enumJSON.append(Array(JSONText.quoted(String(decoding: value, as: UTF8.self)).utf8))
                enumText.append(value)
                enumValues.append(.string(String(decoding: value, as: UTF8.self)))
            }
        }
    }
}
