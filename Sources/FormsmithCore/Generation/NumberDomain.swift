import FormsmithValues

/// The values a number field may take: an interval whose ends are open or closed, a scale (at
/// most so many digits after the point; 0 for integers), a step (whole multiples of it) and a
/// constant (the one value `const` allows). Each number rule narrows it; "unsatisfiable" means
/// it is empty (`min: 1, max: 2` with step 5; `exclusiveMin: 0, exclusiveMax: 1` on an integer;
/// `fractionDigits: 0` with `min: 0.5, max: 0.7`; `const: 3` with `max: 2`). Generation samples it, and a labelled defect leaves it for exactly one rule
/// (``outside(breaking:near:scale:)``). Everything is exact: no `Double` from bound to value.
struct NumberDomain: Sendable, Equatable {
    /// One end of the interval.
    struct End: Sendable, Equatable {
        var value: ExactDecimal
        var exclusive: Bool
    }

    /// The rules a number may break, one per narrowing.
    enum Rule: Sendable, Hashable {
        /// `min` / `exclusiveMin`.
        case lower
        /// `max` / `exclusiveMax`.
        case upper
        /// `fractionDigits`.
        case fractionDigits
        /// One step (`multipleOf: 5`): the number is a whole multiple of it.
        case step(ExactDecimal)
        /// The `integer` type: no digits after the point.
        case integer
        /// `const`: the one value allowed. A dimension of its own rather than the interval
        /// `[v, v]`, so that a value below `min` is still told apart from one that is only not
        /// the constant.
        case constant
        /// A bound of a kind with a rule of its own (`greaterThan: 0`, rule `greater-than`),
        /// named by that rule: it narrows the interval as `min` does, and a value past it breaks
        /// its rule, not `min`'s (see ``NamedBound``).
        case bound(String)
    }

    /// A bound a kind other than the range narrows the interval by, under its own rule.
    struct NamedBound: Sendable, Equatable {
        /// The rule a value past it breaks (`greater-than`).
        let rule: String
        /// Whether it bounds from above.
        let isUpper: Bool
        var end: End
    }

    /// The lower end, the tightest of `min`'s and every named lower bound's; nil: unbounded.
    private(set) var lower: End?
    /// The upper end, the tightest of `max`'s and every named upper bound's; nil: unbounded.
    private(set) var upper: End?
    /// The range's own ends (`min` / `exclusiveMin`, `max` / `exclusiveMax`): what `.lower`
    /// and `.upper` are broken against.
    private(set) var rangeLower: End?
    private(set) var rangeUpper: End?
    /// The bounds of kinds with their own rule, each once by rule (the tightest kept), in the
    /// order given.
    private(set) var namedBounds: [NamedBound] = []
    /// The most digits after the point `fractionDigits` allows; nil: any.
    private(set) var fractionDigits: Int?
    /// Whether values are whole numbers (an `integer` field).
    private(set) var isInteger = false
    /// Values are whole multiples of it (positive; the least common multiple of ``steps``); nil: any.
    private(set) var step: ExactDecimal?
    /// Each step narrowed by, once (positive), in the order given: a defect can break one and
    /// keep to the others.
    private(set) var steps: [ExactDecimal] = []
    /// The values `const` allows, each once, in the order given: none, any value; one, only it;
    /// more (a case's `const` other than the field's), none at all.
    private(set) var constants: [ExactDecimal] = []

    /// Every number (of a `decimal` field with no rules).
    init() {}

    /// Every whole number (of an `integer` field with no rules).
    static var integers: NumberDomain {
        var domain = NumberDomain()
        domain.isInteger = true
        return domain
    }

    // MARK: - Narrowing

    /// Narrows by `min` (inclusive) or `exclusiveMin`: the tighter end wins.
    mutating func narrow(lower value: ExactDecimal, exclusive: Bool) {
        let end = End(value: value, exclusive: exclusive)
        rangeLower = Self.tighter(rangeLower, end, upper: false)
        lower = Self.tighter(lower, end, upper: false)
    }

    /// Narrows by `max` (inclusive) or `exclusiveMax`: the tighter end wins.
    mutating func narrow(upper value: ExactDecimal, exclusive: Bool) {
        let end = End(value: value, exclusive: exclusive)
        rangeUpper = Self.tighter(rangeUpper, end, upper: true)
        upper = Self.tighter(upper, end, upper: true)
    }

    /// Narrows by the bound of a kind with its own rule (`greaterThan: 0`: `rule`
    /// `greater-than`, a lower, exclusive end at 0): the interval as `min` would, while a value
    /// past it breaks `rule` (``Rule/bound(_:)``). Two bounds of one rule: the tighter wins.
    mutating func narrow(bound value: ExactDecimal, exclusive: Bool, upper isUpper: Bool, rule: String) {
        let end = End(value: value, exclusive: exclusive)
        if let index = namedBounds.firstIndex(where: { $0.rule == rule }) {
            namedBounds[index].end = Self.tighter(namedBounds[index].end, end, upper: isUpper) ?? end
        } else {
            namedBounds.append(NamedBound(rule: rule, isUpper: isUpper, end: end))
        }
        if isUpper { upper = Self.tighter(upper, end, upper: true) } else { lower = Self.tighter(lower, end, upper: false) }
    }

