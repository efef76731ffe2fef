/// The values a covering case asks of the questionnaire builder, per field: filled or not, the
/// enum value or switch position, the boundary class, the list size class, the options of a
/// multi-choice field, and per section whether it is filled. Applied to top-level fields and to
/// the first item of lists; whatever the rules force (a hidden field, a required one) wins, and
/// the questionnaire's factors are read back afterwards, so a target missed is never counted.
struct CoverTargets {
    /// Per field id: -1 no target, 0 leave empty, 1 fill.
    var presence: [Int8]
    /// Per field id: the enum value position or switch position (0 false, 1 true), or -1.
    var choice: [Int32]
    /// Per field id: the boundary class (0 at the minimum, 1 inside, 2 at the maximum) or the
    /// list size class (0 least, 1 middle, 2 greatest), or -1.
    var edge: [Int8]
    /// Per field id of a multi-choice field: per option, -1 no target, 0 not chosen, 1 chosen.
    var options: [[Int8]]
    /// Per section checked as a whole: -1 no target, 0 empty, 1 filled.
    var group: [Int8]

    init(fieldCount: Int, groupCount: Int) {
        presence = Array(repeating: -1, count: fieldCount)
        choice = Array(repeating: -1, count: fieldCount)
        edge = Array(repeating: -1, count: fieldCount)
        options = Array(repeating: [], count: fieldCount)
        group = Array(repeating: -1, count: groupCount)
    }

    /// The targets that ask for `assignment` (a value index per factor, -1 for any).
    init(_ assignment: [Int], model: CoverModel, rules: CompiledRuleSet) {
        self.init(fieldCount: rules.fields.count, groupCount: rules.groups.count)
        for (index, factor) in model.factors.enumerated() where assignment[index] >= 0 {
            let value = assignment[index]
            let name = factor.values[value]
            let field = factor.field
            if factor.kind != .option, factor.kind != .section, factor.kind != .condition {
                presence[field] = value == factor.absentIndex ? 0 : 1
                if value == factor.absentIndex { continue }
            }
            switch factor.kind {
            case .value:
                choice[field] = Int32(value)
            case .range, .size:
                edge[field] = name == "min" ? 0 : name == "max" ? 2 : 1
            case .option:
                if options[field].isEmpty {
                    options[field] = Array(repeating: -1, count: model.optionFactors[field].count)
                }
                options[field][factor.option] = value == 0 ? 1 : 0
                if value == 0 { presence[field] = 1 }
            case .section:
                let index = rules.fields[field].group
                if index >= 0 { group[index] = value == 0 ? 1 : 0 }
            case .presence, .condition:
                break
            }
        }
    }
}

extension QuestionnaireBuilder {
    /// Whether an optional field is filled: as the covering case asks, else by chance.
    func wantsFilled(_ field: CompiledField, item: Int) -> Bool {
        if let targets, item <= 0, targets.presence[field.id] >= 0 { return targets.presence[field.id] == 1 }
        return random.chance(plan.options.optionalRate)
    }

    /// Whether the covering case asks this field for a value (an enum value or switch position,
    /// a boundary or size class, options) here: such a value is left as aimed, not settled.
    func aimsAtValue(_ field: CompiledField, item: Int) -> Bool {
        guard let targets, item <= 0 else { return false }
        return targets.choice[field.id] >= 0 || targets.edge[field.id] >= 0
            || targets.options[field.id].contains { $0 >= 0 }
    }

    /// The enum or switch position the covering case asks of this field, if any.
    func targetChoice(_ field: CompiledField, item: Int, count: Int) -> Int? {
        guard let targets, item <= 0 else { return nil }
        let wanted = Int(targets.choice[field.id])
        return wanted >= 0 && wanted < count ? wanted : nil
    }

    /// Makes the next ``pick(_:_:)`` land on the covering case's class for this field.
    func aimAtTarget(_ field: CompiledField, item: Int) {
        guard let targets, item <= 0 else { return }
        pendingEdge = targets.edge[field.id]
    }

    /// The options a covering case asks of a multi-choice field (`low...high` of them), if any.
    func targetOptions(_ field: CompiledField, item: Int, count: Int, low: Int, high: Int) -> [Int32]? {
        guard let targets, item <= 0, targets.options[field.id].count == count else { return nil }
        let wanted = targets.options[field.id]
        var chosen = (0..<count).filter { wanted[$0] == 1 }
        var free = (0..<count).filter { wanted[$0] == -1 }
        while chosen.count < low, !free.isEmpty { chosen.append(free.remove(at: random.int(in: 0...(free.count - 1)))) }
        var refused = (0..<count).filter { wanted[$0] == 0 }
        while chosen.count < low, !refused.isEmpty {
            chosen.append(refused.remove(at: random.int(in: 0...(refused.count - 1))))
        }
        while chosen.count > high { chosen.remove(at: random.int(in: 0...(chosen.count - 1))) }
        return chosen.sorted().map { Int32($0) }
    }

    /// The choice for a section that may be left empty: as the covering case asks, else by chance.
    func wantsGroupFilled(_ index: Int) -> Bool {
        if let targets, targets.group[index] >= 0, currentItem <= 0 { return targets.group[index] == 1 }
        return random.chance(plan.options.optionalRate)
    }

    /// The value `pick` gives for a pending class: 0 the least, 2 the greatest, 1 one strictly inside.
    func pendingPick(_ low: Int64, _ high: Int64) -> Int64? {
        let edge = pendingEdge
        guard edge >= 0 else { return nil }
        pendingEdge = -1
        switch edge {
        case 0: return low
        case 2: return high
        default:
            guard high > low &+ 1 else { return nil }
            let span = UInt64(bitPattern: high &- low) - 1
            return low &+ 1 &+ Int64(bitPattern: random.next() % span)
        }
    }
}
