/// Fields that no valid questionnaire holds, and lists none of whose items can be valid, found
/// before generation from constants alone: a `visibleIf` false for every value its fields can
/// take (each read field a `const`, a switch, a short enum, a field never there, or a text
/// read only through string predicates its patterns can never meet), a field
/// whose `parent` is never there, a list item with an always-required field that is never
/// there (or an always-required inner list none of whose items can be valid: an empty list
/// does not meet `required`).
///
/// Such a list was filled at random and its questionnaire rebuilt when the item failed
/// (`lst15[].n17 [required]: 471 questionnaires rebuilt` of 200, `n17`'s parent hidden by
/// `n6 * n6 >= 19` with `n6` const 0); it is now left empty when it may be, said on standard
/// error, and a required one makes the rules refused up front, naming the chain.
struct NeverShown: Sendable {
    /// Per field: why it is never there (nil when it may be).
    let fields: [String?]
    /// Per list field: why none of its items can be valid (nil when one may be).
    let items: [String?]

    /// Most combinations of read values tried per `visibleIf`.
    static let combinations = 256

    init(rules: CompiledRuleSet, plans: [GeneratorFieldTables]) {
        let count = rules.fields.count
        var never = [String?](repeating: nil, count: count)
        var items = [String?](repeating: nil, count: count)
        // Whether anything could leave the field empty (generous: a superset of the fields that can be).
        var canBeEmpty = [Bool?](repeating: nil, count: count)
        func mayBeEmpty(_ id: Int, depth: Int = 0) -> Bool {
            if let known = canBeEmpty[id] { return known }
            let field = rules.fields[id]
            var result = field.isOptional || field.requiredIf != nil || field.visibleIf != nil || field.inConditionalGroup
                || (field.group >= 0 && rules.groups[field.group].canBeEmpty) || depth > 32
            if !result { result = field.parents.contains { $0 == id || mayBeEmpty($0, depth: depth + 1) } }
            canBeEmpty[id] = result
            return result
        }
        /// The values the field can hold in a valid questionnaire (a superset), nil when too many.
        func values(_ id: Int) -> [FieldLookup]? {
            if never[id] != nil { return [.absent] }
            let field = rules.fields[id]
            let plan = plans[id]
            // An `allow:` value is accepted as it is, beside the const.
            guard field.allowed.isEmpty else { return nil }
            var found: [FieldLookup]
            switch field.type {
            case .boolean:
                found = plan.constantBoolean.map { [.value(.boolean($0))] } ?? [.value(.boolean(true)), .value(.boolean(false))]
            case .enumeration where field.cases.isEmpty:
                if let constant = plan.constantChoice, Int(constant) < plan.enumValues.count {
                    found = [.value(plan.enumValues[Int(constant)])]
                } else {
                    guard plan.enumValues.count <= 8 else { return nil }
                    found = plan.enumValues.map { .value($0) }
                }
            case .integer, .decimal:
                guard let domain = NumberDomain.fixed(of: field), let constant = domain.constant else { return nil }
                if field.type == .integer, let integer = constant.int64 {
                    found = [.value(.integer(integer))]
                } else {
                    found = [.value(.decimal(constant))]
                }
            default:
                return nil
            }
            if mayBeEmpty(id) { found.append(.absent) }
            return found
        }
        // Until nothing changes: a field found never there can hide the fields that read it.
        var changed = true
        while changed {
            changed = false
            for field in rules.fields where never[field.id] == nil {
                if let parent = field.parents.first(where: { never[$0] != nil }) {
                    never[field.id] = "its parent '\(rules.fields[parent].path)' is never there: " + (never[parent] ?? "")
                    changed = true
                } else if let visibleIf = field.visibleIf, !field.visibleIfSource.isEmpty,
                          Self.alwaysFalse(visibleIf, today: rules.today, values: { id in
                              values(id) ?? Self.textValues(id, in: visibleIf, rules: rules, plan: plans[id],
                                                             mayBeEmpty: mayBeEmpty(id))
                          }) {
                    never[field.id] = "its visibleIf '\(field.visibleIfSource)' is false for every value the fields it reads can take"
                    changed = true
                }
            }
            for list in rules.fields where list.items != nil && items[list.id] == nil {
                for member in list.items?.scope.order ?? [] where rules.fields[member].listID == list.id {
                    let field = rules.fields[member]
                    let alwaysRequired = !field.isOptional && field.requiredIf == nil && field.visibleIf == nil
                        && !field.inConditionalGroup && !(field.group >= 0 && rules.groups[field.group].canBeEmpty)
                    guard alwaysRequired else { continue }
                    if let why = never[member] {
                        items[list.id] = "'\(field.path)' is required and never there: \(why)"
                    } else if field.items != nil, let why = items[member] {
                        // An empty list does not meet `required`, whatever its `minItems`.
                        items[list.id] = "'\(field.path)' is required with at least one item, and \(why)"
                    }
                    if items[list.id] != nil { changed = true; break }
                }
            }
        }
        fields = never
        self.items = items
    }

    /// Whether `condition` is false (not unknown) for every combination of the values of the
    /// fields it reads; false when a field's values are not known or too many combinations.
    static func alwaysFalse(_ condition: CompiledExpression, today: CivilDate, values: (Int) -> [FieldLookup]?) -> Bool {
        let read = condition.referencedFields
        guard !read.isEmpty, !condition.readsItemPlace else { return false }
        var domains: [[FieldLookup]] = []
        for id in read {
            guard let domain = values(id), !domain.isEmpty else { return false }
            domains.append(domain)
        }
        guard domains.reduce(1, { $0 * $1.count }) <= combinations else { return false }
        var choice = [Int](repeating: 0, count: read.count)
        while true {
            var assigned: [Int: FieldLookup] = [:]
            for (index, id) in read.enumerated() { assigned[id] = domains[index][choice[index]] }
            if condition.evaluateCondition(AssignedEnvironment(today: today, assigned: assigned)) != false { return false }
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
}

/// Field values given one by one; lists and item places unknown.
struct AssignedEnvironment: ExpressionEnvironment {
    let today: CivilDate
    let assigned: [Int: FieldLookup]
    func lookup(_ field: Int) -> FieldLookup { assigned[field] ?? .invalid }
    func everyItem(of field: Int, inList list: Int) -> [FieldLookup]? { nil }
    func currentItem(ofList list: Int) -> Int? { nil }
}

extension NeverShown {
    /// Refuses the rules when a top-level field that every questionnaire must have is never
    /// there, or is a list none of whose items can be valid (an empty list does not meet
    /// `required`): no valid questionnaire exists, and drawing would only fail at the end.
    func refuseRequired(_ rules: CompiledRuleSet) throws(GenerationError) {
        for field in rules.fields where field.listID == nil && !field.isOptional && field.requiredIf == nil
            && field.visibleIf == nil && field.parents.isEmpty && !field.inConditionalGroup
            && !(field.group >= 0 && rules.groups[field.group].canBeEmpty) {
            if let why = items[field.id] {
                throw GenerationError(field: field.path, rule: RuleIdentifier.required,
                                      message: "is required but none of its items can be valid (\(why)), so no questionnaire "
                                          + "is valid; make the list optional or fix the rule that hides that field")
            }
        }
    }
}
