/// `unreachable-field`: a field whose `visibleIf` can never hold, so it can never be filled.
///
/// The predicate is folded for the run's `today`; when it still reads fields, every value of
/// the booleans, enums and small multi-choice fields it reads is tried (see
/// ``PredicateAnalysis``). A list that can never be visible is reported once, not per item field.
struct UnreachableFieldCheck: LintCheck {
    let rule = LintRule(
        id: "unreachable-field",
        summary: "A field whose `visibleIf` is false for every questionnaire (after folding `today`), so it can never be filled.",
        triggering: [
            "fields:\n  a: {type: string, visibleIf: 'today < 2000-01-01'}\n",
            "fields:\n  kind: {type: enum, values: [x, y]}\n  a: {type: string, visibleIf: \"kind == 'z'\"}\n",
            "fields:\n  flag: {type: boolean}\n  a: {type: string, visibleIf: 'flag && !flag'}\n",
            "fields:\n  n: {type: integer}\n  t: {type: enum, values: [1, 2]}\n  a: {type: string, visibleIf: 't == 3 && n > 1'}\n",
        ],
        nonTriggering: [
            "fields:\n  flag: {type: boolean}\n  a: {type: string, visibleIf: flag}\n",
            "fields:\n  n: {type: integer}\n  a: {type: string, visibleIf: 'n > 5'}\n",
            "fields:\n  flag: {type: boolean, optional: true}\n  a: {type: string, visibleIf: 'flag == null'}\n",
        ])
    let needsCompiledRules = true

    func findings(in context: LintContext) -> [LintFinding] {
        var findings: [LintFinding] = []
        var unreachableLists: [String] = []
        for field in context.valueFields {
            guard let source = field.visibleIf, let visibleIf = context.compiledField(field.path)?.visibleIf,
                !unreachableLists.contains(where: { field.path.hasPrefix($0 + "[].") }),
                PredicateAnalysis.canHold(visibleIf, in: context, today: context.today) == false
            else { continue }
            if field.type == .list { unreachableLists.append(field.path) }
            findings.append(rule.finding(
                "'\(field.path)' can never be visible: its visibleIf \(PredicateText.quoted(source.value)) is false for every "
                + "questionnaire\(reason(source.value, visibleIf, context)); fix the condition or remove the field",
                at: source.location))
        }
        return findings
    }

    /// Which values were tried, or for which `today` the condition is constant.
    private func reason(_ source: String, _ visibleIf: CompiledExpression, _ context: LintContext) -> String {
        let readsToday = (try? ExpressionParser.parse(source))?.readsToday ?? false
        let when = readsToday ? " when today is \(context.today)" : ""
        let tried = visibleIf.referencedFields.compactMap { id -> String? in
            guard PredicateAnalysis.domain(of: id, in: context) != nil else { return nil }
            return context.compiled?.fields[id].path
        }
        guard !tried.isEmpty else { return when }
        return when + " (every value of " + tried.joined(separator: ", ") + " was tried)"
    }
}