    /// The tighter of two ends of one side (`current` when they are the same).
    static func tighter(_ current: End?, _ new: End, upper: Bool) -> End? {
        guard let current else { return new }
        if current.value == new.value { return current.exclusive || !new.exclusive ? current : new }
        return (upper ? current.value < new.value : current.value > new.value) ? current : new
    }

    /// Whether `value` lies past `end` (below a lower end, above an upper one).
    static func isPast(_ value: ExactDecimal, _ end: End, upper: Bool) -> Bool {
        if value == end.value { return end.exclusive }
        return upper ? value > end.value : value < end.value
    }

    /// The named bound of `rule`, nil when the domain has none.
    func namedBound(_ rule: String) -> NamedBound? { namedBounds.first { $0.rule == rule } }

    /// The rule of the lower end in force: the named bound's whose end it is (`greater-than`),
    /// else `min`; what an interval with no value in it is reported under.
    var lowerRule: String {
        namedBounds.first { !$0.isUpper && $0.end == lower && rangeLower != lower }?.rule ?? RuleIdentifier.min
    }

    /// The domain with only `end` on its side (`upper` or lower), for finding the first value
    /// past one rule's bound.
    func bounded(by end: End?, upper isUpper: Bool) -> NumberDomain {
        var domain = self
        if isUpper { domain.upper = end } else { domain.lower = end }
        return domain
    }

    /// Narrows by `fractionDigits` (a negative count allows none).
    mutating func narrow(fractionDigits digits: Int) {
        fractionDigits = Swift.max(0, Swift.min(fractionDigits ?? digits, digits))
    }

    /// Narrows to whole numbers.
    mutating func narrowToIntegers() {
        isInteger = true
    }

    /// Narrows to whole multiples of `step` (its magnitude; zero narrows nothing): two steps
    /// give their least common multiple. Returns false (the domain unchanged) when that multiple
    /// would need more than ``ExactDecimal/digitLimit`` digits.
    @discardableResult
    mutating func narrow(step newStep: ExactDecimal) -> Bool {
        guard !newStep.isZero else { return true }
        let magnitude = newStep.magnitude
        if steps.contains(magnitude) { return true }
        guard let step else {
            step = magnitude
            steps.append(magnitude)
            return true
        }
        guard let multiple = Self.leastCommonMultiple(step, magnitude) else { return false }
        self.step = multiple
        steps.append(magnitude)
        return true
    }

    /// Narrows to the one value `value` (`const: 3`); a second, different constant leaves no value.
    mutating func narrow(constant value: ExactDecimal) {
        if !constants.contains(value) { constants.append(value) }
    }

    /// The one value the domain's constant allows, nil when there is none (or two that disagree).
    var constant: ExactDecimal? { constants.count == 1 ? constants[0] : nil }

    /// Whether a `const` narrows the domain (to one value, or none when two disagree).
    var isConstant: Bool { !constants.isEmpty }

    /// The domain without its constant: the part every other rule allows.
    var withoutConstant: NumberDomain {
        var domain = self
        domain.constants = []
        return domain
    }

    // MARK: - Membership

    /// The most digits after the point values may have: 0 for integers, else `fractionDigits`.
    var scale: Int? { isInteger ? 0 : fractionDigits }

    /// The rules the domain holds (its narrowings), in ``Rule`` order.
    var rules: [Rule] {
        var rules: [Rule] = []
        if rangeLower != nil { rules.append(.lower) }
        if rangeUpper != nil { rules.append(.upper) }
        if !isInteger, fractionDigits != nil { rules.append(.fractionDigits) }
        rules += steps.map(Rule.step)
        if isInteger { rules.append(.integer) }
        if !constants.isEmpty { rules.append(.constant) }
        rules += namedBounds.map { .bound($0.rule) }
        return rules
    }

    /// The rules `value` breaks (empty when it lies in the domain), in ``Rule`` order (each
    /// step it is not a multiple of, in the order they were narrowed by).
    func broken(by value: ExactDecimal) -> [Rule] {
        var rules: [Rule] = []
        if let rangeLower, Self.isPast(value, rangeLower, upper: false) { rules.append(.lower) }
        if let rangeUpper, Self.isPast(value, rangeUpper, upper: true) { rules.append(.upper) }
        if !isInteger, let fractionDigits, value.fractionDigits > fractionDigits { rules.append(.fractionDigits) }
        for step in steps where !value.isMultiple(of: step) { rules.append(.step(step)) }
        if isInteger, !value.isInteger { rules.append(.integer) }
        if constants.contains(where: { $0 != value }) { rules.append(.constant) }
        for bound in namedBounds where Self.isPast(value, bound.end, upper: bound.isUpper) { rules.append(.bound(bound.rule)) }
        return rules
    }

