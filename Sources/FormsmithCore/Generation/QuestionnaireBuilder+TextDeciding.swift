import FormsmithValues

/// Text that an assertion tests with string predicates (`empty(comment) || comment CONTAINS
/// 'ok' || comment BEGINSWITH 'OK'`), drawn to meet a decision instead of checked after the
/// questionnaire is built (a random text almost never makes such a predicate true: the
/// imported farm form rebuilt two questionnaires in three for it).
///
/// Each string predicate on the field (``TextAtom``) is a Boolean of the solver. Before the text
/// is drawn, every combination of their truth values is tried with the assertions of the
/// field's scope (the fields filled after it left open); one of those with which the
/// assertions can hold, and for which the generator has values, is chosen uniformly. The text
/// is then drawn to meet it: from the field's `seed:` list when some of its values do, else
/// from the field's patterns intersected with those of the predicates to make true, else (none
/// to make true) by the field's own generator. Predicates to keep false are confirmed on the
/// drawn value; one that holds by chance has the value drawn again, counted. When an assertion
/// reads the text's length (`count(owner) > 1`), the length is an integer of the solver too,
/// and the text is drawn within the lengths it allows for the decision.
extension QuestionnaireBuilder {
    /// The most string predicates on one field that are decided together (2^n combinations).
    static let textAtomLimit = 6
    /// How many values are drawn for one decision before the next decision is tried.
    static let decidedTextDraws = 8

    /// A text value of `field` drawn to meet a decision on its string predicates, or nil when
    /// the field has none, the assertions read something the solver does not model, or no
    /// decision could be met (the value is then drawn and checked as before).
    func decidedText(_ field: CompiledField, address: FieldAddress, solving: AssertionSolving) -> GeneratedValue? {
        let atoms = solving.textAtoms[field.id]
        guard !atoms.isEmpty || solving.textLengths.contains(field.id), atoms.count <= Self.textAtomLimit, !replaying, failure == nil,
              !aimsAtValue(field, item: address.item), allowedValue(field) == nil else { return nil }
        guard let (_, assertions, later) = assertionsReading(field, solving: solving) else { return nil }
        // A parent the text decides last must be shown too, while a child needs it: the decision
        // is then on both sets of predicates together (`x1 LIKE 'a?*'` asserted and `x1 MATCHES
        // '[a-z]+'` showing `e2`, which `n4` needs: `x1` drawn from `a[a-z]*`). Decided apart, the
        // assertion's draw hid the parent and the questionnaire was rebuilt (random generate
        // form 172 with assertions: 2,898 of 200).
        // (Most texts show no parent: checked here, not in a call, on every text decided.)
        if !parentNeeds.visibilitySteering[field.id].isEmpty, let (conditions, parentAtoms) = parentTextConditions(field, address: address) {
            let added = parentAtoms.filter { atom in !atoms.contains { $0.key == atom.key } }
            if atoms.count + added.count <= Self.textAtomLimit {
                parentTextAtoms[field.id] = added
                defer { parentTextAtoms[field.id] = nil }
                return textMeetingDecision(field, address: address, atoms: atoms + added, assertions: assertions + conditions,
                                           later: later)
            }
        }
        return textMeetingDecision(field, address: address, atoms: atoms, assertions: assertions, later: later)
    }

