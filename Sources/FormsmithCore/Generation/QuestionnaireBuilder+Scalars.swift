/// Numbers, dates, switches, enums, multi-choice values and list sizes.
extension QuestionnaireBuilder {
    /// Years before an upper date bound when a date field has no lower bound.
    static let dateSpanYears = 50

    // MARK: - Windows (the ranges themselves: `Checks/RangeCheck.swift`)

    /// A value in `low...high`, at an edge under `--boundaries`.
    func pick(_ low: Int64, _ high: Int64) -> Int64 {
        if targets != nil, let aimed = pendingPick(low, high) { return aimed }
        switch edge() {
        case .lowest?: return low
        case .highest?: return high
        case nil:
            let span = UInt64(bitPattern: high &- low)
            if span >= UInt64(Int.max) { return low &+ Int64(bitPattern: random.next() % span) }
            return low &+ Int64(random.int(in: 0...Int(span)))
        }
    }

    // MARK: - Values

    func generateInteger(_ field: CompiledField, address: FieldAddress) -> GeneratedValue {
        if let special = allowedValue(field) { return special }
        return generateNumber(field, address: address)
    }

    func generateDecimal(_ field: CompiledField, address: FieldAddress) -> GeneratedValue {
        if let special = allowedValue(field) { return special }
        return generateNumber(field, address: address)
    }

    func generateBoolean(_ field: CompiledField, address: FieldAddress) -> GeneratedValue {
        if let value = plan.fields[field.id].constantBoolean { return .boolean(value) }
        if let wanted = targetChoice(field, item: address.item, count: 2) { return .boolean(wanted == 1) }
        if let steered = steeredChoice(field, address: address, count: 2)
            ?? parentSteeredChoice(field, address: address, count: 2)
            ?? childHidingChoice(field, address: address, count: 2) { return .boolean(steered == 1) }
        if let position = cycled(2, field: field, item: address.item) { return .boolean(position == 1) }
        return .boolean(random.chance(0.5))
    }

    func generateDate(_ field: CompiledField, address: FieldAddress) -> GeneratedValue {
        if let special = allowedValue(field) { return special }
        let (drawnLow, drawnHigh) = dateDrawRange(field)
        guard drawnLow <= drawnHigh else {
            return fail(address, RuleIdentifier.min, "its lower date bound \(CivilDate(dayNumber: drawnLow)) is after "
                            + "its upper bound \(CivilDate(dayNumber: drawnHigh))")
        }
        let (low, high) = roomForLaterDates(field, address: address, low: drawnLow, high: drawnHigh)
        let filters = dateFilters(field)
        if !filters.isEmpty {
            guard let day = DateChecks.draw(low, high, filters: filters, random: &random) else {
                return fail(address, filters[0].filterRule!, "no day from \(CivilDate(dayNumber: low)) to "
                                + "\(CivilDate(dayNumber: high)) is one its \(filters[0].filterRule!) allow")
            }
            return .date(CivilDate(dayNumber: day))
        }
        aimAtTarget(field, item: address.item)
        return .date(CivilDate(dayNumber: Int32(pick(Int64(low), Int64(high)))))
    }

    /// The days a date field is drawn from: its bounds as they read now, or ``dateSpanYears``
    /// from the one it has (up to today without any); low after high when the bounds cross.
    func dateDrawRange(_ field: CompiledField) -> (low: Int32, high: Int32) {
        let bounds = dateRange(field)
        let high = bounds.high ?? bounds.low.map {
            CivilDate(dayNumber: $0).adding(CalendarDuration(years: Self.dateSpanYears)).dayNumber
        } ?? rules.today.dayNumber
        let low = bounds.low ?? CivilDate(dayNumber: high).adding(CalendarDuration(years: -Self.dateSpanYears)).dayNumber
        return (low, high)
    }

    /// ``dateDrawRange(_:)`` when its ends do not cross.
    func dateDrawWindow(_ field: CompiledField) -> (low: Int32, high: Int32)? {
        let range = dateDrawRange(field)
        return range.low <= range.high ? range : nil
    }

