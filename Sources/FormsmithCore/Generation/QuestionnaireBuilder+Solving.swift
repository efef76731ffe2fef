import FormsmithValues

/// Values that assertions read, settled by the solver while the questionnaire is built instead
/// of checked after it (which threw the whole questionnaire away, and skewed every choice made
/// before: a switch that adds list items came out true four times in five).
///
/// Each value is first drawn as before, uniformly, by its field's own generator. Then, for a
/// field an assertion of its own scope reads (see ``AssertionSolving``), the solver is asked
/// whether the assertions can still hold with that value, the fields of the scope filled after
/// it left open within their own domains (bounds, `fractionDigits`, item counts). When they
/// can, the drawn value stays: free choices keep their uniform shares. When they cannot, the
/// solver gives a value of the field's domain that lets them hold; that value is *settled*, and
/// counted per field and assertion (``GenerationDiscards/settled``). The last field an
/// assertion reads is checked by evaluating the assertion itself, so the solver runs only when
/// it fails.
extension QuestionnaireBuilder {
    /// `drawn`, or the value the solver settles for `field` when `drawn` leaves an assertion of
    /// the field's scope unsatisfiable (also while covering, for values the case does not aim at); `drawn` too when the assertions read something the
    /// solver does not model or it finds no value (the questionnaire is then checked and
    /// rebuilt as before, and counted there).
    ///
    /// `mayBeEmpty`: the field is optional here (filled by chance, nothing requires it); when no
    /// value of it keeps the assertions and they hold with it empty, it is left empty (counted as
    /// settled), as the rules allow (`empty(x) || x > y` with `y` at its maximum).
    func settledValue(_ field: CompiledField, address: FieldAddress, drawn: GeneratedValue, solving: AssertionSolving,
                      mayBeEmpty: Bool = false) -> GeneratedValue {
        // A covering case's aimed value stays as aimed (the case's factors are read back, so a
        // target missed is never counted); any other value is settled as in plain generation.
        guard !replaying, failure == nil, drawn.isPresent, !aimsAtValue(field, item: address.item) else { return drawn }
        guard let (scope, readers, laterReads) = assertionsReading(field, solving: solving) else { return drawn }
        var assertions = readers
        var later = laterReads
        let here = solving.position[field.id]
        if !later.isEmpty {
            assertions += Self.sharingOpenFields(in: scope, besides: assertions, solving: solving, rules: rules,
                                                 after: here, listID: field.listID, later: &later)
        }
        record.setValue(drawn, at: address, in: rules)
        defer { record.setValue(.absent, at: address, in: rules) }
        if later.isEmpty {
            // The last value they read: the assertions themselves say whether it fits.
            guard let broken = assertions.first(where: { failsBeforeItems($0, settling: field) }) else { return drawn }
            // Counted under the assertion that failed; the value found keeps all of them.
            let ordered = [broken] + assertions.filter { $0.rule != broken.rule || $0.source != broken.source }
            if let settled = solve(field, address: address, open: [field.id], assertions: ordered, drawn: drawn) { return settled }
            // Only for an assertion over values the solver models (numbers, switches, enums,
            // counts): one over text (`comment CONTAINS 'ok'`) has values it cannot find, and
            // emptying the field there left it empty almost always (14 of 500 filled).
            let modelled: Set<FieldType> = [.integer, .decimal, .date, .boolean, .enumeration, .list]
            guard mayBeEmpty, broken.predicate.referencedFields.allSatisfy({ modelled.contains(rules.fields[$0].type) })
            else { return drawn }
            record.setValue(.absent, at: address, in: rules)
            guard !assertions.contains(where: { failsBeforeItems($0, settling: field) }) else { return drawn }
            discards.addSettled(field: field.path, rule: broken.rule)
            return .absent
        }
        switch feasible(open: later, assertions: assertions) {
        case true?, nil: return drawn
        case false?:
            if let settled = solve(field, address: address, open: [field.id] + later, assertions: assertions, drawn: drawn) { return settled }
            // No value of the field keeps them (`total` filled needs `sum(plot[].area) > 0`, and
            // `plots` is already 0): an optional field is left empty when that keeps them.
            guard mayBeEmpty else { return drawn }
            record.setValue(.absent, at: address, in: rules)
            guard feasible(open: later, assertions: assertions) == true,
                  let rule = assertions.first(where: { $0.predicate.referencedFields.contains(field.id) })?.rule else { return drawn }
            discards.addSettled(field: field.path, rule: rule)
            return .absent
        }
    }

