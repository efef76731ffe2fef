import FormsmithValues

extension PredicateWitness {
    /// Whether no value of a field under `spec` can make this predicate true, proven from the
    /// field's patterns alone: the predicate's pattern intersected with every regex and mask of
    /// the field (a filtered or multi-line one left out, which only widens the set) is empty,
    /// or has no value within the field's lengths. Checksums and formats are left out too:
    /// they only take values away. False when it cannot be told (a `const`, a product too large).
    func isProvablyUnmet(under spec: TextSpec) -> Bool {
        if case .constant = spec.source { return false }
        var programs: [RegexProgram] = []
        do {
            programs.append(try RegexGenerator(pattern: pattern).program)
            for regex in spec.regexes + spec.masks {
                let generator = try TextSpec.generator(for: regex)
                guard !generator.needsFiltering, !regex.options.contains(.multiline) else { continue }
                programs.append(generator.program)
            }
        } catch {
            return false
        }
        guard programs.count > 1, let product = PatternIntersection.make(programs) else { return false }
        if product.isEmpty { return true }
        if let window = spec.lengthWindow { return !product.admitsLength(in: window) }
        return false
    }
}

extension NeverShown {
    /// Stand-ins for a present text value, tried in turn: the first that makes every
    /// unmeetable predicate of a condition false stands for all of the field's values.
    private static let standIns = ["\u{1}", "~", "0", "zz"]

    /// The values a text field can stand as when `condition` reads it only through string
    /// predicates none of its values can meet (`s2 LIKE[c] 'a*'` on a field whose mask is
    /// twenty digits) and presence tests (`present(s2)`, `s2 != null`): one present value that
    /// makes each of those predicates false, and absent when the field may be left empty. Any
    /// real value gives the same result there, so the condition evaluated on these is evaluated
    /// on every value the field can hold. Its `allow:` values (accepted as they are, beside its
    /// patterns: `allow: ['0', 'n/a']` on a twenty-digit mask) are values of their own, tried
    /// each as itself. Nil when the field is read any other way or a predicate can be met.
    static func textValues(_ id: Int, in condition: CompiledExpression, rules: CompiledRuleSet,
                           plan: GeneratorFieldTables, mayBeEmpty: Bool) -> [FieldLookup]? {
        let field = rules.fields[id]
        guard field.type == .string || field.type == .text, !plan.textSpecs.isEmpty else { return nil }
        var unmet: [CompiledNode] = []
        guard readsOnlyThroughUnmetTests(condition.root, field: id, rules: rules, specs: plan.textSpecs, unmet: &unmet),
              !unmet.isEmpty else { return nil }
        let today = rules.today
        let standIn = standIns.first { text in
            let assigned = AssignedEnvironment(today: today, assigned: [id: .value(.string(text))])
            return unmet.allSatisfy { CompiledExpression(root: $0).evaluateCondition(assigned) == false }
        }
        guard let standIn else { return nil }
        let allowed = field.allowed.map { FieldLookup.value(.string(String(decoding: $0, as: UTF8.self))) }
        return [.value(.string(standIn))] + allowed + (mayBeEmpty ? [.absent] : [])
    }

    /// Whether every read of `field` in `node` is a presence test or a (not negated) string
    /// predicate that no spec of the field can make true; those predicates are added to `unmet`.
    private static func readsOnlyThroughUnmetTests(_ node: CompiledNode, field: Int, rules: CompiledRuleSet,
                                                   specs: [TextSpec], unmet: inout [CompiledNode]) -> Bool {
        if let atom = TextAtom.make(node, rules: rules), atom.field == field {
            guard !atom.negated, specs.allSatisfy({ atom.witness.isProvablyUnmet(under: $0) }) else { return false }
            unmet.append(node)
            return true
        }
        switch node {
        case .call(.present, .field(field)), .call(.empty, .field(field)),
             .equal(.field(field), .constant(.null), _), .equal(.constant(.null), .field(field), _):
            return true
        case .field(let id):
            return id != field
        case .sum(let id, _):
            return id != field
        case .constant, .today, .unevaluable, .position:
            return true
        case let .list(elements), let .concat(elements):
            return elements.allSatisfy { readsOnlyThroughUnmetTests($0, field: field, rules: rules, specs: specs, unmet: &unmet) }
        case let .not(inner), let .negate(inner), let .call(_, inner):
            return readsOnlyThroughUnmetTests(inner, field: field, rules: rules, specs: specs, unmet: &unmet)
        case let .and(left, right), let .or(left, right), let .equal(left, right, _), let .order(left, right, _),
             let .membership(left, right, _), let .add(left, right), let .subtract(left, right), let .text(_, left, right),
             let .multiplicative(_, left, right):
            return readsOnlyThroughUnmetTests(left, field: field, rules: rules, specs: specs, unmet: &unmet)
                && readsOnlyThroughUnmetTests(right, field: field, rules: rules, specs: specs, unmet: &unmet)
        }
    }
}
