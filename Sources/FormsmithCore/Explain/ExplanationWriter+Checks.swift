/// The value checks of a field (or of one of its cases), in plain words.
extension ExplanationWriter {
    /// How many values of an enum are listed before "...".
    static let shownValues = 12

    mutating func writeChecks(_ constraints: Constraints, messages: [String: String], indent: String) {
        func add(_ label: String, _ body: String, _ ruleIDs: [String]) {
            line(label, body, rules: ruleIDs, messages: messages, indent: indent)
        }
        if let lengths = lengthPhrase(constraints) {
            add("length", lengths.text + Self.noun("character", lengths.text) + " (Unicode scalars)", lengths.rules)
        }
        if let regex = constraints.regex {
            let flags = constraints.regexFlags.map { ", flags \($0.value)" } ?? ""
            add("regex", "the whole value must match the PCRE2 pattern '\(regex.value)'\(flags)", [RuleIdentifier.regex])
        }
        if let mask = constraints.mask {
            let shape = (try? InputMask(mask.value)).map { ": " + Self.describe($0.elements) } ?? ""
            add("mask", "the whole value must fit \"\(mask.value)\"\(shape)", [RuleIdentifier.mask])
        }
        if let range = rangePhrase(constraints) { add("range", range.text, range.rules) }
        if let digits = constraints.fractionDigits {
            add("digits", "at most \(digits.value) digit\(digits.value == 1 ? "" : "s") after the decimal point",
                [RuleIdentifier.fractionDigits])
        }
        if let values = valuesPhrase(constraints) {
            if field.type == .multiChoice {
                add("values", "each chosen value is " + values + ", chosen at most once",
                    [RuleIdentifier.enumeration, RuleIdentifier.unique])
            } else {
                add("values", values, [RuleIdentifier.enumeration])
            }
        }
        if let items = countPhrase(constraints.minItems?.value, constraints.maxItems?.value) {
            let noun = Self.noun(field.type == .multiChoice ? "choice" : "item", items.text)
            add("items", items.text + noun, items.rules.map { $0 == "min" ? RuleIdentifier.minItems : RuleIdentifier.maxItems })
        }
        if let spec = constraints.checksum {
            var body = ChecksumAlgorithm(rawValue: spec.value.name)?.summary ?? spec.value.name
            if let companion = spec.value.companion { body += ", checked with the value of \(companion)" }
            add("checksum", body + " (spaces and hyphens are ignored)", [RuleIdentifier.checksum])
        }
        if let constant = constraints.constant { add("const", "must be exactly \(constant.value)", [RuleIdentifier.constant]) }
        if !constraints.allow.isEmpty {
            add("allow", "accepted as they are, skipping the other checks: "
                + constraints.allow.map { "'\($0.value)'" }.joined(separator: ", "), [])
        }
    }

    // MARK: - Phrases

    private func lengthPhrase(_ constraints: Constraints) -> (text: String, rules: [String])? {
        guard let counted = countPhrase(constraints.minLength?.value, constraints.maxLength?.value) else { return nil }
        return (counted.text, counted.rules.map { $0 == "min" ? RuleIdentifier.minLength : RuleIdentifier.maxLength })
    }

    /// "at least 1 and at most 50", with which ends are given (`min`, `max`).
    private func countPhrase(_ minimum: Int?, _ maximum: Int?) -> (text: String, rules: [String])? {
        switch (minimum, maximum) {
        case let (low?, high?) where low == high: return ("exactly \(low)", ["min", "max"])
        case let (low?, high?): return ("at least \(low) and at most \(high)", ["min", "max"])
        case let (low?, nil): return ("at least \(low)", ["min"])
        case let (nil, high?): return ("at most \(high)", ["max"])
        case (nil, nil): return nil
        }
    }