    /// The assertions of `field`'s own scope that read it, the scope, and the fields of that
    /// scope they read which are filled after it (still open when it is filled); nil when the
    /// field's list has no item scope.
    func assertionsReading(_ field: CompiledField, solving: AssertionSolving)
        -> (scope: EvaluationScope, assertions: [CompiledAssertion], later: [Int])? {
        let scope: EvaluationScope
        if let list = field.listID {
            guard let items = rules.fields[list].items?.scope else { return nil }
            scope = items
        } else {
            scope = rules.rootScope
        }
        let assertions = solving.readers[field.id].map { scope.assertions[$0] }
        let here = solving.position[field.id]
        var later: [Int] = []
        for assertion in assertions {
            for id in assertion.predicate.referencedFields
            where rules.fields[id].listID == field.listID && solving.position[id] > here && !later.contains(id) {
                later.append(id)
            }
        }
        return (scope, assertions, later)
    }

    /// Whether `assertion` fails with the value now set for `field`. A list's items are filled
    /// after their count is settled, so while the count is settled a `sum()` over those items
    /// is not known yet (it reads them as blank): an assertion that reads one is taken to fail
    /// only when the list has no items (the sum is then 0 exactly); otherwise the built
    /// questionnaire's check decides, as for every assertion.
    func failsBeforeItems(_ assertion: CompiledAssertion, settling field: CompiledField) -> Bool {
        guard assertion.predicate.evaluateCondition(environment) == false else { return false }
        guard field.type == .list, assertion.predicate.root.readsSum(over: field.id) else { return true }
        if case .items(let count) = value(of: field.id), count > 0 { return false }
        return true
    }

    /// The other assertions of `scope` that read a field still open after this one (`later`), and
    /// so constrain it too: filling `total` (read by `sum(plot[].area) > 0`) must also keep
    /// `count(plot) == plots` satisfiable once `plots` is fixed, or the list has no count that
    /// meets both and the questionnaire is rebuilt. Their own later fields join `later`, until
    /// no further assertion reads one.
    static func sharingOpenFields(in scope: EvaluationScope, besides chosen: [CompiledAssertion],
                                  solving: AssertionSolving, rules: CompiledRuleSet, after here: Int, listID: Int?,
                                  later: inout [Int]) -> [CompiledAssertion] {
        func same(_ one: CompiledAssertion, _ other: CompiledAssertion) -> Bool { one.rule == other.rule && one.source == other.source }
        var added: [CompiledAssertion] = []
        var changed = true
        while changed {
            changed = false
            for assertion in scope.assertions
            where !chosen.contains(where: { same($0, assertion) }) && !added.contains(where: { same($0, assertion) }) {
                let reads = assertion.predicate.referencedFields
                guard reads.contains(where: { later.contains($0) }) else { continue }
                added.append(assertion)
                changed = true
                for id in reads where rules.fields[id].listID == listID && solving.position[id] > here && !later.contains(id) {
                    later.append(id)
                }
            }
        }
        return added
    }

    /// Whether an optional field about to be left empty must be filled because an assertion of
    /// its scope cannot hold with it empty (`empty(plots) || count(plot) == plots` with `plots`
    /// 3 and the optional list `plot` left empty): it is then filled and its value settled as
    /// any other, instead of the questionnaire being rebuilt (37 of 500 of the imported farm
    /// form). Counted as a settled value of the field.
    func assertionsNeedFilled(_ field: CompiledField, address: FieldAddress) -> Bool {
        guard let solving = assertionSolving, !solving.readers[field.id].isEmpty, !replaying, failure == nil,
              targets.map({ address.item > 0 || $0.presence[field.id] < 0 }) ?? true else { return false }
        guard let (_, assertions, later) = assertionsReading(field, solving: solving) else { return false }
        record.setValue(.absent, at: address, in: rules)
        let broken: CompiledAssertion?
        if later.isEmpty {
            broken = assertions.first { $0.predicate.evaluateCondition(environment) == false }
        } else {
            broken = feasible(open: later, assertions: assertions) == false ? assertions.first : nil
        }
        guard let broken else { return false }
        discards.addSettled(field: field.path, rule: broken.rule)
        return true
    }

