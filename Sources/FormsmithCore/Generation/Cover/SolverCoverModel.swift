import FormsmithValues

/// The factors and constraints of a ``CoverModel`` as a Z3 problem, to prove a tuple
/// impossible with the rules that forbid it (the unsatisfiable core) or to find a valid
/// assignment of factor values that holds it (the model).
///
/// Each factor is an integer variable over its value positions, -1 standing for "no value"
/// (an item field whose list has no first item, an undecided condition, an `allow` value).
/// Each number or date field with a factor also has an exact rational variable for its value,
/// tied to its boundary class (`min` is the lower bound, `inside` strictly between, `max` the
/// upper bound; dates as day numbers). Constraints, each tracked under the rule it comes from:
/// every ``CoverConstraint`` (visibility, requiredness, parents, items, sections, `complete`,
/// conditions), assertions over top-level fields, and bounds that name another field (in a list
/// item, fields of the first item, of the first items enclosing it, or top-level). A date plus a
/// calendar duration (`birthDate + 18y`) is exact on the calendar (``SolverCalendar``).
///
/// Expressions are translated with the validator's three-valued logic: each condition becomes
/// a pair (certainly true, certainly false), so a rule whose condition is unknown (a field with
/// no value) forbids nothing, as in the validator. Everything the translation cannot express
/// (functions such as `concat`, text tests, durations not added to a date, fields without a factor) leaves that
/// rule out: the problem is then weaker than the rules, so "unsatisfiable" is still a proof,
/// and the rules left out are listed in ``unmodelled``.
final class SolverCoverModel {
    let context = SolverContext()
    let solver: ConstraintSolver
    /// Per factor: its value position (-1 none).
    private(set) var choice: [IntTerm] = []
    /// Per field id: the exact value of a number or date field with a factor.
    private var number: [Int: RealTerm] = [:]
    /// Per list field id with a size factor: its number of items (in the first enclosing item).
    private var itemCount: [Int: IntTerm] = [:]
    /// Rules the model could not express, with why (for the report).
    private(set) var unmodelled: [String] = []
    /// Top-level number and date fields that a modelled assertion or bound reads: their values
    /// are taken from the solver's model (``pins(_:)``), so the questionnaire meets them as built.
    private(set) var exactFields = Set<Int>()

    private let model: CoverModel
    /// Dates plus calendar durations (`birthDate + 18y`), exact on the calendar.
    private let calendar: SolverCalendar
    private let plan: GeneratorTables
    /// Set when a modelled rule reads what the quick check does not (assertions, bounds, counts).
    private var solverOnlyRules: [String] = []

    /// Z3 resource units one check may spend (its `rlimit`, a count of the solver's own steps):
    /// the limit that decides, the same however busy the machine is. About 2 seconds of an idle
    /// machine; the checks of the tests' forms take up to 260,000 (osago-policy's pairs).
    static let resourceLimit: UInt32 = 2_000_000
    /// The wall-clock limit of one check: a guard behind ``resourceLimit`` only (before, the 2 s
    /// limit decided, so a check near it ended differently at load 10).
    static let timeoutMilliseconds: UInt32 = 30_000

