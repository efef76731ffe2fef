import FormsmithValues

/// An assertion as a solver term, over the values still open (the field being filled and the
/// fields of its scope filled after it) with every other value read from the questionnaire
/// being built.
///
/// What it models: numbers (integers and exact decimals, added, subtracted, negated, compared,
/// multiplied when one side reads no open value, so that the term stays linear),
/// Booleans, enum values compared with text constants (`==`, `!=`, `IN`), string predicates on
/// a text field (`CONTAINS`, `BEGINSWITH`, `ENDSWITH`, `MATCHES`, `==`, `IN` against constants,
/// each a Boolean, see ``TextAtom``), the length of a text field (`count(owner)`), `count()` of a list in the scope, `sum()` over a list in the scope as far as an empty list adds up to 0 (the items' values are not modelled), `empty()`/`present()` of an open value (open
/// values are present, the check asking for a completion in which they are filled, unless a
/// `visibleIf` may hide them: then either), dates as day numbers (compared, `today`, a date
/// plus or minus a duration: days and weeks as integers, months and years exactly through
/// ``SolverCalendar`` when ``calendar`` is set; `date - date` as the number of days; `year()`,
/// `month()`, `day()` through the calendar too), and `and`,
/// `or`, `not` over those. Anything else (other uses of text, lists of values, a null
/// constant inside a comparison, a product of two open values, `/` and `mod`) makes the translation give up (nil), and the assertion is left
/// to the check after the questionnaire is built, as before.
struct AssertionTranslation {
    /// The solver term of an open value.
    enum Variable {
        /// An integer or decimal field.
        case number(RealTerm)
        /// The item count of a list field.
        case count(IntTerm)
        /// A Boolean field.
        case flag(BoolTerm)
        /// An enum field: the position of its value among `values`.
        case choice(IntTerm, values: [ExpressionValue])
        /// A text field: its string predicates (``TextAtom``), each a Boolean by the atom's key;
        /// the text is drawn afterwards to meet what the solver decides.
        /// `length`: its length in Unicode scalars (`count(owner)`), when an assertion reads it.
        case text([String: BoolTerm], length: IntTerm?)
        /// A date field: its day number (``CivilDate/dayNumber``).
        case day(IntTerm)
    }

    /// A translated sub-expression.
    private enum Term {
        case number(RealTerm)
        case flag(BoolTerm)
        /// A date as its day number.
        case day(IntTerm)
        /// A calendar duration that reads no open value (`30d`, `18y`).
        case duration(CalendarDuration)
    }

    let context: SolverContext
    let variables: [Int: Variable]
    let environment: GenerationEnvironment
    /// Open fields that a `visibleIf` may hide before they are filled: `empty()`/`present()` of
    /// them is left free rather than taken as filled (a `kind` that hides `extra` may make
    /// `empty(extra)` true; taking it as filled settled every such `kind` to another value).
    var mayBeHidden: Set<Int> = []
    /// The rules, to recognise string predicates on open text fields (``TextAtom``); without
    /// them such a predicate makes the translation give up.
    var rules: CompiledRuleSet?
    /// Calendar arithmetic for a date plus months or years (`birthDate + 18y`), exact as the
    /// validator computes it; without it only days and weeks are added to an open date.
    var calendar: SolverCalendar?

    /// The assertion as a Boolean term, or nil when it reads something the translation does not
    /// model.
    func condition(_ node: CompiledNode) -> BoolTerm? {
        guard case .flag(let term)? = translate(node) else { return nil }
        return term
    }

    private func isOpen(_ node: CompiledNode) -> Bool {
        var fields: [Int] = []
        node.collectFields(into: &fields)
        return fields.contains { variables[$0] != nil }
    }

