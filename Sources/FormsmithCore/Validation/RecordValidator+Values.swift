/// Field values for expressions, and why a value has the wrong type (the reading itself is
/// ``ValueDecoder``'s).
extension RecordValidator {
    /// Why a value is not a whole number that fits in 64 bits (the message of a `type` violation).
    func wholeNumberProblem(_ raw: RawValue) -> String {
        if values.isExponentCell(raw) {
            return "must be a whole number written in digits (such as 1500), not with an exponent"
        }
        guard let number = values.number(raw) else { return "must be a whole number, not \(values.typePhrase(raw))" }
        if number.isIntegerLiteral {
            return "is too large: whole numbers must lie between \(Int64.min) and \(Int64.max)"
        }
        return "must be a whole number, written without a fraction or an exponent"
    }

    /// Why a value is not a finite number (the message of a `type` violation).
    func numberProblem(_ raw: RawValue) -> String {
        if values.isExponentCell(raw) {
            return "must be a number written in plain decimal notation (such as 1500 or 0.25), not with an exponent"
        }
        guard values.number(raw) != nil else { return "must be a number, not \(values.typePhrase(raw))" }
        return "is too large: numbers must lie between -1.7976931348623157e308 and 1.7976931348623157e308"
    }

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
            return values.number(raw)?.integer.map { .value(.integer($0)) } ?? .invalid
        case .decimal:
            return values.number(raw).map { .value(.decimal($0.double)) } ?? .invalid
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
}