    init(model: CoverModel, plan: GeneratorTables) {
        self.model = model
        self.plan = plan
        solver = ConstraintSolver(context: context, timeoutMilliseconds: Self.timeoutMilliseconds, resourceLimit: Self.resourceLimit)
        calendar = SolverCalendar(context: context, solver: solver)
        let rules = plan.rules
        for (index, factor) in model.factors.enumerated() {
            let variable = context.int(named: "f\(index) \(factor.name)")
            choice.append(variable)
            let none = factor.kind == .condition || factor.listID >= 0 || !rules.fields[factor.field].allowed.isEmpty
            solver.assert(variable >= context.int(none ? -1 : 0) && variable < context.int(Int64(factor.values.count)))
        }
        for (index, factor) in model.factors.enumerated() where [.range, .presence].contains(factor.kind) {
            let field = rules.fields[factor.field]
            guard [.integer, .decimal, .date].contains(field.type) else { continue }
            let value = context.real(named: "x\(field.id) \(field.path)")
            number[field.id] = value
            if field.type == .date {
                // A day of 0001-01-01...9999-12-31, the dates a field can hold (bounded, so the
                // calendar split of its day number in ``SolverCalendar`` stays a finite search).
                let first = context.int(Int64(CivilDate.earliest.dayNumber)).real
                let last = context.int(Int64(CivilDate.latest.dayNumber)).real
                solver.assert(value.isInteger && value >= first && value <= last,
                              label: "\(field.path) is a date")
            } else if field.type != .decimal {
                solver.assert(value.isInteger, label: "\(field.path) is a whole number")
            } else {
                // On the grid of `fractionDigits`: value × 10^digits is whole.
                var domain = NumberDomain()
                NumberChecks.narrow(&domain, by: field.checks, bound: { _ in nil })
                if let digits = domain.scale, digits <= 18,
                   let grid = context.real(ExactDecimal(mantissa: 1, scale: -digits)) {
                    solver.assert((value * grid).isInteger, label: "fractionDigits of \(field.path): \(digits)")
                }
            }
            guard factor.kind == .range, let bounds = factor.bounds else { continue }
            let low = bounds.low.flatMap(context.real), high = bounds.high.flatMap(context.real)
            let range = "the range of \(field.path): \(bounds.lowText ?? "-∞") to \(bounds.highText ?? "∞")"
            for (position, name) in factor.values.enumerated() {
                let chosen = choice[index] == context.int(Int64(position))
                switch name {
                case "min": if let low { solver.assert(chosen.implies(value == low), label: range) }
                case "max": if let high { solver.assert(chosen.implies(value == high), label: range) }
                case "inside":
                    var inside: [BoolTerm] = []
                    if let low { inside.append(value > low) }
                    if let high { inside.append(value < high) }
                    solver.assert(chosen.implies(context.and(inside)), label: range)
                default: break
                }
            }
        }
        // List sizes as item counts: `min` the least generated, `max` the greatest, `mid` any
        // other count above the least (a set written elsewhere may hold more items than the
        // generator makes; `mid` is what it reads them as), for `count(list)`.
        for (index, factor) in model.factors.enumerated() where factor.kind == .size {
            guard let sizes = factor.sizes else { continue }
            let count = context.int(named: "n\(factor.field) \(factor.name)")
            itemCount[factor.field] = count
            let label = "the item count of \(factor.name): \(sizes.low) to \(sizes.top)"
            for (position, name) in factor.values.enumerated() {
                let chosen = choice[index] == context.int(Int64(position))
                switch name {
                case "min": solver.assert(chosen.implies(count == context.int(Int64(sizes.low))), label: label)
                case "max": solver.assert(chosen.implies(count == context.int(Int64(sizes.top))), label: label)
                case "mid": solver.assert(chosen.implies(count > context.int(Int64(sizes.low))
                                                         && count != context.int(Int64(sizes.top))), label: label)
                default: break
                }
            }
        }
        // "No value" (-1) for a field of a list item means the list has no first item: while the
        // list's own factor says it has one (a size, not absent), each such field is decided, so
        // an unknown condition cannot stand in for a value the questionnaire will have (a row
        // asking for a third-level number with its room and receipt left undecided was built
        // with any room, hiding the number). Fields with `allow` values and conditions keep -1.
        for (index, factor) in model.factors.enumerated()
        where factor.listID >= 0 && factor.kind != .condition && rules.fields[factor.field].allowed.isEmpty {
            let list = model.valueFactor[factor.listID]
            guard list >= 0, list != index, model.factors[list].kind == .size else { continue }
            solver.assert(filled(list).implies(hasValue(index)),
                          label: "the first item of \(model.factors[list].name) holds \(factor.name)")
        }
        for constraint in model.constraints { add(constraint) }
        for assertion in rules.rootScope.assertions { add(assertion, list: nil) }
        for field in rules.fields {
            for assertion in field.items?.scope.assertions ?? [] { add(assertion, list: field.id) }
        }
        for field in rules.fields where number[field.id] != nil { addDynamicBounds(field) }
    }