    /// A node that reads no open value, as a constant term (nil for null, text, lists).
    private func constant(_ node: CompiledNode) -> Term? {
        switch node.evaluate(environment) {
        case .boolean(let flag)?: return .flag(context.bool(flag))
        case .integer(let number)?: return .number(context.int(number).real)
        case .decimal(let number)?: return context.real(number).map(Term.number)
        case .date(let date)?: return .day(context.int(Int64(date.dayNumber)))
        case .duration(let duration)?: return .duration(duration)
        default: return nil
        }
    }

    /// `day` moved by `duration` (backwards when `backwards`): days and weeks added as they are,
    /// months and years through ``calendar`` (nil without one, or when the duration overflows).
    private func shift(_ day: IntTerm, by duration: CalendarDuration, backwards: Bool) -> Term? {
        guard let duration = backwards ? duration.negatedChecked() : duration else { return nil }
        if duration.years == 0, duration.months == 0 { return .day(day + context.int(Int64(duration.days))) }
        return calendar?.adding(duration, to: day).map(Term.day)
    }

    /// `node` is an open enum field whose value is one of the text constants `constants`; nil
    /// when it is not an open enum or a constant is not text.
    private func choiceTest(_ node: CompiledNode, _ constants: [CompiledNode]) -> BoolTerm? {
        guard case .field(let id) = node, case .choice(let position, let values)? = variables[id] else { return nil }
        var options: [BoolTerm] = []
        for constant in constants {
            guard !isOpen(constant), case .string(let text)? = constant.evaluate(environment) else { return nil }
            for (index, value) in values.enumerated() where value == .string(text) {
                options.append(position == context.int(Int64(index)))
            }
        }
        return context.or(options)
    }

    /// The Boolean of a string predicate on an open text field, nil when `node` is none.
    private func atom(_ node: CompiledNode) -> BoolTerm? {
        guard let rules, let atom = TextAtom.make(node, rules: rules),
              case .text(let atoms, _)? = variables[atom.field], let term = atoms[atom.key] else { return nil }
        switch node {
        case .equal(_, _, negated: true), .membership(_, _, negated: true): return !term
        default: return term
        }
    }

