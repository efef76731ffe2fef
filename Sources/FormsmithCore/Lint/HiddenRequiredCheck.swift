/// `hidden-required`: a required field (no `optional`, no `requiredIf`) that can be hidden by
/// an empty parent, and so can neither be filled nor left empty.
///
/// A field hidden by its own `visibleIf` is simply not required in Formsmith (it must be
/// empty), so "required whenever visible" is a sound idiom and is not reported. A `parent:`
/// hides a field differently: while the parent is empty the field must stay empty (rule
/// `parent`) yet, being required, it must be filled (rule `required`). The check reports a
/// required field whose parent may be empty (optional, `requiredIf`, or `visibleIf`) unless the
/// field's own `visibleIf` is false whenever that parent may be empty. That is decided by what
/// the conditions mean, not how they are written: the values of the fields they read are
/// tried (``PredicateSamples``) with the parent empty, so `$type IN {2, 3}` hides the field
/// whenever a parent visible when `($type == 2) OR ($type == 3)` is hidden. A questionnaire
/// found that leaves the parent empty with the field visible is named in the message; when
/// some values cannot be tried (a list, a pattern no value can be written for), the finding
/// says that lint could not tell.
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
            """
            fields:
              type: {type: enum, values: [1, 2, 3]}
              docType: {type: string, visibleIf: '$type == 2'}
              docNumber: {type: string, parent: docType, visibleIf: '$type IN {2, 3}'}
            """,
            """
            fields:
              n: {type: integer, optional: true}
              docType: {type: string, visibleIf: 'n > 5'}
              docNumber: {type: string, parent: docType, visibleIf: 'n >= 5'}
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
            """
            fields:
              type: {type: enum, values: [1, 2, 3]}
              docType: {type: string, visibleIf: '($type == 2) OR ($type == 3)'}
              docNumber: {type: string, parent: docType, visibleIf: '$type IN {2, 3}'}
            """,
            """
            fields:
              n: {type: integer, optional: true}
              docType: {type: string, visibleIf: 'n > 5'}
              docNumber: {type: string, parent: docType, visibleIf: 'n >= 6 && present(n)'}
            """,
        ])
    let needsCompiledRules = true

    func findings(in context: LintContext) -> [LintFinding] {
        var findings: [LintFinding] = []
        for field in context.valueFields where !field.isOptional && field.requiredIf == nil {
            for parent in field.parents {
                guard let parentRule = context.ruleSet.field(at: parent.value), let why = whyEmpty(parentRule) else {
                    continue
                }
                let advice = "add 'requiredIf: present(\(parentRule.path))' to '\(field.path)', or make "
                    + "'\(parentRule.path)' required"
                switch visibleWhileEmpty(field, parent: parentRule, context) {
                case .none:
                    continue
                case .found(let example):
                    findings.append(rule.finding(
                        "'\(field.path)' is required but cannot be filled while its parent '\(parentRule.path)' is "
                        + "empty, and '\(parentRule.path)' may be empty (\(why))\(example.map { ", as when \($0)" } ?? ""): "
                        + "such a questionnaire can never be valid; " + advice, at: parent.location))
                case .undecided(let unknown):
                    findings.append(rule.finding(
                        "'\(field.path)' is required but cannot be filled while its parent '\(parentRule.path)' is "
                        + "empty, and '\(parentRule.path)' may be empty (\(why)); lint could not tell whether "
                        + "'\(field.path)' is hidden then (it cannot try every value of \(unknown)): if it is not, "
                        + "such a questionnaire can never be valid; " + advice, at: parent.location))
                }
            }
        }
        return findings
    }

    /// Why the parent may be empty in a valid questionnaire, or nil when it must be filled.
    private func whyEmpty(_ parent: FieldRule) -> String? {
        if let requiredIf = parent.requiredIf { return "it is required only when \(PredicateText.quoted(requiredIf.value))" }
        if parent.isOptional { return "it is optional" }
        if let visibleIf = parent.visibleIf { return "it is hidden when \(PredicateText.quoted(visibleIf.value)) is false" }
        return nil
    }

    /// Whether some questionnaire leaves the parent empty while the field is visible.
    private enum Answer {
        /// No questionnaire tried does.
        case none
        /// This one does (the fields the conditions read, as text; nil when they read none).
        case found(String?)
        /// Not decided: the conditions read fields (named) not all of whose values can be tried.
        case undecided(String)
    }

    /// Tries the values of the fields that the field's `visibleIf` and the parent's `visibleIf`
    /// and `requiredIf` read (see ``PredicateSamples``), with the parent empty: the parent may
    /// be empty when it is optional, its `requiredIf` is false or its `visibleIf` is false; the
    /// field is visible when its `visibleIf` (folded with its sections') is true.
    private func visibleWhileEmpty(_ field: FieldRule, parent: FieldRule, _ context: LintContext) -> Answer {
        guard field.visibleIf != nil else { return .found(nil) }
        guard let compiled = context.compiled, let parentID = compiled.fieldIDs[parent.path],
            let visibleIf = context.compiledField(field.path)?.visibleIf, let compiledParent = context.compiledField(parent.path)
        else { return .found(nil) }
        let parentVisibleIf = compiledParent.visibleIf
        let parentRequiredIf = parent.requiredIf == nil ? nil : compiledParent.requiredIf
        let samples = PredicateSamples([visibleIf] + [parentVisibleIf, parentRequiredIf].compactMap { $0 },
                                       context: context, fixed: [parentID: .absent])
        let outcome = samples.search { environment in
            var mayBeEmpty: Bool? = parent.isOptional
            if let parentRequiredIf { mayBeEmpty = ThreeValued.or(mayBeEmpty, ThreeValued.not(parentRequiredIf.evaluateCondition(environment))) }
            if let parentVisibleIf { mayBeEmpty = ThreeValued.or(mayBeEmpty, ThreeValued.not(parentVisibleIf.evaluateCondition(environment))) }
            return ThreeValued.and(mayBeEmpty, visibleIf.evaluateCondition(environment))
        }
        switch outcome {
        case .none: return .none
        case .found(let assignment):
            let text = samples.describe(assignment, context: context, except: [parentID])
            return .found(text.isEmpty ? nil : text)
        case .undecided:
            let unknown = samples.unknownFields.map { "'\(compiled.fields[$0].path)'" }
            return .undecided(unknown.isEmpty ? "the fields its condition reads together" : unknown.joined(separator: ", "))
        }
    }
}