    // MARK: - Questions

    /// What the rules say of a tuple of factor values.
    enum Verdict {
        /// Some valid assignment holds it: per factor, a value position (-1 none).
        case possible([Int])
        /// No assignment holds it; the rules that together forbid it.
        case impossible([String])
        /// The solver gave no answer (a timeout, counted in ``solver``).
        case unknown(String)
    }

    /// Whether the rules (as modelled) allow `tuple`: a valid assignment holding it, or the
    /// rules that together forbid it.
    func verdict(_ tuple: [(factor: Int, value: Int)]) -> Verdict {
        let assumptions = tuple.map { choice[$0.factor] == context.int(Int64($0.value)) }
        switch solver.check(assuming: assumptions) {
        case .satisfiable(let found):
            lastModel = found
            return .possible(choice.map { found.value(of: $0).map(Int.init) ?? -1 })
        case .unsatisfiable(let core):
            return .impossible(core.labels.isEmpty ? ["the values of one factor exclude each other"] : core.labels)
        case .unknown(let reason):
            return .unknown(reason)
        }
    }

    /// A valid assignment (as modelled) holding `required` and as many of the values `wished`
    /// gives (per factor, -1 for any) as the rules allow, Calot-style: the wished values are
    /// assumed together, and one wished value of each unsatisfiable core is given up until the
    /// rest holds.
    /// Nil when `required` alone is impossible or the solver gives no answer.
    func complete(_ wished: [Int], required: [(factor: Int, value: Int)]) -> [Int]? {
        var assumptions = required.map { choice[$0.factor] == context.int(Int64($0.value)) }
        let fixed = assumptions.count
        let requiredFactors = Set(required.map(\.factor))
        for (factor, value) in wished.enumerated() where value >= 0 && !requiredFactors.contains(factor) {
            assumptions.append(choice[factor] == context.int(Int64(value)))
        }
        while true {
            switch solver.check(assuming: assumptions) {
            case .satisfiable(let found):
                lastModel = found
                return choice.map { found.value(of: $0).map(Int.init) ?? -1 }
            case .unsatisfiable(let core):
                // Give up one wished value of the core (the last wished, the least important to the
                // greedy order), and try again with the rest.
                guard let given = core.assumptionIndices.last(where: { $0 >= fixed }) else { return nil }
                assumptions.remove(at: given)
            case .unknown:
                return nil
            }
        }
    }

    /// Whether some modelled rule is one the quick proof (``ImpossibilityProof``) does not read:
    /// an assertion, a bound naming another field.
    var readsMoreThanQuickProof: Bool { !exactFields.isEmpty || !solverOnlyRules.isEmpty }

    /// The model of the last satisfiable ``verdict(_:)`` or ``complete(_:required:)``.
    private var lastModel: SolverModel?

    /// The exact values of ``exactFields`` in the last satisfiable verdict, as a fixture object
    /// (`{"claimed": 0.01, "payable": 0, ...}`) for the questionnaire builder to pin; nil when
    /// there are none. Fields the model leaves empty are not pinned.
    func pins() -> [UInt8]? {
        guard let found = lastModel, !exactFields.isEmpty else { return nil }
        var members: [(String, String)] = []
        for id in exactFields.sorted() {
            let field = plan.rules.fields[id]
            let factor = model.valueFactor[id]
            guard factor >= 0, let x = number[id], found.value(of: filled(factor)), let value = found.value(of: x),
                  field.listID == nil, !field.path.contains(".") else { continue }
            switch field.type {
            case .date:
                guard let day = value.int64, let day32 = Int32(exactly: day) else { continue }
                members.append((field.name, JSONText.quoted(field.datePattern.format(CivilDate(dayNumber: day32)))))
            case .integer:
                members.append((field.name, value.description))
            default:
                members.append((field.name, value.plainText(scale: value.fractionDigits)))
            }
        }
        return members.isEmpty ? nil : Array(JSONText.object(members).utf8)
    }