    /// A text value of `field` drawn to meet one of the decisions on `atoms` (its string
    /// predicates in `assertions`) with which `assertions` can hold, the fields `later` open;
    /// nil when none can be met or the solver cannot say. `narrowingOnly`: nil too when every
    /// decision is allowed (the field's own draw is then left to stand).
    func textMeetingDecision(_ field: CompiledField, address: FieldAddress, atoms: [TextAtom],
                             assertions: [CompiledAssertion], later: [Int], narrowingOnly: Bool = false) -> GeneratedValue? {
        let specIndex = plan.textSpecIndex(of: field.id, cases: field.cases.isEmpty ? 0 : activeCases(of: field))
        guard plan.fields[field.id].textProblems[specIndex] == nil,
              var truths = allowedTruths(field, atoms: atoms, later: later, assertions: assertions) else { return nil }
        if narrowingOnly, truths.count == 1 << atoms.count { return nil }
        let rule = assertions.first?.rule ?? RuleIdentifier.regex
        while !truths.isEmpty {
            let pick = truths.count == 1 ? 0 : random.int(in: 0...(truths.count - 1))
            let (truth, lengths) = truths[pick]
            var spec = plan.fields[field.id].textSpecs[specIndex]
            if let lengths {
                let low = max(lengths.lowerBound, spec.minLength ?? 0)
                let top = min(lengths.upperBound, spec.maxLength ?? Int.max)
                spec = narrowedSpec(field, specIndex: specIndex, minLength: low, maxLength: top == Int.max ? nil : top, base: spec)
            }
            let source = lengths == nil ? atomSource(field, specIndex: specIndex, truth: truth, atoms: atoms, spec: spec)
                : AtomDecisionSource.make(atoms, truth: truth, spec: spec)
            if let source, let value = drawMeeting(truth, atoms: atoms, source: source, field: field, address: address,
                                                   spec: spec, narrowed: lengths != nil, rule: rule,
                                                   confirm: later.isEmpty ? assertions : []) {
                return value
            }
            if failure != nil { return nil }
            truths.remove(at: pick)
        }
        return nil
    }

    /// The combinations of truth values of `atoms` (bit i: atom i true) with which the
    /// assertions can hold, the fields `later` open, each with the lengths of the text they
    /// allow when an assertion reads its length (lowest to highest, `Int.max` for no end); nil
    /// when one of the assertions is not modelled or the solver cannot say.
    private func allowedTruths(_ field: CompiledField, atoms: [TextAtom], later: [Int],
                               assertions: [CompiledAssertion]) -> [(truth: UInt64, lengths: ClosedRange<Int>?)]? {
        let open = [field.id] + later
        // The answer depends only on the values the assertions read that are not open.
        let key = feasibilityKey(open: open, assertions: assertions).map { "atoms|" + $0 }
        if let key, let known = atomTruthAnswers[key] { return known }
        let solver = assertionSolver
        solver.push()
        defer { solver.pop() }
        guard let variables = declare(open, in: solver, drawnScale: nil, filling: field.id),
              case .text(let terms, let length)? = variables[field.id] else { return nil }
        var translation = AssertionTranslation(context: solver.context, variables: variables, environment: environment)
        translation.mayBeHidden = Set(later.filter { mayBeLeftEmpty(rules.fields[$0]) })
        translation.rules = rules
        for assertion in assertions {
            guard let term = translation.condition(assertion.predicate.root) else { return nil }
            solver.assert(term)
        }
        var allowed: [(truth: UInt64, lengths: ClosedRange<Int>?)] = []
        for truth in 0..<(UInt64(1) << UInt64(atoms.count)) {
            solver.push()
            defer { solver.pop() }
            for (index, atom) in atoms.enumerated() {
                guard let term = terms[atom.key] else { continue }
                solver.assert(truth & (1 << UInt64(index)) != 0 ? term : !term)
            }
            switch solver.check() {
            case .satisfiable:
                guard let length else {
                    allowed.append((truth, nil))
                    continue
                }
                guard let lengths = allowedLengths(length, in: solver) else { return nil }
                allowed.append((truth, lengths))
            case .unsatisfiable: break
            case .unknown: return nil
            }
        }
        if let key {
            if atomTruthAnswers.count >= Self.feasibilityAnswerLimit { atomTruthAnswers.removeAll(keepingCapacity: true) }
            atomTruthAnswers[key] = allowed
        }
        return allowed
    }

    /// The longest text length the solver is asked about; a text allowed to be this long has no
    /// upper end from the assertions.
    static let lengthSearchLimit = 1 << 20