    private func rangePhrase(_ constraints: Constraints) -> (text: String, rules: [String])? {
        var parts: [String] = []
        var ruleIDs: [String] = []
        var readsToday = false
        var perQuestionnaire: [String] = []
        let ends: [(Located<Bound>?, String, Bool, Bool)] = [
            (constraints.min, "min", false, true), (constraints.exclusiveMin, "exclusiveMin", true, true),
            (constraints.max, "max", false, false), (constraints.exclusiveMax, "exclusiveMax", true, false),
        ]
        for (bound, key, exclusive, lower) in ends {
            guard let bound else { continue }
            let relation: String
            switch (field.type == .date, lower, exclusive) {
            case (true, true, false): relation = "on or after"
            case (true, true, true): relation = "after"
            case (true, false, false): relation = "on or before"
            case (true, false, true): relation = "before"
            case (false, true, false): relation = "at least"
            case (false, true, true): relation = "greater than"
            case (false, false, false): relation = "at most"
            case (false, false, true): relation = "less than"
            }
            ruleIDs.append(lower ? RuleIdentifier.min : RuleIdentifier.max)
            guard let resolved = TodayBound(bound.value), let value = resolved.value(today: rules.today) else {
                parts.append("\(relation) \(bound.value.text)")
                perQuestionnaire.append(bound.value.text)
                continue
            }
            readsToday = readsToday || resolved.readsToday
            let shown = display(value)
            let source = shown == resolved.text ? "" : " (\(key): \(resolved.text))"
            parts.append("\(relation) \(shown)\(source)")
        }
        guard !parts.isEmpty else { return nil }
        var text = parts.joined(separator: " and ") + (readsToday ? ", for today \(rules.today)" : "")
        if !perQuestionnaire.isEmpty {
            text += "; " + perQuestionnaire.joined(separator: " and ") + " is computed for each questionnaire "
                + "(the check is skipped while a field it reads is missing or invalid)"
        }
        return (text, ruleIDs)
    }

    /// A bound's value as the questionnaire writes it (dates in the field's format).
    private func display(_ value: BoundPoint) -> String {
        guard case .date(let date) = value, let format = field.constraints.format,
            let pattern = try? DatePattern(format.value)
        else { return value.description }
        return pattern.format(date)
    }

    private func valuesPhrase(_ constraints: Constraints) -> String? {
        var values: [String]
        if let listed = constraints.values {
            values = listed.map(\.value.description)
        } else if let file = constraints.valuesFrom, let id = rules.fieldIDs[field.path] {
            values = []
            for case .enumeration(let strings, _) in rules.fields[id].checks {
                values = strings.map { String(decoding: $0, as: UTF8.self) }
            }
            return "one of the \(values.count) values listed in \(file.value) (" + Self.shortList(values) + ")"
        } else {
            return nil
        }
        let numbers = !values.isEmpty && constraints.values?.allSatisfy {
            if case .integer = $0.value { return true } else { return false }
        } == true
        return "one of " + Self.shortList(values) + (numbers && field.type == .enumeration ? " (JSON numbers)" : "")
    }

    /// " item" or " items", agreeing with the last number of `phrase`.
    private static func noun(_ singular: String, _ phrase: String) -> String {
        phrase.hasSuffix(" 1") ? " " + singular : " " + singular + "s"
    }

    private static func shortList(_ values: [String]) -> String {
        let shown = values.prefix(shownValues).joined(separator: ", ")
        return values.count > shownValues ? shown + ", ..." : shown
    }

    // MARK: - Masks

    /// "'+7 (', 3 digits, ') ', ..." from a mask's elements, runs of the same element folded.
    static func describe(_ elements: [MaskElement]) -> String {
        var parts: [String] = []
        var literal = ""
        var index = 0
        while index < elements.count {
            let element = elements[index]
            if case .literal(let scalar) = element {
                literal.unicodeScalars.append(scalar)
                index += 1
                continue
            }
            if !literal.isEmpty { parts.append("'\(literal)'"); literal = "" }
            var run = 1
            while index + run < elements.count, elements[index + run] == element { run += 1 }
            parts.append(phrase(element, count: run))
            index += run
        }
        if !literal.isEmpty { parts.append("'\(literal)'") }
        return parts.joined(separator: ", ")
    }

    private static func phrase(_ element: MaskElement, count: Int) -> String {
        let (one, many): (String, String)
        switch element {
        case .digit: (one, many) = ("a digit", "digits")
        case .letter: (one, many) = ("a letter", "letters")
        case .alphanumeric: (one, many) = ("a letter or digit", "letters or digits")
        case .set(let body, _): (one, many) = ("one of [\(body)]", "× one of [\(body)]")
        case .literal(let scalar): return "'\(scalar)'"
        }
        let text = count == 1 ? one : "\(count) \(many)"
        guard element.isOptional else { return text }
        return count == 1 ? text + " (optional)" : "up to \(count) " + many
    }
}
