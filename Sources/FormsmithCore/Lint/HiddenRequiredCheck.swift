/// `hidden-required`: a required field (no `optional`, no `requiredIf`) that can be hidden by
/// an empty parent, and so can neither be filled nor left empty.
///
/// A field hidden by its own `visibleIf` is simply not required in Formsmith (it must be
/// empty), so "required whenever visible" is a sound idiom and is not reported. A `parent:`
/// hides a field differently: while the parent is empty the field must stay empty (rule
/// `parent`) yet, being required, it must be filled (rule `required`). The check reports a
/// required field whose parent may be empty (optional, `requiredIf`, or `visibleIf`) unless the
/// field's own `visibleIf` is false whenever that parent is empty (tried with the parent
/// absent and every other field unknown), or repeats the parent's `visibleIf` word for word.
struct HiddenRequiredCheck: LintCheck {
    let rule = LintRule(
        id: "hidden-required",
        summary: "A required field (no `optional`, no `requiredIf`) hidden while its `parent` is empty, although that parent may be empty: such questionnaires can never be valid.",
        triggering: [
            "fields:\n  docType: {type: string, optional: true}\n  docNumber: {type: string, parent: docType}\n",
            """
            fields:
              kind: {type: enum, values: [a, b]}
              docType: {type: string, visibleIf: "kind == 'a'"}
              docNumber: {type: string, parent: docType}
            """,
        ],
        nonTriggering: [
            "fields:\n  docType: {type: string}\n  docNumber: {type: string, parent: docType}\n",
            "fields:\n  docType: {type: string, optional: true}\n  docNumber: {type: string, parent: docType, requiredIf: present(docType)}\n",
            "fields:\n  docType: {type: string, optional: true}\n  docNumber: {type: string, parent: docType, visibleIf: present(docType)}\n",
            "fields:\n  docType: {type: string, optional: true}\n  docNumber: {type: string, parent: docType, optional: true}\n",
            """
            fields:
              kind: {type: enum, values: [a, b]}
              docType: {type: string, visibleIf: "kind == 'a'"}
              docNumber: {type: string, parent: docType, visibleIf: "kind == 'a'"}
            """,
        ])
    let needsCompiledRules = true

    func findings(in context: LintContext) -> [LintFinding] {
        var findings: [LintFinding] = []
        for field in context.valueFields where !field.isOptional && field.requiredIf == nil {
            for parent in field.parents {
                guard let parentRule = context.ruleSet.field(at: parent.value),
                    let why = whyEmpty(parentRule), !isHidden(field, whenEmpty: parentRule, context)
                else { continue }
                findings.append(rule.finding(
                    "'\(field.path)' is required but cannot be filled while its parent '\(parentRule.path)' is "
                    + "empty, and '\(parentRule.path)' may be empty (\(why)): such a questionnaire can never be "
                    + "valid; add 'requiredIf: present(\(parentRule.path))' to '\(field.path)', or make "
                    + "'\(parentRule.path)' required", at: parent.location))
            }
        }
        return findings
    }

    /// Why the parent may be empty in a valid questionnaire, or nil when it must be filled.
    private func whyEmpty(_ parent: FieldRule) -> String? {
        if let requiredIf = parent.requiredIf { return "it is required only when \"\(requiredIf.value)\"" }
        if parent.isOptional { return "it is optional" }
        if let visibleIf = parent.visibleIf { return "it is hidden when \"\(visibleIf.value)\" is false" }
        return nil
    }

    /// Whether the field is itself hidden whenever the parent is empty.
    private func isHidden(_ field: FieldRule, whenEmpty parent: FieldRule, _ context: LintContext) -> Bool {
        guard let source = field.visibleIf, let visibleIf = context.compiledField(field.path)?.visibleIf else {
            return false
        }
        let parentOnlyHidden = !parent.isOptional && parent.requiredIf == nil
        if parentOnlyHidden, let parentSource = parent.visibleIf,
            Self.normalized(parentSource.value) == Self.normalized(source.value)
        {
            return true
        }
        guard let parentID = context.compiled?.fieldIDs[parent.path] else { return false }
        let environment = AssignmentEnvironment(today: context.today, values: [parentID: .absent])
        return visibleIf.evaluateCondition(environment) == false
    }

    private static func normalized(_ predicate: String) -> String {
        predicate.filter { !$0.isWhitespace }
    }
}
