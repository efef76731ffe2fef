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
        if field.type == .attachment, let (replacement, suffix) = attachmentDefect(candidate.kind, field, inScope(address, { builder.attachmentPlan(field) }),
                                                                                      random: &random) {
            builder.record.setValue(replacement, at: address, in: rules)
            return builder.record.concretePath(address, in: rules) + suffix
        }
        var replacement: GeneratedValue?
        if let filter = candidate.dateCheck {
            replacement = refusedDay(by: filter, field, address, random: &random)
        } else if let defect = candidate.textDefect, let check = candidate.textCheck {
            replacement = check.broken(defect, value, field, address, by: self, random: &random)
        } else {
            replacement = candidate.narrowing.map { numberDefect($0, field, value, address) }
                ?? mutated(candidate.kind, field, value, address, random: &random)
        }
        guard let replacement else { return nil }
        builder.record.setValue(replacement, at: address, in: rules)
        if candidate.kind == .required || candidate.kind == .incompleteGroup {
            emptyOptionalChildren(of: field, item: address.item)
        }
        if candidate.kind == .visibility, case .items(let count) = replacement {
            inScope(address) { builder.fillItems(of: field, count: Int(count)) }
            guard builder.failure == nil else { return nil }
        }
        if candidate.kind == .parent {
            guard let parent = field.parents.first else { return nil }
            // The parent may be a field of an enclosing item (`drivers[].licensed` for a document):
            // its item is the one holding this field's item, not the same index.
            var item = -1
            if let parentList = rules.fields[parent].listID, let list = field.listID {
                item = builder.record.item(ofList: parentList, holding: address.item, of: list)
                guard item >= 0 else { return nil }
            }
            builder.record.setValue(.absent, at: FieldAddress(field: parent, item: item), in: rules)
            hideDependents(of: parent, item: item, except: field.id)
        }
        return builder.record.concretePath(address, in: rules)
    }

    /// Empties the fields of the emptied parent's own scope (the questionnaire, or its list
    /// item `item`) whose `visibleIf` reads it and no longer holds: with the parent gone they are
    /// hidden, and left filled they would break `visibility` too (a `parent` defect on a
    /// document's number, whose `issuer` is visible only for passports, empties the issuer with
    /// the type). Their absence is what the rules ask for, so the questionnaire stays valid
    /// everywhere but the labelled defect; `except` (the defect's own field) is kept.
    private func hideDependents(of parent: Int, item: Int, except kept: Int) {
        let list = rules.fields[parent].listID
        for other in rules.fields where other.id != kept && other.listID == list {
            guard let condition = other.visibleIf, condition.referencedFields.contains(parent) else { continue }
            let address = FieldAddress(field: other.id, item: list == nil ? -1 : item)
            guard builder.record.value(at: address, in: rules).isPresent,
                  inScope(address, { condition.evaluateCondition(builder.environment) }) != true else { continue }
            builder.record.setValue(.absent, at: address, in: rules)
        }
    }

    /// Empties the optional fields (no requiredIf) of the emptied field's own scope that name it
    /// as their parent: left filled they would break `parent` too (a `required` defect on a
    /// company name whose optional contact names it as parent). Empty, they are valid.
    private func emptyOptionalChildren(of parent: CompiledField, item: Int) {
        for child in rules.fields where child.listID == parent.listID && child.parents.contains(parent.id)
            && child.isOptional && child.requiredIf == nil {
            let address = FieldAddress(field: child.id, item: parent.listID == nil ? -1 : item)
            if builder.record.value(at: address, in: rules).isPresent {
                builder.record.setValue(.absent, at: address, in: rules)
            }
        }
    }

    /// A day inside the field's range that `filter` refuses and its other filters allow, looked
    /// for from a random day of the range onwards (wrapping round); nil when there is none.
    private func refusedDay(by filter: any DateCheck, _ field: CompiledField, _ address: FieldAddress,
                            random: inout SeededRandom) -> GeneratedValue? {
        let (range, filters) = inScope(address) { (builder.dateRange(field), builder.dateFilters(field)) }
        let today = rules.today.dayNumber
        let low = range.low ?? min(today, range.high ?? today) - 366
        let high = min(range.high ?? max(today, low) + 366, low + 3660)
        guard low <= high else { return nil }
        let others = filters.filter { $0.filterRule != filter.filterRule }
        let start = Int32(random.int(in: Int(low)...Int(high)))
        for offset in 0...(high - low) {
            let day = low + (start - low + offset) % (high - low + 1)
            if !filter.allows(CivilDate(dayNumber: day)), DateChecks.allowed(day, by: others) {
                return .date(CivilDate(dayNumber: day))
            }
        }
        return nil
    }

    private func mutated(_ kind: MutationKind, _ field: CompiledField, _ value: GeneratedValue, _ address: FieldAddress,
                         random: inout SeededRandom) -> GeneratedValue? {
        switch kind {
        case .required, .incompleteGroup: return .absent
        case .parent: return value
        case .visibility:
            guard inScope(address, { field.visibleIf?.evaluateCondition(builder.environment) == false }) else { return nil }
            let generated = inScope(address) { builder.generateValue(field, address: address) }
            return builder.failure == nil && generated.isPresent ? generated : nil
        case .type: return wrongType(field)
        case .min, .max: return outOfRange(kind == .min, field, value, address)
        case .fractionDigits: return tooManyFractionDigits(field, value, address)
        case .enumeration: return unknownChoice(field, value)
        case .unique: return repeatedChoice(value)
        case .constant: return otherConstant(field, value, address)
        case .minItems, .maxItems: return itemCountEdit(kind == .maxItems, field, value, address)
        case .mediaType, .fileExtension, .minSize, .maxSize: return nil  // attachmentDefect
        case .unknownField: return nil
        case .numberCheck, .textCheck, .dateCheck: return nil  // the candidate's check breaks it (apply)
        case .textForm: return mistypedText(field, value, random: &random)
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

    /// A multi-choice value with `extra` positions added.
    func appendChoices(_ value: GeneratedValue, extra: [Int32]) -> GeneratedValue? {
        guard case .choices(let start, let count) = value else { return nil }
        let newStart = builder.record.choiceIndexes.count
        builder.record.choiceIndexes.append(contentsOf: Array(builder.record.choiceIndexes[Int(start)..<Int(start + count)]))
        builder.record.choiceIndexes.append(contentsOf: extra)
        return .choices(start: Int32(newStart), count: count + Int32(extra.count))
    }
}