    // MARK: - Constraints

    private func value(_ factor: Int, _ position: Int) -> BoolTerm { choice[factor] == context.int(Int64(position)) }
    private func hasValue(_ factor: Int) -> BoolTerm { choice[factor] >= context.int(0) }

    /// The factor's value means the field (or section) is filled (false when it has none).
    private func filled(_ factor: Int) -> BoolTerm {
        let described = model.factors[factor]
        switch described.kind {
        case .option: return value(factor, 0)
        case .condition: return hasValue(factor)
        default:
            guard let absent = described.absentIndex else { return hasValue(factor) }
            return hasValue(factor) && !value(factor, absent)
        }
    }

    private func add(_ constraint: CoverConstraint) {
        let subject = constraint.subject
        let term: BoolTerm?
        switch constraint.kind {
        case .visible(let condition):
            term = condition3(condition).map { filled(subject).implies(!$0.isFalse) }
        case .required(let visibleIf, let requiredIf):
            let shown = visibleIf.map(condition3) ?? Truth(isTrue: context.bool(true), isFalse: context.bool(false))
            let needed = requiredIf.map(condition3) ?? Truth(isTrue: context.bool(true), isFalse: context.bool(false))
            if let shown, let needed {
                term = (hasValue(subject) && !filled(subject)).implies(!(shown.isTrue && needed.isTrue))
            } else {
                term = nil
            }
        case .equals(let condition):
            term = condition3(condition).map { truth in
                value(subject, 0).implies(!truth.isFalse) && value(subject, 1).implies(!truth.isTrue)
            }
        case .parent(let other), .complete(let other):
            term = (filled(subject) && hasValue(other)).implies(filled(other))
        case .item(let other):
            term = (hasValue(subject) && hasValue(other)).implies(filled(other))
        case .visibleFactor(let other):
            term = (filled(subject) && hasValue(other)).implies(value(other, 0))
        case .requiredFactors(let visible, let required):
            let shown = visible < 0 ? context.bool(true) : value(visible, 0)
            let needed = required < 0 ? context.bool(true) : value(required, 0)
            term = (hasValue(subject) && !filled(subject)).implies(!(shown && needed))
        case .section(let members):
            let known = context.and(members.map(hasValue) + [hasValue(subject)])
            term = known.implies(filled(subject).iff(context.or(members.map(filled))))
        }
        guard let term else {
            unmodelled.append(constraint.rule + ": its condition reads what the model cannot express")
            return
        }
        solver.assert(term, label: constraint.rule)
    }

    /// An assertion of the questionnaire (`list` nil) or of each item of a list, which its
    /// first item (the one factors read) must meet.
    private func add(_ assertion: CompiledAssertion, list: Int?) {
        let label = "assert '\(assertion.source)'" + (list.map { " on each item of \(plan.rules.fields[$0].path)" } ?? "")
        guard assertion.predicate.referencedFields.allSatisfy({ plan.rules.fields[$0].listID == list }) else {
            unmodelled.append(label + ": it reads fields of other lists or levels (only first items are modelled)")
            return
        }
        guard let truth = condition3(assertion.predicate) else {
            unmodelled.append(label + ": it uses what the model cannot express (functions, text tests, durations not added to a date, `/`, `mod`, a product of two fields, fields without a factor)")
            return
        }
        solver.assert(!truth.isFalse, label: label)
        solverOnlyRules.append(label)
        if list == nil { exactFields.formUnion(assertion.predicate.referencedFields.filter { number[$0] != nil }) }
    }