    func generateChoice(_ field: CompiledField, address: FieldAddress) -> GeneratedValue {
        if let constant = plan.fields[field.id].constantChoice { return .choice(constant) }
        let count = plan.enumValueCount(of: field.id)
        guard count > 0 else { return fail(address, RuleIdentifier.enumeration, "the field lists no values") }
        if let allowed = caseChoices(of: field)?.allowed {
            // The field's values the cases that hold allow (their `values` and `const`).
            guard !allowed.isEmpty else {
                return fail(address, RuleIdentifier.enumeration, "the cases that hold allow none of its values together")
            }
            return .choice(allowed[random.int(in: 0...(allowed.count - 1))])
        }
        if let wanted = targetChoice(field, item: address.item, count: count) { return .choice(Int32(wanted)) }
        if let steered = steeredChoice(field, address: address, count: count)
            ?? parentSteeredChoice(field, address: address, count: count)
            ?? childHidingChoice(field, address: address, count: count) { return .choice(Int32(steered)) }
        return .choice(Int32(cycled(count, field: field, item: address.item) ?? random.int(in: 0...(count - 1))))
    }

    func generateChoices(_ field: CompiledField, address: FieldAddress) -> GeneratedValue {
        let count = plan.enumValueCount(of: field.id)
        var bounds = plan.fields[field.id].choiceCount
        let narrowed = caseChoices(of: field)
        if let narrowed { bounds.narrow(narrowed.count) }
        let available = narrowed?.allowed?.count ?? count
        let low = max(1, bounds.min ?? 1)
        let high = min(available, bounds.max ?? available)
        guard low <= high else {
            return fail(address, RuleIdentifier.minItems, "it needs \(low) different choices but allows at most \(high)")
        }
        let start = record.choiceIndexes.count
        if let allowed = narrowed?.allowed {
            // Drawn from the field's values the cases that hold allow.
            let chosen = Int(pick(Int64(low), Int64(plan.options.boundaries ? high : min(high, low + 3))))
            while record.choiceIndexes.count - start < chosen {
                let candidate = allowed[random.int(in: 0...(allowed.count - 1))]
                if !record.choiceIndexes[start...].contains(candidate) { record.choiceIndexes.append(candidate) }
            }
            record.choiceIndexes[start...].sort()
            return .choices(start: Int32(start), count: Int32(chosen))
        }
        if let wanted = targetOptions(field, item: address.item, count: count, low: low, high: high) {
            record.choiceIndexes.append(contentsOf: wanted)
            return .choices(start: Int32(start), count: Int32(wanted.count))
        }
        let chosen = Int(pick(Int64(low), Int64(plan.options.boundaries ? high : min(high, low + 3))))
        if let first = cycled(count, field: field, item: address.item) { record.choiceIndexes.append(Int32(first)) }
        while record.choiceIndexes.count - start < chosen {
            let candidate = Int32(random.int(in: 0...(count - 1)))
            if !record.choiceIndexes[start...].contains(candidate) { record.choiceIndexes.append(candidate) }
        }
        record.choiceIndexes[start...].sort()
        return .choices(start: Int32(start), count: Int32(chosen))
    }

    func generateItemCount(_ field: CompiledField, address: FieldAddress) -> GeneratedValue {
        let (low, top) = Self.itemCounts(of: field)
        guard low <= top else { return fail(address, RuleIdentifier.minItems, "minItems is above maxItems") }
        if let targets, address.item <= 0, targets.edge[field.id] >= 0 {
            let size = targets.edge[field.id]
            return .items(Int32(size == 0 ? low : size == 2 ? top : (low + top) / 2))
        }
        return .items(Int32(pick(Int64(low), Int64(top))))
    }

    /// The item counts a list is generated with: from its `minItems` (at least 1) to its
    /// `maxItems`, or three more than the least when it has none. The CSV writer gives a list
    /// columns for `top` items.
    static func itemCounts(of list: CompiledField) -> (low: Int, top: Int) {
        let bounds = ItemBounds(list: list.checks)
        let low = max(1, bounds.min ?? 1)
        return (low, bounds.max ?? low + 3)
    }

    /// Now and then (one value in twenty, never under `--boundaries`), one of the field's
    /// `allow` values, written with the field's JSON type.
    func allowedValue(_ field: CompiledField) -> GeneratedValue? {
        guard !field.allowed.isEmpty, !plan.options.boundaries, random.int(in: 0...19) == 0 else { return nil }
        let special = field.allowed[random.int(in: 0...(field.allowed.count - 1))]
        if field.type == .integer || field.type == .decimal {
            let text = String(decoding: special, as: UTF8.self)
            return record.appendLiteral(json: text, cell: text)
        }
        return record.appendText(special)
    }
}