    /// Whether the assertions can hold with the fields `open` still to be filled (nil when they
    /// read something the solver does not model).
    private func feasible(open: [Int], assertions: [CompiledAssertion]) -> Bool? {
        // The answer depends only on the values the assertions read that are not open: asked
        // again for the same ones (a list size, a switch, small numbers), it is reused.
        let key = feasibilityKey(open: open, assertions: assertions)
        if let key, let known = feasibilityAnswers[key] { return known }
        let answer = checkFeasible(open: open, assertions: assertions)
        if let key, let answer {
            if feasibilityAnswers.count >= Self.feasibilityAnswerLimit { feasibilityAnswers.removeAll(keepingCapacity: true) }
            feasibilityAnswers[key] = answer
        }
        return answer
    }

    /// How many answers ``feasible(open:assertions:)`` keeps before it starts again.
    static let feasibilityAnswerLimit = 4096

    /// The open fields, the assertions and the value of every other field they read, written
    /// out; nil when one of those values is text (written out it could be mistaken for another).
    func feasibilityKey(open: [Int], assertions: [CompiledAssertion]) -> String? {
        var key = open.map(String.init).joined(separator: ",")
        // An open number's domain may read fields the assertions do not (`max: claimed`).
        for id in open where rules.fields[id].type == .integer || rules.fields[id].type == .decimal {
            let domain = numberDomain(rules.fields[id])
            key += "|\(id)∈" + (domain.lower.map { "\($0.exclusive ? "(" : "[")\($0.value)" } ?? "(")
                + "," + (domain.upper.map { "\($0.value)\($0.exclusive ? ")" : "]")" } ?? ")")
        }
        // So may an open date's (`min: start`, `max: today`).
        for id in open where rules.fields[id].type == .date {
            let range = dateRange(rules.fields[id])
            key += "|\(id)∈[\(range.low.map(String.init) ?? ""),\(range.high.map(String.init) ?? "")]"
        }
        for assertion in assertions {
            key += ";" + assertion.rule + "@" + assertion.source
            for id in assertion.predicate.referencedFields where !open.contains(id) {
                switch environment.lookup(id) {
                case .absent: key += "|\(id)="
                case .invalid: return nil
                case .value(let value):
                    switch value {
                    case .boolean, .integer, .decimal, .date: key += "|\(id)=\(value.description)"
                    case .list(let items) where items.allSatisfy({ $0 == .null }): key += "|\(id)=#\(items.count)"
                    default: return nil
                    }
                }
            }
        }
        return key
    }

    private func checkFeasible(open: [Int], assertions: [CompiledAssertion]) -> Bool? {
        let solver = assertionSolver
        solver.push()
        defer { solver.pop() }
        guard let variables = declare(open, in: solver, drawnScale: nil, filling: nil) else { return nil }
        var translation = AssertionTranslation(context: solver.context, variables: variables, environment: environment)
        translation.mayBeHidden = Set(open.filter { mayBeLeftEmpty(rules.fields[$0]) })
        translation.rules = rules
        translation.calendar = SolverCalendar(context: solver.context, solver: solver)
        var modelled = false
        for assertion in assertions {
            guard let term = translation.condition(assertion.predicate.root) else { continue }
            solver.assert(term)
            modelled = true
        }
        guard modelled else { return nil }
        switch solver.check() {
        case .satisfiable: return true
        case .unsatisfiable: return false
        case .unknown: return nil
        }
    }