    /// Whether `value` lies in the domain.
    func contains(_ value: ExactDecimal) -> Bool { broken(by: value).isEmpty }

    /// Whether no number lies in the domain. Nil when that cannot be decided within
    /// ``ExactDecimal/digitLimit`` digits (bounds a billion digits apart in scale).
    var isEmpty: Bool? {
        if !constants.isEmpty { return constant.map { !contains($0) } ?? true }
        guard let lower, let upper else { return false }
        if lower.value > upper.value { return true }
        if scale == nil && step == nil {
            return lower.value == upper.value && (lower.exclusive || upper.exclusive)
        }
        guard let grid = grid(scale: scale), let indices = indices(grid: grid) else { return nil }
        return indices.first.flatMap { first in indices.last.map { first > $0 } } ?? false
    }

    // MARK: - Grids

    /// The spacing of the values with at most `scale` digits after the point (any, when nil)
    /// that are whole multiples of the step: the least common multiple of `10^-scale` and the
    /// step. Nil when there is neither (every number) or it would need too many digits.
    func grid(scale: Int?) -> ExactDecimal? {
        grid(scale: scale, step: step)
    }

    /// ``grid(scale:)`` with `step` (or none) in place of the domain's own.
    func grid(scale: Int?, step: ExactDecimal?) -> ExactDecimal? {
        let unit = scale.map { ExactDecimal(1).scaled(byPowerOfTen: -$0) }
        switch (unit, step) {
        case (nil, nil): return nil
        case (let unit?, nil): return unit
        case (nil, let step?): return step
        case (let unit?, let step?): return Self.leastCommonMultiple(unit, step)
        }
    }

    /// The first and last `k` with `k × grid` in the interval (nil for an unbounded end); nil
    /// when a quotient would need too many digits.
    func indices(grid: ExactDecimal) -> (first: ExactDecimal?, last: ExactDecimal?)? {
        var first: ExactDecimal?
        var last: ExactDecimal?
        if let lower {
            let index = lower.exclusive
                ? lower.value.flooredQuotient(dividingBy: grid)?.adding(ExactDecimal(1))
                : lower.value.ceilingQuotient(dividingBy: grid)
            guard let index else { return nil }
            first = index
        }
        if let upper {
            let index = upper.exclusive
                ? upper.value.ceilingQuotient(dividingBy: grid)?.adding(ExactDecimal(-1))
                : upper.value.flooredQuotient(dividingBy: grid)
            guard let index else { return nil }
            last = index
        }
        return (first, last)
    }

    /// The smallest scale at least `preferred` at which the domain holds a value, when it has no
    /// `fractionDigits` of its own: `(0, 0.001)` holds none at scale 2, some at scale 4.
    func samplingScale(preferring preferred: Int) -> Int {
        if let scale { return scale }
        guard let lower, let upper else { return preferred }
        if let small = smallWindow(scale: preferred, span: ExactDecimal(1)), small.first <= small.last { return preferred }
        var tried = self
        tried.fractionDigits = preferred
        if let grid = tried.grid(scale: preferred), let indices = tried.indices(grid: grid),
            let first = indices.first, let last = indices.last, first <= last
        {
            return preferred
        }
        // Past the digits of both ends and the step, an interval that is not empty holds a value.
        return Swift.max(preferred, lower.value.fractionDigits, upper.value.fractionDigits, step?.fractionDigits ?? 0) + 1
    }

    // MARK: - Arithmetic helpers

    /// The least common multiple of two positive numbers: both as whole numbers at the finer
    /// scale, `a × b / gcd(a, b)`.
    static func leastCommonMultiple(_ a: ExactDecimal, _ b: ExactDecimal) -> ExactDecimal? {
        let scale = Swift.max(a.fractionDigits, b.fractionDigits)
        let x = a.scaled(byPowerOfTen: scale), y = b.scaled(byPowerOfTen: scale)
        guard let divisor = greatestCommonDivisor(x, y),
            let product = x.multiplied(by: y),
            let multiple = product.quotientAndRemainder(dividingBy: divisor)?.quotient
        else { return nil }
        return multiple.scaled(byPowerOfTen: -scale)
    }

    /// Euclid's algorithm on whole numbers.
    static func greatestCommonDivisor(_ a: ExactDecimal, _ b: ExactDecimal) -> ExactDecimal? {
        var (x, y) = (a.magnitude, b.magnitude)
        while !y.isZero {
            guard let remainder = x.quotientAndRemainder(dividingBy: y)?.remainder else { return nil }
            (x, y) = (y, remainder)
        }
        return x
    }
}
