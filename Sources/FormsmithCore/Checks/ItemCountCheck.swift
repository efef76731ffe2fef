/// `minItems` / `maxItems`: how many items a list, or choices a multi-choice field, has. The
/// wording of its violations is in `Validation/RecordValidator+Collections.swift`.
enum ItemCountCheck: ValueCheckKind {
    static let keys = [CheckKey(name: "minItems", types: [.list, .multiChoice]),
                       CheckKey(name: "maxItems", types: [.list, .multiChoice])]

    static let examples = [
        CheckDescription(
            rule: RuleIdentifier.minItems, summary: "A list or multi-choice has at least `minItems` entries.",
            field: "{type: multi-choice, values: [web, app], minItems: 2, optional: true}",
            passing: ["[\"web\",\"app\"]"], failing: ["[\"web\"]"]),
        CheckDescription(
            rule: RuleIdentifier.maxItems, summary: "A list or multi-choice has at most `maxItems` entries.",
            field: "{type: list, maxItems: 1, fields: {name: {type: string}}}",
            passing: ["[{\"name\":\"a\"}]"], failing: ["[{\"name\":\"a\"},{\"name\":\"b\"}]"]),
    ]

    static func compile(_ constraints: Constraints, at site: CheckSite, in state: CompilerState) -> ValueCheck? {
        guard let (minimum, maximum) = state.countBounds(constraints.minItems, constraints.maxItems,
                                                         ("minItems", "maxItems"), of: site.rule)
        else { return nil }
        return .itemCount(min: minimum, max: maximum)
    }

    static func explain(_ constraints: Constraints, for writer: ExplanationWriter) -> [ExplainedCheck] {
        guard let items = CheckPhrases.count(constraints.minItems?.value, constraints.maxItems?.value) else { return [] }
        let noun = CheckPhrases.noun(writer.field.type == .multiChoice ? "choice" : "item", items.text)
        return [ExplainedCheck(label: "items", body: items.text + noun,
                               rules: items.ends.map { $0 == "min" ? RuleIdentifier.minItems : RuleIdentifier.maxItems })]
    }
}
