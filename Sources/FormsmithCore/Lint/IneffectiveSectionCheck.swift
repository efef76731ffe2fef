/// `ineffective-section-key`: a section's `complete`, `optional` or `requiredIf` that changes
/// nothing, which usually means the author expected it to do something else.
///
/// `complete: true` on a section whose fields are all required anyway (no `optional`,
/// `requiredIf` or `visibleIf`, and the section itself always required) adds nothing; neither
/// does `optional` or `requiredIf` on a section whose fields are all optional (nothing in it
/// is ever required); nor a `visibleIf` that every field of the section is read by (it hides
/// nothing, since the switches a section's condition reads stay visible).
struct IneffectiveSectionCheck: LintCheck {
    let rule = LintRule(
        id: "ineffective-section-key",
        summary: "A section's `complete`, `optional`, `requiredIf` or `visibleIf` that changes nothing: all its fields are required anyway, all are optional, or all are read by its own condition.",
        triggering: [
            "sections:\n  name:\n    complete: true\n    fields:\n      last: {type: string}\n      first: {type: string}\n",
            "sections:\n  extra:\n    optional: true\n    fields:\n      note: {type: string, optional: true}\n",
            "fields:\n  kind: {type: string}\nsections:\n  extra:\n    requiredIf: kind == 'x'\n    fields:\n      note: {type: string, optional: true}\n",
            "sections:\n  owner:\n    visibleIf: '!owner.same'\n    fields:\n      same: {type: boolean}\n",
        ],
        nonTriggering: [
            "sections:\n  name:\n    complete: true\n    fields:\n      last: {type: string, optional: true}\n      first: {type: string, optional: true}\n",
            "sections:\n  name:\n    optional: true\n    complete: true\n    fields:\n      last: {type: string}\n      first: {type: string}\n",
            "sections:\n  extra:\n    optional: true\n    fields:\n      note: {type: string}\n",
            "sections:\n  owner:\n    visibleIf: '!owner.same'\n    fields:\n      same: {type: boolean}\n      name: {type: string}\n",
        ])
    let needsCompiledRules = false

    func findings(in context: LintContext) -> [LintFinding] {
        var findings: [LintFinding] = []
        for section in context.ruleSet.allFields where section.type == .section {
            let inside = Self.valueFields(in: section)
            let members = inside.filter { $0.group == section.path }
            let conditional = section.isOptional || section.requiredIf != nil
            if section.isComplete, !conditional,
               members.allSatisfy({ !$0.isOptional && $0.requiredIf == nil
                                    && ($0.hidingSections.isEmpty ? $0.visibleIf : $0.ownVisibleIf) == nil })
            {
                findings.append(rule.finding(
                    "section '\(section.path)' has complete: true, but every field of it is required anyway, so it "
                    + "is always whole; make the fields optional (complete then keeps them together) or remove "
                    + "complete", at: section.location))
            }
            if conditional, members.allSatisfy({ $0.isOptional && $0.requiredIf == nil }), !section.isComplete {
                let key = section.requiredIf.map { "requiredIf \(PredicateText.quoted($0.value))" } ?? "optional: true"
                findings.append(rule.finding(
                    "section '\(section.path)' has \(key), but every field of it is optional, so nothing in it is "
                    + "ever required; make the fields that belong together required, or remove the key",
                    at: section.requiredIf?.location ?? section.location))
            }
            if let visibleIf = section.visibleIf, !inside.contains(where: { $0.hidingSections.contains(section.path) }) {
                findings.append(rule.finding(
                    "section '\(section.path)' has visibleIf \(PredicateText.quoted(visibleIf.value)), but its condition reads every "
                    + "field of it, and the fields a section's condition reads stay visible, so it hides nothing; "
                    + "move the switch out of the section or add the fields it should hide", at: visibleIf.location))
            }
        }
        return findings
    }

    /// The value fields inside a section, nested sections' included.
    static func valueFields(in section: FieldRule) -> [FieldRule] {
        section.children.flatMap { $0.type == .section ? valueFields(in: $0) : [$0] }
    }
}