    /// A bound written as an expression of other fields (`max: claimed`, `min: drivers[].birthDate
    /// + 18y` in a list item): while both sides have values, the field's value lies within it.
    /// In a list item the bound is met by the first item (the one factors read), reading fields
    /// of that item, of the first items enclosing it, or top-level fields.
    private func addDynamicBounds(_ field: CompiledField) {
        var scopes: Set<Int?> = [nil]
        var list = field.listID
        while let current = list {
            scopes.insert(current)
            list = plan.rules.fields[current].listID
        }
        guard let x = number[field.id], let factor = Optional(model.valueFactor[field.id]), factor >= 0 else { return }
        for check in field.checks {
            let bounds: (lower: RangeBound?, upper: RangeBound?)
            switch check {
            case .number(let number): bounds = number.bounds
            case .date(let date): bounds = date.bounds
            default: continue
            }
            for (bound, isUpper) in [(bounds.lower, false), (bounds.upper, true)] {
                guard let bound, case .dynamic(let expression, let source) = bound.value else { continue }
                let label = "\(isUpper ? "max" : "min") of \(field.path): '\(source)'"
                guard expression.referencedFields.allSatisfy({ scopes.contains(plan.rules.fields[$0].listID) }),
                      let limit = numeric(expression.node), limit.isDate == (field.type == .date) else {
                    unmodelled.append(label + ": the bound reads what the model cannot express")
                    continue
                }
                let within: BoolTerm = isUpper ? (bound.exclusive ? x < limit.value : x <= limit.value)
                    : (bound.exclusive ? x > limit.value : x >= limit.value)
                let applies = filled(factor) && !limit.unknown && !limit.null
                solver.assert(applies.implies(within), label: label)
                // Top-level values are pinned from the solver's model; a bound inside a list item
                // is met as built (the builder draws the item's date within it) and only proves.
                guard field.listID == nil else { continue }
                exactFields.insert(field.id)
                exactFields.formUnion(expression.referencedFields.filter { number[$0] != nil })
            }
        }
    }

    // MARK: - Expressions

    /// A condition's truth in three values: certainly true, certainly false, or neither (unknown).
    struct Truth {
        var isTrue: BoolTerm
        var isFalse: BoolTerm
    }

    /// A number-valued expression: its value when neither null nor unknown.
    private struct Number {
        var value: RealTerm
        var null: BoolTerm
        var unknown: BoolTerm
        /// A date (a day number), which compares and subtracts only with dates.
        var isDate = false
    }

    /// An enum or switch field read: its factor.
    private struct Choice {
        var factor: Int
        var field: Int
    }

    private func condition3(_ expression: CompiledExpression) -> Truth? { truth(expression.node) }

