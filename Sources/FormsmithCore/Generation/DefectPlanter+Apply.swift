/// Applying one defect to the builder's record; each returns the concrete path the validator
/// should report, or nil when the defect does not apply to this value.
extension DefectPlanter {
    /// Undeclared top-level key used for `unknown-field` defects.
    static let unknownKey = "unexpectedField"

    func apply(_ candidate: MutationCandidate, random: inout SeededRandom) -> String? {
        if candidate.kind == .unknownField {
            var key = Self.unknownKey
            while rules.root.members.contains(where: { $0.name == key }) { key += "X" }
            builder.record.extras.append((key, "\"unexpected\""))
            return key
        }
        let address = candidate.address
        let field = rules.fields[address.field]
        let value = builder.record.value(at: address, in: rules)
        guard let replacement = mutated(candidate.kind, field, value, address, random: &random) else { return nil }
        builder.record.setValue(replacement, at: address, in: rules)
        if candidate.kind == .visibility, case .items(let count) = replacement {
            builder.fillItems(of: field, count: Int(count))
            guard builder.failure == nil else { return nil }
        }
        if candidate.kind == .parent {
            guard let parent = field.parents.first else { return nil }
            let parentAddress = FieldAddress(field: parent, item: rules.fields[parent].listID == nil ? -1 : address.item)
            builder.record.setValue(.absent, at: parentAddress, in: rules)
        }
        return rules.concretePath(address)
    }

    private func mutated(_ kind: MutationKind, _ field: CompiledField, _ value: GeneratedValue, _ address: FieldAddress,
                         random: inout SeededRandom) -> GeneratedValue? {
        switch kind {
        case .required: return .absent
        case .parent: return value
        case .visibility:
            guard inScope(address, { field.visibleIf?.evaluateCondition(builder.environment) == false }) else { return nil }
            let generated = inScope(address) { builder.generateValue(field, address: address) }
            return builder.failure == nil && generated.isPresent ? generated : nil
        case .type: return wrongType(field)
        case .regex, .mask: return textEdit(kind, field, value, address, random: &random)
        case .minLength, .maxLength: return lengthEdit(kind, field, value, address)
        case .min, .max: return outOfRange(kind == .min, field, value, address)
        case .fractionDigits:
            guard case .decimal(let mantissa, let scale) = value else { return nil }
            var digits = Int.max
            for case .fractionDigits(let limit) in field.checks { digits = min(digits, limit) }
            guard digits < 9, Int(scale) <= digits else { return nil }
            var shifted = mantissa
            for _ in Int(scale)...digits { shifted = shifted.multipliedReportingOverflow(by: 10).partialValue }
            return .decimal(mantissa: shifted + (mantissa < 0 ? -1 : 1), scale: Int8(digits + 1))
        case .enumeration: return unknownChoice(field, value)
        case .unique:
            guard case .choices(let start, let count) = value, count > 0 else { return nil }
            let first = builder.record.choiceIndexes[Int(start)]
            return appendChoices(value, extra: [first])
        case .constant: return otherConstant(field, value)
        case .checksum:
            guard case .text = value, let checksum = textSpec(field, address).checksum else { return nil }
            let companion = checksum.companion.flatMap { id -> String? in
                let other = builder.record.value(at: FieldAddress(field: id, item: rules.fields[id].listID == nil ? -1 : address.item),
                                                 in: rules)
                guard case .text = other else { return nil }
                return String(decoding: builder.record.bytes(of: other), as: UTF8.self)
            }
            let text = String(decoding: builder.record.bytes(of: value), as: UTF8.self)
            guard let corrupted = checksum.algorithm.corrupt(text, companion: companion) else { return nil }
            return builder.record.appendText(Array(corrupted.utf8))
        case .minItems, .maxItems: return itemCount(kind == .maxItems, field, value)
        case .unknownField: return nil
        }
    }

