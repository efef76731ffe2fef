/// Deciding whether a predicate can ever hold, by trying every value of the fields it reads
/// when they have few possible values (booleans, enums, small multi-choice fields).
///
/// Fields with open-ended values (numbers, text, dates) are treated as unknown: a predicate
/// is "never true" only when it is false for every combination of the enumerable fields
/// *whatever* the open-ended ones hold (three-valued logic: `false && unknown` is false).
enum PredicateAnalysis {
    /// The most combinations tried before giving up (the answer is then "cannot tell").
    static let combinationLimit = 65_536
    /// Multi-choice fields with more values than this count as open-ended (2^n subsets).
    static let choiceLimit = 10

    /// Whether `predicate` holds for some questionnaire: true, false, or nil when it cannot
    /// be decided. `fixed` pins some fields to a state (for "when the parent is empty").
    static func canHold(_ predicate: CompiledExpression, in context: LintContext, today: CivilDate,
                        fixed: [Int: FieldLookup] = [:]) -> Bool? {
        var fields: [Int] = []
        var domains: [[FieldLookup]] = []
        var combinations = 1
        for id in predicate.referencedFields {
            let domain = fixed[id].map { [$0] } ?? self.domain(of: id, in: context) ?? [.invalid]
            combinations *= domain.count
            if combinations > combinationLimit { return nil }
            fields.append(id)
            domains.append(domain)
        }
        var environment = AssignmentEnvironment(today: today, values: [:])
        var undecided = false
        var counters = Array(repeating: 0, count: fields.count)
        while true {
            for (index, id) in fields.enumerated() { environment.values[id] = domains[index][counters[index]] }
            switch predicate.evaluateCondition(environment) {
            case true?: return true
            case nil: undecided = true
            case false?: break
            }
            // The next combination, like an odometer.
            var position = 0
            while position < counters.count {
                counters[position] += 1
                if counters[position] < domains[position].count { break }
                counters[position] = 0
                position += 1
            }
            if position == counters.count { break }
        }
        return undecided ? nil : false
    }

    /// Every state a field with few values can be in (absent, or one of its valid values);
    /// nil when its values are open-ended.
    static func domain(of id: Int, in context: LintContext) -> [FieldLookup]? {
        guard let field = context.compiled?.fields[id] else { return nil }
        var constant: EnumValue?
        var strings: [String] = []
        var integers: [Int64] = []
        for check in field.checks {
            switch check {
            case .constant(let value): constant = value
            case .enumeration(let stringValues, let integerValues):
                strings = stringValues.map { String(decoding: $0, as: UTF8.self) }
                integers = integerValues
            case .text, .range, .fractionDigits, .itemCount, .mediaTypes, .extensions, .size, .number: break
            }
        }
        var values: [ExpressionValue]
        switch field.type {
        case .boolean:
            values = [.boolean(true), .boolean(false)]
        case .enumeration:
            values = field.hasIntegerValues ? integers.map { .integer($0) } : strings.map { .string($0) }
        case .multiChoice:
            guard strings.count <= choiceLimit else { return nil }
            values = (1..<(1 << strings.count)).map { mask in
                .list(strings.indices.filter { mask & (1 << $0) != 0 }.map { .string(strings[$0]) })
            }
        default:
            return nil
        }
        if let constant {
            let pinned: ExpressionValue
            switch constant {
            case .boolean(let value): pinned = .boolean(value)
            case .integer(let value): pinned = field.type == .boolean ? .null : .integer(value)
            case .string(let value): pinned = .string(value)
            }
            let kept = values.filter { $0 == pinned }
            if !kept.isEmpty { values = kept }
        }
        // Values accepted as they are (`allow:`) are valid states too.
        for allowed in field.allowed.map({ String(decoding: $0, as: UTF8.self) }) {
            if field.hasIntegerValues, let number = Int64(allowed) {
                values.append(.integer(number))
            } else if field.type == .enumeration {
                values.append(.string(allowed))
            }
        }
        return [.absent] + values.map { .value($0) }
    }
}

/// Field states for evaluating a predicate on made-up questionnaires; unlisted fields are unknown.
struct AssignmentEnvironment: ExpressionEnvironment {
    let today: CivilDate
    var values: [Int: FieldLookup]

    func lookup(_ field: Int) -> FieldLookup { values[field] ?? .invalid }
}
