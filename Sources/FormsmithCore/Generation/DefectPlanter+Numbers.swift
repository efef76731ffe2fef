import FormsmithValues

/// Number defects from the field's ``NumberDomain``: each leaves the domain for exactly its
/// rule and stays inside every other rule's, so the validator reports that rule alone.
extension DefectPlanter {
    /// The generated number moved just outside the domain for `rule` (`min`/`max`: one grid
    /// step past the lowest or highest value at the value's scale; `fractionDigits`: one digit
    /// more, next to the value); nil when the field has no such rule or no such value exists.
    func numberDefect(_ rule: NumberDomain.Rule, _ field: CompiledField, _ value: GeneratedValue,
                      _ address: FieldAddress) -> GeneratedValue? {
        inScope(address) {
            guard let (number, scale) = builder.number(of: value) else { return nil }
            let domain = builder.numberDomain(field)
            guard let outside = domain.outside(breaking: rule, near: number, scale: scale) else { return nil }
            let written = rule == .fractionDigits ? (domain.fractionDigits ?? scale) + 1 : scale
            return builder.numberValue(outside, scale: written, integer: field.type == .integer)
        }
    }
}