    private func truth(_ node: CompiledNode) -> Truth? {
        let yes = context.bool(true), no = context.bool(false)
        switch node {
        case .constant(let value):
            if case .boolean(true) = value { return Truth(isTrue: yes, isFalse: no) }
            return Truth(isTrue: no, isFalse: yes)
        case .not(let operand):
            return truth(operand).map { Truth(isTrue: $0.isFalse, isFalse: $0.isTrue) }
        case .and(let left, let right):
            guard let a = truth(left), let b = truth(right) else { return nil }
            return Truth(isTrue: a.isTrue && b.isTrue, isFalse: a.isFalse || b.isFalse)
        case .or(let left, let right):
            guard let a = truth(left), let b = truth(right) else { return nil }
            return Truth(isTrue: a.isTrue || b.isTrue, isFalse: a.isFalse && b.isFalse)
        case .call(.empty, let argument), .call(.present, let argument):
            // Null exactly when the field is absent; a number field with a factor only.
            guard let a = numeric(argument) else { return nil }
            let isEmpty: Bool
            if case .call(.empty, _) = node { isEmpty = true } else { isEmpty = false }
            return Truth(isTrue: !a.unknown && (isEmpty ? a.null : !a.null), isFalse: !a.unknown && (isEmpty ? !a.null : a.null))
        case .field(let id):
            // A switch read as a condition: true only for `true`.
            guard let read = choiceRead(id), plan.rules.fields[id].type == .boolean else { return nil }
            guard let position = model.factors[read.factor].values.firstIndex(of: "true") else { return nil }
            let isTrue = value(read.factor, position)
            return Truth(isTrue: isTrue, isFalse: hasValue(read.factor) && !isTrue)
        case .equal(let left, let right, let negated):
            guard let equal = equality(left, right) else { return nil }
            return negated ? Truth(isTrue: equal.isFalse, isFalse: equal.isTrue) : equal
        case .membership(.constant(let item), .field(let id), let negated) where !model.optionFactors[id].isEmpty:
            // An option of a multi-choice field: its option factor (no option chosen is null,
            // which holds nothing).
            let options = model.optionFactors[id]
            guard let index = (0..<options.count).first(where: {
                ExpressionOperations.equal(plan.enumValue(of: id, at: $0), item)
            }) else { return nil }
            let chosen = value(options[index], 0)
            let known = hasValue(options[index])
            return negated ? Truth(isTrue: known && !chosen, isFalse: chosen) : Truth(isTrue: chosen, isFalse: known && !chosen)
        case .membership(let element, let list, let negated):
            guard case .constant(.list(let values)) = list else { return nil }
            var isTrue: [BoolTerm] = []
            var known: BoolTerm?
            for candidate in values {
                guard let equal = equality(element, .constant(candidate)) else { return nil }
                isTrue.append(equal.isTrue)
                known = equal.isTrue || equal.isFalse
            }
            let member = context.or(isTrue)
            let decided = known ?? yes
            return negated ? Truth(isTrue: decided && !member, isFalse: member) : Truth(isTrue: member, isFalse: decided && !member)
        case .order(let left, let right, let accepts):
            guard let a = numeric(left), let b = numeric(right), a.isDate == b.isDate else { return nil }
            let known = !a.unknown && !b.unknown
            var holds: [BoolTerm] = []
            if accepts.contains(.less) { holds.append(a.value < b.value) }
            if accepts.contains(.same) { holds.append(a.value == b.value) }
            if accepts.contains(.greater) { holds.append(a.value > b.value) }
            let isTrue = known && !a.null && !b.null && context.or(holds)
            return Truth(isTrue: isTrue, isFalse: known && !isTrue)
        default:
            return nil
        }
    }

    /// `left == right` for an enum or switch against constants, or two numbers.
    private func equality(_ left: CompiledNode, _ right: CompiledNode) -> Truth? {
        if case .field(let id) = left, let read = choiceRead(id), case .constant(let constant) = right {
            return choiceEquals(read, constant)
        }
        if case .field(let id) = right, let read = choiceRead(id), case .constant(let constant) = left {
            return choiceEquals(read, constant)
        }
        guard let a = numeric(left), let b = numeric(right), a.isDate == b.isDate else { return nil }
        let known = !a.unknown && !b.unknown
        let isTrue = known && ((a.null && b.null) || (!a.null && !b.null && a.value == b.value))
        return Truth(isTrue: isTrue, isFalse: known && !isTrue)
    }

    private func choiceRead(_ id: Int) -> Choice? {
        let factor = model.valueFactor[id]
        guard factor >= 0, model.factors[factor].kind == .value else { return nil }
        return Choice(factor: factor, field: id)
    }