    /// The lowest and highest length the assertions in `solver` allow (`Int.max`: no end), by
    /// bisection; nil when the solver cannot say. Lengths between them are taken as allowed
    /// too (a drawn value is confirmed against the assertions all the same).
    private func allowedLengths(_ length: IntTerm, in solver: ConstraintSolver) -> ClosedRange<Int>? {
        // Whether some allowed length is at most (`atMost`) or at least `bound`.
        func reaches(_ bound: Int, atMost: Bool) -> Bool? {
            solver.push()
            defer { solver.pop() }
            let limit = solver.context.int(Int64(bound))
            solver.assert(atMost ? length <= limit : length >= limit)
            switch solver.check() {
            case .satisfiable: return true
            case .unsatisfiable: return false
            case .unknown: return nil
            }
        }
        // Lowest: the least bound with some allowed length at most it.
        var (low, high) = (1, Self.lengthSearchLimit)
        guard let any = reaches(high, atMost: true) else { return nil }
        guard any else { return nil }
        while low < high {
            let middle = (low + high) / 2
            guard let reached = reaches(middle, atMost: true) else { return nil }
            if reached { high = middle } else { low = middle + 1 }
        }
        let lowest = low
        guard let open = reaches(Self.lengthSearchLimit, atMost: false) else { return nil }
        if open { return lowest...Int.max }
        (low, high) = (lowest, Self.lengthSearchLimit)
        while low < high {
            let middle = (low + high + 1) / 2
            guard let reached = reaches(middle, atMost: false) else { return nil }
            if reached { low = middle } else { high = middle - 1 }
        }
        return lowest...low
    }

    /// The field's spec `specIndex` with the lengths `minLength`...`maxLength` (made once per field, spec and lengths).
    private func narrowedSpec(_ field: CompiledField, specIndex: Int, minLength: Int, maxLength: Int?, base: TextSpec) -> TextSpec {
        let key = "\(field.id)#\(specIndex)#\(minLength)#\(maxLength.map(String.init) ?? "")"
        if let known = narrowedSpecs[key] { return known }
        if narrowedSpecs.count >= Self.feasibilityAnswerLimit { narrowedSpecs.removeAll(keepingCapacity: true) }
        let spec = base.narrowed(minLength: minLength, maxLength: maxLength)
        narrowedSpecs[key] = spec
        return spec
    }

    /// Where values meeting `truth` come from under the field's spec `specIndex` (made once per
    /// field, spec and truth); nil when the generator has none.
    private func atomSource(_ field: CompiledField, specIndex: Int, truth: UInt64, atoms: [TextAtom],
                            spec: TextSpec) -> AtomDecisionSource? {
        let key = AtomSourceKey(field: field.id, spec: specIndex, truth: truth)
        if let known = atomSources[key] { return known }
        let source = AtomDecisionSource.make(atoms, truth: truth, spec: spec)
        atomSources[key] = .some(source)
        return source
    }

    /// A value from `source` that passes the field's checks and gives every atom the truth
    /// value `truth` says, within ``decidedTextDraws`` draws (each miss counted under `rule`, or
    /// under the field's check it broke); nil when none did.
    private func drawMeeting(_ truth: UInt64, atoms: [TextAtom], source: AtomDecisionSource, field: CompiledField,
                             address: FieldAddress, spec: TextSpec, narrowed: Bool, rule: String,
                             confirm: [CompiledAssertion]) -> GeneratedValue? {
        for _ in 0..<Self.decidedTextDraws {
            let value: GeneratedValue
            if source.usual {
                value = generateText(field, address: address, narrowed: narrowed ? spec : nil)
                if failure != nil { return nil }
            } else {
                textBuffer.removeAll(keepingCapacity: true)
                if !source.seeds.isEmpty {
                    textBuffer.append(contentsOf: source.seeds[random.int(in: 0...(source.seeds.count - 1))])
                } else if let product = source.product {
                    product.append(to: &textBuffer, random: &random, lengthWithin: spec.lengthWindow)
                    writeCheckCharacters(spec)
                }
                guard spec.accepts(textBuffer, companion: nil, scratch: scratch) else {
                    discards.addValues(field: field.path, rule: spec.firstBrokenRule(textBuffer, companion: nil, scratch: scratch)
                                       ?? RuleIdentifier.regex)
                    continue
                }
                value = record.appendText(textBuffer)
            }
            record.setValue(value, at: address, in: rules)
            // The decision met, and (the last value they read) the assertions themselves hold.
            let meets = atoms.indices.allSatisfy { index in
                atoms[index].node.evaluate(environment) == .boolean((truth & (1 << UInt64(index)) != 0) != atoms[index].negated)
            } && !confirm.contains { $0.predicate.evaluateCondition(environment) == false }
            record.setValue(.absent, at: address, in: rules)
            if meets { return value }
            discards.addValues(field: field.path, rule: rule)
        }
        return nil
    }
}

/// A field, one of its text specs and a decision on its string predicates.
struct AtomSourceKey: Hashable {
    let field: Int
    let spec: Int
    let truth: UInt64
}