    /// A value of `field` with which the assertions can hold (the fields `open` after it still
    /// to be filled), counted as settled unless `counted` is false (a parent's `visibleIf`
    /// met by construction, ``parentSettledValue(_:address:drawn:)``); nil when there is none
    /// or the solver cannot say.
    func solve(_ field: CompiledField, address: FieldAddress, open: [Int], assertions: [CompiledAssertion],
               drawn: GeneratedValue, counted: Bool = true) -> GeneratedValue? {
        if let values = field.type == .enumeration ? choiceDomain(field).map({ $0.map { GeneratedValue.choice($0) } })
            : Self.smallDomain(field, numberDomain: field.type == .integer ? numberDomain(field) : nil) {
            return settleUniformly(field, address: address, among: values, later: Array(open.dropFirst()), assertions: assertions,
                                   counted: counted)
        }
        // A date: a draw is checked with the day set, so the assertions read it as a constant
        // (evaluated when it is the last value they read, else the solver asked about the fields
        // after it, without the calendar split); once the range of days they allow is known
        // (kept per key), the split is not built again. Through the split a check took tens of
        // milliseconds (`t + 1y <= today`: 0.4 s a questionnaire; `day(t) >= 15` in a list
        // item redrawn 3,000 times: 15 s for 20 questionnaires).
        var fits: ((Int64) -> Bool)? = nil
        var dateWindow: (low: Int32, high: Int32)? = nil
        if field.type == .date {
            // The days its own generator draws from, narrowed as they are drawn to those that keep
            // a later date reading it room (`t12: {min: "t11 + 10d", max: 2030-12-31}`): settled
            // up to 2050, 163 of 200 questionnaires of random form 79 left t12 no day.
            dateWindow = dateDrawWindow(field).map { roomForLaterDates(field, address: address, low: $0.low, high: $0.high) }
            record.setValue(drawn, at: address, in: rules)
            let later = Array(open.dropFirst())
            let filters = dateFilters(field)
            fits = { day in
                guard let number = Int32(exactly: day), DateChecks.allowed(number, by: filters) else { return false }
                self.record.setValue(.date(CivilDate(dayNumber: number)), at: address, in: self.rules)
                return later.isEmpty ? !assertions.contains { self.failsBeforeItems($0, settling: field) }
                    : self.feasible(open: later, assertions: assertions) != false
            }
            if let fits, let key = feasibilityKey(open: open, assertions: assertions).map({ "\($0)#\(dateWindow.map { "\($0.low)...\($0.high)" } ?? "")" }),
               case let range?? = settleRanges[key],
               let rule = assertions.first?.rule {
                for _ in 0..<Self.dateDrawAttempts {
                    let day = Int64(random.int(in: Int(range.lowerBound)...Int(range.upperBound)))
                    if fits(day), let number = Int32(exactly: day) {
                        if counted { discards.addSettled(field: field.path, rule: rule) }
                        return .date(CivilDate(dayNumber: number))
                    }
                }
            }
        }
        let solver = assertionSolver
        solver.push()
        defer { solver.pop() }
        let drawnScale = number(of: drawn)?.scale
        guard let variables = declare(open, in: solver, drawnScale: drawnScale, filling: field.id) else { return nil }
        var translation = AssertionTranslation(context: solver.context, variables: variables, environment: environment)
        translation.mayBeHidden = Set(open.dropFirst().filter { self.mayBeLeftEmpty(self.rules.fields[$0]) })
        translation.rules = self.rules
        // A date's months and years are bounds on the days moved here (no calendar split, so each
        // check of the range search is linear and quick): the days found are a superset of those
        // allowed, and every day taken is checked exactly (`fits`, or the exact model below).
        translation.calendar = SolverCalendar(context: solver.context, solver: solver, boundsOffsets: field.type == .date)
        var rules: [String] = []
        for assertion in assertions {
            guard let term = translation.condition(assertion.predicate.root) else { continue }
            solver.assert(term)
            rules.append(assertion.rule)
        }
        guard let rule = rules.first, case .satisfiable(let model) = solver.check() else { return nil }
        /// The day of an exact model, for a date none of whose uniform draws fitted: the assertions
        /// again with the calendar split, in a scope of their own.
        func exactDay() -> Int64? {
            solver.push()
            defer { solver.pop() }
            translation.calendar = SolverCalendar(context: solver.context, solver: solver)
            for assertion in assertions {
                guard let term = translation.condition(assertion.predicate.root) else { continue }
                solver.assert(term)
            }
            guard case .satisfiable(let exact) = solver.check(),
                  let day = exact.value(of: solver.context.int(named: Self.gridName(field.id))) else { return nil }
            // A day its filters refuse is not taken (the drawn value stays, checked as before).
            guard let number = Int32(exactly: day), DateChecks.allowed(number, by: dateFilters(field)) else { return nil }
            return day
        }
        let settled: GeneratedValue?
        switch (field.type, variables[field.id]) {
        case (.integer, _):
            settled = uniformSteps(field, scale: 0, rule: rule, model: model, in: solver,
                                   key: feasibilityKey(open: open, assertions: assertions)).map { GeneratedValue.integer($0) }
        case (.decimal, _):
            let scale = numberDomain(field).fractionDigits ?? drawnScale ?? 2
            let key = feasibilityKey(open: open, assertions: assertions).map { "\($0)#\(scale)" }
            settled = uniformSteps(field, scale: scale, rule: rule, model: model, in: solver, key: key).map {
                numberValue(ExactDecimal(mantissa: $0, scale: scale), scale: scale, integer: false)
            }
        case (.date, .day?):
            let key = feasibilityKey(open: open, assertions: assertions).map { "\($0)#\(dateWindow.map { "\($0.low)...\($0.high)" } ?? "")" }
            settled = uniformSteps(field, scale: 0, rule: rule, model: model, in: solver, key: key, fits: fits,
                                   dateWindow: dateWindow, exactModel: exactDay).flatMap { day in
                Int32(exactly: day).map { GeneratedValue.date(CivilDate(dayNumber: $0)) }
            }
        case (.list, .count(let count)?):
            settled = model.value(of: count).map { GeneratedValue.items(Int32($0)) }
        case (.boolean, .flag(let flag)?):
            settled = .boolean(model.value(of: flag))
        default:
            settled = nil
        }
        if settled != nil, counted { discards.addSettled(field: field.path, rule: rule) }
        return settled
    }

