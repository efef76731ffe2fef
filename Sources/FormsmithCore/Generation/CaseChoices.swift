/// What one `cases:` entry of an enum or multi-choice field allows of the field's own values:
/// a case narrows them (its `values` and `const` keep those of the field's it names, its
/// `minItems`/`maxItems` the count), so a value must be one of the field's values and of every
/// holding case's. A case need not repeat the field's `values` (docs/rules.md, "Cases").
struct CaseChoices: Sendable {
    /// The positions among the field's values the case allows; nil: every one.
    var allowed: [Int32]?
    /// How many choices a multi-choice value has while the case holds.
    var count = ItemBounds()
}

extension GeneratorFieldTables {
    /// Works out ``caseChoices`` of an enum or multi-choice field whose cases hold choice
    /// checks (after its own values are added); throws when a case on its own allows none of
    /// the field's values (its `const` or `values` name none of them), as no questionnaire in
    /// which it holds can be valid.
    mutating func planCaseChoices(_ field: CompiledField) throws(GenerationError) {
        let hasChoiceChecks = field.cases.contains { variant in
            variant.checks.contains { if case .choice = $0 { true } else { false } }
        }
        guard hasChoiceChecks else { return }
        var planned: [CaseChoices] = []
        for (index, variant) in field.cases.enumerated() {
            let domain = ChoiceDomain(variant.checks)
            var choices = CaseChoices(count: domain.count)
            if let strings = domain.strings {
                let named = strings + domain.integers.map { Array(String($0).utf8) }
                choices.allowed = enumText.indices.filter { named.contains(enumText[$0]) }.map { Int32($0) }
            }
            if let constant = domain.constant {
                let text = Array(constant.description.utf8)
                let position = enumText.firstIndex(of: text).map { Int32($0) }
                choices.allowed = position.map { position in (choices.allowed ?? [position]).filter { $0 == position } } ?? []
            }
            if choices.allowed?.isEmpty == true {
                let source = index < field.caseSources.count ? field.caseSources[index] : ""
                throw GenerationError(
                    field: field.path, rule: domain.constant != nil ? RuleIdentifier.constant : RuleIdentifier.enumeration,
                    message: "its case (when: \(source)) allows none of the field's own values, so no value can be valid "
                        + "while it holds; a case narrows the field's values: name one of them")
            }
            planned.append(choices)
        }
        caseChoices = planned
    }
}

extension QuestionnaireBuilder {
    /// The field's values and count as the cases that hold narrow them; nil when the field's
    /// cases hold no choice checks or none of them holds.
    func caseChoices(of field: CompiledField) -> CaseChoices? {
        let table = plan.fields[field.id].caseChoices
        guard !table.isEmpty else { return nil }
        let mask = activeCases(of: field)
        guard mask != 0 else { return nil }
        var result: CaseChoices?
        for (index, variant) in table.enumerated() where mask & (1 << min(index, 62)) != 0 {
            var merged = result ?? CaseChoices()
            if let allowed = variant.allowed {
                merged.allowed = merged.allowed.map { $0.filter(allowed.contains) } ?? allowed
            }
            merged.count.narrow(variant.count)
            result = merged
        }
        return result
    }
}
