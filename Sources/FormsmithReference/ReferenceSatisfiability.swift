import FormsmithCore

/// Proofs that a form has no valid questionnaire, for the differential test to tell a form
/// that `generate` cannot fill because none exists from one it gives up on.
///
/// A proof: an assertion that must be checked in every valid questionnaire (a questionnaire
/// assertion, or the assertion of a top-level list that always has an item) and that is false
/// for every combination of the values its fields can take. Each field's values are taken
/// generously (a superset: null whenever anything could leave it empty, every value its type
/// and literal checks admit), so a proof holds; a field with too many values (free text, wide
/// ranges, dates) proves nothing. Or: a top-level list every questionnaire must have, none of
/// whose items can be valid (a field each item must have whose `parent` can never be there).
public enum ReferenceSatisfiability {
    /// Why the rules admit no valid questionnaire, or nil when no proof was found.
    public static func unsatisfiable(_ rules: CompiledRuleSet) -> String? {
        let form = ReferenceForm(rules.ruleSet)
        let validator = ReferenceValidator(rules: rules)
        for assertion in rules.ruleSet.assertions where alwaysFalse(assertion.predicate.value, form, validator, rules.today) {
            return "the assertion `\(assertion.predicate.value)` is false for every value its fields can take"
        }
        for list in rules.ruleSet.fields where list.type == .list && (list.constraints.minItems?.value ?? 0) >= 1
            && !canBeEmpty(list.path, form) {
            for assertion in list.assertions where alwaysFalse(assertion.predicate.value, form, validator, rules.today) {
                return "the assertion `\(assertion.predicate.value)` of \(list.path), which always has an item, is false "
                    + "for every value its fields can take"
            }
        }
        for list in form.scopeFields[""] ?? [] where form.entries[list]?.rule.type == .list && alwaysThere(list, form) {
            if let why = noValidItem(list, form, validator, rules.today, depth: 0) {
                return "\(list) is required, and no item of it can be valid: \(why)"
            }
        }
        return nil
    }

    /// Whether the field is required wherever its scope is (the questionnaire, or its item):
    /// not optional, no condition, no section that hides it or is checked as a whole.
    static func alwaysThere(_ path: String, _ form: ReferenceForm) -> Bool {
        guard let entry = form.entries[path] else { return false }
        let rule = entry.rule
        return !rule.isOptional && rule.requiredIf == nil && form.visibilityConditions(of: path).isEmpty
            && form.group(of: path) == nil && rule.parents.isEmpty
    }

    /// Why no item of the list can be valid: a field every item must have that can never be
    /// there, or an inner list every item must have, none of whose items can be valid (a
    /// required list needs an item whatever its `minItems`: `[]` does not meet `required`);
    /// nil when no proof was found.
    static func noValidItem(_ list: String, _ form: ReferenceForm, _ validator: ReferenceValidator, _ today: CivilDate,
                            depth: Int) -> String? {
        guard depth < 8 else { return nil }
        for member in form.scopeFields[list] ?? [] {
            guard let rule = form.entries[member]?.rule, !rule.isOptional, rule.requiredIf == nil,
                  form.visibilityConditions(of: member).isEmpty, form.group(of: member) == nil else { continue }
            if let why = neverThere(member, form, validator, today, depth: depth + 1) {
                return "\(member) is required and \(why)"
            }
            if rule.type == .list, let why = noValidItem(member, form, validator, today, depth: depth + 1) {
                return "\(member) needs an item, and \(why)"
            }
        }
        return nil
    }

    /// Why the field is absent from every valid questionnaire: a condition hiding it that is
    /// false for every value its fields can take, or a parent never there; nil when no proof.
    static func neverThere(_ path: String, _ form: ReferenceForm, _ validator: ReferenceValidator, _ today: CivilDate,
                           depth: Int) -> String? {
        guard depth < 8, let entry = form.entries[path] else { return nil }
        for condition in form.visibilityConditions(of: path) where alwaysFalse(condition, form, validator, today) {
            return "is hidden by `\(condition)`, false for every value its fields can take"
        }
        for parent in entry.rule.parents {
            if let why = neverThere(parent.value, form, validator, today, depth: depth + 1) {
                return "its parent \(parent.value) \(why)"
            }
        }
        return nil
    }

    /// Whether the predicate is false (not unknown) for every combination of its fields' values.
    static func alwaysFalse(_ source: String, _ form: ReferenceForm, _ validator: ReferenceValidator, _ today: CivilDate) -> Bool {
        guard let expression = ReferenceEvaluator.parse(source) else { return false }
        return alwaysFalse(expression, form, validator, today)
    }