    static func gridName(_ id: Int) -> String { "steps of field \(id)" }

    /// The positions of the values an enum field may take here (its constant, or those the cases
    /// that hold allow, else all); nil when it lists none.
    private func choiceDomain(_ field: CompiledField) -> [Int32]? {
        if let constant = plan.fields[field.id].constantChoice { return [constant] }
        if let allowed = caseChoices(of: field)?.allowed { return allowed.isEmpty ? nil : allowed }
        let count = plan.enumValueCount(of: field.id)
        return count > 0 ? (0..<Int32(count)).map { $0 } : nil
    }

    /// The most values a field's domain may have for a settled value to be drawn uniformly among
    /// those that fit (each tried in turn) rather than taken from the solver's model.
    static let smallDomainLimit = 64

    /// Every value of a switch, a list's item count or an integer with both bounds and at most
    /// ``smallDomainLimit`` values; nil for anything larger or of another type.
    private static func smallDomain(_ field: CompiledField, numberDomain: NumberDomain?) -> [GeneratedValue]? {
        switch field.type {
        case .boolean: return [.boolean(false), .boolean(true)]
        case .list:
            let (low, top) = itemCounts(of: field)
            guard low <= top, top - low < smallDomainLimit else { return nil }
            return (low...top).map { .items(Int32($0)) }
        case .integer:
            guard let domain = numberDomain, domain.steps.isEmpty, !domain.isConstant,
                  let lower = domain.lower, let upper = domain.upper,
                  let low = lower.value.int64.map({ lower.exclusive || ExactDecimal($0) < lower.value ? $0 + 1 : $0 }),
                  let top = upper.value.int64.map({ upper.exclusive || ExactDecimal($0) > upper.value ? $0 - 1 : $0 }),
                  low <= top, top - low < Int64(smallDomainLimit) else { return nil }
            return (low...top).map { .integer($0) }
        default: return nil
        }
    }

    /// One of `values` drawn uniformly among those with which the assertions can hold (the
    /// fields `later` still open), counted as settled when `counted`; nil when none can.
    func settleUniformly(_ field: CompiledField, address: FieldAddress, among values: [GeneratedValue],
                                 later: [Int], assertions: [CompiledAssertion], counted: Bool) -> GeneratedValue? {
        var fitting: [GeneratedValue] = []
        for value in values {
            record.setValue(value, at: address, in: rules)
            let fits = later.isEmpty
                ? !assertions.contains { failsBeforeItems($0, settling: field) }
                : feasible(open: later, assertions: assertions) != false
            if fits { fitting.append(value) }
        }
        guard !fitting.isEmpty, let rule = assertions.first?.rule else { return nil }
        if counted { discards.addSettled(field: field.path, rule: rule) }
        return fitting[fitting.count == 1 ? 0 : random.int(in: 0...(fitting.count - 1))]
    }

