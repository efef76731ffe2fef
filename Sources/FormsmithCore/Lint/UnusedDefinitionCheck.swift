/// `unused-definition`: a definition no field uses (directly or through another definition).
struct UnusedDefinitionCheck: LintCheck {
    let rule = LintRule(
        id: "unused-definition",
        summary: "A definition that no field uses (directly, or through a definition a field uses).",
        triggering: [
            """
            definitions:
              name: {type: string, maxLength: 50}
            fields:
              a: {type: string}
            """,
            """
            definitions:
              base: {type: string}
              name: {use: base, maxLength: 50}
            fields:
              a: {type: string}
            """,
        ],
        nonTriggering: [
            """
            definitions:
              base: {type: string}
              name: {use: base, maxLength: 50}
            fields:
              a: {use: name}
            """,
        ])
    let needsCompiledRules = false

    func findings(in context: LintContext) -> [LintFinding] {
        context.ruleSet.definitions.filter { !context.ruleSet.usedDefinitions.contains($0.value) }.map { definition in
            rule.finding("definition '\(definition.value)' is not used by any field: remove it, or build a field "
                         + "on it with 'use: \(definition.value)'", at: definition.location)
        }
    }
}