    /// Whether the expression is false for every combination of its fields' values: a
    /// conjunction is when either side is (`x8 LIKE 'a*' AND n4 > 11` with `n4` const 4, however
    /// many values the text `x8` can take); anything else by trying every combination.
    static func alwaysFalse(_ expression: RuleExpression, _ form: ReferenceForm, _ validator: ReferenceValidator,
                            _ today: CivilDate) -> Bool {
        if case .binary(.and, let left, let right, _) = expression {
            return alwaysFalse(left, form, validator, today) || alwaysFalse(right, form, validator, today)
        }
        let paths = ReferenceEvaluator.referencedPaths(expression).sorted()
        var domains: [[ReferenceValue]] = []
        for path in paths {
            guard let domain = self.domain(path, form, validator) else { return false }
            domains.append(domain)
        }
        guard domains.reduce(1, { $0 * max($1.count, 1) }) <= 20_000 else { return false }
        var choice = [Int](repeating: 0, count: paths.count)
        while true {
            var assigned: [String: ReferenceValue] = [:]
            for (index, path) in paths.enumerated() { assigned[path] = domains[index][choice[index]] }
            var evaluator = ReferenceEvaluator(today: today) { path in
                guard let value = assigned[path], value != .null else { return .absent }
                return .value(value)
            }
            if evaluator.truth(expression) != false { return false }
            var position = 0
            while position < choice.count {
                choice[position] += 1
                if choice[position] < domains[position].count { break }
                choice[position] = 0
                position += 1
            }
            if position == choice.count { return true }
        }
    }

    /// Whether anything could leave the field empty: not required, a condition, a parent, or an
    /// enclosing section with a condition or checked as a whole.
    static func canBeEmpty(_ path: String, _ form: ReferenceForm, depth: Int = 0) -> Bool {
        guard depth < 16, let entry = form.entries[path] else { return true }
        let rule = entry.rule
        if rule.isOptional || rule.requiredIf != nil || rule.visibleIf != nil { return true }
        // Required, it is there whenever its parents are (a parent naming itself proves nothing).
        if rule.parents.contains(where: { $0.value == path || canBeEmpty($0.value, form, depth: depth + 1) }) { return true }
        return entry.sections.contains { $0.visibleIf != nil || ReferenceForm.isGroup($0) }
    }

    /// The values the field can hold in a valid questionnaire (a superset), or nil when too many.
    static func domain(_ path: String, _ form: ReferenceForm, _ validator: ReferenceValidator) -> [ReferenceValue]? {
        guard let rule = form.entries[path]?.rule else { return nil }
        let constraints = rule.constraints
        var values: [ReferenceValue]
        if let constant = constraints.constant {
            switch constant.value {
            case .string(let text): values = [.string(text)]
            case .integer(let number): values = [.number(ReferenceNumber(json: String(number))!)]
            case .boolean(let flag): values = [.boolean(flag)]
            }
        } else {
            switch rule.type {
            case .boolean:
                values = [.boolean(true), .boolean(false)]
            case .enumeration:
                guard let listed = ReferenceWordLists.values(constraints, validator) else { return nil }
                values = listed.map { value -> ReferenceValue in
                    switch value.value {
                    case .string(let text): return .string(text)
                    case .integer(let number): return .number(ReferenceNumber(json: String(number))!)
                    case .boolean(let flag): return .boolean(flag)
                    }
                }
            case .integer:
                guard case .number(let low)? = constraints.min?.value ?? constraints.exclusiveMin?.value,
                      case .number(let high)? = constraints.max?.value ?? constraints.exclusiveMax?.value,
                      let lower = low.int64, let upper = high.int64, upper >= lower, upper - lower <= 200 else { return nil }
                values = (lower...upper).map { .number(ReferenceNumber(json: String($0))!) }
            case .multiChoice:
                guard let listed = ReferenceWordLists.values(constraints, validator), listed.count <= 5 else { return nil }
                let strings = listed.map { ReferenceValue.string($0.value.description) }
                values = (0..<(1 << strings.count)).map { mask in
                    .list(strings.indices.filter { mask & (1 << $0) != 0 }.map { strings[$0] })
                }
            case .list:
                guard let maximum = constraints.maxItems?.value, maximum <= 20 else { return nil }
                values = (0...maximum).map { .list(Array(repeating: .null, count: $0)) }
            default:
                return nil
            }
        }
        if canBeEmpty(path, form) { values.append(.null) }
        return values
    }
}
