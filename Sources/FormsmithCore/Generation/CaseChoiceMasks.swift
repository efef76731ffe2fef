/// The cases that hold of a field whose every `when:` compares one enumeration field with a
/// text (`when: insurant.documentType == 'passport'`, or `!=`), worked out once per run for
/// each of that field's values: the builder looks the mask up by the choice drawn instead of
/// evaluating every case's condition for every value it draws (osago's
/// `insurant.documentNumber`: three conditions, about 2,600 instructions a questionnaire).
struct CaseChoiceMasks: Sendable {
    /// The enumeration field every case's condition reads.
    let field: Int
    /// Per position in that field's value list, the cases that hold as
    /// ``QuestionnaireBuilder/activeCases(of:)`` gives them (bit `min(case, 62)` per case).
    let masks: [Int]

    /// Nil unless every case of `field` has the shape `enumField == 'text'` (or `!=`, either
    /// side; ``ExpressionShape/equalsText(field:text:negated:)``) on one and the same
    /// enumeration field with text values. Each mask is what the case conditions give when
    /// that field holds the value: they are evaluated here, once per value, with that field's
    /// value and nothing else (the shape reads nothing else).
    init?(_ field: CompiledField, rules: CompiledRuleSet, enumValues: (Int) -> [ExpressionValue]) {
        guard !field.cases.isEmpty else { return nil }
        var read: Int?
        var texts: [UInt8] = []
        for variant in field.cases {
            guard case .equalsText(let id, _, _) = ExpressionShape(variant.condition, fields: rules.fields, texts: &texts),
                  rules.fields[id].type == .enumeration, read == nil || read == id else { return nil }
            read = id
        }
        guard let read else { return nil }
        self.field = read
        masks = enumValues(read).map { value in
            let environment = OneValueEnvironment(today: rules.today, field: read, value: value)
            var mask = 0
            for (index, variant) in field.cases.enumerated() where variant.condition.evaluateCondition(environment) == true {
                mask |= 1 << min(index, 62)
            }
            return mask
        }
    }
}

/// An environment where one field holds one value and every other field is absent: enough for
/// a condition that reads that field alone.
private struct OneValueEnvironment: ExpressionEnvironment {
    let today: CivilDate
    let field: Int
    let value: ExpressionValue

    func lookup(_ id: Int) -> FieldLookup { id == field ? .value(value) : .absent }
}