    /// The factor's value equals `constant`: the positions whose value is equal to it.
    private func choiceEquals(_ read: Choice, _ constant: ExpressionValue) -> Truth? {
        let described = model.factors[read.factor]
        let field = plan.rules.fields[read.field]
        var matching: [BoolTerm] = []
        for (position, name) in described.values.enumerated() {
            let value: ExpressionValue
            if position == described.absentIndex {
                value = .null
            } else if field.type == .boolean {
                value = .boolean(name == "true")
            } else if field.type == .enumeration {
                value = plan.enumValue(of: read.field, at: position)
            } else {
                return nil
            }
            if ExpressionOperations.equal(value, constant) { matching.append(self.value(read.factor, position)) }
        }
        let isTrue = context.or(matching)
        return Truth(isTrue: isTrue, isFalse: hasValue(read.factor) && !isTrue)
    }

    private func numeric(_ node: CompiledNode) -> Number? {
        let no = context.bool(false)
        switch node {
        case .constant(let value):
            switch value {
            case .integer(let whole): return Number(value: context.int(whole).real, null: no, unknown: no)
            case .decimal(let exact): return context.real(exact).map { Number(value: $0, null: no, unknown: no) }
            case .date(let date): return Number(value: context.int(Int64(date.dayNumber)).real, null: no, unknown: no, isDate: true)
            case .null: return Number(value: context.int(0).real, null: context.bool(true), unknown: no)
            default: return nil
            }
        case .today:
            return Number(value: context.int(Int64(plan.rules.today.dayNumber)).real, null: no, unknown: no, isDate: true)
        case .field(let id):
            let factor = model.valueFactor[id]
            guard let x = number[id], factor >= 0 else { return nil }
            let null = model.factors[factor].absentIndex.map { value(factor, $0) } ?? no
            return Number(value: x, null: null, unknown: !hasValue(factor), isDate: plan.rules.fields[id].type == .date)
        case .call(.count, .field(let id)):
            // The items of a list read in its first enclosing item (0 when the list is absent).
            let factor = model.valueFactor[id]
            guard let count = itemCount[id], factor >= 0 else { return nil }
            let absent = model.factors[factor].absentIndex.map { value(factor, $0) } ?? no
            return Number(value: absent.ifThenElse(context.int(0), count).real, null: no, unknown: !hasValue(factor))
        case .negate(let operand):
            guard let a = numeric(operand), !a.isDate else { return nil }
            return Number(value: context.int(0).real - a.value, null: a.null, unknown: a.unknown)
        case .add(.constant(.duration(let duration)), let date), .add(let date, .constant(.duration(let duration))):
            return shifted(date, by: duration)
        case .subtract(let date, .constant(.duration(let duration))):
            return duration.negatedChecked().flatMap { shifted(date, by: $0) }
        case .add(let left, let right), .subtract(let left, let right):
            guard let a = numeric(left), let b = numeric(right) else { return nil }
            // A date minus a date is a number of days; a date with a number (or a duration) is
            // not modelled.
            let isAdd: Bool
            if case .add = node { isAdd = true } else { isAdd = false }
            guard !a.isDate && !b.isDate || (!isAdd && a.isDate && b.isDate) else { return nil }
            return Number(value: isAdd ? a.value + b.value : a.value - b.value, null: a.null || b.null,
                          unknown: a.unknown || b.unknown)
        case .multiplicative(.multiply, let left, let right):
            // Linear only: one side must be a constant (two fields multiplied are not modelled).
            guard left.isConstant || right.isConstant, let a = numeric(left), let b = numeric(right),
                  !a.isDate, !b.isDate else { return nil }
            return Number(value: a.value * b.value, null: a.null || b.null, unknown: a.unknown || b.unknown)
        default:
            return nil
        }
    }

    /// A date plus a calendar duration (`birthDate + 18y`, `startDate - 1m`), exact on the
    /// calendar (see ``SolverCalendar``).
    private func shifted(_ node: CompiledNode, by duration: CalendarDuration) -> Number? {
        guard let date = numeric(node), date.isDate, let day = calendar.adding(duration, to: date.value.floor) else { return nil }
        return Number(value: day.real, null: date.null, unknown: date.unknown, isDate: true)
    }
}