    /// A value of the wrong JSON type (one that is also wrong in a CSV cell where possible).
    private func wrongType(_ field: CompiledField) -> GeneratedValue {
        switch field.type {
        case .integer, .decimal: return builder.record.appendLiteral(json: "\"n/a\"", cell: "n/a")
        case .enumeration where field.hasIntegerValues: return builder.record.appendLiteral(json: "\"n/a\"", cell: "n/a")
        case .boolean: return builder.record.appendLiteral(json: "\"yes\"", cell: "yes")
        case .date: return builder.record.appendLiteral(json: "20200101", cell: "2020/01/01x")
        case .multiChoice, .list: return builder.record.appendLiteral(json: "\"none\"", cell: "none")
        default: return builder.record.appendLiteral(json: "12345", cell: "12345")
        }
    }

    /// A value just outside the field's resolved range.
    private func outOfRange(_ below: Bool, _ field: CompiledField, _ value: GeneratedValue,
                            _ address: FieldAddress) -> GeneratedValue? {
        switch value {
        case .date:
            let range = inScope(address) { builder.dateRange(field) }
            guard let limit = below ? range.low : range.high else { return nil }
            return .date(CivilDate(dayNumber: below ? limit - 1 : limit + 1))
        case .integer:
            let range = inScope(address) { builder.numberRange(field, scale: 0) }
            guard let limit = below ? range.low : range.high, limit > Int64.min, limit < Int64.max else { return nil }
            return .integer(below ? limit - 1 : limit + 1)
        case .decimal(_, let scale):
            let range = inScope(address) { builder.numberRange(field, scale: Int(scale)) }
            guard let limit = below ? range.low : range.high, limit > Int64.min, limit < Int64.max else { return nil }
            return .decimal(mantissa: below ? limit - 1 : limit + 1, scale: scale)
        default:
            return nil
        }
    }

    /// A value that is not among the field's values.
    private func unknownChoice(_ field: CompiledField, _ value: GeneratedValue) -> GeneratedValue? {
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

    /// A multi-choice value with `extra` positions added.
    private func appendChoices(_ value: GeneratedValue, extra: [Int32]) -> GeneratedValue? {
        guard case .choices(let start, let count) = value else { return nil }
        let newStart = builder.record.choiceIndexes.count
        builder.record.choiceIndexes.append(contentsOf: Array(builder.record.choiceIndexes[Int(start)..<Int(start + count)]))
        builder.record.choiceIndexes.append(contentsOf: extra)
        return .choices(start: Int32(newStart), count: count + Int32(extra.count))
    }

    private func otherConstant(_ field: CompiledField, _ value: GeneratedValue) -> GeneratedValue? {
        switch value {
        case .boolean(let flag): return .boolean(!flag)
        case .choice(let index):
            let count = generator.plan.fields[field.id].enumValues.count
            return count > 1 ? .choice((index + 1) % Int32(count)) : nil
        case .text:
            return builder.record.appendText(Array(builder.record.bytes(of: value)) + Array("x".utf8))
        default: return nil
        }
    }

    /// One item or choice fewer than `minItems`, or one more than `maxItems`.
    private func itemCount(_ above: Bool, _ field: CompiledField, _ value: GeneratedValue) -> GeneratedValue? {
        var minimum: Int?
        var maximum: Int?
        for case .itemCount(let low, let high) in field.checks {
            minimum = low
            maximum = high
        }
        switch value {
        case .items(let count):
            if !above {
                guard let minimum, minimum >= 2 else { return nil }
                return .items(Int32(minimum - 1))
            }
            guard let maximum, let scope = field.items?.scope, Int(count) <= maximum else { return nil }
            let slots = scope.slotCount
            let last = Array(builder.record.items[field.id][(Int(count) - 1) * slots..<Int(count) * slots])
            for _ in Int(count)...maximum { builder.record.items[field.id].append(contentsOf: last) }
            return .items(Int32(maximum + 1))
        case .choices(let start, let count):
            if !above {
                guard let minimum, minimum >= 2 else { return nil }
                return .choices(start: start, count: Int32(minimum - 1))
            }
            let total = generator.plan.fields[field.id].enumValues.count
            guard let maximum, maximum < total else { return nil }
            let chosen = Set(builder.record.choiceIndexes[Int(start)..<Int(start + count)])
            let unused = (0..<Int32(total)).filter { !chosen.contains($0) }
            return appendChoices(value, extra: Array(unused.prefix(maximum + 1 - Int(count))))
        default:
            return nil
        }
    }
}