    private func translate(_ node: CompiledNode) -> Term? {
        guard isOpen(node) else { return constant(node) }
        if let term = atom(node) { return .flag(term) }
        switch node {
        case .field(let id):
            switch variables[id] {
            case .number(let term)?: return .number(term)
            case .flag(let term)?: return .flag(term)
            case .day(let term)?: return .day(term)
            default: return nil
            }
        case .not(let inner):
            guard case .flag(let term)? = translate(inner) else { return nil }
            return .flag(!term)
        case .negate(let inner):
            guard case .number(let term)? = translate(inner) else { return nil }
            return .number(context.int(0).real - term)
        case .and(let left, let right), .or(let left, let right):
            let isAnd: Bool
            if case .and = node { isAnd = true } else { isAnd = false }
            // A side that reads no open value and already decides the result decides it.
            for side in [left, right] where !isOpen(side) {
                if case .boolean(let flag)? = side.evaluate(environment), flag != isAnd { return .flag(context.bool(flag)) }
            }
            guard case .flag(let l)? = translate(left), case .flag(let r)? = translate(right) else { return nil }
            return .flag(isAnd ? l && r : l || r)
        case .add(let left, let right), .subtract(let left, let right):
            let isAdd: Bool
            if case .add = node { isAdd = true } else { isAdd = false }
            switch (translate(left), translate(right)) {
            case (.number(let l)?, .number(let r)?): return .number(isAdd ? l + r : l - r)
            // date ± duration is a date; date - date the number of days between them.
            case (.day(let day)?, .duration(let duration)?): return shift(day, by: duration, backwards: !isAdd)
            case (.duration(let duration)?, .day(let day)?) where isAdd: return shift(day, by: duration, backwards: false)
            case (.day(let l)?, .day(let r)?) where !isAdd: return .number((l - r).real)
            default: return nil
            }
        case .multiplicative(.multiply, let left, let right):
            // Two open values multiplied would make the term non-linear: not modelled.
            guard !isOpen(left) || !isOpen(right), case .number(let l)? = translate(left),
                  case .number(let r)? = translate(right) else { return nil }
            return .number(l * r)
        case .multiplicative(.divide, let left, let right):
            // By a constant other than 0 the quotient stays linear (`d2 / 4 > 1`); the language's
            // quotient is exact to 34 significant digits, and every value taken is checked on the
            // built questionnaire. Not modelled, `d2` was drawn freely where it decided a needed
            // parent's visibility (random form 180158: 5 questionnaires rebuilt of 200).
            guard !isOpen(right), let divisor = right.evaluate(environment), Self.isNonzeroNumber(divisor),
                  case .number(let l)? = translate(left), case .number(let r)? = translate(right) else { return nil }
            return .number(l / r)
        case .equal(let left, let right, let negated):
            if let term = choiceTest(left, [right]) ?? choiceTest(right, [left]) { return .flag(negated ? !term : term) }
            switch (translate(left), translate(right)) {
            case (.number(let l)?, .number(let r)?): return .flag(negated ? l != r : l == r)
            case (.flag(let l)?, .flag(let r)?): return .flag(negated ? !l.iff(r) : l.iff(r))
            case (.day(let l)?, .day(let r)?): return .flag(negated ? l != r : l == r)
            default: return nil
            }
        case .order(let left, let right, let accepts):
            let l: RealTerm, r: RealTerm
            switch (translate(left), translate(right)) {
            case (.number(let a)?, .number(let b)?): (l, r) = (a, b)
            // Dates compare as their day numbers.
            case (.day(let a)?, .day(let b)?): (l, r) = (a.real, b.real)
            default: return nil
            }
            var options: [BoolTerm] = []
            if accepts.contains(.less) { options.append(l < r) }
            if accepts.contains(.same) { options.append(l == r) }
            if accepts.contains(.greater) { options.append(l > r) }
            return .flag(context.or(options))
        case .membership(let element, let list, let negated):
            guard !isOpen(list), case .list(let members)? = list.evaluate(environment),
                  let term = choiceTest(element, members.map { CompiledNode.constant($0) }) else { return nil }
            return .flag(negated ? !term : term)
        case .sum(let field, let list):
            // The items' values are drawn after the solver decides how many items there are: an
            // empty list adds up to 0 exactly, any other count to a value left free here (it is
            // checked on the built questionnaire, as every assertion is). So `sum(plot[].area) > 0`
            // asks for at least one item, which is what its repeat count must then allow.
            guard case .count(let count)? = variables[list] else { return nil }
            let empty = count == context.int(0)
            return .number(empty.ifThenElse(context.int(0).real, context.real(named: "sum of field \(field) over list \(list)")))
        case .call(let function, let argument) where function == .year || function == .month || function == .day:
            // The parts of a date through the calendar's split of its day number.
            guard case .day(let day)? = translate(argument), let calendar else { return nil }
            let parts = calendar.components(of: day)
            return .number((function == .year ? parts.year : function == .month ? parts.month : parts.day).real)
        case .call(let function, let argument):
            guard case .field(let id) = argument, let variable = variables[id] else { return nil }
            switch (function, variable) {
            case (.count, .count(let term)): return .number(term.real)
            case (.count, .text(_, let length?)): return .number(length.real)
            // Open values are present (their lists have at least one item), unless they may be hidden.
            case (.empty, _):
                return .flag(mayBeHidden.contains(id) ? context.bool(named: "field \(id) hidden") : context.bool(false))
            case (.present, _):
                return .flag(mayBeHidden.contains(id) ? !context.bool(named: "field \(id) hidden") : context.bool(true))
            default: return nil
            }
        default:
            return nil
        }
    }
}

extension AssertionTranslation {
    /// Whether `value` is a number other than 0 (a divisor the solver can divide by).
    static func isNonzeroNumber(_ value: ExpressionValue) -> Bool {
        switch value {
        case .integer(let number): number != 0
        case .decimal(let number): !number.isZero
        default: false
        }
    }
}