    /// Solver variables for the fields `ids`, each within its own domain; nil when one of them
    /// is of a kind the solver does not model here (numbers with `multipleOf`, dates other than
    /// `filling` with a day filter such as `weekdays`, text without string predicates in the
    /// assertions).
    /// A date is its day number within its bounds as they read now (`min: today`, `max: start +
    /// 14d` with `start` filled; a bound that reads a field still open is left out), the whole
    /// calendar where it has none.
    /// `filling`: the field being filled now (present); a list still to be filled that may be
    /// left empty may have no item (`count(plot) == plots` with `plots` 0 and `plot` optional).
    func declare(_ ids: [Int], in solver: ConstraintSolver, drawnScale: Int?, filling: Int?) -> [Int: AssertionTranslation.Variable]? {
        let context = solver.context
        var variables: [Int: AssertionTranslation.Variable] = [:]
        for id in ids {
            let field = rules.fields[id]
            switch field.type {
            case .integer, .decimal:
                let domain = numberDomain(field)
                guard domain.steps.isEmpty else { return nil }
                // A number on its grid: `steps × 10^-scale` (whole numbers for integers).
                let scale = field.type == .integer ? 0 : domain.fractionDigits ?? (id == ids[0] ? drawnScale : nil) ?? 2
                let steps = context.int(named: Self.gridName(id))
                guard let unit = context.real(ExactDecimal(mantissa: Int64(1), scale: scale)) else { return nil }
                let value = steps.real * unit
                if let lower = domain.lower {
                    guard let bound = context.real(lower.value) else { return nil }
                    solver.assert(lower.exclusive ? value > bound : value >= bound)
                }
                if let upper = domain.upper {
                    guard let bound = context.real(upper.value) else { return nil }
                    solver.assert(upper.exclusive ? value < bound : value <= bound)
                }
                if let constant = domain.constant {
                    guard let fixed = context.real(constant) else { return nil }
                    solver.assert(value == fixed)
                }
                variables[id] = .number(value)
            case .date:
                // Day filters (`weekdays`) are not modelled: the solver holds a superset of the
                // days, which is enough for the date being filled, each of whose days taken is
                // checked against them (``solve``'s `fits`); another date read is left out.
                guard dateFilters(field).isEmpty || id == filling else { return nil }
                let range = dateRange(field)
                let low = range.low ?? CivilDate.earliest.dayNumber, high = range.high ?? CivilDate.latest.dayNumber
                // Named as a grid, so that ``uniformSteps`` settles it as a whole number of days.
                let day = context.int(named: Self.gridName(id))
                solver.assert(day >= context.int(Int64(low)) && day <= context.int(Int64(high)))
                variables[id] = .day(day)
            case .list:
                var (low, top) = Self.itemCounts(of: field)
                if id != filling, mayBeLeftEmpty(field) { low = 0 }
                let count = context.int(named: "items of field \(id)")
                solver.assert(count >= context.int(Int64(low)) && count <= context.int(Int64(top)))
                variables[id] = .count(count)
            case .boolean:
                variables[id] = .flag(context.bool(named: "field \(id)"))
            case .enumeration:
                guard let allowed = choiceDomain(field) else { return nil }
                let position = context.int(named: "choice of field \(id)")
                solver.assert(context.or(allowed.map { position == context.int(Int64($0)) }))
                let values = (0..<plan.enumValueCount(of: id)).map { plan.enumValue(of: id, at: $0) }
                variables[id] = .choice(position, values: values)
            case .string, .text:
                // Its string predicates, each a Boolean (``TextAtom``); text read otherwise is not modelled.
                let atoms = (assertionSolving?.textAtoms[id] ?? []) + (parentTextAtoms[id] ?? [])
                let readsLength = assertionSolving?.textLengths.contains(id) ?? false
                guard !atoms.isEmpty || readsLength else { return nil }
                var terms: [String: BoolTerm] = [:]
                for (index, atom) in atoms.enumerated() { terms[atom.key] = context.bool(named: "atom \(index) of field \(id)") }
                var length: IntTerm?
                if readsLength {
                    // A present text is not empty: at least one scalar.
                    let term = context.int(named: "length of field \(id)")
                    solver.assert(term >= context.int(1))
                    length = term
                }
                variables[id] = .text(terms, length: length)
            default:
                return nil
            }
        }
        return variables
    }
}

extension QuestionnaireBuilder {
    /// Whether a field still to be filled may end up empty: a `visibleIf` may hide it, or it is
    /// optional (`optional`, a `requiredIf` that may not hold, a section that may be left
    /// empty). `empty()` of it is then left free to the solver: taken as filled, an assertion
    /// `empty(x) || x > y` settled every `y` at its maximum to another value, although `x` empty
    /// allows it (y = 10 never came out, of 5,000).
    func mayBeLeftEmpty(_ field: CompiledField) -> Bool {
        field.visibleIf != nil || field.isOptional || field.requiredIf != nil || field.inConditionalGroup
    }
}
