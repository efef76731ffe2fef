/// Turning a fixture's pinned JSON values into generated values of the field's type. A value
/// that does not fit the field is kept as written, so that verification reports it.
extension QuestionnaireBuilder {
    func materialize(_ pinned: FixtureValue, for field: CompiledField, address: FieldAddress) -> GeneratedValue {
        let fieldPlan = plan.fields[field.id]
        switch (pinned, field.type) {
        case (.null, _):
            return .absent
        case (.boolean(let flag), .boolean):
            return .boolean(flag)
        case (.number(let text), .integer):
            if let number = Int64(text) { return .integer(number) }
        case (.number(let text), .decimal):
            if let (mantissa, scale) = Self.plainDecimal(text) { return .decimal(mantissa: mantissa, scale: scale) }
        case (.number(let text), .enumeration) where field.hasIntegerValues:
            if let index = fieldPlan.enumText.firstIndex(of: Array(text.utf8)) { return .choice(Int32(index)) }
        case (.string(let text), .date):
            if let date = field.datePattern.parse(text) { return .date(date) }
            return record.appendText(Array(text.utf8))
        case (.string(let text), .string), (.string(let text), .text):
            return record.appendText(Array(text.utf8))
        case (.string(let text), .enumeration) where !field.hasIntegerValues:
            if let index = fieldPlan.enumText.firstIndex(of: Array(text.utf8)) { return .choice(Int32(index)) }
            return record.appendText(Array(text.utf8))
        case (.array(let values), .multiChoice):
            let start = record.choiceIndexes.count
            for value in values {
                guard case .string(let text) = value, let index = fieldPlan.enumText.firstIndex(of: Array(text.utf8))
                else {
                    record.choiceIndexes.removeSubrange(start...)
                    return record.appendLiteral(json: pinned.json, cell: pinned.cell)
                }
                record.choiceIndexes.append(Int32(index))
            }
            return .choices(start: Int32(start), count: Int32(values.count))
        case (.array(let items), .list):
            if items.allSatisfy({ if case .object = $0 { return true } else { return false } }) {
                return .items(Int32(items.count))
            }
        default:
            break
        }
        return record.appendLiteral(json: pinned.json, cell: pinned.cell)
    }

    /// A number written `-12.50` as mantissa and scale; nil for exponents or too many digits.
    static func plainDecimal(_ text: String) -> (Int64, Int8)? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = Int64(parts[0]) else { return nil }
        guard parts.count == 2 else { return (whole, 0) }
        let fraction = parts[1]
        guard !fraction.isEmpty, fraction.count <= 9, fraction.allSatisfy(\.isASCII), let digits = Int64(fraction),
              digits >= 0 else { return nil }
        var factor: Int64 = 1
        for _ in 0..<fraction.count { factor *= 10 }
        let (scaled, overflow) = whole.magnitude.multipliedReportingOverflow(by: UInt64(factor))
        guard !overflow, scaled < UInt64(Int64.max) - UInt64(digits) else { return nil }
        let magnitude = Int64(scaled) + digits
        return (parts[0].hasPrefix("-") ? -magnitude : magnitude, Int8(fraction.count))
    }
}
