import FormsmithValues

/// Number defects from the field's ``NumberDomain``: each leaves the domain for exactly its
/// rule and stays inside every other rule's, so the validator reports that rule alone.
extension DefectPlanter {
    /// The generated number moved just outside the domain for `rule` (`min`/`max`: one grid
    /// step past the lowest or highest value at the value's scale; `fractionDigits`: one digit
    /// more, next to the value; a step: one point of the other steps' grid away); nil when the
    /// field has no such rule or no such value exists.
    func numberDefect(_ rule: NumberDomain.Rule, _ field: CompiledField, _ value: GeneratedValue,
                      _ address: FieldAddress) -> GeneratedValue? {
        inScope(address) {
            guard let (number, scale) = builder.number(of: value) else { return nil }
            let domain = builder.numberDomain(field)
            guard let outside = domain.outside(breaking: rule, near: number, scale: scale) else { return nil }
            // Written with the value's digits after the point, or the more the defect needs
            // (`fractionDigits: 2` broken by 1.251).
            return builder.numberValue(outside, scale: max(scale, outside.fractionDigits), integer: field.type == .integer)
        }
    }
}
