/// Field values for expressions (the reading itself is ``ValueDecoder``'s).
extension RecordValidator {
    /// The field's value as an expression value, for predicates and bounds.
    func expressionValue(of id: Int) -> FieldLookup {
        let (raw, state) = slot(of: id)
        switch state {
        case .pending, .invalid: return .invalid
        case .absent: return .absent
        case .valid: break
        }
        switch plan.fields[id].type {
        case .string, .text:
            return values.withText(raw, into: &lookupBuffer) { text in
                text.map { .value(.string(String(decoding: $0, as: UTF8.self))) } ?? .invalid
            }
        case .integer:
            // An integer past 64 bits is carried exactly, as a decimal with no fraction.
            guard let number = values.number(raw) else { return .invalid }
            if let integer = number.integer { return .value(.integer(integer)) }
            return number.value.map { .value(.decimal($0)) } ?? .invalid
        case .decimal:
            return values.number(raw)?.value.map { .value(.decimal($0)) } ?? .invalid
        case .boolean:
            return values.boolean(raw).map { .value(.boolean($0)) } ?? .invalid
        case .date:
            return values.date(raw, pattern: plan.fields[id].datePattern, buffer: &lookupBuffer).map { .value(.date($0)) }
                ?? .invalid
        case .enumeration:
            if plan.fields[id].hasIntegerValues { return values.number(raw)?.integer.map { .value(.integer($0)) } ?? .invalid }
            return values.withText(raw, into: &lookupBuffer) { text in
                text.map { .value(.string(String(decoding: $0, as: UTF8.self))) } ?? .invalid
            }
        case .multiChoice:
            return .value(.list(values.choices(raw).map { .string($0) }))
        case .list:
            return .value(.list(Array(repeating: .null, count: binding.lists[id].count)))
        case .section:
            return .invalid
        case .attachment:
            return attachmentNames(raw, rules.fields[id]).map { .value(.list($0.map { .string($0) })) } ?? .invalid
        }
    }
}

/// Field lookups for expressions, evaluated against the record being validated.
struct RecordEnvironment: ExpressionEnvironment {
    unowned let validator: RecordValidator

    var today: CivilDate { validator.rules.today }

    func lookup(_ field: Int) -> FieldLookup { validator.expressionValue(of: field) }

    func everyItem(of field: Int, inList list: Int) -> [FieldLookup]? { validator.itemValues(of: field, inList: list) }

    func currentItem(ofList list: Int) -> Int? {
        // The current list's item, or an enclosing list's item being evaluated (each list's
        // storage holds the items of one enclosing item at a time, so the index is local).
        let item = validator.currentList == list ? validator.currentItem : validator.binding.lists[list].activeItem
        return item >= 0 ? item : nil
    }
}

extension RecordValidator {
    /// Field `field`'s value in each item of list `list` (read from the list's own scope or one
    /// it encloses, after the list's items were evaluated: the rule compiler orders the reader
    /// after the list); nil when the list itself is invalid, none when it is absent.
    func itemValues(of field: Int, inList list: Int) -> [FieldLookup]? {
        switch expressionValue(of: list) {
        case .invalid: return nil
        case .absent: return []
        case .value: break
        }
        let (outerList, outerItem) = (currentList, currentItem)
        defer { (currentList, currentItem) = (outerList, outerItem) }
        currentList = list
        var found: [FieldLookup] = []
        found.reserveCapacity(binding.lists[list].count)
        for item in 0..<binding.lists[list].count {
            currentItem = item
            found.append(expressionValue(of: field))
        }
        return found
    }
}
