/// An assertion that can never hold because it needs a field empty that the rules always
/// require (`empty(f1) || empty(f1)` with `f1` required, `empty(lst3[].lst6)` on each item of a
/// required list whose items always hold the required list `lst6`: an empty list is not filled).
/// Generation drew 100 questionnaires and gave up saying "few questionnaires meet it"; it now
/// refuses at once, naming the assertion and the field (issue 30 item 2: 8 of the 30 random forms
/// with assertions refused, seeds 0-399, were of this kind).
///
/// The assertion is evaluated in three values with every always-required field of its scope
/// filled and everything else unknown: `empty()` of such a field is false, `present()` true,
/// `NOT`, `AND`, `OR` as the validator's logic; any other test is unknown. Only a certain false
/// is a proof.
enum AssertionEmptiness {
    /// Throws for the first assertion (of the questionnaire, or of the items of a list that
    /// always has items) that is false whenever the fields always required are filled.
    static func check(_ rules: CompiledRuleSet) throws(GenerationError) {
        for assertion in rules.rootScope.assertions {
            try check(assertion, scope: nil, rules: rules)
        }
        for list in rules.fields where list.type == .list && alwaysFilled(list, in: nil, rules: rules) {
            for assertion in list.items?.scope.assertions ?? [] { try check(assertion, scope: list, rules: rules) }
        }
    }

    private static func check(_ assertion: CompiledAssertion, scope: CompiledField?, rules: CompiledRuleSet) throws(GenerationError) {
        var named: [String] = []
        guard truth(assertion.predicate.root, scope: scope, rules: rules, named: &named) == false else { return }
        let fields = Array(Set(named)).sorted().joined(separator: ", ")
        throw GenerationError(field: scope.map { $0.path + "[]" }, rule: assertion.rule,
                              message: "the assertion '\(assertion.source)' can never hold: it needs \(fields) empty, "
                                  + "which the rules always require\(scope == nil ? "" : " in each item") (an empty list "
                                  + "or text is not filled); make that field optional or change the assertion")
    }

    /// Whether `field` is filled in every valid questionnaire (in every item of `scope`, or at
    /// the top level for nil): directly in that scope (no section between), with no
    /// `visibleIf`, `optional`, `requiredIf`, `parent` or `allow` value that could leave it empty.
    private static func alwaysFilled(_ field: CompiledField, in scope: CompiledField?, rules: CompiledRuleSet) -> Bool {
        guard field.listID == scope?.id, field.visibleIf == nil, !field.isOptional, field.requiredIf == nil,
              field.parents.isEmpty, field.allowed.isEmpty, !field.inConditionalGroup, field.type != .section else { return false }
        let expected = (scope.map { $0.path + "[]." } ?? "") + field.name
        return field.path == expected
    }

    /// Certainly true, certainly false, or nil (unknown).
    private static func truth(_ node: CompiledNode, scope: CompiledField?, rules: CompiledRuleSet, named: inout [String]) -> Bool? {
        switch node {
        case .constant(.boolean(let value)): return value
        case .not(let operand): return truth(operand, scope: scope, rules: rules, named: &named).map { !$0 }
        case .and(let left, let right):
            let a = truth(left, scope: scope, rules: rules, named: &named)
            let b = truth(right, scope: scope, rules: rules, named: &named)
            if a == false || b == false { return false }
            return a == true && b == true ? true : nil
        case .or(let left, let right):
            let a = truth(left, scope: scope, rules: rules, named: &named)
            let b = truth(right, scope: scope, rules: rules, named: &named)
            if a == true || b == true { return true }
            return a == false && b == false ? false : nil
        case .call(.empty, .field(let id)), .call(.present, .field(let id)):
            let field = rules.fields[id]
            guard alwaysFilled(field, in: scope, rules: rules) else { return nil }
            named.append(field.path)
            if case .call(.empty, _) = node { return false }
            return true
        default:
            return nil
        }
    }
}
