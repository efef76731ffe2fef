import FormsmithValues

/// A string predicate of an assertion on a text field (`comment CONTAINS 'ok'`,
/// `title BEGINSWITH[c] 're:'`, `code IN ['A', 'B']`, `name MATCHES '...'`, `kind == 'x'`):
/// to the solver a Boolean variable, decided with the rest of the assertion before the text is
/// drawn; the text is then drawn to meet the decision (see ``QuestionnaireBuilder/decidedText``).
/// A random text almost never makes such a predicate true, so without this the assertion
/// `empty(comment) || comment CONTAINS 'ok'` threw away two questionnaires in three.
struct TextAtom {
    /// The text field the predicate tests.
    let field: Int
    /// The predicate node itself (evaluated on the drawn text to confirm the decision).
    let node: CompiledNode
    /// The node is the atom's negation (`!=`, `NOT IN`): it evaluates to the opposite of the atom.
    var negated = false
    /// What the predicate is, written out: two atoms with the same key are the same predicate.
    let key: String
    /// The pattern of the values that make it true.
    let witness: PredicateWitness

    /// The atom `node` is, or nil when it is not a string predicate comparing a text field
    /// with a constant.
    static func make(_ node: CompiledNode, rules: CompiledRuleSet) -> TextAtom? {
        func isText(_ id: Int) -> Bool { rules.fields[id].type == .string || rules.fields[id].type == .text }
        func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "\\'") + "'" }
        switch node {
        case let .equal(.field(id), .constant(.string(text)), negated), let .equal(.constant(.string(text)), .field(id), negated):
            // `!=` is the same atom as `==`, negated by the translation.
            guard isText(id) else { return nil }
            let witness = PredicateWitness(phrase: "== \(quoted(text))", pattern: NSPredicateDialect.escaped(text))
            return TextAtom(field: id, node: node, negated: negated, key: "\(id) == \(quoted(text))", witness: witness)
        case let .membership(.field(id), .constant(.list(values)), negated):
            guard isText(id) else { return nil }
            var texts: [String] = []
            for value in values {
                guard case .string(let text) = value else { return nil }
                texts.append(text)
            }
            guard !texts.isEmpty else { return nil }
            let phrase = "IN [" + texts.map(quoted).joined(separator: ", ") + "]"
            let pattern = "(?:" + texts.map(NSPredicateDialect.escaped).joined(separator: "|") + ")"
            return TextAtom(field: id, node: node, negated: negated, key: "\(id) \(phrase)",
                            witness: PredicateWitness(phrase: phrase, pattern: pattern))
        case let .text(test, .field(id), .constant(.string(text))):
            guard isText(id) else { return nil }
            let escaped = NSPredicateDialect.escaped(text)
            let witness: PredicateWitness
            switch test {
            case .beginsWith: witness = PredicateWitness(phrase: "BEGINSWITH \(quoted(text))", pattern: "(?s)\(escaped).*",
                                                         holdsWhenExtended: true)
            case .endsWith: witness = PredicateWitness(phrase: "ENDSWITH \(quoted(text))", pattern: "(?s).*\(escaped)")
            case .contains: witness = PredicateWitness(phrase: "CONTAINS \(quoted(text))", pattern: "(?s).*\(escaped).*",
                                                       holdsWhenExtended: true)
            case .matches: witness = PredicateWitness(phrase: "MATCHES \(quoted(text))", pattern: text)
            }
            return TextAtom(field: id, node: node, key: "\(id) \(witness.phrase)", witness: witness)
        default:
            return nil
        }
    }

    /// The text fields whose length `node` reads (`count(owner) > 1`), added to `fields`.
    static func collectLengths(_ node: CompiledNode, rules: CompiledRuleSet, into fields: inout Set<Int>) {
        switch node {
        case let .call(.count, .field(id)) where rules.fields[id].type == .string || rules.fields[id].type == .text:
            fields.insert(id)
        case .constant, .today, .unevaluable, .field, .sum, .position:
            break
        case let .list(elements), let .concat(elements):
            for element in elements { collectLengths(element, rules: rules, into: &fields) }
        case let .not(inner), let .negate(inner), let .call(_, inner):
            collectLengths(inner, rules: rules, into: &fields)
        case let .and(left, right), let .or(left, right), let .equal(left, right, _), let .order(left, right, _),
             let .membership(left, right, _), let .add(left, right), let .subtract(left, right), let .text(_, left, right),
             let .multiplicative(_, left, right):
            collectLengths(left, rules: rules, into: &fields)
            collectLengths(right, rules: rules, into: &fields)
        }
    }

    /// Every atom in `node` (each key once), in the order met.
    static func collect(_ node: CompiledNode, rules: CompiledRuleSet, into atoms: inout [TextAtom]) {
        if let atom = make(node, rules: rules) {
            if !atoms.contains(where: { $0.key == atom.key }) { atoms.append(atom) }
            return
        }
        switch node {
        case .constant, .today, .unevaluable, .field, .sum, .position:
            break
        case let .list(elements), let .concat(elements):
            for element in elements { collect(element, rules: rules, into: &atoms) }
        case let .not(inner), let .negate(inner), let .call(_, inner):
            collect(inner, rules: rules, into: &atoms)
        case let .and(left, right), let .or(left, right), let .equal(left, right, _), let .order(left, right, _),
             let .membership(left, right, _), let .add(left, right), let .subtract(left, right), let .text(_, left, right),
             let .multiplicative(_, left, right):
            collect(left, rules: rules, into: &atoms)
            collect(right, rules: rules, into: &atoms)
        }
    }
}

/// Where the text of a field comes from for one decision on its atoms (which are true, which
/// false): the field's seeds that meet it, else the intersection of the field's patterns with
/// the patterns of the true atoms, else (no atom true) the field's usual draw. The false atoms
/// are confirmed on each drawn value.
struct AtomDecisionSource {
    /// Seeds of the field's list that make exactly the true atoms true.
    let seeds: [[UInt8]]
    /// Values built from the field's patterns and the true atoms' patterns (when no seed fits).
    let product: PatternIntersection?
    /// No atom is true: the field's own generator draws, its value confirmed.
    let usual: Bool

    /// The source for the atoms `atoms` with `truth` (bit i: atom i true) under `spec`, or nil
    /// when the generator has no way to draw such a value (no seed, no intersection).
    static func make(_ atoms: [TextAtom], truth: UInt64, spec: TextSpec) -> AtomDecisionSource? {
        var regexes: [CompiledRegex] = []
        for atom in atoms {
            guard let regex = try? CompiledRegex(pattern: atom.witness.pattern) else { return nil }
            regexes.append(regex)
        }
        let scratch = RegexScratch()
        let seeds = spec.seeds.filter { seed in
            seed.withUnsafeBufferPointer { buffer in
                regexes.indices.allSatisfy { index in
                    regexes[index].matches(buffer, scratch: scratch).isMatch == (truth & (1 << UInt64(index)) != 0)
                }
            }
        }
        if !seeds.isEmpty { return AtomDecisionSource(seeds: seeds, product: nil, usual: false) }
        let wanted = atoms.indices.filter { truth & (1 << UInt64($0)) != 0 }.map { atoms[$0].witness }
        if wanted.isEmpty { return AtomDecisionSource(seeds: [], product: nil, usual: true) }
        guard let product = PredicateWitness.intersection(of: wanted, with: spec) else { return nil }
        return AtomDecisionSource(seeds: [], product: product, usual: false)
    }
}
